import type { Explainer, RecordRef, RulePart, StepInfo } from './explain';
import type { LiquidRecord, LoanRecord, PropertyRecord } from './projection-assets';
import type { SaleFigures } from './sale';
import * as registryModule from './tables/registry';
import type { Version } from './tables/versioned';
import * as versionedModule from './tables/versioned';
import type { LoanInput, PropertyInput } from './types';
// Imported names read once (docs/planning-model.md, "How the projection is computed").
const { rateTables } = registryModule;
const { inForce, sourceText } = versionedModule;

/**
 * The steps of the cash accounts, investments, loans and properties (issue 34, docs/decisions/explanations-h3.md).
 * projection-assets.ts and the year loop (projection.ts) call these, only when the projection explains (`cx.ex !==
 * null`), with the values they computed: nothing here computes a figure again. What a record's steps need beyond its
 * engine record (its stored fields, its currency's rate) is kept beside it in a WeakMap filled by project() in that
 * mode only, so the hot records keep their shapes.
 *
 * Ids: `rec:<cash_accounts|investments|loans|properties>:<id>:<year>:<what>` for a record's figure in a year,
 * `rec:<section>:<id>:<what>` for a figure of the record that does not change (its growth, its yearly contribution),
 * `in:<section>:<id>:<field>` for a stored field, `flow:<year>:sale:<assetId>` for what a shortfall drew on one asset.
 */

export interface LiquidInfo {
  section: 'cash_accounts' | 'investments';
  id: string;
  /** How a family reads it: "Cash account 1", "Investment 2" (input order; the records link to the record). */
  name: string;
  current: number;
  fx: number;
  currency: string;
  /** The growth rate in percent and where it came from. */
  rate: number;
  rateFrom: 'record' | 'scenario' | 'default';
  monthly: number;
}
export interface LoanInfo {
  id: string;
  /** "Mortgage 1", "Vehicle loan 2" … */
  name: string;
  input: LoanInput;
  fx: number;
  currency: string;
  /** The loan's other monthly costs (otherMonthlyCosts) and the instalment the engine uses. */
  otherMonthly: number;
}
export interface PropertyInfo {
  id: string;
  /** "Property 1" … */
  name: string;
  input: PropertyInput;
  fx: number;
  currency: string;
  rate: number;
  rateFrom: 'record' | 'scenario' | 'default';
  /** The scheduled sale's figures (sale.ts), in the property's currency. */
  sale: SaleFigures | null;
  loanId: string | null;
}

const liquidInfo = new WeakMap<LiquidRecord, LiquidInfo>();
const loanInfo = new WeakMap<LoanRecord, LoanInfo>();
const propertyInfo = new WeakMap<PropertyRecord, PropertyInfo>();
export const noteLiquid = (l: LiquidRecord, info: LiquidInfo) => liquidInfo.set(l, info);
export const noteLoan = (l: LoanRecord, info: LoanInfo) => loanInfo.set(l, info);
export const noteProperty = (p: PropertyRecord, info: PropertyInfo) => propertyInfo.set(p, info);
export const propertyInfoOf = (p: PropertyRecord) => propertyInfo.get(p);

const m = (value: number): RulePart => ({ value, unit: 'money' });
const pct = (value: number): RulePart => ({ value, unit: 'percent' });
const cnt = (value: number): RulePart => ({ value, unit: 'count' });
const ref = (kind: string, id: string, field: string): RecordRef => ({ kind, id, field });

/** 12: a monthly amount's year. */
export function monthsStep(ex: Explainer): string {
  return ex.input('asm:months_a_year', 12, {
    label: 'Months in a year',
    unit: 'count',
    leaf: 'assumption',
    rule: ['a monthly amount is paid 12 times a year'],
  });
}
/** ½: contributions paid through the year earn half the year's growth. */
function halfStep(ex: Explainer): string {
  return ex.input('asm:half_year', 0.5, {
    label: 'Half a year',
    unit: 'factor',
    leaf: 'assumption',
    rule: ['money paid in through the year earns, on average, half the year’s growth'],
  });
}

/** The first year's part after the as-of day (the same step recordYear names `flow:<year>:part`). */
export function yearPartStep(ex: Explainer, year: number, frac: number): string {
  return ex.input(`flow:${year}:part`, frac, {
    label: `Part of ${year} left after the as-of day`,
    unit: 'factor',
    leaf: 'assumption',
    rule: ['the days of ', { value: year, unit: 'year' }, ' after the as-of day, as a part of 365'],
  });
}

/** The stored rate of a record's currency into the household's. */
function fxStep(ex: Explainer, currency: string, fx: number): string {
  return ex.input(`asm:fx:${currency}`, fx, {
    label: `Exchange rate of ${currency}`,
    unit: 'factor',
    leaf: 'assumption',
    rule: ['the stored rate of 1 ', currency, ' in the plan’s currency: ', { value: fx, unit: 'factor' }],
  });
}

/** An amount in a record's currency converted to the household's (the id itself when it is the household's). */
function converted(ex: Explainer, id: string, value: number, fx: number, currency: string, info: StepInfo): string {
  if (fx === 1) return id;
  const out = `${id}:converted`;
  ex.add(out, value * fx, { op: 'product' }, [id, fxStep(ex, currency, fx)], {
    ...info,
    rule: [m(value), ' ', currency, ' × ', { value: fx, unit: 'factor' }],
  });
  return out;
}

/** A growth factor 1 + rate% as a leaf citing where the rate came from. */
function growthStep(
  ex: Explainer,
  id: string,
  g: number,
  rate: number,
  from: 'record' | 'scenario' | 'default',
  record: RecordRef,
  label: string,
): string {
  const why =
    from === 'record' ? 'the record’s rate' : from === 'scenario' ? 'the scenario’s rate' : 'the default rate';
  return ex.input(id, g, {
    label,
    unit: 'factor',
    rule: ['1 + ', pct(rate), ' a year (', why, ')'],
    records: from === 'record' ? [record] : undefined,
    leaf: from === 'record' ? undefined : 'assumption',
  });
}

/** The first year's growth: the factor to the power of the year's part (the factor itself in a whole year). */
function firstGrowthStep(
  ex: Explainer,
  base: string,
  growth: string,
  g: number,
  g0: number,
  y0: number,
  frac: number,
): string {
  if (frac === 1) return growth;
  const id = `${base}:first_growth`;
  ex.add(id, g0, { op: 'power' }, [growth, yearPartStep(ex, y0, frac)], {
    label: `Growth for the rest of ${y0}`,
    unit: 'factor',
    rule: [
      { value: g, unit: 'factor' },
      ' to the power ',
      { value: frac, unit: 'factor' },
      ' (the part of the year left)',
    ],
  });
  return id;
}

