import type { Explainer, Formula, RecordRef, RulePart, StepInfo, TableRef } from './explain';
import * as explainModule from './explain';
import type { AssetContext, AssetSums, LoanRecord, PensionRecord, RefundIn } from './projection-assets';
import type { CpfVersion } from './tables/cpf';
import * as cpfModule from './tables/cpf';
import * as registryModule from './tables/registry';
import * as versionedModule from './tables/versioned';
import type { HouseholdInput, PensionInput } from './types';

const { bandAt } = cpfModule;
const { apply: applyOp } = explainModule;
const { rateTables } = registryModule;
const { inForce, sourceText } = versionedModule;

/**
 * The steps of the pensions (issue 34, docs/decisions/explanations-h2.md): what pensionContributions and
 * pensionBalances (projection-assets.ts) record when the projection is asked to explain. The engine calls a
 * PensionTrace beside each operation, behind `if (pr !== null)`, with the values it computed; the trace names them
 * (`rec:pensions:<id>:<year>:<what>`), links them to the steps they came from and keeps, per account, the id of the
 * step that holds its current value. Nothing here computes a balance: a step's value is the engine's, or (for a part
 * the engine keeps in no variable, such as `target − RA`) the recorded operation on its parts' recorded values.
 */

const m = (value: number): RulePart => ({ value, unit: 'money' });
/** The percent a growth factor stands for (1.025 → 2.5), without the float's tail. */
const rateOf = (g: number): number => Math.round((g - 1) * 1e12) / 1e10;
const pc = (value: number): RulePart => ({ value, unit: 'percent' });
const fac = (value: number): RulePart => ({ value, unit: 'factor' });
const yr = (value: number): RulePart => ({ value, unit: 'year' });

/** What projection.ts tells the traces once per projection (only when it explains). */
interface Setup {
  n: number;
  y0: number;
  memberIds: string[];
  loanIds: string[];
  currency: string;
}
const setups = new WeakMap<Explainer, Setup>();
const traces = new WeakMap<PensionRecord, PensionTrace>();

/** The trace of a pension record (only records of a projection that explains have one). */
export function traceOf(p: PensionRecord): PensionTrace | null {
  return traces.get(p) ?? null;
}

/** Account k of a record: 0 a, 1 b, 2 m, 3 c, 4 the CPF LIFE premium balance. */
const CPF_ACCOUNTS = [
  ['oa', 'CPF Ordinary Account'],
  ['sa', 'CPF Special Account'],
  ['ma', 'CPF MediSave Account'],
  ['ra', 'CPF Retirement Account'],
  ['life_pool', 'CPF LIFE premium not yet paid out'],
] as const;
const EPF_ACCOUNTS = [
  ['account1', 'EPF Akaun Persaraan'],
  ['account2', 'EPF Akaun Sejahtera'],
  ['unused', 'EPF'],
  ['account3', 'EPF Akaun Fleksibel'],
  ['pool', 'EPF'],
] as const;
const OTHER_ACCOUNTS = [
  ['value', 'Pension'],
  ['b', 'Pension'],
  ['m', 'Pension'],
  ['c', 'Pension'],
  ['pool', 'Pension'],
] as const;

/**
 * Records the pensions' stored inputs (opening balances, salary, rates) and gives each record its trace. Called by
 * project() after the records are read, only when it explains.
 */
export function describePensions(
  ex: Explainer,
  h: HouseholdInput,
  records: readonly PensionRecord[],
  fxOf: (k: number) => number,
  cx: AssetContext,
  currency: string,
): void {
  const members = h.members;
  setups.set(ex, {
    n: cx.n,
    y0: cx.y0,
    memberIds: members.map((x) => x.id),
    loanIds: (h.loans ?? []).map((l) => l.id),
    currency,
  });
  for (const [k, p] of records.entries()) {
    const input = (h.pensions ?? [])[k] as PensionInput;
    const owner = members[p.i]?.name ?? members[p.i]?.id ?? '';
    traces.set(p, new PensionTrace(ex, p, input, owner, fxOf(k), cx, currency));
  }
}

/**
 * The household-wide pension series of years [t0, t1) from the records' steps: `flow:<year>:employee` (and each
 * member's `flow:<year>:employee:<memberId>`, the whole-year amount the tax relief reads), `flow:<year>:pensions`,
 * `flow:<year>:pension_payouts`, `flow:<year>:post_contributions`. Called by runAssets after the pensions' steps.
 */
export function recordPensionSeries(
  pensions: readonly PensionRecord[],
  t0: number,
  t1: number,
  cx: AssetContext,
  sums: AssetSums,
): void {
  const ex = cx.ex;
  if (ex === null) return;
  const setup = setups.get(ex);
  if (!setup) return;
  const { y0, n } = cx;
  for (let t = t0; t < t1; t++) {
    const year = y0 + t;
    const frac = t === 0 ? cx.firstYearPart : 1;
    // each member's employee contributions that are a tax relief (CPF in Singapore, EPF in Malaysia), whole year
    const direct: Array<[string, 1]> = [];
    const byMember: Array<Array<[string, 1]>> = setup.memberIds.map(() => []);
    for (const p of pensions) {
      const id = `rec:pensions:${p.id}:${year}:employee`;
      if (!ex.has(id)) continue;
      if (p.relief) (byMember[p.i] as Array<[string, 1]>).push([id, 1]);
      else direct.push([id, 1]);
    }
    const memberParts: Array<[string, 1]> = [];
    for (const [i, memberId] of setup.memberIds.entries()) {
      const parts = byMember[i] as Array<[string, 1]>;
      const id = `flow:${year}:employee:${memberId}`;
      ex.sum(id, sums.employeeBy[i * n + t] as number, parts, {
        label: `Employee CPF/EPF contributions counted for the tax relief, ${year}`,
        records: [{ kind: 'member', id: memberId }],
        rule: parts.length
          ? ruleOfSum(ex, parts)
          : ['no CPF/EPF employee contribution counted for the tax relief this year'],
      });
      if (parts.length) memberParts.push([id, 1]);
    }
    const all = [...memberParts, ...direct];
    const employeeId = `flow:${year}:employee`;
    if (frac !== 1) {
      const whole = `${employeeId}:whole_year`;
      const wholeValue = all.reduce((a, [id]) => a + (ex.get(id)?.value ?? 0), 0);
      ex.sum(whole, wholeValue, all, {
        label: `Employee CPF/EPF contributions for the whole of ${year}`,
        rule: ruleOfSum(ex, all),
      });
      ex.add(employeeId, sums.employee[t] as number, { op: 'product' }, [whole, `flow:${year}:part`], {
        label: `Employee CPF/EPF contributions, ${year}`,
        rule: ['the whole year’s ', m(wholeValue), ' for the part of the year after the as-of day, ', fac(frac)],
      });
    } else
      ex.sum(employeeId, sums.employee[t] as number, all, {
        label: `Employee CPF/EPF contributions, ${year}`,
        rule: all.length ? ruleOfSum(ex, all) : ['nothing this year'],
      });
    // balances, payouts, contributions after retirement
    const seriesOf = (name: string, what: string, label: string) => {
      const parts: Array<[string, 1]> = [];
      for (const p of pensions) {
        const id = `rec:pensions:${p.id}:${year}:${what}`;
        if (ex.has(id)) parts.push([id, 1]);
      }
      const value = (sums[name as 'pensions'] as Float64Array)[t] as number;
      ex.sum(`flow:${year}:${seriesName(name)}`, value, parts, {
        label: `${label}, ${year}`,
        rule: parts.length ? ruleOfSum(ex, parts) : ['nothing this year'],
      });
    };
    seriesOf('pensions', 'balance', 'CPF/EPF and pension balances');
    seriesOf('pensionPayouts', 'payout', 'CPF/EPF and pension payouts');
    seriesOf('postContributions', 'post_contribution', 'Voluntary CPF/EPF contributions after retirement');
  }
}
const seriesName = (name: string) =>
  name === 'pensionPayouts' ? 'pension_payouts' : name === 'postContributions' ? 'post_contributions' : name;

/** "a + b + c" with the parts' labels and values. */
function ruleOfSum(ex: Explainer, parts: ReadonlyArray<readonly [string, 1 | -1]>): RulePart[] {
  const out: RulePart[] = [];
  const shown = parts.filter(([id]) => (ex.get(id)?.value ?? 0) !== 0);
  if (shown.length === 0) return ['nothing this year'];
  for (const [k, [id, sign]] of shown.entries()) {
    const s = ex.get(id);
    if (k > 0 || sign < 0) out.push(sign < 0 ? (k > 0 ? ' − ' : '− ') : ' + ');
    out.push(`${(s?.label ?? id).replace(/, (end of )?\d{4}$/, '')} `, {
      value: s?.value ?? 0,
      unit: s?.unit ?? 'money',
    });
  }
  return out;
}

/** Why a step of the trace is recorded: its value, operation, parts and words. */
type Parts = Array<string | [string, 1 | -1]>;

/**
 * One pension record's trace over the projection. `cur[k]` is the id of the step holding account k's current value
 * (null: the account holds 0), `val[k]` that value, as the engine last reported it.
 */
