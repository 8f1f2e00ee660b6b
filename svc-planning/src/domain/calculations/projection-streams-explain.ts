import type { Ymd } from './dates';
import type { Explainer, RecordRef, RulePart, StepInfo, Unit } from './explain';
import type { Benefit } from './insurance';
import type {
  ExpenseStream,
  GoalStream,
  IncomeStream,
  PolicyEvent,
  PolicyRecorder,
  PolicyStream,
  Timeline,
} from './projection-streams';
import * as projectionStreamsModule from './projection-streams';
import * as projectionExplainModule from './projection-explain';
import type { ExpenseInput, GoalInput, IncomeInput, InsuranceInput, MemberInput } from './types';
// Imported names read once (docs/planning-model.md, "How the projection is computed").
const { addExpenses, addGoals, addIncomes, premiumYears } = projectionStreamsModule;
const { seriesLabel, sumRule } = projectionExplainModule;

/**
 * The explanations of the streams (issue 34, docs/decisions/explanations-h1.md): incomes, expenses, goals and the
 * insurance premiums, payouts and cash values. projection.ts calls these only when it explains. Each runs the
 * stream's own function (projection-streams.ts) on one record alone into scratch arrays, records that record's amount
 * in each year with the values the stream computed with, and records the year's series as the sum of the records'
 * amounts in the order the stream added them: the same additions, so the same float as the series the year loop read.
 */

const m = (value: number): RulePart => ({ value, unit: 'money' });
const pct = (value: number): RulePart => ({ value, unit: 'percent' });
const yr = (value: number): RulePart => ({ value, unit: 'year' });

/** What every stream's explanation shares: the Explainer, the years, the fixed numbers and the currency rates. */
export class StreamsExplain {
  constructor(
    readonly ex: Explainer,
    readonly tl: Timeline,
    readonly members: readonly MemberInput[],
    readonly currency: string,
  ) {}

  /** A member's name for the words ('Alex', else the relation). */
  who(i: number): string {
    const mb = this.members[i];
    return mb ? (mb.name ?? (mb.relation === 'me' ? 'the main member' : `the ${mb.relation}`)) : 'the household';
  }

  /** The years from the as-of year to `year` (the exponent of a yearly growth): an assumption (the as-of day). */
  years(t: number): string {
    const { y0 } = this.tl;
    const id = `flow:${y0 + t}:years`;
    if (!this.ex.has(id))
      this.ex.add(id, t, { op: 'input' }, [], {
        label: `Years of growth from ${y0} to ${y0 + t}`,
        unit: 'years',
        leaf: 'assumption',
        rule: [
          'amounts are in ',
          yr(y0),
          ' money and grow once a year: ',
          { value: t, unit: 'years' },
          ' to ',
          yr(y0 + t),
        ],
      });
    return id;
  }

  /** A fixed number of a rule (1 in "1 + rate", 100 in "percent", 12 months). */
  num(value: number, label: string): string {
    const id = `num:${value}`;
    if (!this.ex.has(id))
      this.ex.add(id, value, { op: 'input' }, [], { label, unit: 'count', leaf: 'assumption', rule: [label] });
    return id;
  }

  /** The stored rate from a record's currency to the household's (a leaf), or null when it is the household's. */
  fx(code: string | undefined, rate: number): string | null {
    if (code === undefined || code.toUpperCase() === this.currency) return null;
    const c = code.toUpperCase();
    const id = `asm:fx:${c}:${this.currency}`;
    if (!this.ex.has(id))
      this.ex.add(id, rate, { op: 'input' }, [], {
        label: `Rate from ${c} to ${this.currency}`,
        unit: 'factor',
        leaf: 'assumption',
        rule: ['the stored currency rate: 1 ', c, ' = ', { value: rate, unit: 'factor' }, ` ${this.currency}`],
      });
    return id;
  }

  /** A stored input of a record (a leaf naming the record and its field). */
  input(
    section: string,
    id: string,
    field: string,
    value: number,
    label: string,
    unit: Unit = 'money',
    rule?: RulePart[],
  ): string {
    const sid = `in:${section}:${id}:${field}`;
    if (!this.ex.has(sid))
      this.ex.add(sid, value, { op: 'input' }, [], { label, unit, records: [{ kind: section, id, field }], rule });
    return sid;
  }

  /** An assumption of the plan (a leaf): the household's or the scenario's rate. */
  assumption(name: string, value: number, label: string, rule: RulePart[], unit: Unit = 'percent'): string {
    const id = `asm:${name}`;
    if (!this.ex.has(id)) this.ex.add(id, value, { op: 'input' }, [], { label, unit, leaf: 'assumption', rule });
    return id;
  }