// ————————————————————————————————————————— cash accounts and investments —————————————————————————————————————————

/** The id of a liquid record's value at the end of `year`: after the year's draws and sales when it had any. */
export function liquidValueId(ex: Explainer, l: LiquidRecord, year: number): string | null {
  const info = liquidInfo.get(l);
  if (!info) return null;
  const base = `rec:${info.section}:${info.id}:${year}`;
  if (ex.has(`${base}:after_sales`)) return `${base}:after_sales`;
  return ex.has(`${base}:value`) ? `${base}:value` : null;
}

function liquidOpening(ex: Explainer, info: LiquidInfo): string {
  const current = ex.input(`in:${info.section}:${info.id}:current_value`, info.current, {
    label: `${info.name}, value today`,
    records: [ref(info.section, info.id, 'current_value')],
    rule: ['the value stored on the record: ', m(info.current)],
  });
  return converted(ex, current, info.current, info.fx, info.currency, {
    label: `${info.name}, value today`,
  });
}

function liquidGrowth(ex: Explainer, l: LiquidRecord, info: LiquidInfo): string {
  const field = info.section === 'cash_accounts' ? 'growth_rate' : 'expected_return';
  return growthStep(
    ex,
    `rec:${info.section}:${info.id}:growth`,
    l.g,
    info.rate,
    info.rateFrom,
    ref(info.section, info.id, field),
    `${info.name}, growth a year`,
  );
}

/**
 * One year of a cash account or investment (liquidYears): last year's value × the growth (the first year's part: the
 * growth to the power of it), plus the year's contribution grown by half the year's growth. `grown` is the value before
 * the contribution, `c` the contribution (0: none), `half` its growth factor, `value` the year-end value.
 */
export function recordLiquidYear(
  ex: Explainer,
  l: LiquidRecord,
  y0: number,
  frac: number,
  t: number,
  factor: number,
  grown: number,
  c: number,
  half: number,
  value: number,
): void {
  const info = liquidInfo.get(l);
  if (!info) return;
  const year = y0 + t;
  const who = info.name;
  const base = `rec:${info.section}:${info.id}`;
  const prev = t === 0 ? liquidOpening(ex, info) : (liquidValueId(ex, l, year - 1) ?? liquidOpening(ex, info));
  const prevValue = ex.get(prev)?.value ?? 0;
  const growth = liquidGrowth(ex, l, info);
  const f = t === 0 ? firstGrowthStep(ex, base, growth, l.g, factor, y0, frac) : growth;
  const valueId = `${base}:${year}:value`;
  const growRule: RulePart[] = [m(prevValue), ' × ', { value: factor, unit: 'factor' }];
  if (c === 0) {
    ex.add(valueId, value, { op: 'product' }, [prev, f], { label: `${who}, ${year}`, rule: growRule });
    return;
  }
  const grownId = `${base}:${year}:grown`;
  ex.add(grownId, grown, { op: 'product' }, [prev, f], { label: `${who}, grown, ${year}`, rule: growRule });
  const yearly = contributionYearly(ex, l, info);
  const cId = `${base}:${year}:contribution`;
  if (t === 0 && frac !== 1)
    ex.add(cId, c, { op: 'product' }, [yearly, yearPartStep(ex, y0, frac)], {
      label: `${who}, contribution, ${year}`,
      rule: [m(l.contrib), ' a year × ', { value: frac, unit: 'factor' }, ' (the part of the year left)'],
    });
  else
    ex.add(cId, c, { op: 'product' }, [yearly], {
      label: `${who}, contribution, ${year}`,
      rule: [m(c), ' for the year'],
    });
  const first = t === 0 && frac !== 1;
  const halfId = first ? `${base}:first_half_growth` : `${base}:half_growth`;
  if (first)
    ex.add(halfId, half, { op: 'power' }, [growth, halfPart(ex, y0, frac)], {
      label: `Growth of the first year’s contributions, ${y0}`,
      unit: 'factor',
      rule: [
        { value: l.g, unit: 'factor' },
        ' to the power ',
        { value: frac / 2, unit: 'factor' },
        ' (half the part of the year left)',
      ],
    });
  else
    ex.add(halfId, half, { op: 'power' }, [growth, halfStep(ex)], {
      label: `${info.name}, growth of a year’s contributions`,
      unit: 'factor',
      rule: [{ value: l.g, unit: 'factor' }, ' to the power ½ (paid through the year: half a year’s growth)'],
    });
  const credited = `${base}:${year}:contribution_grown`;
  ex.add(credited, c * half, { op: 'product' }, [cId, halfId], {
    label: `${who}, contribution with its growth, ${year}`,
    rule: [m(c), ' × ', { value: half, unit: 'factor' }],
  });
  ex.sum(
    valueId,
    value,
    [
      [grownId, 1],
      [credited, 1],
    ],
    { label: `${who}, ${year}`, rule: [m(grown), ' grown + ', m(c * half), ' contributed'] },
  );
}

function halfPart(ex: Explainer, y0: number, frac: number): string {
  const id = `flow:${y0}:half_part`;
  ex.add(id, frac * 0.5, { op: 'product' }, [yearPartStep(ex, y0, frac), halfStep(ex)], {
    label: `Half the part of ${y0} left`,
    unit: 'factor',
    rule: [{ value: frac, unit: 'factor' }, ' × ½'],
  });
  return id;
}

function contributionYearly(ex: Explainer, l: LiquidRecord, info: LiquidInfo): string {
  const monthly = ex.input(`in:${info.section}:${info.id}:monthly_contribution`, info.monthly, {
    label: `${info.name}, monthly contribution`,
    records: [ref(info.section, info.id, 'monthly_contribution')],
    rule: ['the monthly contribution stored on the record: ', m(info.monthly)],
  });
  const parts = [monthly, monthsStep(ex)];
  if (info.fx !== 1) parts.push(fxStep(ex, info.currency, info.fx));
  const id = `rec:${info.section}:${info.id}:yearly_contribution`;
  ex.add(id, l.contrib, { op: 'product' }, parts, {
    label: `${info.name}, contribution a year`,
    rule:
      info.fx !== 1
        ? [m(info.monthly), ` ${info.currency} × 12 × `, { value: info.fx, unit: 'factor' }]
        : [m(info.monthly), ' × 12'],
  });
  return id;
}