export class PensionTrace {
  private readonly ex: Explainer;
  private readonly p: PensionRecord;
  private readonly input: PensionInput;
  private readonly owner: string;
  private readonly f: number;
  private readonly cx: AssetContext;
  private readonly currency: string;
  private readonly accounts: ReadonlyArray<readonly [string, string]>;
  private readonly scheme: string;
  readonly cur: Array<string | null> = [null, null, null, null, null];
  readonly val: number[] = [0, 0, 0, 0, 0];
  /** The RA's principal (CPF): the step and value. */
  private pcId: string | null = null;
  private pcVal = 0;
  /** The year's growth factors by account (ids), their half-year factors, and the year the run set them for. */
  private g: string[] = ['', '', '', ''];
  private gv: number[] = [1, 1, 1, 1];
  private v: CpfVersion | null = null;
  /** The last monthly wage step (the salary grows from it). */
  private wageId: string | null = null;
  /** Pass 1's contributions by year: the step of each account's share (a, b, m, c), and the years with a post-retirement contribution. */
  private readonly contribs = new Map<number, Array<string | null>>();
  private readonly postYears = new Set<number>();
  /** This year's contribution steps by account (set at the year's start, changed where the RA takes the SA share). */
  private fa: Array<string | null> = [null, null, null, null];
  private lifeYearly: string | null = null;
  private lastPayout: string | null = null;
  private raFormed = false;
  /** The year's extra interest step (before the first year's part), or null. */
  private extraId: string | null = null;

  constructor(
    ex: Explainer,
    p: PensionRecord,
    input: PensionInput,
    owner: string,
    f: number,
    cx: AssetContext,
    currency: string,
  ) {
    this.ex = ex;
    this.p = p;
    this.input = input;
    this.owner = owner;
    this.f = f;
    this.cx = cx;
    this.currency = currency;
    this.accounts = p.cpf ? CPF_ACCOUNTS : p.epf ? EPF_ACCOUNTS : OTHER_ACCOUNTS;
    this.scheme = p.cpf ? 'CPF' : p.epf ? 'EPF' : 'pension';
    this.opening();
  }

  // ---- naming ------------------------------------------------------------------------------------------------------
  private rid(year: number, what: string): string {
    return `rec:pensions:${this.p.id}:${year}:${what}`;
  }
  private inId(field: string): string {
    return `in:pensions:${this.p.id}:${field}`;
  }
  private who(what: string): string {
    return this.owner ? `${this.owner}’s ${what}` : what;
  }
  private rec(field?: string): RecordRef[] {
    return [{ kind: 'pension', id: this.p.id, field }];
  }
  private step(id: string, value: number, formula: Formula, parts: Parts, info: StepInfo): string {
    const ids = parts.map((x) => (typeof x === 'string' ? x : x[0]));
    const signs = parts.map((x) => (typeof x === 'string' ? 1 : x[1]));
    const f: Formula = formula.op === 'sum' && signs.some((s) => s !== 1) ? { op: 'sum', signs } : formula;
    this.ex.add(id, value, f, ids, info);
    return id;
  }
  private valueOf(id: string | null): number {
    return id === null ? 0 : (this.ex.get(id)?.value ?? 0);
  }
  private leaf(id: string, value: number, info: StepInfo): string {
    if (!this.ex.has(id)) this.ex.add(id, value, { op: 'input' }, [], info);
    return id;
  }
  /** A figure given in `cur` converted to the household currency (×f), or the figure itself when they are the same. */
  private fx(id: string, value: number, f: number, cur: string, label: string): string {
    if (f === 1) return id;
    const rate = this.leaf(`asm:fx:${cur}:${this.currency}`, f, {
      label: `${cur} in ${this.currency}`,
      unit: 'factor',
      leaf: 'assumption',
      rule: ['1 ', cur, ' is ', fac(f), ` ${this.currency} (the stored exchange rate)`],
    });
    return this.step(`${id}:${this.currency}`, value * f, { op: 'product' }, [id, rate], {
      label: `${label} in ${this.currency}`,
      rule: [m(value), ' × ', fac(f)],
    });
  }
  private cpfTable(v: CpfVersion, year: number): TableRef {
    return { name: 'cpf', version: v.fromYear, year, source: sourceText(v.source) };
  }
  private twelve(): string {
    return this.leaf('asm:months_in_year', 12, {
      label: 'Months in a year',
      unit: 'count',
      leaf: 'assumption',
      rule: ['12 monthly contributions a year'],
    });
  }
  private half(): string {
    return this.leaf('asm:half_year', 0.5, {
      label: 'Half a year',
      unit: 'factor',
      leaf: 'assumption',
      rule: ['contributions come in month by month: on average they earn half the period’s interest'],
    });
  }

  // ---- opening balances --------------------------------------------------------------------------------------------
  private opening(): void {
    const p = this.p;
    const b = this.input.balances ?? {};
    const f = this.f;
    const cur = (this.input.currency ?? this.currency).toUpperCase();
    const given = (k: number, field: string, raw: number, value: number) => {
      if (value === 0) return;
      const name = (this.accounts[k] as readonly [string, string])[1];
      const id = this.leaf(this.inId(`balances.${field}`), raw, {
        label: this.who(`${name}, opening balance`),
        records: this.rec(`balances.${field}`),
        rule: ['the balance the advisor recorded'],
      });
      this.cur[k] = this.fx(id, raw, f, cur, this.who(name));
      this.val[k] = value;
    };
    if (p.cpf) {
      given(0, b.oa !== undefined ? 'oa' : 'value', b.oa ?? b.value ?? 0, p.a);
      if (b.sa !== undefined || b.ma !== undefined) {
        given(1, 'sa', b.sa ?? 0, p.b);
        given(2, 'ma', b.ma ?? 0, p.m);
      } else if (b.sa_ma) {
        // the combined SA and MA split by the member's SA : MA allocation at the as-of age (projection.ts)
        const v = inForce(rateTables().cpf, this.cx.y0);
        const age = Math.min(150, Math.max(0, this.cx.y0 - (this.cx.birth[p.i] as number)));
        const band = bandAt(v.allocation, age);
        const total = this.leaf(this.inId('balances.sa_ma'), b.sa_ma, {
          label: this.who('CPF SA and MediSave together, opening balance'),
          records: this.rec('balances.sa_ma'),
        });
        const saPart = this.leaf(`tbl:cpf:${v.fromYear}:sa_share_of_sa_ma:age_${age}`, band.sa / (band.sa + band.ma), {
          label: `The SA’s share of SA and MediSave allocations at age ${age}`,
          unit: 'factor',
          table: this.cpfTable(v, this.cx.y0),
          rule: [
            pc(band.sa),
            ' ÷ (',
            pc(band.sa),
            ' + ',
            pc(band.ma),
            ') of the wage, CPF allocation at age ',
            { value: age, unit: 'age' },
          ],
        });
        const sa = b.sa_ma * (band.sa / (band.sa + band.ma));
        const saId = this.step(`${this.inId('balances.sa_ma')}:sa`, sa, { op: 'product' }, [total, saPart], {
          label: this.who('CPF Special Account, opening balance'),
          rule: [m(b.sa_ma), ' × ', fac(band.sa / (band.sa + band.ma))],
        });
        const maId = this.step(`${this.inId('balances.sa_ma')}:ma`, b.sa_ma - sa, { op: 'sum' }, [total, [saId, -1]], {
          label: this.who('CPF MediSave Account, opening balance'),
          rule: [m(b.sa_ma), ' − ', m(sa), ' (the SA’s part)'],
        });
        if (p.b !== 0) {
          this.cur[1] = this.fx(saId, sa, f, cur, this.who('CPF Special Account'));
          this.val[1] = p.b;
        }
        if (p.m !== 0) {
          this.cur[2] = this.fx(maId, b.sa_ma - sa, f, cur, this.who('CPF MediSave Account'));
          this.val[2] = p.m;
        }
      }
      given(3, 'ra', b.ra ?? 0, p.c);
    } else if (p.epf) {
      given(0, b.account1 !== undefined ? 'account1' : 'value', b.account1 ?? b.value ?? 0, p.a);
      given(1, 'account2', b.account2 ?? 0, p.b);
      given(3, 'account3', b.account3 ?? 0, p.c);
    } else given(0, 'value', b.value ?? 0, p.a);
    this.pcId = this.cur[3] as string | null;
    this.pcVal = this.val[3] as number;
  }

  // ---- pass 1: contributions ---------------------------------------------------------------------------------------
  /** The month's wage of `year`: the salary, then each year's raised by the salary increment. */
  wage(year: number, wage: number): void {
    const p = this.p;
    if (this.wageId === null) {
      const raw = this.input.monthly_salary ?? 0;
      const id = this.leaf(this.inId('monthly_salary'), raw, {
        label: this.who('monthly salary'),
        records: this.rec('monthly_salary'),
        rule: ['the monthly salary the advisor recorded'],
      });
      const cur = (this.input.currency ?? this.currency).toUpperCase();
      const base = this.fx(id, raw, this.f, cur, this.who('monthly salary'));
      this.wageId = this.step(this.rid(year, 'monthly_wage'), wage, { op: 'sum' }, [base], {
        label: this.who(`monthly salary, ${year}`),
        rule: ['the salary recorded, ', m(wage)],
      });
      return;
    }
    const inc = this.input.salary_increment ?? 0;
    const g = this.leaf(`${this.inId('salary_increment')}:factor`, p.wageG, {
      label: this.who('yearly salary increase'),
      unit: 'factor',
      records: this.rec('salary_increment'),
      rule: ['1 + the salary increment ', pc(inc)],
    });
    const prev = this.wageId;
    this.wageId = this.step(this.rid(year, 'monthly_wage'), wage, { op: 'product' }, [prev, g], {
      label: this.who(`monthly salary, ${year}`),
      rule: ['last year’s ', m(this.valueOf(prev)), ' raised by ', pc(inc)],
    });
  }