  /** `1 + rate / 100` (`g`, the value the stream computed) from a rate step. */
  factor(id: string, rateId: string, g: number, label: string): string {
    const { ex } = this;
    if (ex.has(id)) return id;
    const rate = ex.get(rateId)?.value ?? 0;
    const frac = `${id}:fraction`;
    ex.add(frac, rate / 100, { op: 'quotient' }, [rateId, this.num(100, '100 (a percent is a hundredth)')], {
      label: `${label}, as a fraction`,
      unit: 'factor',
      rule: [pct(rate), ' is ', { value: rate / 100, unit: 'factor' }],
    });
    ex.add(id, g, { op: 'sum' }, [this.num(1, '1 (the amount itself)'), frac], {
      label,
      unit: 'factor',
      rule: ['1 + ', pct(rate), ' = ', { value: g, unit: 'factor' }, ' a year'],
    });
    return id;
  }

  /** `base^years`: a yearly growth factor compounded from the as-of year to year t (`value`: what the stream reached). */
  grown(id: string, factorId: string, t: number, value: number, label: string): string {
    const g = this.ex.get(factorId)?.value ?? 1;
    this.ex.add(id, value, { op: 'power' }, [factorId, this.years(t)], {
      label,
      unit: 'factor',
      rule: [
        { value: g, unit: 'factor' },
        ' a year over ',
        { value: t, unit: 'years' },
        ' = ',
        { value, unit: 'factor' },
      ],
    });
    return id;
  }

  /** The year's series as the sum of the amounts the records added to it, in their order. */
  series(name: string, t: number, value: number, parts: readonly string[] | undefined, empty: RulePart[]): void {
    const id = `flow:${this.tl.y0 + t}:${name}`;
    const ps: Array<[string, 1]> = (parts ?? []).map((p) => [p, 1]);
    this.ex.sum(id, value, ps, {
      label: seriesLabel(name, this.tl.y0 + t),
      rule: ps.length ? sumRule(this.ex, ps) : empty,
    });
  }
}

/** Pushes `id` onto the list at `k` (lists made when first needed). */
const push = (lists: Array<string[] | undefined>, k: number, id: string) => {
  const l = lists[k];
  if (l) l.push(id);
  else lists[k] = [id];
};

const INCOME_KIND: Record<string, string> = {
  'gross income': 'Salary',
  bonus: 'Bonus',
  'business income': 'Business income',
  rental: 'Rental income',
  dividend: 'Dividends',
};

/** How the projection computed a record's yearly amount (the currency rate and the scenario's change of income). */
export interface YearlyInputs {
  fx: number;
  /** The scenario's change of the member's income (percent), or undefined. */
  change?: number;
  /** The scenario's income growth (percent) in place of the record's, or undefined. */
  growth?: number;
}

/**
 * Incomes: each record's amount in each year (`rec:incomes:<id>:<year>:amount` = the yearly amount × its growth
 * compounded from the as-of year), `flow:<year>:income` as their sum. Returns the employment incomes' amount ids by
 * member and year (i·n + t): what the tax reads.
 */