/**
 * A cash account the year loop follows one by one (it pays deficits): its value this year, last year's (after its
 * draws) grown. The steps liquidYears recorded for it from this year on are dropped first (they did not know of the
 * draws): `forgetLiquidFrom`.
 */
export function recordLoopCash(ex: Explainer, l: LiquidRecord, year: number, value: number): void {
  const info = liquidInfo.get(l);
  if (!info) return;
  const prev = liquidValueId(ex, l, year - 1);
  if (prev === null) return;
  const prevValue = ex.get(prev)?.value ?? 0;
  ex.add(`rec:${info.section}:${info.id}:${year}:value`, value, { op: 'product' }, [prev, liquidGrowth(ex, l, info)], {
    label: `${info.name}, ${year}`,
    rule: [m(prevValue), ' × ', { value: l.g, unit: 'factor' }],
  });
}
/** Drops a cash account's year steps from `fromYear` to `toYear` (the record-major run's, before the loop drew on it). */
export function forgetLiquidFrom(ex: Explainer, l: LiquidRecord, fromYear: number, toYear: number): void {
  const info = liquidInfo.get(l);
  if (!info) return;
  for (let y = fromYear; y <= toYear; y++)
    for (const what of ['value', 'grown', 'contribution', 'contribution_grown', 'after_sales'])
      ex.steps.delete(`rec:${info.section}:${info.id}:${y}:${what}`);
}

// ————————————————————————————————————————————— the shortfall's sales —————————————————————————————————————————————

/** What a year's shortfall drew on, in order: the sale steps' ids (`flow:<year>:sale:<assetId>`). */
export interface YearSales {
  year: number;
  /** `flow:<year>:household_cash_before_sales`. */
  before: string;
  ids: string[];
  pensions: Array<[string, 1 | -1]>;
  properties: Array<[string, 1 | -1]>;
  loans: Array<[string, 1 | -1]>;
}
export function yearSales(year: number): YearSales {
  return { year, before: `flow:${year}:household_cash_before_sales`, ids: [], pensions: [], properties: [], loans: [] };
}

/** What is still to pay when a sale starts: the cash before the sales, turned, less what the earlier sales raised. */
function needStep(ex: Explainer, s: YearSales, assetId: string, need: number): string {
  const id = `flow:${s.year}:sale:${assetId}:need`;
  const parts: Array<[string, 1 | -1]> = [[s.before, -1], ...s.ids.map((x): [string, -1] => [x, -1])];
  ex.sum(id, need, parts, {
    label: `Shortfall still to pay, ${s.year}`,
    rule: s.ids.length
      ? ['the shortfall less what the assets sold before raised: ', m(need)]
      : ['the year’s shortfall: ', m(need)],
  });
  return id;
}

/** A draw on a cash account or an investment: the smaller of what is still to pay and its value; its value after. */
export function recordLiquidSale(
  ex: Explainer,
  s: YearSales,
  l: LiquidRecord,
  need: number,
  available: number,
  take: number,
  saved: boolean,
): void {
  const info = liquidInfo.get(l);
  const valueId = liquidValueId(ex, l, s.year);
  if (!info || valueId === null) return;
  const needId = needStep(ex, s, l.id, need);
  const id = `flow:${s.year}:sale:${l.id}`;
  ex.add(id, take, { op: 'min' }, [needId, valueId], {
    label: `Drawn from ${info.name.toLowerCase()} to pay the shortfall, ${s.year}`,
    records: [ref(info.section, info.id, 'current_value')],
    rule: [
      'the smaller of the shortfall still to pay ',
      m(need),
      ' and its value ',
      m(available),
      saved ? ' (the saved sell order)' : ' (the cash accounts pay a shortfall first, in their order)',
    ],
  });
  ex.sum(
    `rec:${info.section}:${info.id}:${s.year}:after_sales`,
    available - take,
    [
      [valueId, 1],
      [id, -1],
    ],
    {
      label: `${info.name}, after paying the shortfall, ${s.year}`,
      rule: [m(available), ' − ', m(take), ' drawn'],
    },
  );
  s.ids.push(id);
}

/**
 * A pension's withdrawal (from its retirement age): the smaller of what is still to pay and its first two accounts.
 * The accounts' year-end balances are the pension code's steps when it recorded them with these values; otherwise the
 * withdrawable amount is a leaf the engine has not broken down.
 */
export function recordPensionSale(
  ex: Explainer,
  s: YearSales,
  pensionId: string,
  name: string,
  need: number,
  available: number,
  take: number,
): void {
  const needId = needStep(ex, s, pensionId, need);
  const base = `rec:pensions:${pensionId}:${s.year}`;
  const availId = `${base}:withdrawable`;
  const candidates = [[`${base}:oa`, `${base}:sa`], [`${base}:account1`, `${base}:account2`], [`${base}:value`]];
  let done = false;
  for (const ids of candidates) {
    const have = ids.filter((x) => ex.has(x));
    if (have.length === 0) continue;
    const total = have.reduce((a, x) => a + (ex.get(x)?.value ?? 0), 0);
    if (Math.abs(total - available) <= 1e-6 * Math.max(1, Math.abs(available))) {
      ex.sum(
        availId,
        available,
        have.map((x): [string, 1] => [x, 1]),
        {
          label: `${name}, what can be withdrawn, ${s.year}`,
          rule: ['its first two accounts at the year end: ', m(available)],
        },
      );
      done = true;
      break;
    }
  }
  if (!done)
    ex.input(availId, available, {
      label: `${name}, what can be withdrawn, ${s.year}`,
      leaf: 'engine',
      records: [ref('pensions', pensionId, 'balances')],
      rule: ['its first two accounts at the year end: ', m(available)],
    });
  const id = `flow:${s.year}:sale:${pensionId}`;
  ex.add(id, take, { op: 'min' }, [needId, availId], {
    label: `Withdrawn from ${name} to pay the shortfall, ${s.year}`,
    records: [ref('pensions', pensionId, 'balances')],
    rule: [
      'the smaller of the shortfall still to pay ',
      m(need),
      ' and what can be withdrawn ',
      m(available),
      ' (the saved sell order; only from the retirement age)',
    ],
  });
  s.ids.push(id);
  s.pensions.push([id, -1]);
}