  /**
   * A working year's contributions (pass 1): the employee's (`rec:…:<year>:employee`, the whole year's) and what each
   * account receives (`contrib_<account>`, the year's part), from the wage the engine charged them on (`base`: CPF's
   * capped wages of the year; other schemes the month's wage) and the shares it wrote into `f` at `o`.
   */
  contribution(
    year: number,
    age: number,
    frac: number,
    base: number,
    ee: number,
    er: number,
    f: Float64Array,
    o: number,
    ceiling: number,
    annualCeiling: number,
  ): void {
    const p = this.p;
    const wageId = this.wageId;
    if (wageId === null) return;
    const ai = age < 0 ? 0 : Math.min(age, 150);
    const twelve = this.twelve();
    const part = `flow:${year}:part`;
    const out: Array<string | null> = [null, null, null, null];
    if (p.cpf) {
      const v = inForce(rateTables().cpf, year);
      const table = this.cpfTable(v, year);
      const sgd = p.schemeF;
      const ow = this.fx(
        this.leaf(`tbl:cpf:${v.fromYear}:ow_ceiling:${year}`, v.owCeiling, {
          label: `CPF ordinary wage ceiling, ${year}`,
          table,
          rule: ['contributions are charged on a month’s wage up to ', m(v.owCeiling), ' (SGD)'],
        }),
        v.owCeiling,
        sgd,
        'SGD',
        `CPF ordinary wage ceiling, ${year}`,
      );
      const annual = this.fx(
        this.leaf(`tbl:cpf:${v.fromYear}:annual_ceiling:${year}`, v.annualCeiling, {
          label: `CPF annual salary ceiling, ${year}`,
          table,
          rule: ['a year’s wages count up to ', m(v.annualCeiling), ' (SGD)'],
        }),
        v.annualCeiling,
        sgd,
        'SGD',
        `CPF annual salary ceiling, ${year}`,
      );
      const wage = this.valueOf(wageId);
      const capped = this.step(this.rid(year, 'wage_capped'), Math.min(wage, ceiling), { op: 'min' }, [wageId, ow], {
        label: this.who(`monthly wage CPF is charged on, ${year}`),
        rule: ['the salary ', m(wage), ', at most the ceiling ', m(ceiling)],
      });
      const yearly = this.step(
        this.rid(year, 'wages_yearly'),
        Math.min(wage, ceiling) * 12,
        { op: 'product' },
        [capped, twelve],
        {
          label: this.who(`wages CPF is charged on, ${year}`),
          rule: ['12 × ', m(Math.min(wage, ceiling))],
        },
      );
      const baseId = this.step(this.rid(year, 'wages'), base, { op: 'min' }, [yearly, annual], {
        label: this.who(`CPF wages, ${year}`),
        rule: [m(Math.min(wage, ceiling) * 12), ', at most the annual ceiling ', m(annualCeiling)],
      });
      const band = bandAt(v.rates, ai);
      const alloc = bandAt(v.allocation, ai);
      const bandName = band.toAge === null ? 'above' : `to_${band.toAge}`;
      const allocName = alloc.toAge === null ? 'above' : `to_${alloc.toAge}`;
      const rate = (key: string, value: number, label: string, rule: RulePart[]) =>
        this.leaf(`tbl:cpf:${v.fromYear}:${key}:${year}`, value, {
          label: `${label}, ${year}`,
          unit: 'percent',
          table,
          rule,
        });
      const own = p.ee !== undefined || p.er !== undefined;
      const eeRate =
        p.ee !== undefined
          ? this.leaf(this.inId('employee_percent'), p.ee, {
              label: this.who('employee contribution rate'),
              unit: 'percent',
              records: this.rec('employee_percent'),
            })
          : rate(`employee_rate_${bandName}`, band.employee, `CPF employee rate at age ${ai}`, [
              'employee ',
              pc(band.employee),
              ' of wages, ages ',
              ...bandWords(v.rates, band),
            ]);
      const eeId = this.step(this.rid(year, 'employee'), ee, { op: 'percent' }, [baseId, eeRate], {
        label: this.who(`employee CPF contribution, ${year}`),
        rule: [pc(this.valueOf(eeRate)), ' of the wages ', m(base), ' (age ', { value: ai, unit: 'age' }, ')'],
      });
      const shares = [
        rate(`allocation_oa_${allocName}`, alloc.oa, `CPF allocation to the OA at age ${ai}`, [
          'OA ',
          pc(alloc.oa),
          ' of wages, ages ',
          ...bandWords(v.allocation, alloc),
        ]),
        rate(`allocation_sa_${allocName}`, alloc.sa, `CPF allocation to the SA (the RA from 55) at age ${ai}`, [
          'SA/RA ',
          pc(alloc.sa),
          ' of wages, ages ',
          ...bandWords(v.allocation, alloc),
        ]),
        rate(`allocation_ma_${allocName}`, alloc.ma, `CPF allocation to MediSave at age ${ai}`, [
          'MediSave ',
          pc(alloc.ma),
          ' of wages, ages ',
          ...bandWords(v.allocation, alloc),
        ]),
      ];
      if (!own) {
        // the table's allocation, percent of the wages (the year's part)
        const partId =
          frac !== 1
            ? this.step(this.rid(year, 'wages_part'), base * frac, { op: 'product' }, [baseId, part], {
                label: this.who(`CPF wages after the as-of day, ${year}`),
                rule: [m(base), ' × ', fac(frac)],
              })
            : baseId;
        for (const [k, o2] of [0, 1, 2].entries()) {
          const value = f[o + o2] as number;
          if (value === 0) continue;
          out[o2] = this.step(
            this.rid(year, `contrib_${this.accounts[o2]?.[0]}`),
            value,
            { op: 'percent' },
            [partId, shares[k] as string],
            {
              label: this.who(
                `CPF contributions to the ${(this.accounts[o2] as readonly [string, string])[1].replace('CPF ', '')}, ${year}`,
              ),
              rule: [
                pc(this.valueOf(shares[k] as string)),
                ' of the wages ',
                m(base * frac),
                ' (employer and employee together, CPF allocation by age)',
              ],
            },
          );
        }
      } else {
        const erRate =
          p.er !== undefined
            ? this.leaf(this.inId('employer_percent'), p.er, {
                label: this.who('employer contribution rate'),
                unit: 'percent',
                records: this.rec('employer_percent'),
              })
            : rate(`employer_rate_${bandName}`, band.employer, `CPF employer rate at age ${ai}`, [
                'employer ',
                pc(band.employer),
                ' of wages, ages ',
                ...bandWords(v.rates, band),
              ]);
        const erId = this.step(this.rid(year, 'employer'), er, { op: 'percent' }, [baseId, erRate], {
          label: this.who(`employer CPF contribution, ${year}`),
          rule: [pc(this.valueOf(erRate)), ' of the wages ', m(base)],
        });
        const totId = this.total(year, ee, er, frac, eeId, erId);
        const all = this.step(
          this.rid(year, 'allocation_total'),
          alloc.oa + alloc.sa + alloc.ma,
          { op: 'sum' },
          shares,
          {
            label: `CPF allocation rates together at age ${ai}, ${year}`,
            unit: 'percent',
            rule: [pc(alloc.oa), ' + ', pc(alloc.sa), ' + ', pc(alloc.ma)],
          },
        );
        const tot = (ee + er) * frac;
        const per = this.step(
          this.rid(year, 'per_allocation_point'),
          tot / (alloc.oa + alloc.sa + alloc.ma),
          { op: 'quotient' },
          [totId, all],
          {
            label: this.who(`contributions per point of CPF allocation, ${year}`),
            rule: [
              'the rates the advisor typed: their total ',
              m(tot),
              ' shared in the proportions of CPF’s allocation',
            ],
          },
        );
        for (const [k, o2] of [0, 1, 2].entries()) {
          const value = f[o + o2] as number;
          if (value === 0) continue;
          out[o2] = this.step(
            this.rid(year, `contrib_${this.accounts[o2]?.[0]}`),
            value,
            { op: 'product' },
            [per, shares[k] as string],
            {
              label: this.who(
                `CPF contributions to the ${(this.accounts[o2] as readonly [string, string])[1].replace('CPF ', '')}, ${year}`,
              ),
              rule: [m(this.valueOf(per)), ' × ', pc(this.valueOf(shares[k] as string))],
            },
          );
        }
      }
      this.contribs.set(year, out);
      return;
    }
    // EPF and other pensions: the month's wage × 12 × the rate
    const wage = this.valueOf(wageId);
    const yearly = this.step(this.rid(year, 'wages_yearly'), wage * 12, { op: 'product' }, [wageId, twelve], {
      label: this.who(`wages of ${year}`),
      rule: ['12 × ', m(wage)],
    });
    let eeRate: string;
    let erRate: string;
    if (p.epf) {
      const e = inForce(rateTables().epf, year);
      const table: TableRef = { name: 'epf', version: e.fromYear, year, source: sourceText(e.source) };
      if (ee === 0 && er === 0) return; // from EPF's last contributing age: nothing
      const over60 = age >= e.age60;
      eeRate =
        p.ee !== undefined
          ? this.leaf(this.inId('employee_percent'), p.ee, {
              label: this.who('employee contribution rate'),
              unit: 'percent',
              records: this.rec('employee_percent'),
            })
          : this.leaf(
              `tbl:epf:${e.fromYear}:employee_rate_${over60 ? 'from_60' : 'below_60'}:${year}`,
              over60 ? e.employee60 : e.employee,
              {
                label: `EPF employee rate, ${over60 ? 'from' : 'below'} age ${e.age60}, ${year}`,
                unit: 'percent',
                table,
              },
            );
      const low = wage <= e.threshold * p.schemeF;
      erRate =
        p.er !== undefined
          ? this.leaf(this.inId('employer_percent'), p.er, {
              label: this.who('employer contribution rate'),
              unit: 'percent',
              records: this.rec('employer_percent'),
            })
          : this.leaf(
              `tbl:epf:${e.fromYear}:employer_rate_${over60 ? 'from_60' : low ? 'low' : 'high'}:${year}`,
              over60 ? e.employer60 : low ? e.employerLow : e.employerHigh,
              {
                label: `EPF employer rate, ${year}`,
                unit: 'percent',
                table,
                rule: over60
                  ? ['employer rate from age ', { value: e.age60, unit: 'age' }]
                  : [low ? 'wages up to ' : 'wages above ', m(e.threshold), ' (RM) a month'],
              },
            );
    } else {
      const ref = {
        name: 'pension',
        version: 2024,
        year,
        source: 'Kinfolio specification, planning-content.md §9 Provident-fund contribution rates by age',
      };
      eeRate =
        p.ee !== undefined
          ? this.leaf(this.inId('employee_percent'), p.ee, {
              label: this.who('employee contribution rate'),
              unit: 'percent',
              records: this.rec('employee_percent'),
            })
          : this.leaf(`tbl:pension:2024:employee_rate:age_${ai}`, p.eeByAge[ai] as number, {
              label: `Employee contribution rate at age ${ai}`,
              unit: 'percent',
              table: ref,
            });
      erRate =
        p.er !== undefined
          ? this.leaf(this.inId('employer_percent'), p.er, {
              label: this.who('employer contribution rate'),
              unit: 'percent',
              records: this.rec('employer_percent'),
            })
          : this.leaf(`tbl:pension:2024:employer_rate:age_${ai}`, p.erByAge[ai] as number, {
              label: `Employer contribution rate at age ${ai}`,
              unit: 'percent',
              table: ref,
            });
    }
    const eeId = this.step(this.rid(year, 'employee'), ee, { op: 'percent' }, [yearly, eeRate], {
      label: this.who(`employee ${this.scheme} contribution, ${year}`),
      rule: [pc(this.valueOf(eeRate)), ' of the wages ', m(wage * 12)],
    });
    const erId = this.step(this.rid(year, 'employer'), er, { op: 'percent' }, [yearly, erRate], {
      label: this.who(`employer ${this.scheme} contribution, ${year}`),
      rule: [pc(this.valueOf(erRate)), ' of the wages ', m(wage * 12)],
    });
    const totId = this.total(year, ee, er, frac, eeId, erId);
    if (p.epf) {
      const e = inForce(rateTables().epf, year);
      const table: TableRef = { name: 'epf', version: e.fromYear, year, source: sourceText(e.source) };
      const shares: Array<[number, string, number]> = [
        [0, 'persaraan', e.accounts.persaraan],
        [1, 'sejahtera', e.accounts.sejahtera],
        [3, 'fleksibel', e.accounts.fleksibel],
      ];
      for (const [k, key, share] of shares) {
        const value = f[o + k] as number;
        if (value === 0) continue;
        const s = this.leaf(`tbl:epf:${e.fromYear}:share_${key}`, share, {
          label: `EPF share to the ${(this.accounts[k] as readonly [string, string])[1]}`,
          unit: 'factor',
          table,
        });
        out[k] = this.step(this.rid(year, `contrib_${this.accounts[k]?.[0]}`), value, { op: 'product' }, [totId, s], {
          label: this.who(`EPF contributions to the ${(this.accounts[k] as readonly [string, string])[1]}, ${year}`),
          rule: [m(this.valueOf(totId)), ' × ', fac(share)],
        });
      }
    } else if ((f[o] as number) !== 0) out[0] = totId;
    this.contribs.set(year, out);
  }