export function explainIncomes(
  sx: StreamsExplain,
  inputs: readonly IncomeInput[],
  streams: readonly IncomeStream[],
  how: readonly YearlyInputs[],
  income: Float64Array,
): Array<string[] | undefined> {
  const { ex, tl } = sx;
  const { n, y0 } = tl;
  const scratch = new Float64Array(n);
  const scratchTaxable = new Float64Array(n * tl.birth.length);
  const byYear: Array<string[] | undefined> = new Array(n);
  const taxable: Array<string[] | undefined> = new Array(n * tl.birth.length);
  for (let k = 0; k < streams.length; k++) {
    const r = streams[k] as IncomeStream;
    const rec = inputs[k] as IncomeInput;
    const h = how[k] as YearlyInputs;
    const id = rec.id ?? `incomes.${k}`;
    const what = `${INCOME_KIND[rec.kind] ?? rec.kind} of ${sx.who(r.i)}`;
    const monthly = rec.frequency !== 'annual';
    const amount = sx.input('incomes', id, 'amount', rec.amount, `${what}: amount`);
    const periods = `rec:incomes:${id}:periods`;
    ex.add(periods, monthly ? 12 : 1, { op: 'input' }, [], {
      label: `${what}: payments a year`,
      unit: 'count',
      records: [{ kind: 'incomes', id, field: 'frequency' }],
      rule: monthly ? ['paid monthly: 12 times a year'] : ['paid once a year'],
    });
    const parts = [amount, periods];
    const rule: RulePart[] = [m(rec.amount), monthly ? ' a month × 12' : ' a year'];
    const fx = sx.fx(rec.currency, h.fx);
    if (fx) {
      parts.push(fx);
      rule.push(' × the rate ', { value: h.fx, unit: 'factor' });
    }
    if (h.change !== undefined) {
      const mid = (sx.members[r.i] as MemberInput).id;
      const change = sx.assumption(`income_change:${mid}`, h.change, `Scenario: change of ${sx.who(r.i)}’s income`, [
        'the scenario changes the income by ',
        pct(h.change),
      ]);
      parts.push(
        sx.factor(
          `growth:income_change:${mid}`,
          change,
          1 + h.change / 100,
          `Scenario income factor of ${sx.who(r.i)}`,
        ),
      );
      rule.push(' × (1 + ', pct(h.change), ')');
    }
    const yearly = `rec:incomes:${id}:yearly`;
    ex.add(yearly, r.yearly, { op: 'product' }, parts, {
      label: `${what}: a year, in ${y0} money`,
      rule: [...rule, ' = ', m(r.yearly)],
    });
    const rateId =
      h.growth !== undefined
        ? sx.assumption('income_growth_rate', h.growth, 'Scenario: income growth a year', [
            'the scenario grows every income by ',
            pct(h.growth),
            ' a year',
          ])
        : sx.input(
            'incomes',
            id,
            'growth_rate',
            rec.growth_rate ?? 0,
            `${what}: growth a year`,
            'percent',
            rec.growth_rate === undefined ? ['not given: no growth'] : undefined,
          );
    const growth = sx.factor(`rec:incomes:${id}:growth`, rateId, r.g, `${what}: growth factor`);
    scratch.fill(0);
    addIncomes([r], tl, scratch, scratchTaxable);
    const ends: RulePart[] = [];
    if (rec.start_year !== undefined || rec.end_year !== undefined)
      ends.push(
        '; paid ',
        ...(rec.start_year !== undefined ? ['from ', yr(rec.start_year), ' '] : []),
        ...(rec.end_year !== undefined ? ['to ', yr(rec.end_year)] : []),
      );
    if (r.employment)
      ends.push(
        `; employment income stops when ${sx.who(r.i)} stops working in `,
        yr(tl.workEnd[r.i] as number),
        ' (retirement, or earlier death or disability)',
      );
    else if (Number.isFinite(tl.deathYear[r.i] as number))
      ends.push(`; it stops at ${sx.who(r.i)}’s death in `, yr(tl.deathYear[r.i] as number));
    for (let t = 0; t < n; t++) {
      const v = scratch[t] as number;
      if (v === 0) continue;
      const year = y0 + t;
      const g = sx.grown(`rec:incomes:${id}:${year}:growth`, growth, t, r.g ** t, `${what}: growth to ${year}`);
      const aid = `rec:incomes:${id}:${year}:amount`;
      ex.add(aid, v, { op: 'product' }, [yearly, g], {
        label: `${what}, ${year}`,
        records: [{ kind: 'incomes', id }],
        rule: [
          m(r.yearly),
          ' a year grown ',
          pct(ex.get(rateId)?.value ?? 0),
          ' a year for ',
          { value: t, unit: 'years' },
          ...ends,
        ],
      });
      push(byYear, t, aid);
      if (r.employment) push(taxable, r.i * n + t, aid);
    }
  }
  for (let t = 0; t < n; t++)
    sx.series('income', t, income[t] as number, byYear[t], ['no income record pays this year']);
  return taxable;
}

/** What the expenses' growth came from: the record's own inflation or the plan's. */
export interface InflationInputs {
  fx: number;
  /** The plan's inflation (percent: the scenario's, the household's or the default) when the record's is not used. */
  inflation: number;
  /** Where the plan's inflation came from, for the words. */
  inflationFrom: string;
  /** Whether the record's own inflation rate grew it (given, and no scenario inflation). */
  own: boolean;
}

/** The plan's inflation, an assumption (the scenario's, the household's or Kinfolio's default). */
const inflationLeaf = (sx: StreamsExplain, how: InflationInputs) =>
  sx.assumption('inflation', how.inflation, 'Inflation a year', [
    how.inflationFrom,
    ': ',
    pct(how.inflation),
    ' a year',
  ]);