// —————————————————————————————————————————————————— loans ——————————————————————————————————————————————————

function loanFields(info: LoanInfo): RecordRef[] {
  const l = info.input;
  const out = [
    ref('loans', info.id, 'original_loan'),
    ref('loans', info.id, 'loan_interest'),
    ref('loans', info.id, 'starting_year'),
  ];
  out.push(ref('loans', info.id, l.repayment_amount !== undefined ? 'repayment_amount' : 'loan_tenure'));
  return out;
}

/** The instalment the engine repays the loan with (loan currency). */
function instalmentStep(ex: Explainer, l: LoanRecord, info: LoanInfo): string {
  const id = `rec:loans:${info.id}:instalment`;
  if (ex.has(id)) return id;
  const x = info.input;
  let rule: RulePart[];
  if (x.repayment_amount !== undefined) rule = ['the monthly repayment stored on the loan: ', m(l.inst)];
  else if (x.type === 'flat')
    rule = [
      '(',
      m(x.original_loan),
      ' + flat interest of ',
      pct(x.loan_interest),
      ' a year on it) spread over ',
      cnt(l.months),
      ' months',
    ];
  else
    rule = [
      'the monthly instalment that repays ',
      m(x.original_loan),
      ' at ',
      pct(x.loan_interest),
      ' a year in ',
      cnt(l.months),
      ' months',
    ];
  ex.input(id, l.inst, { label: `${info.name}, monthly instalment`, records: loanFields(info), rule });
  return id;
}

/**
 * One year of a loan (loanYears): its repayments (instalments paid that year, less the part the member's CPF/EPF pays,
 * plus the running costs for the months repaid) and its balance at the year end on the repayment schedule.
 */
export function recordLoanYear(
  ex: Explainer,
  l: LoanRecord,
  y0: number,
  t: number,
  fromMonth: number,
  paidMonths: number,
  pensionPart: number,
  repayment: number,
  scheduleBalance: number,
): void {
  const info = loanInfo.get(l);
  if (!info) return;
  const year = y0 + t;
  const who = info.name;
  const base = `rec:loans:${info.id}:${year}`;
  const x = info.input;
  // the balance: the cents schedule's row (decimal arithmetic, each month's interest rounded: the debt screen's)
  const paidToDate = Math.min(l.months, Math.max(0, (year - l.start + 1) * 12));
  const sched = ex.input(info.fx === 1 ? `${base}:balance` : `${base}:schedule_balance`, scheduleBalance, {
    label: `${who}, balance at the end of ${year}`,
    records: loanFields(info),
    rule: [
      'the repayment schedule’s balance after ',
      cnt(paidToDate),
      ' of ',
      cnt(l.months),
      ' monthly instalments of ',
      m(l.inst),
      ' on ',
      m(x.original_loan),
      ' at ',
      pct(x.loan_interest),
      ' a year',
    ],
  });
  if (info.fx !== 1)
    ex.add(`${base}:balance`, scheduleBalance * l.f, { op: 'product' }, [sched, fxStep(ex, info.currency, info.fx)], {
      label: `${who}, balance at the end of ${year}`,
      rule: [m(scheduleBalance), ' ', info.currency, ' × ', { value: l.f, unit: 'factor' }],
    });
  // the repayments
  const months = ex.input(`${base}:months_paid`, paidMonths, {
    label: `${who}, instalments paid in ${year}`,
    unit: 'count',
    records: [
      ref('loans', info.id, 'starting_year'),
      ref('loans', info.id, x.repayment_amount !== undefined ? 'repayment_amount' : 'loan_tenure'),
    ],
    rule:
      t === 0 && fromMonth > 1
        ? ['the instalments due from the as-of month to December, while the loan runs: ', cnt(paidMonths)]
        : [
            'the instalments due in ',
            { value: year, unit: 'year' },
            ' while the loan runs (from January of its starting year): ',
            cnt(paidMonths),
          ],
  });
  const instParts = [instalmentStep(ex, l, info), months];
  if (info.fx !== 1) instParts.push(fxStep(ex, info.currency, info.fx));
  const inst = `${base}:instalments`;
  ex.add(inst, l.inst * paidMonths * l.f, { op: 'product' }, instParts, {
    label: `${who}, instalments, ${year}`,
    rule:
      info.fx !== 1
        ? [cnt(paidMonths), ' instalments of ', m(l.inst), ` ${info.currency} × `, { value: l.f, unit: 'factor' }]
        : [cnt(paidMonths), ' instalments of ', m(l.inst)],
  });
  const parts: Array<[string, 1 | -1]> = [[inst, 1]];
  if (l.pension !== 0) {
    const monthly = ex.input(`rec:loans:${info.id}:pension_monthly`, l.pension, {
      label: `${who}, the part of each instalment paid from CPF/EPF`,
      records: [ref('loans', info.id, 'pension_monthly')],
      rule: ['the monthly amount paid from CPF/EPF (at most the instalment): ', m(l.pension)],
    });
    const pid = `${base}:pension_part`;
    ex.add(pid, pensionPart, { op: 'product' }, [monthly, months], {
      label: `${who}, paid from CPF/EPF, ${year}`,
      rule: [cnt(paidMonths), ' × ', m(l.pension)],
    });
    parts.push([pid, -1]);
  }
  if (l.other !== 0) {
    const otherParts = [
      ex.input(`in:loans:${info.id}:other_monthly_costs`, info.otherMonthly, {
        label: `${who}, running costs a month`,
        records: [
          ref('loans', info.id, 'other_monthly_expenses'),
          ref('loans', info.id, 'maintenance'),
          ref('loans', info.id, 'other_expenses'),
        ],
        rule: [
          'the loan’s other monthly costs (for a vehicle its maintenance, fuel, insurance and road tax, servicing): ',
          m(info.otherMonthly),
        ],
      }),
      monthsStep(ex),
    ];
    if (info.fx !== 1) otherParts.push(fxStep(ex, info.currency, info.fx));
    const yearly = `rec:loans:${info.id}:running_costs`;
    ex.add(yearly, l.other, { op: 'product' }, otherParts, {
      label: `${who}, running costs a year`,
      rule: [m(info.otherMonthly), ' × 12'],
    });
    if (paidMonths === 12) parts.push([yearly, 1]);
    else {
      const times = `${base}:running_costs_months`;
      ex.add(times, l.other * paidMonths, { op: 'product' }, [yearly, months], {
        label: `${who}, running costs × months repaid, ${year}`,
        rule: [m(l.other), ' × ', cnt(paidMonths)],
      });
      const part = `${base}:running_costs`;
      ex.add(part, (l.other * paidMonths) / 12, { op: 'quotient' }, [times, monthsStep(ex)], {
        label: `${who}, running costs, ${year}`,
        rule: [m(l.other), ' a year for ', cnt(paidMonths), ' months'],
      });
      parts.push([part, 1]);
    }
  }
  ex.sum(`${base}:repayment`, repayment, parts, {
    label: `${who}, repayments, ${year}`,
    rule: parts.length === 1 ? [cnt(paidMonths), ' instalments of ', m(l.inst)] : sumWords(ex, parts, true),
  });
}

