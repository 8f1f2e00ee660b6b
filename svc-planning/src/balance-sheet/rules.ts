import { type balanceSheet as B, isCalendarDate } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
import { dayNumber, fromYmd, monthsBetween, today as todayDay, ymd } from '../domain/calculations/dates';
import { CalculationInputError } from '../domain/calculations/errors';
import { PAYMENTS_PER_YEAR } from '../domain/calculations/frequency';
import { calculateDebt } from '../domain/calculations/index';
import { viewValue } from '../domain/calculations/ownership';
import { premiumSchedule } from '../domain/calculations/premiums';
import { contributionIn, contributionRates, contributionTable } from '../domain/calculations/provident';
import type { LoanInput } from '../domain/calculations/types';
import type { Issue } from '../insurance/rules';

/**
 * The balance-sheet rules enforced on save (spec §3, §6, §9) as pure functions over the contract shapes. The engine
 * (domain/calculations) owns the loan maths, the rate tables and the schedules; these map stored records onto it and
 * name the field a rule is about.
 */
/** Dates of a run: a recurring run steps by its frequency from the start to the end; a single one is its date. */
export function runIssues(t: {
  transaction_type?: 'single' | 'recurring';
  frequency?: B.Frequency;
  transaction_date?: string;
  transaction_start_date?: string;
  transaction_end_date?: string;
  unpaid_at?: readonly string[];
}): Issue[] {
  const start = t.transaction_start_date;
  const end = t.transaction_end_date;
  if (start && end && end < start)
    return [{ field: 'transaction_end_date', message: 'The end date is before the start date' }];
  if (t.transaction_type === 'recurring') {
    if (!start)
      return [{ field: 'transaction_start_date', message: 'Enter the start date of a recurring transaction' }];
    if (!t.frequency) return [{ field: 'frequency', message: 'Enter the frequency of a recurring transaction' }];
  } else if (t.transaction_type === 'single' && !t.transaction_date && !start)
    return [{ field: 'transaction_date', message: 'Enter the transaction date' }];
  if (!t.unpaid_at?.length) return [];
  if (t.transaction_type !== 'recurring')
    return [{ field: 'unpaid_at', message: 'A single transaction is one payment; it has no unpaid dates' }];
  const dates = new Set(runDates(start as string, t.frequency as B.Frequency, end));
  const out: Issue[] = [];
  t.unpaid_at.forEach((d, i) => {
    if (!dates.has(d)) out.push({ field: `unpaid_at.${i}`, message: `${d} is not a date of this run` });
  });
  return out;
}

/** The dates of a run stepping by its frequency (the engine's payment schedule). */
export function runDates(start: string, frequency: B.Frequency, end?: string): string[] {
  return premiumSchedule({ premium: 0, frequency, policy_date: start, premium_end_date: end ?? null }).map(
    (p) => p.date,
  );
}

/** A member's age on a day: from the date of birth, else the stored age. */
export function ageOn(member: { age?: number | null; date_of_birth?: string | null }, day: number): number | null {
  // an impossible date of birth stored before dates were checked is left out (the age applies; records/issues.ts)
  if (member.date_of_birth && isCalendarDate(member.date_of_birth)) {
    const b = ymd(dayNumber(member.date_of_birth));
    const d = ymd(day);
    return d.year - b.year - (d.month < b.month || (d.month === b.month && d.day < b.day) ? 1 : 0);
  }
  return member.age === undefined || member.age === null ? null : member.age;
}

/**
 * Spec §9: the contribution percentages of a pension account in a year. Those the advisor typed stay fixed; an empty
 * one is the age table's of the scheme in force that year, for the member's age then (a self-employed member has no
 * employer: 0). The engine applies the same tables year by year; this is the figure for one year (today's, shown in
 * the lists).
 */