/** Expenses: each record's amount in each year (inflated from the as-of year), `flow:<year>:expenses` as their sum. */
export function explainExpenses(
  sx: StreamsExplain,
  inputs: readonly ExpenseInput[],
  streams: readonly ExpenseStream[],
  how: readonly InflationInputs[],
  expenses: Float64Array,
): void {
  const { ex, tl } = sx;
  const { n, y0 } = tl;
  const scratch = new Float64Array(n);
  const byYear: Array<string[] | undefined> = new Array(n);
  for (let k = 0; k < streams.length; k++) {
    const e = streams[k] as ExpenseStream;
    const rec = inputs[k] as ExpenseInput;
    const h = how[k] as InflationInputs;
    const id = rec.id ?? `expenses.${k}`;
    const what = `${rec.category.charAt(0).toUpperCase()}${rec.category.slice(1)}${e.i >= 0 ? ` of ${sx.who(e.i)}` : ''}`;
    const monthly = rec.frequency !== 'annual';
    const amount = sx.input('expenses', id, 'amount', rec.amount, `${what}: amount`);
    const periods = `rec:expenses:${id}:periods`;
    ex.add(periods, monthly ? 12 : 1, { op: 'input' }, [], {
      label: `${what}: payments a year`,
      unit: 'count',
      records: [{ kind: 'expenses', id, field: 'frequency' }],
      rule: monthly ? ['paid monthly: 12 times a year'] : ['paid once a year'],
    });
    const parts = [amount, periods];
    const fx = sx.fx(rec.currency, h.fx);
    if (fx) parts.push(fx);
    const yearly = `rec:expenses:${id}:yearly`;
    ex.add(yearly, e.yearly, { op: 'product' }, parts, {
      label: `${what}: a year, in ${y0} money`,
      rule: [
        m(rec.amount),
        monthly ? ' a month × 12' : ' a year',
        ...(fx ? [' × the rate ', { value: h.fx, unit: 'factor' as const }] : []),
        ' = ',
        m(e.yearly),
      ],
    });
    const own = h.own;
    const rateId = own
      ? sx.input('expenses', id, 'inflation_rate', rec.inflation_rate as number, `${what}: inflation a year`, 'percent')
      : inflationLeaf(sx, h);
    const growth = sx.factor(
      own ? `rec:expenses:${id}:growth` : 'growth:inflation',
      rateId,
      e.g,
      own ? `${what}: growth factor` : 'Inflation factor',
    );
    scratch.fill(0);
    addExpenses([e], tl, scratch);
    const ends: RulePart[] = [];
    if (e.i >= 0 && Number.isFinite(tl.deathYear[e.i] as number))
      ends.push(`; it stops at ${sx.who(e.i)}’s death in `, yr(tl.deathYear[e.i] as number));
    for (let t = 0; t < n; t++) {
      const v = scratch[t] as number;
      if (v === 0) continue;
      const year = y0 + t;
      const g = sx.grown(
        own ? `rec:expenses:${id}:${year}:growth` : `growth:inflation:${year}`,
        growth,
        t,
        e.g ** t,
        own ? `${what}: growth to ${year}` : `Inflation from ${y0} to ${year}`,
      );
      const aid = `rec:expenses:${id}:${year}:amount`;
      ex.add(aid, v, { op: 'product' }, [yearly, g], {
        label: `${what}, ${year}`,
        records: [{ kind: 'expenses', id }],
        rule: [
          m(e.yearly),
          ' a year inflated ',
          pct(ex.get(rateId)?.value ?? 0),
          ' a year for ',
          { value: t, unit: 'years' },
          ...ends,
        ],
      });
      push(byYear, t, aid);
    }
  }
  for (let t = 0; t < n; t++)
    sx.series('expenses', t, expenses[t] as number, byYear[t], ['no expense record this year']);
}

/**
 * Goals: each goal's spending in each of its years (the yearly amount in today's money, inflated), a retirement goal's
 * legacy in its last year apart (the stream adds it apart), `flow:<year>:goals` as their sum.
 */