/** A loan closed by its property's sale in `year`: the balance the sale repays (household currency). */
export function recordLoanClosed(ex: Explainer, l: LoanRecord, year: number, outstanding: number): string | null {
  const info = loanInfo.get(l);
  if (!info) return null;
  const id = `rec:loans:${info.id}:${year}:repaid_by_sale`;
  const balance = `rec:loans:${info.id}:${year}:balance`;
  const b = ex.get(balance);
  if (b && b.value === outstanding)
    ex.sum(id, outstanding, [[balance, 1]], {
      label: `${info.name}, repaid by the property’s sale, ${year}`,
      rule: ['its balance at the end of the year: ', m(outstanding)],
    });
  else
    ex.input(id, outstanding, {
      label: `${info.name}, repaid by the property’s sale, ${year}`,
      records: loanFields(info),
      rule: ['the repayment schedule’s balance at the end of ', { value: year, unit: 'year' }, ': ', m(outstanding)],
    });
  return id;
}

// ——————————————————————————————————————————————————— properties ———————————————————————————————————————————————————

function propertyOpening(ex: Explainer, info: PropertyInfo): string {
  const id = ex.input(`in:properties:${info.id}:market_value`, info.input.market_value, {
    label: `${info.name}, market value today`,
    records: [ref('properties', info.id, 'market_value')],
    rule: ['the market value stored on the property: ', m(info.input.market_value)],
  });
  return converted(ex, id, info.input.market_value, info.fx, info.currency, {
    label: `${info.name}, market value today`,
  });
}

/** One year of a property (propertyYears): its value grown, its rent after tax and its running costs. */
export function recordPropertyYear(
  ex: Explainer,
  p: PropertyRecord,
  y0: number,
  frac: number,
  t: number,
  factor: number,
  value: number,
  rentY: number,
  picked: readonly number[] | null,
  rent: number,
  costs: number,
): void {
  const info = propertyInfo.get(p);
  if (!info) return;
  const year = y0 + t;
  const who = info.name;
  const base = `rec:properties:${info.id}`;
  const prev = t === 0 ? propertyOpening(ex, info) : `${base}:${year - 1}:value`;
  const prevValue = ex.get(prev)?.value ?? 0;
  const growth = growthStep(
    ex,
    `${base}:growth`,
    p.g,
    info.rate,
    info.rateFrom,
    ref('properties', info.id, 'growth_rate'),
    `${who}, growth a year`,
  );
  const f = t === 0 ? firstGrowthStep(ex, base, growth, p.g, factor, y0, frac) : growth;
  ex.add(`${base}:${year}:value`, value, { op: 'product' }, [prev, f], {
    label: `${who}, value, ${year}`,
    rule: [m(prevValue), ' × ', { value: factor, unit: 'factor' }],
  });
  const partParts = t === 0 && frac !== 1 ? [yearPartStep(ex, y0, frac)] : [];
  if (rent !== 0 && picked !== null) {
    const gross = `${base}:${year}:rent_yearly`;
    const entries = picked.map((j): [string, 1] => {
      const e = info.input.rental_incomes?.[j];
      const amount = e?.amount ?? 0;
      const monthly = ex.input(`in:properties:${info.id}:rental_incomes.${j}.amount`, amount, {
        label: `${who}, monthly rent (entry ${j + 1})`,
        records: [ref('properties', info.id, `rental_incomes.${j}.amount`)],
        rule: ['the monthly rent of the rental entry: ', m(amount)],
      });
      const yid = `${base}:rent:${j}:yearly`;
      const parts = [monthly, monthsStep(ex)];
      if (info.fx !== 1) parts.push(fxStep(ex, info.currency, info.fx));
      ex.add(yid, (p.rent[j]?.yearly ?? 0) as number, { op: 'product' }, parts, {
        label: `${who}, rent a year (entry ${j + 1})`,
        rule: [m(amount), ' × 12'],
      });
      return [yid, 1];
    });
    ex.sum(gross, rentY, entries, {
      label: `${who}, rent a year, ${year}`,
      rule: ['the rental entries running on the day the year’s rent is counted'],
    });
    const afterTax = ex.input(`${base}:after_tax`, p.afterTax, {
      label: `${who}, rent kept after tax`,
      unit: 'factor',
      records: [ref('properties', info.id, 'tax')],
      rule: ['1 − ', pct(info.input.tax ?? 0), ' tax on the rent'],
    });
    ex.add(`${base}:${year}:rent`, rent, { op: 'product' }, [gross, afterTax, ...partParts], {
      label: `${who}, rent after tax, ${year}`,
      rule: [
        m(rentY),
        ' × ',
        { value: p.afterTax, unit: 'factor' },
        ...(partParts.length ? [' × ', { value: frac, unit: 'factor' } as RulePart] : []),
      ],
    });
  }
  if (costs !== 0) {
    const yearly = propertyCostsYearly(ex, p, info);
    ex.add(`${base}:${year}:costs`, costs, { op: 'product' }, [yearly, ...partParts], {
      label: `${who}, maintenance and property tax, ${year}`,
      rule: partParts.length
        ? [m(p.costs), ' a year × ', { value: frac, unit: 'factor' }]
        : [m(p.costs), ' for the year'],
    });
  }
}

