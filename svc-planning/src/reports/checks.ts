import type { insurance as I, reports as R, reference as Ref } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
import { PROJECTION_DEFAULTS } from '../domain/calculations/projection';
import type { CoverageMember } from '../insurance/coverage';
import type { HouseholdProjection } from './projection';

/**
 * Issue 15: the financial report's checks, the household measured against the planning thresholds in force
 * (reference/thresholds/read.ts planningThresholds: an admin's stored value or the default). Amounts in the
 * household's currency, summed in integer cents and rounded to 2 decimals as the rest of the report; months and
 * percentages to 2 decimals. docs/decisions/reports.md "Checks against the planning thresholds".
 */
type Key = (typeof Ref.THRESHOLD_DEFAULTS)[number]['key'];

/** The insurance rows the cover checks read: life = Death, critical illness = the Major Illness row (coverage.ts). */
const LIFE = 'Death';
const CRITICAL_ILLNESS = 'Major Illness';

const cents = (x: number) => Math.round(x * 100);
const money = (c: number) => c / 100;
const pos = (x: number) => Math.max(x, 0);

export interface CheckInput {
  p: HouseholdProjection;
  thresholds: Ref.Threshold[];
  /** Cash and savings accounts in the household currency (the funds tab's cash and savings classes). */
  liquid: number;
  /** insurance/coverage.ts coverageRows' members: the cover checks are their Death and critical-illness rows. */
  coverage: CoverageMember[];
  /** An amount in `currency` into the household currency, 2 decimals (read.ts inHome). */
  inHome: (amount: number, currency: string) => number;
}

export function reportChecks({ p, thresholds, liquid, coverage, inHome }: CheckInput): R.ReportChecks {
  const used = (key: Key): R.ReportChecks['emergency_fund']['threshold'] => {
    const t = thresholds.find((x) => x.key === key);
    if (!t) throw new Error(`threshold ${key} missing`); // planningThresholds always lists the defaults
    return { key: t.key, label: t.label, unit: t.unit, value: t.value, is_default: t.is_default };
  };
  const h = p.household;
  const rows = p.dataTables.rows;
  const y0 = p.dataTables.start_year;

  // The projection's first row covers only the rest of the as-of year (from the as-of day), so this year's figures
  // are the stored records in force in the as-of year, at their full yearly rate (as the engine annualises them).
  const inForce = (r: { start_year?: number; end_year?: number }) =>
    (r.start_year ?? y0) <= y0 && (r.end_year ?? y0) >= y0;
  const yearly = (r: { amount: number; frequency?: string; currency?: string }) =>
    cents(inHome(r.amount * (r.frequency === 'annual' ? 1 : 12), r.currency ?? h.currency ?? 'SGD'));

  // emergency fund: liquid cash and savings vs target months × the monthly expenses in force this year
  const ef = used('emergency_fund_months');
  const expensesC = (h.expenses ?? []).filter(inForce).reduce((a, e) => a + yearly(e), 0);
  const monthlyC = Math.round(expensesC / 12);
  const liquidC = cents(liquid);
  const targetC = Math.round(monthlyC * ef.value);
  const emergency_fund = {
    threshold: ef,
    liquid: money(liquidC),
    monthly_expenses: money(monthlyC),
    months_covered: monthlyC > 0 ? round2(liquidC / monthlyC) : null,
    target_months: ef.value,
    target_amount: money(targetC),
    shortfall: money(pos(targetC - liquidC)),
    met: liquidC >= targetC,
  };

  // cover per member: the member's Death and critical-illness rows of the insurance tab (insurance/coverage.ts), for
  // every member with an earned income or an advisor's target for either; the same cover, target and gap
  const life = used('life_cover_multiple');
  const ci = used('critical_illness_cover_multiple');
  const coverCheck = (t: typeof life, row: I.CoverageRow | undefined) => ({
    threshold: t,
    target_source: row?.target_source ?? 'threshold',
    cover: row?.unlimited ? 0 : (row?.cover ?? 0),
    unlimited: row?.unlimited ?? false,
    target: row?.target ?? 0,
    gap: row?.gap ?? 0,
    met: (row?.gap ?? 0) === 0,
  });
  const rowOf = (m: CoverageMember, type: string) => m.rows.find((r) => r.benefit_type === type);
  const targeted = (m: CoverageMember, type: string) => rowOf(m, type)?.target_source === 'advisor';
  const cover = coverage
    .filter((m) => m.annual_income > 0 || targeted(m, LIFE) || targeted(m, CRITICAL_ILLNESS))
    .map((m) => ({
      member_id: m.member_id,
      name: m.name,
      annual_income: m.annual_income,
      life: coverCheck(life, rowOf(m, LIFE)),
      critical_illness: coverCheck(ci, rowOf(m, CRITICAL_ILLNESS)),
    }));
  const incomeC = new Map(coverage.map((m) => [m.member_id, cents(m.annual_income)]));
  const names = new Map(coverage.map((m) => [m.member_id, m]));

  // debt service ratio: this year's loan repayments (12 × today's monthly instalments of the loans) / the gross
  // income in force this year (every income record at its yearly rate), vs the maximum
  const dsr = used('debt_service_ratio_max');
  const payC = cents(p.debt.total_monthly_repayment) * 12;
  const grossC = (h.incomes ?? []).filter(inForce).reduce((a, i) => a + yearly(i), 0);
  const ratio = grossC > 0 ? round2((payC * 100) / grossC) : null;
  const debt_service = {
    threshold: dsr,
    year: y0,
    loan_repayments: money(payC),
    gross_income: money(grossC),
    ratio_percent: ratio,
    max_percent: dsr.value,
    met: ratio === null ? payC === 0 : ratio <= dsr.value,
  };

  // retirement income replacement: the main member's first retirement year vs the last working year
  const rr = used('retirement_income_replacement');
  const main = h.members.find((m) => m.relation === 'me') ?? h.members.find((m) => (incomeC.get(m.id) ?? 0) > 0);
  const retireAge = main?.retirement_age ?? PROJECTION_DEFAULTS.retirement_age;
  const at = main ? rows.findIndex((r) => (r.ages[main.id] ?? -1) >= retireAge) : -1;
  const before = at > 0 ? rows[at - 1] : undefined;
  const after = at > 0 ? rows[at] : undefined;
  const earned = (r: (typeof rows)[number]) => cents(r.income) + cents(r.pension_payouts);
  // the as-of year's row is partial: its income is the one in force this year at the yearly rate (as above)
  const lastC = before ? (at === 1 ? grossC + cents(before.pension_payouts) : earned(before)) : null;
  const retC = after ? earned(after) : null;
  const pct = lastC && retC !== null ? round2((retC * 100) / lastC) : null;
  const retirement = {
    threshold: rr,
    member_id: main?.id ?? null,
    name: main ? (names.get(main.id)?.name ?? main.name ?? null) : null,
    retirement_year: after?.year ?? null,
    last_working_year: before?.year ?? null,
    last_working_income: lastC === null ? null : money(lastC),
    retirement_income: retC === null ? null : money(retC),
    replacement_percent: pct,
    target_percent: rr.value,
    met: pct === null ? null : pct >= rr.value,
  };

  return { emergency_fund, cover, debt_service, retirement };
}