export function explainGoals(
  sx: StreamsExplain,
  inputs: readonly GoalInput[],
  streams: readonly GoalStream[],
  how: readonly InflationInputs[],
  goals: Float64Array,
): void {
  const { ex, tl } = sx;
  const { n, y0 } = tl;
  const scratch = new Float64Array(n);
  const byYear: Array<string[] | undefined> = new Array(n);
  for (let k = 0; k < streams.length; k++) {
    const g = streams[k] as GoalStream;
    const rec = inputs[k] as GoalInput;
    const h = how[k] as InflationInputs;
    const id = rec.id ?? `goals.${k}`;
    const retire = rec.type === 'retirement';
    const what = `${rec.type.charAt(0).toUpperCase()}${rec.type.slice(1)} goal`;
    const fx = sx.fx(rec.currency, h.fx);
    const amount = sx.input('goals', id, 'amount', rec.amount ?? 0, `${what}: amount`);
    let base = amount;
    let rule: RulePart[] = [m(rec.amount ?? 0)];
    if (retire) {
      const living = sx.input(
        'goals',
        id,
        'living_expense',
        rec.living_expense ?? 0,
        `${what}: living expenses a month`,
      );
      const play = sx.input('goals', id, 'play_expense', rec.play_expense ?? 0, `${what}: leisure a month`);
      const monthly = `rec:goals:${id}:monthly`;
      const mv = (rec.living_expense ?? 0) + (rec.play_expense ?? 0);
      ex.add(monthly, mv, { op: 'sum' }, [living, play], {
        label: `${what}: a month`,
        rule: [m(rec.living_expense ?? 0), ' living + ', m(rec.play_expense ?? 0), ' leisure'],
      });
      const months = `rec:goals:${id}:months`;
      ex.add(months, mv * 12, { op: 'product' }, [monthly, sx.num(12, '12 months a year')], {
        label: `${what}: monthly expenses for a year`,
        rule: [m(mv), ' × 12'],
      });
      base = `rec:goals:${id}:base`;
      ex.add(base, mv * 12 + (rec.amount ?? 0), { op: 'sum' }, [months, amount], {
        label: `${what}: a year, in the goal's currency`,
        rule: [m(mv), ' a month × 12 + ', m(rec.amount ?? 0), ' a year'],
      });
      rule = [m(mv * 12 + (rec.amount ?? 0))];
    }
    const yearly = `rec:goals:${id}:yearly`;
    ex.add(yearly, g.yearly, { op: 'product' }, fx ? [base, fx] : [base], {
      label: `${what}: a year, in ${y0} money`,
      rule: [...rule, ...(fx ? [' × the rate ', { value: h.fx, unit: 'factor' as const }] : []), ' a year'],
    });
    let legacy: string | null = null;
    if (g.legacy > 0) {
      const li = sx.input('goals', id, 'legacy_amount', rec.legacy_amount ?? 0, `${what}: legacy`);
      legacy = `rec:goals:${id}:legacy`;
      ex.add(legacy, g.legacy, { op: 'product' }, fx ? [li, fx] : [li], {
        label: `${what}: legacy, in ${y0} money`,
        rule: [m(g.legacy), ' set aside in the goal’s last year'],
      });
    }
    // the goal's growth: prices (its own inflation or the plan's), compounded with its own growth above prices
    const ownInflation = h.own;
    const pricesRate = ownInflation
      ? sx.input('goals', id, 'inflation_rate', rec.inflation_rate as number, `${what}: inflation a year`, 'percent')
      : inflationLeaf(sx, h);
    const prices = ownInflation ? `rec:goals:${id}:prices` : 'growth:inflation';
    const pricesG = rec.growth_rate === undefined ? g.g : 1 + (ex.get(pricesRate)?.value ?? 0) / 100;
    sx.factor(prices, pricesRate, pricesG, ownInflation ? `${what}: inflation factor` : 'Inflation factor');
    let growth = prices;
    if (rec.growth_rate !== undefined) {
      const gr = sx.input(
        'goals',
        id,
        'growth_rate',
        rec.growth_rate,
        `${what}: growth above prices a year`,
        'percent',
      );
      const above = sx.factor(
        `rec:goals:${id}:growth_above`,
        gr,
        1 + rec.growth_rate / 100,
        `${what}: growth above prices`,
      );
      growth = `rec:goals:${id}:growth`;
      ex.add(growth, g.g, { op: 'product' }, [prices, above], {
        label: `${what}: growth factor`,
        unit: 'factor',
        rule: [{ value: pricesG, unit: 'factor' }, ' × ', { value: 1 + rec.growth_rate / 100, unit: 'factor' }],
      });
    }
    const from = g.from === g.to ? [' in ', yr(g.from)] : [' from ', yr(g.from), ' to ', yr(g.to)];
    // the stream run alone, its yearly amounts and its legacy apart (the stream adds them one after the other)
    scratch.fill(0);
    addGoals([{ ...g, legacy: 0 }], tl, scratch);
    const legacyScratch = g.legacy > 0 ? new Float64Array(n) : null;
    if (legacyScratch) addGoals([{ ...g, yearly: 0 }], tl, legacyScratch);
    for (let t = 0; t < n; t++) {
      const year = y0 + t;
      if (year < g.from || year > g.to) continue;
      const gy = sx.grown(
        growth === 'growth:inflation' ? `growth:inflation:${year}` : `rec:goals:${id}:${year}:growth`,
        growth,
        t,
        g.g ** t,
        `${what}: growth to ${year}`,
      );
      const aid = `rec:goals:${id}:${year}:amount`;
      ex.add(aid, scratch[t] as number, { op: 'product' }, [yearly, gy], {
        label: `${what}, ${year}`,
        records: [{ kind: 'goals', id }],
        rule: [
          m(g.yearly),
          ' a year',
          ...from,
          ', grown ',
          { value: g.g, unit: 'factor' },
          ' a year for ',
          { value: t, unit: 'years' },
        ],
      });
      push(byYear, t, aid);
      if (legacy && legacyScratch && year === g.to) {
        const lid = `rec:goals:${id}:${year}:legacy`;
        ex.add(lid, legacyScratch[t] as number, { op: 'product' }, [legacy, gy], {
          label: `${what}: legacy set aside, ${year}`,
          records: [{ kind: 'goals', id, field: 'legacy_amount' }],
          rule: [m(g.legacy), ' in ', yr(y0), ' money, grown to ', yr(year)],
        });
        push(byYear, t, lid);
      }
    }
  }
  for (let t = 0; t < n; t++) sx.series('goals', t, goals[t] as number, byYear[t], ['no goal spends this year']);
}