  /** Employer + employee, for the year's part. */
  private total(year: number, ee: number, er: number, frac: number, eeId: string, erId: string): string {
    const whole = this.step(this.rid(year, 'contributions'), ee + er, { op: 'sum' }, [eeId, erId], {
      label: this.who(`${this.scheme} contributions, ${year}`),
      rule: ['employee ', m(ee), ' + employer ', m(er)],
    });
    if (frac === 1) return whole;
    return this.step(
      this.rid(year, 'contributions_part'),
      (ee + er) * frac,
      { op: 'product' },
      [whole, `flow:${year}:part`],
      {
        label: this.who(`${this.scheme} contributions after the as-of day, ${year}`),
        rule: [m(ee + er), ' × ', fac(frac)],
      },
    );
  }

  /** A post-retirement contribution in `year` (into the RA for CPF, else the first account). */
  post(year: number, amount: number): void {
    const post = this.input.post_retirement_contribution;
    const raw = post?.monthly_amount ?? 0;
    const monthly = this.leaf(this.inId('post_retirement_contribution.monthly_amount'), raw, {
      label: this.who('voluntary monthly contribution after retirement'),
      records: this.rec('post_retirement_contribution.monthly_amount'),
    });
    const cur = (this.input.currency ?? this.currency).toUpperCase();
    const rawYearly = `${this.inId('post_retirement_contribution.monthly_amount')}:yearly`;
    this.step(rawYearly, raw * 12, { op: 'product' }, [monthly, this.twelve()], {
      label: this.who('voluntary contributions a year'),
      rule: ['12 × ', m(raw)],
    });
    const yearly = this.fx(rawYearly, raw * 12, this.f, cur, this.who('voluntary contributions a year'));
    this.step(this.rid(year, 'post_contribution'), amount, { op: 'sum' }, [yearly], {
      label: this.who(`voluntary contributions, ${year}`),
      rule: [
        'from age ',
        { value: post?.from_age ?? 60, unit: 'age' },
        ' to ',
        { value: post?.to_age ?? 75, unit: 'age' },
        ': ',
        m(amount),
        ' a year',
      ],
    });
    this.postYears.add(year);
  }

  // ---- pass 2: balances --------------------------------------------------------------------------------------------
  /** A run of the balances starts: what the year loop changed since the last run (a shortfall sale) is recorded. */
  start(year: number, a: number, b: number, mm: number, c: number, pool: number): void {
    const now = [a, b, mm, c, pool];
    for (let k = 0; k < 5; k++) {
      const was = this.val[k] as number;
      const is = now[k] as number;
      if (was === is) continue;
      // the year loop's shortfall sales (withdrawals from the retirement age, a sold property's refund) of last year
      const acc = (this.accounts[k] as readonly [string, string])[0];
      const adj = this.rid(year - 1, `${acc}:shortfall`);
      if (!this.ex.has(adj))
        this.ex.add(adj, is - was, { op: 'input' }, [], {
          label: this.who(
            `${(this.accounts[k] as readonly [string, string])[1]}: withdrawn or refunded when the shortfall sold assets, ${year - 1}`,
          ),
          leaf: 'engine',
          records: this.rec(),
        });
      this.set(
        k,
        this.step(
          this.rid(year - 1, `${acc}:after_shortfall`),
          is,
          { op: 'sum' },
          this.cur[k] === null ? [adj] : [this.cur[k] as string, adj],
          {
            label: this.who(
              `${(this.accounts[k] as readonly [string, string])[1]} after the shortfall sales, ${year - 1}`,
            ),
          },
        ),
        is,
      );
    }
  }
  private set(k: number, id: string | null, value: number): void {
    this.cur[k] = id;
    this.val[k] = value;
  }

  /** The growth of the run's years by account (the engine's factors), from the CPF version, the record or the EPF dividend. */
  run(
    first: number,
    v: CpfVersion | null,
    gA: number,
    gB: number,
    gm: number,
    gC: number,
    declared: number | undefined,
  ): void {
    const p = this.p;
    this.v = v;
    const gs = [gA, gB, gm, gC];
    for (let k = 0; k < 4; k++) {
      const g = gs[k] as number;
      const acc = (this.accounts[k] as readonly [string, string])[0];
      let id: string;
      if (p.cpf) {
        const own = (p.ownRates & (1 << k)) !== 0;
        const key = k === 0 ? 'oa' : k === 1 ? 'sa' : k === 2 ? 'ma' : 'ra';
        if (own) {
          const cg = this.input.cpf_contribution_growth_rate ?? {};
          const field = (cg as Record<string, number | undefined>)[key] !== undefined ? key : 'sa_ma';
          id = this.leaf(`in:pensions:${p.id}:cpf_contribution_growth_rate.${field}:factor`, g, {
            label: this.who(`CPF ${key.toUpperCase()} interest`),
            unit: 'factor',
            records: this.rec(`cpf_contribution_growth_rate.${field}`),
            rule: ['1 + the rate the advisor recorded, ', pc(rateOf(g))],
          });
        } else {
          const ver = v as CpfVersion;
          id = this.leaf(`tbl:cpf:${ver.fromYear}:interest_${key}`, g, {
            label: `CPF ${key.toUpperCase()} interest`,
            unit: 'factor',
            table: this.cpfTable(ver, first),
            rule: ['1 + ', pc(ver.interest[key as 'oa']), ' a year (CPF Board’s floor rate)'],
          });
        }
      } else if (declared !== undefined) {
        const d = rateTables().epfDividend.find((x) => x.fromYear === first);
        id = this.leaf(`tbl:epfDividend:${first}:rate`, g, {
          label: `EPF dividend for ${first}`,
          unit: 'factor',
          table: { name: 'epfDividend', version: first, year: first, source: d ? sourceText(d.source) : 'KWSP (EPF)' },
          rule: ['1 + the declared dividend ', pc(declared)],
        });
      } else if (this.input.contribution_growth_rate !== undefined) {
        id = this.leaf(`in:pensions:${p.id}:contribution_growth_rate:factor`, g, {
          label: this.who(`${this.scheme} growth`),
          unit: 'factor',
          records: this.rec('contribution_growth_rate'),
          rule: ['1 + the rate the advisor recorded, ', pc(this.input.contribution_growth_rate)],
        });
      } else {
        id = this.leaf('asm:contribution_growth_rate', g, {
          label: 'Pension growth (Kinfolio’s default)',
          unit: 'factor',
          leaf: 'assumption',
          rule: ['1 + ', pc(rateOf(g)), ' a year (the specification’s default)'],
        });
      }
      void acc;
      this.g[k] = id;
      this.gv[k] = g;
    }
  }