function propertyCostsYearly(ex: Explainer, p: PropertyRecord, info: PropertyInfo): string {
  const base = `rec:properties:${info.id}`;
  const x = info.input;
  const maintenance = ex.input(`in:properties:${info.id}:maintenance`, x.maintenance ?? 0, {
    label: `${info.name}, maintenance a month`,
    records: [ref('properties', info.id, 'maintenance')],
    rule: ['the monthly maintenance stored on the property: ', m(x.maintenance ?? 0)],
  });
  const tax = ex.input(`in:properties:${info.id}:property_tax`, x.property_tax ?? 0, {
    label: `${info.name}, property tax a year`,
    records: [ref('properties', info.id, 'property_tax')],
    rule: ['the yearly property tax stored on the property: ', m(x.property_tax ?? 0)],
  });
  const mYear = `${base}:maintenance_yearly`;
  ex.add(mYear, (x.maintenance ?? 0) * 12, { op: 'product' }, [maintenance, monthsStep(ex)], {
    label: `${info.name}, maintenance a year`,
    rule: [m(x.maintenance ?? 0), ' × 12'],
  });
  const local = info.fx === 1 ? `${base}:costs_yearly` : `${base}:costs_yearly_local`;
  ex.sum(
    local,
    (x.maintenance ?? 0) * 12 + (x.property_tax ?? 0),
    [
      [mYear, 1],
      [tax, 1],
    ],
    {
      label: `${info.name}, maintenance and property tax a year`,
      rule: [m((x.maintenance ?? 0) * 12), ' maintenance + ', m(x.property_tax ?? 0), ' property tax'],
    },
  );
  if (info.fx === 1) return local;
  ex.add(`${base}:costs_yearly`, p.costs, { op: 'product' }, [local, fxStep(ex, info.currency, info.fx)], {
    label: `${info.name}, maintenance and property tax a year`,
    rule: [
      m((x.maintenance ?? 0) * 12 + (x.property_tax ?? 0)),
      ' ',
      info.currency,
      ' × ',
      { value: info.fx, unit: 'factor' },
    ],
  });
  return `${base}:costs_yearly`;
}

/**
 * A property's sale in `year` (sale.ts's figures, the property's currency): net proceeds = selling price − fee − loan
 * repaid − CPF/EPF refund − the sale's tax (SSD or RPGT, citing the table version), in the household's currency.
 * Returns the proceeds' id (`rec:properties:<id>:<year>:proceeds`).
 */