/** How the projection read a policy (what the stream has in the household currency, and the inputs it came from). */
export interface PolicyInputs {
  /** The policy's stored record and its index. */
  rec: InsuranceInput;
  k: number;
  fx: number;
  /** The growth rate of its cash value (percent) and whether it is Kinfolio's default. */
  growthRate: number;
  growthDefault: boolean;
  /** The member paying the premiums: MY life insurance relief's payer (−1: not a life policy there). */
  lifePayer: number;
}

/**
 * Premiums, payouts and cash values of the policies, one policy at a time (addPolicy runs the policy again alone with
 * this as its recorder, into scratch arrays): each premium, payout and cash value recorded as the policy run added
 * it, and the series (`flow:<year>:premiums`, `payouts`, `insurance`, and each payer's `life_premiums:<memberId>` that
 * Malaysia's life insurance relief reads) as the sums of them in the order they were added.
 */
export class PoliciesExplain implements PolicyRecorder {
  private readonly premiums: Array<string[] | undefined>;
  private readonly payouts: Array<string[] | undefined>;
  private readonly values: Array<string[] | undefined>;
  private readonly life: Array<string[] | undefined>;
  /** Each premium's breakdown: the payments of the year, counted by premiumYears run on a payment of 1. */
  private readonly counts: Float64Array;
  private p: PolicyInputs | null = null;
  private s: PolicyStream | null = null;
  private id = '';
  private what = '';
  private benefitParts: string[] = [];

  constructor(readonly sx: StreamsExplain) {
    const { n } = sx.tl;
    this.premiums = new Array(n);
    this.payouts = new Array(n);
    this.values = new Array(n);
    this.life = new Array(n * sx.tl.birth.length);
    this.counts = new Float64Array(n);
  }

  /** Starts a policy: its premium payment and its cash value's growth (then addPolicy runs it with this recorder). */
  policy(p: PolicyInputs, s: PolicyStream, start: Ymd): void {
    const { ex, tl } = this.sx;
    this.p = p;
    this.s = s;
    const r = p.rec;
    this.id = r.id ?? `insurances.${p.k}`;
    this.what = `Policy ${p.k + 1} of ${this.sx.who(s.insured)}`;
    const id = this.id;
    // the payments of each year: the policy's own schedule run on a payment of 1 (counts a prorated first payment as
    // its part of a payment)
    this.counts.fill(0);
    premiumYears({ ...r, premium: 1, premium_loading: 0 }, start, tl.y0, 1, this.counts);
    const premium = this.sx.input('insurances', id, 'premium', r.premium, `${this.what}: premium`);
    const parts = [premium];
    const rule: RulePart[] = [m(r.premium)];
    if (r.premium_loading) {
      const loading = this.sx.input(
        'insurances',
        id,
        'premium_loading',
        r.premium_loading,
        `${this.what}: premium loading`,
        'percent',
      );
      parts.push(
        this.sx.factor(
          `rec:insurances:${id}:loading`,
          loading,
          1 + r.premium_loading / 100,
          `${this.what}: loading factor`,
        ),
      );
      rule.push(' + ', pct(r.premium_loading), ' loading');
    }
    const fx = this.sx.fx(r.currency, p.fx);
    if (fx) {
      parts.push(fx);
      rule.push(' × the rate ', { value: p.fx, unit: 'factor' });
    }
    ex.add(
      `rec:insurances:${id}:payment`,
      r.premium * (1 + (r.premium_loading ?? 0) / 100) * p.fx,
      { op: 'product' },
      parts,
      {
        label: `${this.what}: one premium payment`,
        rule,
      },
    );
    const rate = p.growthDefault
      ? this.sx.assumption('insurance_growth_rate', p.growthRate, 'Growth of a policy’s cash value a year', [
          'Kinfolio’s default growth of a cash value: ',
          pct(p.growthRate),
          ' a year',
        ])
      : this.sx.input(
          'insurances',
          id,
          'growth_rate',
          p.growthRate,
          `${this.what}: growth of the cash value`,
          'percent',
        );
    this.sx.factor(`rec:insurances:${id}:growth`, rate, s.g, `${this.what}: cash value growth`);
    this.sx.input('insurances', id, 'current_cash_value', r.current_cash_value ?? 0, `${this.what}: cash value today`);
    const cash = `rec:insurances:${id}:cash`;
    const cashFx = this.sx.fx(r.currency, p.fx);
    ex.add(
      cash,
      s.cash,
      { op: 'product' },
      cashFx ? [`in:insurances:${id}:current_cash_value`, cashFx] : [`in:insurances:${id}:current_cash_value`],
      {
        label: `${this.what}: cash value in ${tl.y0}`,
        rule: [m(s.cash)],
      },
    );
  }