  /** The retirement sum the RA is formed up to (`rec:pensions:<id>:retirement_sum`), recorded where it is read. */
  private retirementSum(target: number, raYear: number): string {
    const p = this.p;
    const id = `rec:pensions:${p.id}:retirement_sum`;
    if (this.ex.has(id)) return id;
    const half = p.pledge ? 0.5 : 1;
    let base: string;
    let baseValue: number;
    if (!Number.isNaN(p.raLimit)) {
      const raw = this.input.cpf_ers_limit ?? 0;
      const leaf = this.leaf(this.inId('cpf_ers_limit'), raw, {
        label: this.who('retirement sum the advisor set'),
        records: this.rec('cpf_ers_limit'),
      });
      base = this.fx(
        leaf,
        raw,
        this.f,
        (this.input.currency ?? this.currency).toUpperCase(),
        this.who('retirement sum the advisor set'),
      );
      baseValue = p.raLimit;
    } else {
      base = this.cohortSum(p.sum, raYear);
      baseValue = this.valueOf(base);
    }
    if (half === 1) {
      return this.step(id, target, { op: 'sum' }, [base], {
        label: this.who(`CPF retirement sum (the RA is formed up to it in ${raYear})`),
        rule: Number.isNaN(p.raLimit)
          ? ['the ', SUM_NAMES[p.sum], ' of the members turning 55 in ', yr(raYear), ', ', m(baseValue)]
          : ['the limit the advisor set, ', m(baseValue)],
      });
    }
    const halfId = this.leaf('asm:cpf_property_pledge', 0.5, {
      label: 'With a property pledge',
      unit: 'factor',
      records: this.rec('cpf_property_pledge'),
      rule: ['a property pledge halves the sum the RA keeps'],
    });
    return this.step(id, target, { op: 'product' }, [base, halfId], {
      label: this.who(`CPF retirement sum (the RA is formed up to it in ${raYear})`),
      rule: ['half of ', m(baseValue), ' with a property pledge'],
    });
  }
  /** The BRS, FRS or ERS of the cohort turning 55 in `year` (a published or risen figure of the CPF version in force). */
  private cohortSum(which: 'brs' | 'frs' | 'ers', year: number): string {
    const v = inForce(rateTables().cpf, year);
    const sums = cpfModule.cpfSums(v, year);
    const value = sums[which];
    const id = this.leaf(`tbl:cpf:${v.fromYear}:${which}:${year}`, value, {
      label: `CPF ${SUM_NAMES[which]}, members turning 55 in ${year}`,
      table: this.cpfTable(v, year),
      rule:
        year === v.fromYear
          ? ['published by CPF Board for members turning 55 in ', yr(year), ' (SGD)']
          : [
              'the BRS of ',
              yr(v.fromYear),
              ', ',
              m(v.brs),
              `, ${year > v.fromYear ? 'risen' : 'taken back'} `,
              pc(v.sumsGrowth),
              ' a year and rounded to S$100 each year, ',
              ...(which === 'brs' ? [] : ['× ', fac(v[which] / v.brs), ' ']),
              '(SGD)',
            ],
    });
    return this.fx(id, value, this.p.schemeF, 'SGD', `CPF ${SUM_NAMES[which]}, members turning 55 in ${year}`);
  }
  /** The cap on the RA's principal: the cohort's FRS. */
  private raCap(): string {
    const birth = this.cx.birth[this.p.i] as number;
    const raYear = birth + this.p.raAge;
    const id = `rec:pensions:${this.p.id}:ra_cap`;
    if (this.ex.has(id)) return id;
    const frs = this.cohortSum('frs', raYear);
    return this.step(id, this.p.raCap, { op: 'sum' }, [frs], {
      label: this.who('cap on what goes into the RA (the FRS of the cohort)'),
      rule: [
        'contributions and MediSave overflow go to the RA while its principal is below the FRS of ',
        yr(raYear),
        ', ',
        m(this.p.raCap),
      ],
    });
  }

  /** The RA formed at the retirement age: from the SA, then the OA, up to the retirement sum; the SA's rest to the OA. */
  formRa(year: number, target: number, fromB: number, fromA: number, a: number, b: number, c: number): void {
    if (this.raFormed) return;
    this.raFormed = true;
    const sum = this.retirementSum(target, year);
    const [A, B, C] = [this.cur[0] ?? null, this.cur[1] ?? null, this.cur[3] ?? null];
    const vb = this.val[1] as number;
    const vc = this.val[3] as number;
    const va = this.val[0] as number;
    const need1 = this.step(
      this.rid(year, 'ra_short'),
      target - vc,
      { op: 'sum' },
      C === null ? [sum] : [sum, [C, -1]],
      { label: this.who(`RA short of the retirement sum, ${year}`), rule: [m(target), ' − the RA ', m(vc)] },
    );
    const room1 = this.step(this.rid(year, 'ra_room'), Math.max(0, target - vc), { op: 'floor0' }, [need1], {
      label: this.who(`room in the RA, ${year}`),
      rule: ['what the RA lacks, if above 0'],
    });
    const fromSa = this.step(
      this.rid(year, 'sa_to_ra'),
      fromB,
      { op: 'min' },
      B === null ? [room1, 'asm:zero'] : [B, room1],
      {
        label: this.who(`SA moved to the RA, ${year}`),
        rule: ['the SA ', m(vb), ', at most the room ', m(Math.max(0, target - vc))],
      },
    );
    if (B === null) this.zero();
    const c1 = this.step(
      this.rid(year, 'ra:after_sa'),
      vc + fromB,
      { op: 'sum' },
      C === null ? [fromSa] : [C, fromSa],
      { label: this.who(`CPF Retirement Account after the SA moved, ${year}`) },
    );
    const need2 = this.step(
      this.rid(year, 'ra_short_after_sa'),
      target - (vc + fromB),
      { op: 'sum' },
      [sum, [c1, -1]],
      { label: this.who(`RA still short of the retirement sum, ${year}`) },
    );
    const room2 = this.step(
      this.rid(year, 'ra_room_after_sa'),
      Math.max(0, target - (vc + fromB)),
      { op: 'floor0' },
      [need2],
      { label: this.who(`room left in the RA, ${year}`) },
    );
    const fromOa = this.step(
      this.rid(year, 'oa_to_ra'),
      fromA,
      { op: 'min' },
      A === null ? [room2, 'asm:zero'] : [A, room2],
      {
        label: this.who(`OA moved to the RA, ${year}`),
        rule: ['the OA ', m(va), ', at most the room left ', m(Math.max(0, target - (vc + fromB)))],
      },
    );
    if (A === null) this.zero();
    const cId = this.step(this.rid(year, 'ra:formed'), c, { op: 'sum' }, [c1, fromOa], {
      label: this.who(`CPF Retirement Account formed at the retirement age, ${year}`),
      rule: ['from the SA ', m(fromB), ' + from the OA ', m(fromA), ' up to the retirement sum ', m(target)],
    });
    const aParts: Parts = [];
    if (A !== null) aParts.push(A, [fromOa, -1]);
    if (B !== null) aParts.push(B, [fromSa, -1]);
    const aId = aParts.length
      ? this.step(this.rid(year, 'oa:after_ra_formed'), a, { op: 'sum' }, aParts, {
          label: this.who(`CPF Ordinary Account after the RA was formed, ${year}`),
          rule: ['the OA less what went to the RA, plus what the SA kept (the SA closes)'],
        })
      : null;
    this.set(0, a === 0 && aId === null ? null : aId, a);
    this.set(1, null, b);
    this.set(3, cId, c);
    this.pcId = cId;
    this.pcVal = c;
  }
  private zero(): void {
    this.leaf('asm:zero', 0, { label: 'Nothing', leaf: 'assumption', rule: ['0'] });
  }