export function recordPropertySale(
  ex: Explainer,
  p: PropertyRecord,
  year: number,
  sale: SaleFigures,
  proceeds: number,
  why: 'schedule' | 'shortfall',
): string | null {
  const info = propertyInfo.get(p);
  if (!info) return null;
  const who = info.name;
  const base = `rec:properties:${info.id}:${year}`;
  const cur = info.fx === 1 ? '' : ` (${info.currency})`;
  const x = info.input;
  // the selling price: the advisor's, else the value grown to the end of the selling year (the row's value)
  let price: string;
  const valueId = `${base}:value`;
  if (why === 'schedule' && x.future_selling_price !== undefined)
    price = ex.input(`in:properties:${info.id}:future_selling_price`, sale.selling_price, {
      label: `${who}, selling price`,
      records: [ref('properties', info.id, 'future_selling_price')],
      rule: ['the selling price the advisor gave: ', m(sale.selling_price)],
    });
  else {
    price = `${base}:selling_price`;
    const v = ex.get(valueId);
    if (v && info.fx === 1)
      ex.sum(price, sale.selling_price, [[valueId, 1]], {
        label: `${who}, selling price${cur}, ${year}`,
        rule: ['its value at the end of ', { value: year, unit: 'year' }, ': ', m(sale.selling_price)],
      });
    else if (v)
      ex.add(price, sale.selling_price, { op: 'quotient' }, [valueId, fxStep(ex, info.currency, info.fx)], {
        label: `${who}, selling price${cur}, ${year}`,
        rule: [
          'its value at the end of ',
          { value: year, unit: 'year' },
          ' in ',
          info.currency,
          ': ',
          m(sale.selling_price),
        ],
      });
    else
      ex.input(price, sale.selling_price, {
        label: `${who}, selling price${cur}, ${year}`,
        records: [ref('properties', info.id, 'market_value'), ref('properties', info.id, 'growth_rate')],
        rule: ['the market value grown to the end of ', { value: year, unit: 'year' }, ': ', m(sale.selling_price)],
      });
  }
  const fee = ex.input(`in:properties:${info.id}:future_transaction_fee`, sale.transaction_fee, {
    label: `${who}, selling fee`,
    records: [ref('properties', info.id, 'future_transaction_fee')],
    rule: ['the transaction fee stored on the property: ', m(sale.transaction_fee)],
  });
  const loan = ex.input(`${base}:loan_repaid`, sale.outstanding_loan, {
    label: `${who}, loan repaid at the sale${cur}, ${year}`,
    records:
      info.loanId !== null
        ? [ref('loans', info.loanId, 'original_loan')]
        : [ref('properties', info.id, 'future_outstanding_loan')],
    rule:
      info.loanId !== null
        ? [
            'the linked loan’s balance on its repayment schedule after the December instalment of ',
            { value: year, unit: 'year' },
            ': ',
            m(sale.outstanding_loan),
          ]
        : ['the outstanding loan the advisor gave: ', m(sale.outstanding_loan)],
  });
  const kind = sale.gain_tax_kind;
  const tableName = kind === 'ssd' ? 'sgSsd' : kind === 'rpgt' ? 'myRpgt' : null;
  const tableRef = tableName === null ? undefined : tableOf(tableName, year);
  const taxName =
    kind === 'ssd' ? 'Seller’s Stamp Duty' : kind === 'rpgt' ? 'Real Property Gains Tax' : 'Tax on the sale';
  const baseId = ex.input(`${base}:sale_tax_base`, sale.gain_tax_base, {
    label: `${who}, what the ${taxName} is charged on${cur}, ${year}`,
    table: tableRef,
    rule:
      kind === 'ssd'
        ? ['the higher of the selling price ', m(sale.selling_price), ' and the market value ', m(sale.market_value)]
        : kind === 'rpgt'
          ? [
              'the gain ',
              m(sale.gain),
              ' (price less purchase price and fee) less the exemption ',
              m(sale.gain_tax_exemption),
            ]
          : ['no tax on a sale in this currency'],
    records: [ref('properties', info.id, 'purchase_price'), ref('properties', info.id, 'purchase_year')],
  });
  const rate = ex.input(`${base}:sale_tax_rate`, sale.gain_tax_rate, {
    label: `${who}, ${taxName} rate, ${year}`,
    unit: 'percent',
    table: tableRef,
    leaf: tableRef ? undefined : 'assumption',
    rule:
      kind === null
        ? ['no such tax']
        : [
            pct(sale.gain_tax_rate),
            ' for ',
            cnt(sale.months_held),
            ' months held (the rates in force from ',
            { value: tableRef?.version ?? year, unit: 'year' },
            ')',
          ],
  });
  const tax = `${base}:sale_tax`;
  ex.add(tax, sale.gain_tax, { op: 'percent' }, [baseId, rate], {
    label: `${who}, ${taxName}${cur}, ${year}`,
    table: tableRef,
    rule: [pct(sale.gain_tax_rate), ' of ', m(sale.gain_tax_base)],
  });
  // the CPF/EPF refund: what was used with its interest, at most what the sale leaves after the fee, loan and tax
  const due = ex.input(`${base}:refund_due`, sale.refund_due, {
    label: `${who}, CPF/EPF to refund with interest${cur}, ${year}`,
    records: [
      ref('properties', info.id, 'pension_used'),
      ref('properties', info.id, 'pension_uses'),
      ref('properties', info.id, 'refund_growth_rate'),
    ],
    rule: [
      'the CPF/EPF money used for the purchase and the instalments, each with interest at ',
      pct(x.refund_growth_rate ?? 2.5),
      ' a year to ',
      { value: year, unit: 'year' },
    ],
  });
  const leftId = `${base}:left_for_refund`;
  ex.sum(
    leftId,
    sale.selling_price - sale.transaction_fee - sale.outstanding_loan - sale.gain_tax,
    [
      [price, 1],
      [fee, -1],
      [loan, -1],
      [tax, -1],
    ],
    {
      label: `${who}, what the sale leaves before the refund${cur}, ${year}`,
      rule: [
        m(sale.selling_price),
        ' − ',
        m(sale.transaction_fee),
        ' fee − ',
        m(sale.outstanding_loan),
        ' loan − ',
        m(sale.gain_tax),
        ' tax',
      ],
    },
  );
  const room = `${base}:refund_room`;
  ex.add(
    room,
    Math.max(0, sale.selling_price - sale.transaction_fee - sale.outstanding_loan - sale.gain_tax),
    { op: 'floor0' },
    [leftId],
    { label: `${who}, most that can be refunded${cur}, ${year}`, rule: ['what the sale leaves, if above 0'] },
  );
  const refund = `${base}:refund`;
  ex.add(refund, sale.pension_refund, { op: 'min' }, [due, room], {
    label: `${who}, CPF/EPF refund${cur}, ${year}`,
    rule: [
      'the refund due ',
      m(sale.refund_due),
      ', at most what the sale leaves ',
      m(Math.max(0, sale.selling_price - sale.transaction_fee - sale.outstanding_loan - sale.gain_tax)),
    ],
  });
  const netParts: Array<[string, 1 | -1]> = [
    [price, 1],
    [fee, -1],
    [loan, -1],
    [refund, -1],
    [tax, -1],
  ];
  const raw = sale.selling_price - sale.transaction_fee - sale.outstanding_loan - sale.pension_refund - sale.gain_tax;
  const net = `${base}:net_proceeds`;
  if (sale.net_proceeds === 0 && raw !== 0)
    ex.input(net, 0, {
      label: `${who}, net proceeds${cur}, ${year}`,
      records: [ref('properties', info.id, 'future_selling_year')],
      rule: ['the sale leaves less than 1 (', m(raw), '): counted as 0'],
    });
  else
    ex.sum(net, sale.net_proceeds, netParts, {
      label: `${who}, net proceeds${cur}, ${year}`,
      rule: [
        m(sale.selling_price),
        ' price − ',
        m(sale.transaction_fee),
        ' fee − ',
        m(sale.outstanding_loan),
        ' loan − ',
        m(sale.pension_refund),
        ' CPF/EPF refund − ',
        m(sale.gain_tax),
        ' tax',
      ],
    });
  const out = `${base}:proceeds`;
  if (info.fx === 1)
    ex.sum(out, proceeds, [[net, 1]], { label: `${who}, sale proceeds, ${year}`, rule: saleWhy(why, year) });
  else
    ex.add(out, proceeds, { op: 'product' }, [net, fxStep(ex, info.currency, info.fx)], {
      label: `${who}, sale proceeds, ${year}`,
      rule: saleWhy(why, year),
    });
  return out;
}
const saleWhy = (why: 'schedule' | 'shortfall', year: number): RulePart[] =>
  why === 'schedule'
    ? ['sold as planned on 31 December ', { value: year, unit: 'year' }, ': its net proceeds']
    : [
        'sold on 31 December ',
        { value: year, unit: 'year' },
        ' to pay the shortfall (the saved sell order): its net proceeds',
      ];

/** A property sold to pay a shortfall: the sale step, the value and loan it takes off the year's totals, the refunds. */
export function recordPropertyShortfallSale(
  ex: Explainer,
  s: YearSales,
  p: PropertyRecord,
  sale: SaleFigures,
  take: number,
  loanClosed: string | null,
  refunds: Array<{ amount: number; member?: string }>,
): void {
  const info = propertyInfo.get(p);
  if (!info) return;
  const proceeds = recordPropertySale(ex, p, s.year, sale, take, 'shortfall');
  if (proceeds === null) return;
  const id = `flow:${s.year}:sale:${p.id}`;
  ex.sum(id, take, [[proceeds, 1]], {
    label: `${info.name} sold to pay the shortfall, ${s.year}`,
    records: [ref('properties', info.id, 'market_value')],
    rule: ['its net proceeds ', m(take), ' (all of them, even beyond the shortfall)'],
  });
  s.ids.push(id);
  s.properties.push([`rec:properties:${info.id}:${s.year}:value`, -1]);
  if (loanClosed !== null) s.loans.push([loanClosed, -1]);
  for (const [k, r] of refunds.entries()) {
    const rid = `rec:properties:${info.id}:${s.year}:refund:${k}`;
    ex.input(rid, r.amount, {
      label: `${info.name}, CPF/EPF refund back to ${r.member ?? 'the member'}, ${s.year}`,
      records: [ref('properties', info.id, 'pension_used')],
      rule: ['the share of the refund ', m(sale.pension_refund), ' back to this member’s CPF/EPF: ', m(r.amount)],
    });
    s.pensions.push([rid, 1]);
  }
}