  benefit(_t: number, _event: PolicyEvent, k: number, amount: number): void {
    const b = (this.s as PolicyStream).benefits[k] as Benefit;
    this.benefitParts.push(
      this.sx.input('insurances', this.id, `benefits.${k}.amount`, amount, `${this.what}: ${b.type} benefit`, 'money', [
        b.type,
        ' benefit of the policy: ',
        m(amount),
        ', covering to age ',
        { value: b.expiry_age ?? b.maturity_age ?? 100, unit: 'age' },
      ]),
    );
  }

  payout(t: number, what: PolicyEvent | 'dividend' | 'cash_value' | 'maturity_value', amount: number): void {
    const { ex, tl } = this.sx;
    const year = tl.y0 + t;
    const id = this.id;
    const s = this.s as PolicyStream;
    const r = (this.p as PolicyInputs).rec;
    const pid = `rec:insurances:${id}:${year}:${what}`;
    const fx = this.sx.fx(r.currency, (this.p as PolicyInputs).fx);
    if (what === 'death' || what === 'disability' || what === 'critical_illness') {
      const sum = `${pid}:benefits`;
      const parts = this.benefitParts;
      this.benefitParts = [];
      let total = 0;
      for (const x of parts) total += ex.get(x)?.value ?? 0; // benefitSum's sum, in its order
      ex.add(sum, total, { op: 'sum' }, parts, {
        label: `${this.what}: ${EVENT[what]} benefits, ${year}`,
        rule: parts.length
          ? sumRule(
              ex,
              parts.map((x) => [x, 1]),
            )
          : ['no benefit covers it'],
      });
      ex.add(pid, amount, { op: 'product' }, fx ? [sum, fx] : [sum], {
        label: `${this.what}: paid on ${EVENT[what]}, ${year}`,
        records: [{ kind: 'insurances', id, field: 'benefits' }],
        rule: [`the policy pays its ${EVENT[what]} benefits: `, m(amount)],
      });
    } else if (what === 'dividend') {
      const d = r.dividend as NonNullable<InsuranceInput['dividend']>;
      const di = this.sx.input('insurances', id, 'dividend.amount', d.amount, `${this.what}: dividend a year`);
      ex.add(pid, amount, { op: 'product' }, fx ? [di, fx] : [di], {
        label: `${this.what}: dividend, ${year}`,
        records: [{ kind: 'insurances', id, field: 'dividend' }],
        rule: [
          'the dividend of policy years ',
          { value: s.dividend?.start ?? 0, unit: 'count' },
          ' to ',
          { value: s.dividend?.end ?? 0, unit: 'count' },
          ': ',
          m(amount),
        ],
      });
    } else if (what === 'maturity_value') {
      const mi = this.sx.input(
        'insurances',
        id,
        'projected_maturity_value',
        r.projected_maturity_value ?? 0,
        `${this.what}: projected maturity value`,
      );
      ex.add(pid, amount, { op: 'product' }, fx ? [mi, fx] : [mi], {
        label: `${this.what}: maturity value, ${year}`,
        records: [{ kind: 'insurances', id, field: 'projected_maturity_value' }],
        rule: [
          'the policy matures at age ',
          { value: s.maturity, unit: 'age' },
          ' and pays its projected maturity value ',
          m(amount),
        ],
      });
    } else {
      // the cash value reached by last year (the policy ends this year before growing)
      const cash = `rec:insurances:${id}:cash`;
      const parts =
        t > 0
          ? [
              cash,
              this.sx.grown(
                `rec:insurances:${id}:${year - 1}:growth`,
                `rec:insurances:${id}:growth`,
                t - 1,
                s.g ** (t - 1),
                `${this.what}: cash value growth to ${year - 1}`,
              ),
            ]
          : [cash];
      ex.add(pid, amount, { op: 'product' }, parts, {
        label: `${this.what}: cash value paid out, ${year}`,
        records: [{ kind: 'insurances', id, field: 'current_cash_value' }],
        rule: [
          year >= (tl.deathYear[s.insured] as number)
            ? 'the insured’s death ends the policy: '
            : 'the policy ends (maturity or cash-out age): ',
          'it pays its cash value ',
          m(amount),
        ],
      });
    }
    push(this.payouts, t, pid);
  }