  /** CPF LIFE starts: the yearly payout solved from the RA (`cpf_life_monthly` a twelfth of it), the premium leaves the RA. */
  lifeStart(year: number, premium: number, c: number, pool: number): void {
    const p = this.p;
    const C = this.cur[3] as string | null;
    const ra = this.val[3] as number;
    const v = this.v ?? inForce(rateTables().cpf, year);
    const table = this.cpfTable(v, year);
    const n = this.leaf(this.rid(year, 'cpf_life_payments'), p.lifeN, {
      label: this.who('CPF LIFE payments counted'),
      unit: 'count',
      leaf: 'assumption',
      rule: [
        'one a year from the payout age ',
        { value: p.payoutAge, unit: 'age' },
        ' to the maturity age ',
        { value: p.maturity, unit: 'age' },
        ' included',
      ],
    });
    const parts: string[] = [C ?? 'asm:zero', n, this.g[3] as string];
    if (p.escalation !== 1) parts.push(this.escalation(v, year));
    if (p.lifeX1 > 0) {
      const x = v.extraInterest;
      parts.push(
        this.leaf(`tbl:cpf:${v.fromYear}:extra_interest_rate`, x.rate, {
          label: 'CPF extra interest rate',
          unit: 'percent',
          table,
          rule: [pc(x.rate), ' on the first ', m(x.first), ' (SGD)'],
        }),
      );
    }
    const yearly = this.step(`rec:pensions:${p.id}:cpf_life_yearly`, p.lifeFirst, { op: 'input' }, parts, {
      label: this.who('CPF LIFE payout a year'),
      table,
      rule: [
        'the level payment, made at the start of each year, that the RA of ',
        m(ra),
        ' pays out over ',
        { value: p.lifeN, unit: 'count' },
        ' years, earning the RA’s interest ',
        pc(rateOf(this.gv[3] as number)),
        p.lifeX1 > 0 ? ' and CPF’s extra interest' : '',
        p.escalation !== 1 ? ', rising 2% a year (Escalating plan)' : p.basic ? ' (Basic plan)' : ' (Standard plan)',
      ],
    });
    this.lifeYearly = yearly;
    this.step(`rec:pensions:${p.id}:cpf_life_monthly`, p.lifeFirst / 12, { op: 'quotient' }, [yearly, this.twelve()], {
      label: this.who('CPF LIFE monthly payout'),
      table,
      rule: ['the yearly payout ', m(p.lifeFirst), ' ÷ 12'],
    });
    let prem: string;
    if (p.basic) {
      const share = this.leaf(`tbl:cpf:${v.fromYear}:life_basic_premium_share`, v.lifeBasicPremiumShare, {
        label: 'Share of the RA a CPF LIFE Basic plan pays as premium',
        unit: 'factor',
        table,
      });
      prem = this.step(this.rid(year, 'cpf_life_premium'), premium, { op: 'product' }, [C ?? 'asm:zero', share], {
        label: this.who(`CPF LIFE premium, ${year}`),
        rule: ['Basic plan: ', fac(v.lifeBasicPremiumShare), ' of the RA ', m(ra)],
      });
    } else
      prem = this.step(this.rid(year, 'cpf_life_premium'), premium, { op: 'sum' }, [C ?? 'asm:zero'], {
        label: this.who(`CPF LIFE premium, ${year}`),
        rule: ['the whole RA, ', m(ra)],
      });
    if (C === null) this.zero();
    const P = this.cur[4] as string | null;
    this.set(
      4,
      this.step(this.rid(year, 'life_pool:premium_in'), pool, { op: 'sum' }, P === null ? [prem] : [P, prem], {
        label: this.who(`CPF LIFE premium not yet paid out, ${year}`),
      }),
      pool,
    );
    this.set(
      3,
      this.step(this.rid(year, 'ra:premium_out'), c, { op: 'sum' }, C === null ? [[prem, -1]] : [C, [prem, -1]], {
        label: this.who(`CPF Retirement Account after the CPF LIFE premium, ${year}`),
      }),
      c,
    );
  }
  private escalation(v: CpfVersion, year: number): string {
    return this.leaf(`tbl:cpf:${v.fromYear}:life_escalation`, this.p.escalation, {
      label: 'CPF LIFE Escalating plan: yearly rise',
      unit: 'factor',
      table: this.cpfTable(v, year),
      rule: ['1 + ', pc(v.lifeEscalation)],
    });
  }

  /** The year's contributions by account, from pass 1 (and the post-retirement contribution). */
  year(year: number, f: Float64Array, o: number): void {
    this.extraId = null;
    const got = this.contribs.get(year);
    this.contribs.delete(year);
    const post = this.postYears.has(year) ? this.rid(year, 'post_contribution') : null;
    const postTo = this.p.cpf ? 3 : 0;
    for (let k = 0; k < 4; k++) {
      const c = got?.[k] ?? null;
      const value = f[o + k] as number;
      if (k === postTo && post !== null) {
        this.fa[k] =
          c === null
            ? post
            : this.step(
                this.rid(year, `contrib_${this.accounts[k]?.[0]}:with_voluntary`),
                value,
                { op: 'sum' },
                [c, post],
                {
                  label: this.who(
                    `contributions to the ${(this.accounts[k] as readonly [string, string])[1]}, ${year}`,
                  ),
                },
              );
      } else this.fa[k] = value === 0 ? null : c;
    }
  }

  /** From the retirement age the SA share goes to the RA up to the FRS (principal), the rest to the OA. */
  redirect(year: number, fb: number, toRa: number, fa: number, fc: number, pcv: number): void {
    const FB = this.fa[1] as string;
    const cap = this.raCap();
    const room = this.step(
      this.rid(year, 'ra_principal_room'),
      this.p.raCap - this.pcVal,
      { op: 'sum' },
      this.pcId === null ? [cap] : [cap, [this.pcId, -1]],
      {
        label: this.who(`room below the FRS in the RA, ${year}`),
        rule: ['the FRS ', m(this.p.raCap), ' − the RA’s principal ', m(this.pcVal)],
      },
    );
    const roomPos = this.step(
      this.rid(year, 'ra_principal_room_pos'),
      Math.max(0, this.p.raCap - this.pcVal),
      { op: 'floor0' },
      [room],
      { label: this.who(`room below the FRS, if any, ${year}`) },
    );
    const to = this.step(this.rid(year, 'sa_share_to_ra'), toRa, { op: 'min' }, [FB, roomPos], {
      label: this.who(`SA share of contributions to the RA, ${year}`),
      rule: ['the SA share ', m(fb), ', at most the room below the FRS ', m(Math.max(0, this.p.raCap - this.pcVal))],
    });
    const rest = this.step(this.rid(year, 'sa_share_to_oa'), fb - toRa, { op: 'sum' }, [FB, [to, -1]], {
      label: this.who(`SA share of contributions to the OA, ${year}`),
      rule: ['the SA share above the FRS room goes to the OA'],
    });
    const FA = this.fa[0];
    const FC = this.fa[3];
    this.fa[0] = this.step(this.rid(year, 'contrib_oa:after_sa_share'), fa, { op: 'sum' }, FA ? [FA, rest] : [rest], {
      label: this.who(`contributions to the OA, ${year}`),
    });
    this.fa[3] = this.step(this.rid(year, 'contrib_ra'), fc, { op: 'sum' }, FC ? [FC, to] : [to], {
      label: this.who(`contributions to the RA, ${year}`),
    });
    this.fa[1] = null;
    this.pcId = this.step(
      this.rid(year, 'ra_principal:contributions'),
      pcv,
      { op: 'sum' },
      this.pcId === null ? [to] : [this.pcId, to],
      { label: this.who(`RA principal, ${year}`) },
    );
    this.pcVal = pcv;
  }

  /** CPF LIFE's payment of the year: from the RA first, the rest from the premium balance. */
  payout(year: number, pay: number, fromRa: number, c: number, pool: number): void {
    const p = this.p;
    const payId = this.rid(year, 'payout');
    if (this.lastPayout === null || p.escalation === 1)
      this.step(payId, pay, { op: 'sum' }, [this.lifeYearly ?? 'asm:zero'], {
        label: this.who(`CPF LIFE payouts, ${year}`),
        rule: ['the yearly payout ', m(pay)],
      });
    else
      this.step(
        payId,
        pay,
        { op: 'product' },
        [this.lastPayout, this.escalation(this.v ?? inForce(rateTables().cpf, year), year)],
        {
          label: this.who(`CPF LIFE payouts, ${year}`),
          rule: ['last year’s ', m(this.valueOf(this.lastPayout)), ' risen by the Escalating plan’s 2%'],
        },
      );
    this.lastPayout = payId;
    const C = this.cur[3] as string | null;
    const P = this.cur[4] as string | null;
    const ra = this.step(this.rid(year, 'payout_from_ra'), fromRa, { op: 'min' }, [C ?? 'asm:zero', payId], {
      label: this.who(`CPF LIFE payout paid from the RA, ${year}`),
      rule: ['the payout ', m(pay), ', at most the RA ', m(this.val[3] as number)],
    });
    if (C === null) this.zero();
    const rest = this.step(this.rid(year, 'payout_from_pool'), pay - fromRa, { op: 'sum' }, [payId, [ra, -1]], {
      label: this.who(`CPF LIFE payout paid from the premium, ${year}`),
    });
    this.set(
      3,
      this.step(this.rid(year, 'ra:after_payout'), c, { op: 'sum' }, C === null ? [[ra, -1]] : [C, [ra, -1]], {
        label: this.who(`CPF Retirement Account after the payout, ${year}`),
      }),
      c,
    );
    const left = this.step(
      this.rid(year, 'life_pool:less_payout'),
      (this.val[4] as number) - (pay - fromRa),
      { op: 'sum' },
      P === null ? [[rest, -1]] : [P, [rest, -1]],
      { label: this.who(`CPF LIFE premium less the payout, ${year}`) },
    );
    this.set(
      4,
      this.step(this.rid(year, 'life_pool:after_payout'), pool, { op: 'floor0' }, [left], {
        label: this.who(`CPF LIFE premium not yet paid out, ${year}`),
        rule: ['never below 0'],
      }),
      pool,
    );
  }