function tableOf(name: 'sgSsd' | 'myRpgt', year: number) {
  const versions: readonly Version[] = rateTables()[name];
  const v = inForce(versions, year);
  return { name, version: v.fromYear, year, source: sourceText(v.source) };
}

// —————————————————————————————————————————————————— the series ——————————————————————————————————————————————————

/** "a + b − c" with the parts' values; `inner`: the parts are one record's, named without the record. */
function sumWords(ex: Explainer, parts: ReadonlyArray<readonly [string, 1 | -1]>, inner = false): RulePart[] {
  const out: RulePart[] = [];
  for (const [k, [id, sign]] of parts.entries()) {
    if (k > 0 || sign < 0) out.push(sign < 0 ? ' − ' : ' + ');
    const s = ex.get(id);
    let label = (s?.label ?? id).replace(/, \d{4}$/, '');
    if (inner) label = label.replace(/^[^,]*, /, '');
    out.push(`${label} `, { value: s?.value ?? 0, unit: s?.unit ?? 'money' });
  }
  return out;
}

export interface AssetSeriesValues {
  year: number;
  /** The liquid records in the order their values went into the year's sums. */
  liquids: readonly LiquidRecord[];
  loans: readonly LoanRecord[];
  properties: readonly PropertyRecord[];
  cashAccounts: number;
  liquid: number;
  contributions: number;
  loansSeries: number;
  repayments: number;
  propertiesSeries: number;
  rent: number;
  propertyCosts: number;
  propertySales: number;
}

/**
 * The year loop's series of these records (`flow:<year>:<series>`): each the sum of the records' steps of the year,
 * recorded with the value the loop computed the row with.
 */
export function recordAssetSeries(ex: Explainer, v: AssetSeriesValues): void {
  const { year } = v;
  const flow = (name: string) => `flow:${year}:${name}`;
  const cash: Array<[string, 1]> = [];
  const all: Array<[string, 1]> = [];
  const contributions: Array<[string, 1]> = [];
  for (const l of v.liquids) {
    const id = liquidValueId(ex, l, year);
    if (id === null) continue;
    all.push([id, 1]);
    if (l.cash) cash.push([id, 1]);
    const info = liquidInfo.get(l);
    const c = info ? `rec:${info.section}:${info.id}:${year}:contribution` : '';
    if (info && ex.has(c)) contributions.push([c, 1]);
  }
  ex.sum(flow('cash_accounts'), v.cashAccounts, cash, {
    label: `Cash accounts, ${year}`,
    rule: cash.length ? sumWords(ex, cash) : ['no cash account'],
  });
  ex.sum(flow('liquid'), v.liquid, all, {
    label: `Cash accounts and investments, ${year}`,
    rule: all.length ? sumWords(ex, all) : ['none'],
  });
  ex.sum(flow('contributions'), v.contributions, contributions, {
    label: `Contributions to investments, ${year}`,
    rule: contributions.length ? sumWords(ex, contributions) : ['nothing this year'],
  });

  const balances: Array<[string, 1 | -1]> = [];
  const repayments: Array<[string, 1 | -1]> = [];
  for (const l of v.loans) {
    const info = loanInfo.get(l);
    if (!info) continue;
    const b = `rec:loans:${info.id}:${year}:balance`;
    if (ex.has(b)) balances.push([b, 1]);
    const r = `rec:loans:${info.id}:${year}:repayment`;
    if (ex.has(r)) repayments.push([r, 1]);
  }
  const values: Array<[string, 1]> = [];
  const rents: Array<[string, 1]> = [];
  const costs: Array<[string, 1]> = [];
  const sales: Array<[string, 1]> = [];
  for (const p of v.properties) {
    const info = propertyInfo.get(p);
    if (!info) continue;
    const base = `rec:properties:${info.id}:${year}`;
    const scheduled = p.sell === year && p.soldYear === year;
    if (ex.has(`${base}:value`) && !scheduled) values.push([`${base}:value`, 1]);
    if (ex.has(`${base}:rent`)) rents.push([`${base}:rent`, 1]);
    if (ex.has(`${base}:costs`)) costs.push([`${base}:costs`, 1]);
    if (scheduled && ex.has(`${base}:proceeds`)) {
      sales.push([`${base}:proceeds`, 1]);
      const l = p.loan >= 0 ? v.loans[p.loan] : undefined;
      const linfo = l ? loanInfo.get(l) : undefined;
      if (linfo && ex.has(`rec:loans:${linfo.id}:${year}:repaid_by_sale`))
        balances.push([`rec:loans:${linfo.id}:${year}:repaid_by_sale`, -1]);
    }
  }
  ex.sum(flow('loans'), v.loansSeries, balances, {
    label: `Loan balances, ${year}`,
    rule: balances.length ? sumWords(ex, balances) : ['no loan this year'],
  });
  // what the loans' CPF/EPF parts could not take from the OA is paid in cash (the pension code adds it)
  const fromLoans = repayments.reduce((a, [id]) => a + (ex.get(id)?.value ?? 0), 0);
  const rest = v.repayments - fromLoans;
  if (Math.abs(rest) > 0.005 + 1e-9 * Math.abs(v.repayments)) {
    const id = flow('repayments:pension_parts_in_cash');
    if (!ex.has(id))
      ex.input(id, rest, { label: `Loans’ CPF/EPF parts paid in cash (the OA could not), ${year}`, leaf: 'engine' });
    repayments.push([id, 1]);
  }
  ex.sum(flow('repayments'), v.repayments, repayments, {
    label: `Loan repayments and running costs, ${year}`,
    rule: repayments.length ? sumWords(ex, repayments) : ['nothing this year'],
  });
  ex.sum(flow('properties'), v.propertiesSeries, values, {
    label: `Property values, ${year}`,
    rule: values.length ? sumWords(ex, values) : ['no property this year'],
  });
  ex.sum(flow('rent'), v.rent, rents, {
    label: `Rental income from the properties, ${year}`,
    rule: rents.length ? sumWords(ex, rents) : ['no rent this year'],
  });
  ex.sum(flow('property_costs'), v.propertyCosts, costs, {
    label: `Property maintenance and property tax, ${year}`,
    rule: costs.length ? sumWords(ex, costs) : ['nothing this year'],
  });
  ex.sum(flow('property_sales'), v.propertySales, sales, {
    label: `Property sale proceeds, ${year}`,
    rule: sales.length ? sumWords(ex, sales) : ['no sale this year'],
  });
}