  premium(t: number, amount: number): void {
    const { ex, tl } = this.sx;
    const year = tl.y0 + t;
    const id = this.id;
    const p = this.p as PolicyInputs;
    const count = `rec:insurances:${id}:${year}:payments`;
    const c = this.counts[t] as number;
    ex.add(count, c, { op: 'input' }, [], {
      label: `${this.what}: premium payments in ${year}`,
      unit: 'count',
      records: (['policy_date', 'frequency', 'payment_term', 'premium_end_date', 'unpaid_at', 'prorate'] as const).map(
        (field): RecordRef => ({ kind: 'insurances', id, field }),
      ),
      rule: [
        'the payments due in ',
        yr(year),
        ' by the policy date, the frequency and the payment term: ',
        { value: c, unit: 'count' },
      ],
    });
    const pid = `rec:insurances:${id}:${year}:premium`;
    ex.add(pid, amount, { op: 'product' }, [`rec:insurances:${id}:payment`, count], {
      label: `${this.what}: premiums, ${year}`,
      records: [{ kind: 'insurances', id, field: 'premium' }],
      rule: [{ value: c, unit: 'count' }, ' payments of ', m(ex.get(`rec:insurances:${id}:payment`)?.value ?? 0)],
    });
    push(this.premiums, t, pid);
    if (p.lifePayer >= 0) push(this.life, p.lifePayer * tl.n + t, pid);
  }

  value(t: number, cash: number): void {
    const { tl } = this.sx;
    const year = tl.y0 + t;
    const id = this.id;
    const vid = `rec:insurances:${id}:${year}:cash_value`;
    const g = this.sx.grown(
      `rec:insurances:${id}:${year}:growth`,
      `rec:insurances:${id}:growth`,
      t,
      (this.s as PolicyStream).g ** t,
      `${this.what}: cash value growth to ${year}`,
    );
    this.sx.ex.add(vid, cash, { op: 'product' }, [`rec:insurances:${id}:cash`, g], {
      label: `${this.what}: cash value, ${year}`,
      records: [{ kind: 'insurances', id, field: 'current_cash_value' }],
      rule: [
        m((this.s as PolicyStream).cash),
        ' grown ',
        { value: (this.s as PolicyStream).g, unit: 'factor' },
        ' a year for ',
        { value: t, unit: 'years' },
      ],
    });
    push(this.values, t, vid);
  }

  /** The series, once every policy ran: premiums, payouts, cash values, and the payers' life premiums (MY relief). */
  finish(
    premiums: Float64Array,
    payouts: Float64Array,
    values: Float64Array,
    lifeBy: Float64Array,
    lifeUsed: boolean,
  ): void {
    const { sx } = this;
    const { n, y0 } = sx.tl;
    for (let t = 0; t < n; t++) {
      sx.series('premiums', t, premiums[t] as number, this.premiums[t], ['no premium is paid this year']);
      sx.series('payouts', t, payouts[t] as number, this.payouts[t], ['no policy pays out this year']);
      sx.series('insurance', t, values[t] as number, this.values[t], ['no policy holds a cash value this year']);
    }
    if (!lifeUsed) return;
    for (let i = 0; i < sx.tl.birth.length; i++) {
      const mid = (sx.members[i] as MemberInput).id;
      for (let t = 0; t < n; t++) {
        const parts = this.life[i * n + t];
        if (!parts) continue;
        const ps: Array<[string, 1]> = parts.map((x) => [x, 1]);
        sx.ex.sum(`flow:${y0 + t}:life_premiums:${mid}`, lifeBy[i * n + t] as number, ps, {
          label: `Life insurance premiums paid by ${sx.who(i)}, ${y0 + t}`,
          rule: sumRule(sx.ex, ps),
        });
      }
    }
  }
}

const EVENT: Record<PolicyEvent, string> = {
  death: 'death',
  disability: 'disability',
  critical_illness: 'critical illness',
};

export type { StepInfo };