export function contributionPercentagesIn(
  p: Pick<B.PensionAccount, 'type' | 'monthly_contribution'>,
  age: number | null,
  year: number,
): B.PensionAccount['monthly_contribution'] {
  const mc = { ...p.monthly_contribution };
  if (age === null || (mc.employer_percentage !== undefined && mc.employee_percentage !== undefined)) return mc;
  const band = contributionRates(age, contributionTable(p.type, year));
  if (mc.employer_percentage === undefined) mc.employer_percentage = mc.self_employed ? 0 : band.employer;
  if (mc.employee_percentage === undefined) mc.employee_percentage = band.employee;
  return mc;
}

/**
 * The monthly contribution as it is stored at save: as entered. Percentages left empty are NOT filled from the age
 * table here (a stored default would freeze this year's band for every later year and read as typed in the editor):
 * the engine defaults them per year (engine.ts `pensionInput`), and the lists show today's with
 * `contributionPercentagesIn`. (The save path calls it with the member's age and the year; neither is needed.)
 */
export function storedContribution(
  p: Pick<B.PensionAccount, 'type' | 'monthly_contribution'>,
  _age?: number | null,
  _year?: number,
): B.PensionAccount['monthly_contribution'] {
  return { ...p.monthly_contribution };
}
/** The name the records module's save calls (kinds.ts): the stored monthly contribution, no default filled in. */
export const defaultContributionPercentages = storedContribution;

/** Pension accounts hold the accounts of their scheme only (EPF accounts 1-3; CPF OA, SA/MA, RA, MediSave). */
export function pensionIssues(p: B.PensionAccount): Issue[] {
  const cpf = ['cpf_oa', 'special', 'cpf_ra', 'medisave', 'cpf_ers_limit'] as const;
  const epf = ['account1_amount', 'account2_amount', 'account3_amount'] as const;
  const out: Issue[] = [];
  if (p.type !== 'CPF')
    for (const k of cpf) if (p[k] !== undefined) out.push({ field: k, message: `${k} belongs to a CPF account` });
  if (p.type !== 'EPF')
    for (const k of epf) if (p[k] !== undefined) out.push({ field: k, message: `${k} belongs to an EPF account` });
  const post = p.post_retirement_contribution;
  if (post.end_age < post.start_age)
    out.push({ field: 'post_retirement_contribution.end_age', message: 'The end age is before the start age' });
  return out;
}

/** A pension account's balance: its accounts by scheme (other pensions: value). */
export function pensionBalance(p: B.PensionAccount): number {
  if (p.type === 'CPF') return (p.cpf_oa ?? 0) + (p.special ?? 0) + (p.cpf_ra ?? 0) + (p.medisave ?? 0);
  if (p.type === 'EPF') return (p.account1_amount ?? 0) + (p.account2_amount ?? 0) + (p.account3_amount ?? 0);
  return p.value ?? 0;
}

/**
 * The monthly contribution of a pension account in `year` (terms of the plan, "Contribution"): the engine's rule
 * (provident.ts `contributionIn`), employer + employee on the wage up to the scheme's ceiling of the year, at the
 * rates by the member's age that year (year − birth year, as the projection counts it), typed percentages kept; a
 * self-employed member has no employer. The projection charges twelve of these a year, so the Pension tab and the
 * data table show one figure. Amounts typed instead of percentages are not used by the plan (decisions/plan-facts.md).
 * Without an age, only typed percentages apply. `schemeFactor`: 1 SGD (CPF) or 1 RM (EPF) in the account's currency.
 */
export function monthlyContributions(
  p: Pick<B.PensionAccount, 'type' | 'monthly_contribution'>,
  age: number | null = null,
  year: number = ymd(todayDay()).year,
  schemeFactor = 1,
): B.ContributionFigure {
  const mc = p.monthly_contribution;
  const employer_percent = mc.employer_percentage ?? (mc.self_employed ? 0 : undefined);
  const employee_percent = mc.employee_percentage;
  const c2 = (x: number) => Math.round(x * 100) / 100;
  const f = contributionIn({
    scheme: p.type,
    wage: mc.salary ?? 0,
    age: age ?? 0,
    year,
    employer_percent: age === null ? (employer_percent ?? 0) : employer_percent,
    employee_percent: age === null ? (employee_percent ?? 0) : employee_percent,
    scheme_factor: schemeFactor,
  });
  const employer = c2(f.employer);
  const employee = c2(f.employee);
  return {
    wage: mc.salary ?? 0,
    base: c2(f.base),
    employer_percentage: f.employer_percent,
    employee_percentage: f.employee_percent,
    employer,
    employee,
    total: c2(employer + employee),
  };
}