  /**
   * The year's CPF extra interest on the opening balances (after the payout), the premium balance counted first and
   * its share left out: `rate` on the first `first` (the OA at most `oaCap`), from 55 `rate55` more on the first `first55`.
   */
  extra(year: number, ra: boolean, extra: number): void {
    this.extraId = this.extraStep(year, ra, extra);
  }
  private extraStep(year: number, ra: boolean, extra: number): string | null {
    const v = this.v as CpfVersion;
    const x = v.extraInterest;
    const table = this.cpfTable(v, year);
    const F = this.p.schemeF;
    const sgd = (key: string, value: number, label: string) =>
      this.fx(this.leaf(`tbl:cpf:${v.fromYear}:${key}`, value, { label, table }), value, F, 'SGD', label);
    const oaCap = sgd('extra_interest_oa_cap', x.oaCap, 'CPF extra interest: the most the OA counts for');
    const [A, B, M, C, P] = this.cur as [string | null, string | null, string | null, string | null, string | null];
    const va = this.val[0] as number;
    const oaCounted =
      A === null || va === 0
        ? null
        : this.step(this.rid(year, 'extra_interest_oa_counted'), Math.min(va, x.oaCap * F), { op: 'min' }, [A, oaCap], {
            label: this.who(`OA counted for extra interest, ${year}`),
          });
    const baseParts = [P, C, oaCounted, B, M].filter((z): z is string => z !== null && z !== undefined);
    if (baseParts.length === 0) return null;
    const baseValue = baseParts.reduce((s, z) => s + this.valueOf(z), 0);
    const base = this.step(this.rid(year, 'extra_interest_base'), baseValue, { op: 'sum' }, baseParts, {
      label: this.who(`balances earning CPF extra interest, ${year}`),
      rule: ruleOfSum(
        this.ex,
        baseParts.map((z) => [z, 1] as [string, 1]),
      ),
    });
    // CPF's rule as progressive bands on the balances: rate on the first `first`, from 55 rate55 more on the first `first55`
    const cap1 = x.first * F;
    const cap2 = x.first55 * F;
    const points = [...new Set(ra ? [0, cap1, cap2] : [0, cap1])].sort((u, w) => u - w);
    const bands = points.map((from) => ({
      from,
      rate: (from < cap1 ? x.rate : 0) + (ra && from < cap2 ? x.rate55 : 0),
    }));
    const on = (what: string, id: string, value: number): string =>
      this.step(
        this.rid(year, `${what}_all`),
        applyOp({ op: 'bands', bands }, [value], 0),
        { op: 'bands', bands },
        [id],
        {
          label: this.who(
            `CPF extra interest on ${what === 'extra_interest' ? 'the balances' : 'the CPF LIFE premium'}, ${year}`,
          ),
          table,
          rule: ra
            ? [
                pc(x.rate + x.rate55),
                ' on the first ',
                m(Math.min(cap1, cap2)),
                ', ',
                pc(x.rate),
                ' on the next ',
                m(Math.abs(cap1 - cap2)),
                ' of ',
                m(value),
              ]
            : [pc(x.rate), ' on the first ', m(cap1), ' of ', m(value)],
        },
      );
    const all = on('extra_interest', base, baseValue);
    const parts: Parts = [all];
    if (P !== null && P !== undefined && (this.val[4] as number) > 0)
      parts.push([on('extra_interest_pool', P, this.val[4] as number), -1]);
    return this.step(this.rid(year, 'extra_interest'), extra, { op: 'sum' }, parts, {
      label: this.who(`CPF extra interest, ${year}`),
      table,
      rule: [
        pc(x.rate),
        ' on the first ',
        m(x.first * F),
        ' of the balances (the OA at most ',
        m(x.oaCap * F),
        ')',
        ...(ra ? [', from 55 ', pc(x.rate55), ' more on the first ', m(x.first55 * F)] : []),
        ...(parts.length > 1 ? ['; the part on the CPF LIFE premium stays with CPF LIFE'] : []),
      ],
    });
  }

  /**
   * Growth of the year: each account's opening balance × the year's growth and its contributions × half of it (the
   * first year: the part of the year still to come, and half of it); then the extra interest (to the RA from the
   * retirement age, else the SA).
   */
  grow(
    year: number,
    first: boolean,
    frac: number,
    a: number,
    b: number,
    mm: number,
    c: number,
    extra: number,
    ra: boolean,
  ): void {
    const now = [a, b, mm, c];
    const extraId = this.extraId;
    this.extraId = null;
    let extraStep = extraId;
    if (extraId !== null && first && frac !== 1) {
      extraStep = this.step(
        this.rid(year, 'extra_interest_part'),
        extra,
        { op: 'product' },
        [extraId, `flow:${year}:part`],
        {
          label: this.who(`CPF extra interest after the as-of day, ${year}`),
          rule: [m(this.valueOf(extraId)), ' × ', fac(frac)],
        },
      );
    }
    for (let k = 0; k < 4; k++) {
      const O = this.cur[k] ?? null;
      const F = this.fa[k] ?? null;
      const value = now[k] as number;
      const name = (this.accounts[k] as readonly [string, string])[1];
      if (O === null && F === null) {
        this.set(k, null, value);
        continue;
      }
      const g = this.g[k] as string;
      const gFull = first && frac !== 1 ? this.partPower(g, year, false) : g;
      const gHalf = first && frac !== 1 ? this.partPower(g, year, true) : this.halfPower(g);
      const acc = (this.accounts[k] as readonly [string, string])[0];
      const creditTo = ra ? 3 : 1;
      const withExtra = extraStep !== null && extra > 0 && k === creditTo;
      const grownValue = withExtra ? value - extra : value;
      const label = this.who(`${name} with interest, ${year}`);
      let grown: string;
      if (O !== null && F !== null) {
        const o1 = this.valueOf(O) * this.valueOf(gFull);
        const o2 = this.valueOf(F) * this.valueOf(gHalf);
        const opening = this.step(this.rid(year, `${acc}:opening_grown`), o1, { op: 'product' }, [O, gFull], {
          label: this.who(`${name}: last balance with the year’s interest, ${year}`),
          rule: [m(this.valueOf(O)), ' × ', fac(this.valueOf(gFull))],
        });
        const contributions = this.step(
          this.rid(year, `${acc}:contributions_grown`),
          o2,
          { op: 'product' },
          [F, gHalf],
          {
            label: this.who(`${name}: the year’s contributions with half a year’s interest, ${year}`),
            rule: [m(this.valueOf(F)), ' × ', fac(this.valueOf(gHalf))],
          },
        );
        grown = this.step(this.rid(year, `${acc}:grown`), grownValue, { op: 'sum' }, [opening, contributions], {
          label,
          rule: ['the last balance with interest ', m(o1), ' + the contributions with half a year’s interest ', m(o2)],
        });
      } else if (O !== null) {
        grown = this.step(this.rid(year, `${acc}:grown`), grownValue, { op: 'product' }, [O, gFull], {
          label,
          rule: ['the last balance ', m(this.valueOf(O)), ' × ', fac(this.valueOf(gFull))],
        });
      } else {
        grown = this.step(this.rid(year, `${acc}:grown`), grownValue, { op: 'product' }, [F as string, gHalf], {
          label,
          rule: [
            'the contributions ',
            m(this.valueOf(F)),
            ' with half a year’s interest, × ',
            fac(this.valueOf(gHalf)),
          ],
        });
      }
      this.set(
        k,
        withExtra
          ? this.step(
              this.rid(year, `${this.accounts[k]?.[0]}:with_extra_interest`),
              value,
              { op: 'sum' },
              [grown, extraStep as string],
              { label: this.who(`${name} with the extra interest, ${year}`) },
            )
          : grown,
        value,
      );
    }
    if (extraStep !== null && extra > 0) {
      const k = ra ? 3 : 1;
      if (this.cur[k] === null)
        this.set(
          k,
          this.step(
            this.rid(year, `${this.accounts[k]?.[0]}:with_extra_interest`),
            now[k] as number,
            { op: 'sum' },
            [extraStep],
            {
              label: this.who(`${(this.accounts[k] as readonly [string, string])[1]} with the extra interest, ${year}`),
            },
          ),
          now[k] as number,
        );
    }
  }
  /** g^(part) or g^(part/2): the first year's growth for the part of it still to come (and half of it). */
  private partPower(g: string, year: number, half: boolean): string {
    const part = `flow:${year}:part`;
    const frac = this.cx.firstYearPart;
    let e = part;
    if (half)
      e = this.step(`${part}:half`, frac * 0.5, { op: 'product' }, [part, this.half()], {
        label: `Half of the part of ${year} after the as-of day`,
        unit: 'factor',
      });
    const gv = this.ex.get(g)?.value ?? 1;
    return this.step(
      `rec:pensions:${this.p.id}:${year}:growth:${g.replace(/:/g, '.')}:${half ? 'half_' : ''}part`,
      gv ** (half ? frac / 2 : frac),
      { op: 'power' },
      [g, e],
      {
        label: `${this.ex.get(g)?.label ?? g}, ${half ? 'half ' : ''}the part of ${year} after the as-of day`,
        unit: 'factor',
      },
    );
  }
  private halfPower(g: string): string {
    const gv = this.ex.get(g)?.value ?? 1;
    return this.step(
      `rec:pensions:${this.p.id}:growth:${g.replace(/:/g, '.')}:half_year`,
      Math.sqrt(gv),
      { op: 'power' },
      [g, this.half()],
      { label: `${this.ex.get(g)?.label ?? g}, half a year`, unit: 'factor', rule: ['√', fac(gv)] },
    );
  }

