import type { reports as R, reference as Ref } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
import { PROJECTION_DEFAULTS } from '../domain/calculations/projection';
import type { HouseholdProjection } from './projection';

/**
 * Issue 15: the financial report's checks, the household measured against the planning thresholds in force
 * (reference/thresholds/read.ts planningThresholds: an admin's stored value or the default). Amounts in the
 * household's currency, summed in integer cents and rounded to 2 decimals as the rest of the report; months and
 * percentages to 2 decimals. docs/decisions/reports.md "Checks against the planning thresholds".
 */
type Key = (typeof Ref.THRESHOLD_DEFAULTS)[number]['key'];
type CoverRow = { benefit_type: string; cover: number; unlimited: boolean };

/** Incomes earned by work: what a cover multiple and the retirement replacement measure. */
const EARNED = new Set(['gross income', 'bonus', 'business income']);
/** The report's insurance rows the cover checks read: life = Death, critical illness = Major Illness. */
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
  members: Array<{ member_id: string; name: string; rows: CoverRow[] }>;
  /** An amount in `currency` into the household currency, 2 decimals (read.ts inHome). */
  inHome: (amount: number, currency: string) => number;
}

export function reportChecks({ p, thresholds, liquid, members, inHome }: CheckInput): R.ReportChecks {
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

  // cover per earning member: cover held vs multiple × the member's annual earned income in force this year
  const incomeC = new Map<string, number>();
  for (const i of h.incomes ?? []) {
    if (!EARNED.has(i.kind) || !inForce(i)) continue;
    incomeC.set(i.member_id, (incomeC.get(i.member_id) ?? 0) + yearly(i));
  }
  const life = used('life_cover_multiple');
  const ci = used('critical_illness_cover_multiple');
  const coverCheck = (t: typeof life, held: CoverRow[], annualC: number) => {
    const unlimited = held.some((r) => r.unlimited);
    const coverC = held.reduce((a, r) => a + cents(r.cover), 0);
    const targetC2 = Math.round(annualC * t.value);
    const gapC = unlimited ? 0 : pos(targetC2 - coverC);
    return {
      threshold: t,
      cover: money(coverC),
      unlimited,
      target: money(targetC2),
      gap: money(gapC),
      met: gapC === 0,
    };
  };
  const names = new Map(members.map((m) => [m.member_id, m]));
  const cover = h.members
    .filter((m) => (incomeC.get(m.id) ?? 0) > 0)
    .map((m) => {
      const held = names.get(m.id)?.rows ?? [];
      const annualC = incomeC.get(m.id) ?? 0;
      return {
        member_id: m.id,
        name: names.get(m.id)?.name ?? m.name ?? '',
        annual_income: money(annualC),
        life: coverCheck(
          life,
          held.filter((r) => r.benefit_type === LIFE),
          annualC,
        ),
        critical_illness: coverCheck(
          ci,
          held.filter((r) => r.benefit_type === CRITICAL_ILLNESS),
          annualC,
        ),
      };
    });

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