export const isLoan = (d: Pick<B.Debt, 'type'>) => d.type !== 'property';
export const isProperty = (d: Pick<B.Debt, 'type'>) => d.type === 'mortgage' || d.type === 'property';

/** A stored loan as the engine's loan input (monthly repayments: a chosen amount at another frequency is spread). */
export function loanInput(id: string, d: B.Debt): LoanInput {
  const chosen = d.repayment.amount;
  return {
    id,
    kind: d.type === 'vehicle' ? 'vehicle' : d.type === 'mortgage' ? 'mortgage' : 'other',
    original_loan: d.original_loan ?? 0,
    loan_interest: d.loan_interest ?? 0,
    loan_tenure: d.loan_tenure,
    starting_year: d.starting_year ?? 0,
    type: d.loan_type,
    repayment_amount: chosen === undefined ? undefined : (chosen * PAYMENTS_PER_YEAR[d.repayment.frequency]) / 12,
    currency: d.currency,
    maintenance: d.type === 'vehicle' ? d.maintenance : undefined,
    other_expenses: d.type === 'vehicle' ? d.other_expenses : undefined,
  };
}

/** The field of the debt contract an engine refusal is about. */
function debtField(engineField: string): string {
  const f = engineField.replace(/^loans\.\d+\./, '');
  if (f === 'repayment') return 'repayment.amount';
  if (f === 'instalment') return 'loan_interest';
  return f;
}

/** The engine's debt figures for one stored loan, as of a day (its schedule in cents). */
export function loanFigures(id: string, d: B.Debt, asOf: string) {
  const r = calculateDebt({
    as_of: asOf,
    currency: d.currency,
    members: [{ id: 'me', relation: 'me' }],
    loans: [loanInput(id, d)],
  });
  return r.loans[0] as (typeof r.loans)[number];
}

/**
 * A loan the engine refuses is refused at save, naming the field: a tenure of 0, a repayment below the interest, a
 * schedule over 100 years. Loans need their amount, rate and starting year.
 */
export function debtIssues(d: B.Debt): Issue[] {
  const out: Issue[] = [];
  if (d.down_payment !== undefined && d.purchase_price !== undefined && d.down_payment > d.purchase_price)
    out.push({ field: 'down_payment', message: 'The down payment is more than the purchase price' });
  if (d.future_selling_year !== undefined && d.starting_year !== undefined && d.future_selling_year < d.starting_year)
    out.push({ field: 'future_selling_year', message: 'The selling year is before the starting year' });
  if (!isLoan(d)) return out;
  for (const k of ['original_loan', 'loan_interest', 'starting_year'] as const)
    if (d[k] === undefined) out.push({ field: k, message: `Enter ${k.replace('_', ' ')} of the loan` });
  if (d.repayment.frequency === 'single')
    out.push({
      field: 'repayment.frequency',
      message: 'A loan is repaid monthly, quarterly, semi-annually or annually',
    });
  if (out.length) return out;
  try {
    loanFigures('check', d, `${d.starting_year}-01-01`);
  } catch (e) {
    if (e instanceof CalculationInputError) out.push({ field: debtField(e.field), message: e.message });
    else throw e;
  }
  return out;
}

/**
 * The outstanding balance at the end of each year of a loan, read from its schedule (12 instalments a year from
 * January of the starting year, as the engine's outstandingAtYearEnd): every figure is a balance of the schedule.
 */
export function outstandingByYear(
  startYear: number,
  schedule: ReadonlyArray<{ balance: number }>,
): Array<{ year: number; months_paid: number; balance: number }> {
  const out: Array<{ year: number; months_paid: number; balance: number }> = [];
  for (let y = startYear; ; y++) {
    const paid = Math.min(schedule.length, (y - startYear + 1) * 12);
    out.push({ year: y, months_paid: paid, balance: (schedule[paid - 1] as { balance: number }).balance });
    if (paid >= schedule.length) return out;
  }
}