  /** MediSave above the Basic Healthcare Sum: to the SA before the retirement age; from it to the RA up to the FRS, the rest to the OA. */
  medisave(
    year: number,
    bhs: number,
    fixed: boolean,
    over: number,
    toRa: number,
    ra: boolean,
    a: number,
    b: number,
    c: number,
    pcv: number,
  ): void {
    const M = this.cur[2] as string;
    const birth = this.cx.birth[this.p.i] as number;
    const bhsYear = fixed ? birth + 65 : year;
    const v = inForce(rateTables().cpf, bhsYear);
    const sgdBhs = cpfModule.cpfBhs(v, bhsYear);
    const label = fixed ? `CPF Basic Healthcare Sum, fixed at 65 (${bhsYear})` : `CPF Basic Healthcare Sum, ${year}`;
    const bhsId = this.fx(
      this.leaf(`tbl:cpf:${v.fromYear}:bhs:${bhsYear}`, sgdBhs, {
        label,
        table: this.cpfTable(v, bhsYear),
        rule:
          bhsYear === v.bhsYear
            ? ['published by CPF Board (SGD)']
            : [
                'the BHS of ',
                yr(v.bhsYear),
                ', ',
                m(v.bhs),
                ', risen ',
                pc(v.bhsGrowth),
                ' a year and rounded to S$500 (SGD)',
              ],
      }),
      sgdBhs,
      this.p.schemeF,
      'SGD',
      label,
    );
    const overId = this.step(this.rid(year, 'medisave_over_bhs'), over, { op: 'sum' }, [M, [bhsId, -1]], {
      label: this.who(`MediSave above the Basic Healthcare Sum, ${year}`),
      rule: ['MediSave ', m(this.val[2] as number), ' − the BHS ', m(bhs)],
    });
    if (ra) {
      const cap = this.raCap();
      const room = this.step(
        this.rid(year, 'ra_principal_room_bhs'),
        this.p.raCap - this.pcVal,
        { op: 'sum' },
        this.pcId === null ? [cap] : [cap, [this.pcId, -1]],
        { label: this.who(`room below the FRS in the RA, ${year}`) },
      );
      const roomPos = this.step(
        this.rid(year, 'ra_principal_room_bhs_pos'),
        Math.max(0, this.p.raCap - this.pcVal),
        { op: 'floor0' },
        [room],
        { label: this.who(`room below the FRS, if any, ${year}`) },
      );
      const to = this.step(this.rid(year, 'medisave_to_ra'), toRa, { op: 'min' }, [overId, roomPos], {
        label: this.who(`MediSave overflow to the RA, ${year}`),
        rule: [m(over), ', at most the room below the FRS'],
      });
      const rest = this.step(this.rid(year, 'medisave_to_oa'), over - toRa, { op: 'sum' }, [overId, [to, -1]], {
        label: this.who(`MediSave overflow to the OA, ${year}`),
      });
      const C = this.cur[3];
      const A = this.cur[0];
      this.set(
        3,
        this.step(this.rid(year, 'ra:medisave_in'), c, { op: 'sum' }, C ? [C, to] : [to], {
          label: this.who(`CPF Retirement Account with the MediSave overflow, ${year}`),
        }),
        c,
      );
      this.set(
        0,
        this.step(this.rid(year, 'oa:medisave_in'), a, { op: 'sum' }, A ? [A, rest] : [rest], {
          label: this.who(`CPF Ordinary Account with the MediSave overflow, ${year}`),
        }),
        a,
      );
      this.pcId = this.step(
        this.rid(year, 'ra_principal:medisave'),
        pcv,
        { op: 'sum' },
        this.pcId === null ? [to] : [this.pcId, to],
        { label: this.who(`RA principal, ${year}`) },
      );
      this.pcVal = pcv;
    } else {
      const B = this.cur[1];
      this.set(
        1,
        this.step(this.rid(year, 'sa:medisave_in'), b, { op: 'sum' }, B ? [B, overId] : [overId], {
          label: this.who(`CPF Special Account with the MediSave overflow, ${year}`),
        }),
        b,
      );
    }
    this.set(
      2,
      this.step(this.rid(year, 'ma:at_bhs'), bhs, { op: 'sum' }, [bhsId], {
        label: this.who(`CPF MediSave Account, kept at the BHS, ${year}`),
      }),
      bhs,
    );
  }

  /** A loan's pension part of the year: what the OA pays (the rest is paid in cash, part of the loan repayments). */
  loan(year: number, t: number, l: LoanRecord, months: number, due: number, drawn: number, a: number): void {
    const setup = setups.get(this.ex);
    const loanId = setup?.loanIds[Math.round(l.row / this.cx.n)] ?? String(l.row);
    const monthly = this.leaf(`rec:pensions:${this.p.id}:loan_monthly:${loanId}`, l.pension, {
      label: `Monthly part of the loan instalment paid from ${this.scheme}`,
      records: [{ kind: 'debt', id: loanId, field: 'pension_monthly' }],
      rule: ['the monthly amount the advisor recorded, at most the instalment, in ', this.currency],
    });
    const n = this.leaf(this.rid(year, `loan_months:${loanId}`), months, {
      label: `Instalments paid, ${year}`,
      unit: 'count',
      records: [{ kind: 'debt', id: loanId, field: 'starting_year' }],
    });
    void t;
    const dueId = this.step(this.rid(year, `loan_part:${loanId}`), due, { op: 'product' }, [monthly, n], {
      label: this.who(`loan part due from ${this.scheme}, ${year}`),
      rule: [{ value: months, unit: 'count' }, ' × ', m(l.pension)],
    });
    const A = this.cur[0];
    const from = this.step(this.rid(year, `loan_from_oa:${loanId}`), drawn, { op: 'min' }, [A ?? 'asm:zero', dueId], {
      label: this.who(`loan part paid from the ${(this.accounts[0] as readonly [string, string])[1]}, ${year}`),
      rule: ['what is due ', m(due), ', at most the balance ', m(this.val[0] as number)],
    });
    if (A === null) this.zero();
    if (drawn < due)
      this.step(this.rid(year, `loan_cash:${loanId}`), due - drawn, { op: 'sum' }, [dueId, [from, -1]], {
        label: this.who(`loan part the balance could not pay (paid in cash), ${year}`),
      });
    this.set(
      0,
      this.step(
        this.rid(year, `${this.accounts[0]?.[0]}:less_loan:${loanId}`),
        a,
        { op: 'sum' },
        A ? [A, [from, -1]] : [[from, -1]],
        { label: this.who(`${(this.accounts[0] as readonly [string, string])[1]} after the loan part, ${year}`) },
      ),
      a,
    );
  }

  /** A property sold on schedule this year: the provident money it used comes back to the first account. */
  refund(year: number, q: RefundIn, a: number): void {
    // a sale refunds each provident amount it used apart (the purchase, the loan's provident repayments): one step each
    const n = (this.refunds.get(`${year}|${q.property.id}`) ?? 0) + 1;
    this.refunds.set(`${year}|${q.property.id}`, n);
    const tag = n === 1 ? q.property.id : `${q.property.id}:${n}`;
    const id = this.leaf(this.rid(year, `refund:${tag}`), q.amount, {
      label: this.who(`refund of the provident money a sold property used, ${year}`),
      records: [{ kind: 'debt', id: q.property.id, field: 'pension_used' }],
      rule: ['the property is sold on schedule: the amount used and its accrued interest come back'],
      // the sale's figure (sale.ts): the sale's own steps, when recorded first under this id, replace this leaf
      leaf: 'engine',
    });
    const A = this.cur[0];
    this.set(
      0,
      this.step(
        this.rid(year, `${this.accounts[0]?.[0]}:refund:${tag}`),
        a,
        { op: 'sum' },
        A ? [A, id] : [id],
        { label: this.who(`${(this.accounts[0] as readonly [string, string])[1]} with the refund, ${year}`) },
      ),
      a,
    );
  }

  /** Refunds recorded by year and property (a sale may refund several amounts). */
  private readonly refunds = new Map<string, number>();

  /** The year's closing balances by account (`rec:pensions:<id>:<year>:<account>`) and the record's balance. */
  close(year: number, a: number, b: number, mm: number, c: number, pool: number): void {
    const now = [a, b, mm, c, pool];
    const parts: string[] = [];
    for (let k = 0; k < 5; k++) {
      const id = this.cur[k] ?? null;
      const value = now[k] as number;
      if (id === null) {
        this.val[k] = value;
        continue;
      }
      const [acc, name] = this.accounts[k] as readonly [string, string];
      const closing = this.step(this.rid(year, acc), value, { op: 'sum' }, [id], {
        label: this.who(`${name}, end of ${year}`),
        records: this.rec(`balances.${acc}`),
        rule: ['the balance after the year’s interest, contributions, payouts and transfers: ', m(value)],
      });
      this.cur[k] = closing;
      this.val[k] = value;
      parts.push(closing);
    }
    const total = a + b + mm + c + pool;
    this.step(this.rid(year, 'balance'), total, { op: 'sum' }, parts, {
      label: this.who(`${this.scheme === 'pension' ? 'pension' : this.scheme} balance, end of ${year}`),
      records: this.rec(),
      rule: parts.length
        ? ruleOfSum(
            this.ex,
            parts.map((z) => [z, 1] as [string, 1]),
          )
        : ['nothing'],
    });
  }
}

const SUM_NAMES = { brs: 'Basic Retirement Sum', frs: 'Full Retirement Sum', ers: 'Enhanced Retirement Sum' } as const;

/** "41 to 45" for an age band. */
function bandWords<T extends { toAge: number | null }>(bands: readonly T[], band: T): RulePart[] {
  const k = bands.indexOf(band);
  const prev = k > 0 ? (bands[k - 1] as T).toAge : null;
  const from = prev === null ? 0 : prev + 1;
  if (band.toAge === null) return ['from ', { value: from, unit: 'age' }];
  return [{ value: from, unit: 'age' }, ' to ', { value: band.toAge, unit: 'age' }];
}