/** The schedule's balance after `paid` instalments (the loan itself before the first). */
export function balanceAfterPaid(original: number, schedule: ReadonlyArray<{ balance: number }>, paid: number): number {
  if (paid <= 0) return Math.round(original * 100) / 100;
  return (schedule[Math.min(paid, schedule.length) - 1] as { balance: number }).balance;
}

/** Months a property is held: from its purchase (the first instalment date, else January of the starting year) to 1 January of the selling year. */
export function monthsHeld(d: B.Debt, sellingYear: number): number {
  const start = d.installment_transaction?.transaction_start_date
    ? dayNumber(d.installment_transaction.transaction_start_date)
    : fromYmd(d.starting_year ?? sellingYear, 1, 1);
  return Math.max(0, monthsBetween(start, fromYmd(sellingYear, 1, 1)));
}

/** §6: a member's share of a record (owners with percentages; else the owner member; else the household's). */
export function shareFor(
  view: { id: string; relation: 'me' | 'spouse' | 'joint' | 'all' } | null,
  owner: string | undefined,
  owners: ReadonlyArray<{ owner_id?: string; percentage: number }>,
): number {
  if (!view) return 1;
  const shares = owners
    .filter((o) => o.owner_id !== undefined)
    .map((o) => ({ member_id: o.owner_id as string, percentage: o.percentage }));
  if (!shares.length && !owner) return 1;
  return viewValue(1, view, owner, shares.length ? shares : undefined);
}

export const todayIso = () => {
  const d = ymd(todayDay());
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

/**
 * The whole household's balance sheet today by class (terms of the plan, "Today"): each stored value rounded to cents,
 * converted to the household currency, summed, then rounded: the same arithmetic as the balance sheet's totals
 * (balance-sheet/read.ts wholeBalanceSheet, whole-household view), so the report's Today is the balance sheet's.
 */
export function todayTotals(
  recs: {
    saving_funds: ReadonlyArray<Record<string, unknown>>;
    portfolio_funds: ReadonlyArray<Record<string, unknown>>;
    pension_accounts: ReadonlyArray<Record<string, unknown>>;
    debts: ReadonlyArray<Record<string, unknown>>;
  },
  inHousehold: (amount: number, currency: string) => number,
  /** Told each record's part as it is added (the report's explanation records it: issue 34). */
  each?: (
    k: 'cash' | 'savings' | 'pensions' | 'investments' | 'properties',
    rec: Record<string, unknown>,
    field: string,
    amount: number,
    currency: string,
    converted: number,
  ) => void,
): { cash: number; savings: number; pensions: number; investments: number; properties: number } {
  const t = { cash: 0, savings: 0, pensions: 0, investments: 0, properties: 0 };
  const put = (k: keyof typeof t, rec: Record<string, unknown>, field: string, amount: number, currency: string) => {
    const v = inHousehold(amount, currency);
    t[k] += v;
    each?.(k, rec, field, amount, currency, v);
  };
  for (const f of recs.saving_funds)
    put(
      f.kind === 'savings' ? 'savings' : 'cash',
      f,
      'current_value',
      round2(Number(f.current_value)),
      String(f.currency),
    );
  for (const p of recs.pension_accounts) {
    const a = p as unknown as B.PensionAccount;
    put('pensions', p, 'balance', round2(round2(pensionBalance(a))), a.currency);
  }
  for (const f of recs.portfolio_funds)
    put('investments', f, 'current_value', round2(Number(f.current_value)), String(f.currency));
  for (const d of recs.debts) {
    const debt = d as unknown as B.Debt;
    if (debt.market_value !== undefined && isProperty(debt))
      put('properties', d, 'market_value', round2(debt.market_value), debt.currency);
  }
  for (const k of Object.keys(t) as Array<keyof typeof t>) t[k] = round2(t[k]);
  return t;
}
