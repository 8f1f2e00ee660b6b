import { rateBetween, SEED_RATES } from '@kinfolio/money';
import { recordDebtTotals, recordLoan } from './debt-explain';
import { dayNumber, today as todayDay, ymd } from './dates';
import { Explainer } from './explain';
import { treeOf } from './explain-tree';
import { MC_PROBABILITY } from './montecarlo-explain';
import { CalculationInputError, finiteTree } from './errors';
import { coverageTotals, type Benefit } from './insurance';
import {
  amortisationSchedule,
  instalment,
  monthsToRepay,
  otherMonthlyCosts,
  type ScheduleRow,
  tenureMonths,
  toCents,
  convertCents,
} from './loans';
import { type MonteCarloOptions, type MonteCarloResult, liquidByClass, monteCarlo } from './montecarlo';
import { premiumsPaidAndProjected } from './premiums';
import { type LifeEvent, type ProjectionOptions, type ProjectionResult, project } from './projection';
import { sumRule } from './projection-explain';
import { vehicleMonthlyCosts } from './property';
import { sortNames } from './tables/used';
import type { HouseholdInput, YearRow } from './types';

export * from './dates';
export { CalculationInputError } from './errors';
export * from './finance';
export * from './frequency';
export * from './insurance';
export * from './loans';
export * from './montecarlo';
export * from './ownership';
export * from './premiums';
export * from './projection';
export * from './property';
export * from './provident';
export * from './sale';
export * from './tax';
export type * from './types';

const r2 = (x: number) => {
  const v = Math.round((x + (x >= 0 ? 1e-9 : -1e-9)) * 100) / 100;
  return v === 0 ? 0 : v;
};

/**
 * POST calculate/debt: every loan's instalment, tenure, outstanding balance today, interest and schedule.
 * One rounding convention (docs/planning-model.md "Rounding"): each loan's schedule is computed in cents and every
 * figure of the reply is read from it, so the instalment is the schedule's payment, the outstanding balance is the
 * schedule's balance after the months paid, the interest is the sum of its rows, and the totals are sums of the
 * rounded per-loan figures (converted to the reply's currency and rounded in cents first).
 *
 * `ex` (issue 34): records each loan's `debt:<id>:instalment|outstanding|total_interest|running_costs` and the
 * `debt:total:…` sums, in the household currency, from the values computed here (debt-explain.ts).
 */
export function calculateDebt(h: HouseholdInput, ex: Explainer | null = null) {
  finiteTree(h, '');
  const asOf = h.as_of ? dayNumber(h.as_of, 'as_of') : todayDay();
  const { year, month } = ymd(asOf);
  const currency = (h.currency ?? 'SGD').toUpperCase();
  const rates = h.rates ?? SEED_RATES;
  let totalOutstandingCents = 0;
  let totalMonthlyCents = 0;
  let totalRunningCents = 0;
  const loans = (h.loans ?? []).map((l, k) => {
    let f: number;
    try {
      f = rateBetween(l.currency ?? currency, currency, rates);
    } catch {
      throw new CalculationInputError(`loans.${k}.currency`, `No stored rate for currency ${l.currency}`);
    }
    const type = l.type ?? 'annuity';
    let months = tenureMonths(l.loan_tenure);
    let chosen: number | undefined;
    if (l.repayment_amount !== undefined) {
      months = monthsToRepay(l.original_loan, l.loan_interest, l.repayment_amount);
      chosen = l.repayment_amount;
    }
    const formulaMonths = months;
    const exact = chosen ?? instalment(l.original_loan, l.loan_interest, months, type);
    const inst = toCents(exact);
    const schedule: readonly ScheduleRow[] = amortisationSchedule(
      l.original_loan,
      l.loan_interest,
      months,
      type,
      chosen,
    );
    months = schedule.length; // a schedule whose rounded payments clear the loan early ends early
    const paid = Math.max(0, Math.min(months, (year - l.starting_year) * 12 + (month - 1)));
    const outstanding = paid === 0 ? toCents(l.original_loan) : (schedule[paid - 1] as ScheduleRow).balance;
    let interestCents = 0;
    for (const r of schedule) interestCents += Math.round(r.interest * 100);
    const outstandingInCurrency = convertCents(outstanding, f);
    totalOutstandingCents += Math.round(outstandingInCurrency * 100);
    const other = toCents(otherMonthlyCosts(l));
    // repaid a month: the running loans' instalments only; their running costs (a car's fuel, insurance and road
    // tax, servicing, maintenance, other monthly costs) are a cost of the asset, not a repayment (issue 31)
    if (paid < months) {
      totalMonthlyCents += Math.round(convertCents(inst, f) * 100);
      totalRunningCents += Math.round(convertCents(other, f) * 100);
    }
    if (ex !== null)
      recordLoan(ex, {
        loan: l,
        currency,
        loanCurrency: (l.currency ?? currency).toUpperCase(),
        rate: f,
        type,
        formulaMonths,
        tenureGiven: l.loan_tenure !== undefined && l.loan_tenure !== null,
        chosen,
        exact,
        instalment: inst,
        schedule,
        paid,
        outstanding,
        outstandingInCurrency,
        interest: interestCents / 100,
        running: other,
        instalmentInCurrency: convertCents(inst, f),
        interestInCurrency: convertCents(interestCents / 100, f),
        runningInCurrency: convertCents(other, f),
      });
    return {
      id: l.id,
      kind: l.kind ?? 'other',
      type,
      instalment: inst,
      tenure_months: months,
      months_paid: paid,
      months_remaining: months - paid,
      outstanding,
      outstanding_in_currency: outstandingInCurrency,
      total_interest: interestCents / 100,
      other_monthly_expenses: other,
      end_year: l.starting_year + Math.floor((months - 1) / 12),
      schedule,
    };
  });
  if (ex !== null)
    recordDebtTotals(
      ex,
      loans.map((x, k) => ({
        loan: (h.loans ?? [])[k] as NonNullable<HouseholdInput['loans']>[number],
        running: x.months_paid < x.tenure_months,
      })),
      {
        outstanding: totalOutstandingCents / 100,
        monthly: totalMonthlyCents / 100,
        runningCosts: totalRunningCents / 100,
      },
    );
  return {
    currency,
    as_of: `${year}-${String(month).padStart(2, '0')}-${String(ymd(asOf).day).padStart(2, '0')}`,
    total_outstanding: totalOutstandingCents / 100,
    total_monthly_repayment: totalMonthlyCents / 100,
    total_monthly_running_costs: totalRunningCents / 100,
    loans,
  };
}

export { vehicleMonthlyCosts };

function coverage(h: HouseholdInput, asOfYear: number) {
  const ages = new Map<string, number>();
  for (const m of h.members) {
    const by = m.date_of_birth ? ymd(dayNumber(m.date_of_birth)).year : asOfYear - (m.age ?? 0);
    ages.set(m.id, asOfYear - by);
  }
  const policies = (h.insurances ?? []).map((p) => ({
    member_id: p.member_id,
    benefits: (p.benefits ?? []) as Benefit[],
  }));
  return coverageTotals(policies, ages);
}

/** A 2-decimal amount in whole cents. */
const cents = (x: number) => Math.round(x * 100);

/**
 * The year's Income (every inflow: employment and other incomes, rental, provident and pension payouts, CPF LIFE
 * included, insurance payouts and property sale net proceeds) and Expenses (every outflow: living and other expenses,
 * property costs, goals, tax, employee provident contributions, the cash part of loan repayments, insurance premiums
 * and investment contributions), summed in cents: Income − Expenses is the row's net cash flow to the cent
 * (docs/planning-model.md "Terms of the plan").
 */
export function cashFlowTerms(r: YearRow, ex: Explainer | null = null): { income: number; expenses: number } {
  const income = cents(r.income) + cents(r.pension_payouts) + cents(r.insurance_payouts) + cents(r.property_sales);
  const expenses =
    cents(r.tax) +
    cents(r.employee_contribution) +
    cents(r.expenses) +
    cents(r.premiums) +
    cents(r.loan_repayments) +
    cents(r.goals) +
    cents(r.investment_contributions);
  const out = { income: income / 100 + 0, expenses: expenses / 100 + 0 };
  if (ex !== null) {
    const y = r.year;
    const parts = (fields: string[]) => fields.map((f): [string, 1] => [`row:${y}:${f}`, 1]);
    const inflows = parts(['income', 'pension_payouts', 'insurance_payouts', 'property_sales']);
    const outflows = parts([
      'tax',
      'employee_contribution',
      'expenses',
      'premiums',
      'loan_repayments',
      'goals',
      'investment_contributions',
    ]);
    ex.sum(`cashflow:${y}:income`, out.income, inflows, { label: `Income, ${y}`, rule: sumRule(ex, inflows) });
    ex.sum(`cashflow:${y}:expenses`, out.expenses, outflows, { label: `Expenses, ${y}`, rule: sumRule(ex, outflows) });
  }
  return out;
}

/**
 * The plan's settings (docs/planning-model.md "Terms of the plan"): the household's saved scenario settings that
 * shape the one plan, its locked assets and its saved sell sequence. No scenario override or life event.
 */
export interface PlanSettings {
  sell_sequence?: string[];
  locked_assets?: string[];
}

/**
 * The plan: the one projection of a household with its saved plan settings. The report, the data table, scenario
 * modelling's current plan and Monte Carlo's base all come from this one call.
 */
export function planProjection(h: HouseholdInput, plan: PlanSettings = {}, explain?: Explainer): ProjectionResult {
  return project(h, { sell_sequence: plan.sell_sequence, locked_assets: plan.locked_assets, explain });
}

/** POST calculate/finance: the plan's yearly summary plus insurance coverage and premiums. */
export function calculateFinance(h: HouseholdInput, plan: PlanSettings = {}) {
  finiteTree(h, '');
  return financeOf(h, planProjection(h, plan));
}

/** calculate/finance's figures from a plan already projected (the report reads one projection for every tab). */
export function financeOf(h: HouseholdInput, p: ProjectionResult, ex: Explainer | null = null) {
  const asOf = h.as_of ?? new Date(todayDay() * 86_400_000).toISOString().slice(0, 10);
  const premiums = (h.insurances ?? []).map((s, k) => {
    const r = premiumsPaidAndProjected(s, asOf);
    if (!Number.isFinite(r.paid + r.projected))
      throw new CalculationInputError(`insurances.${k}.premium`, 'premium gives no finite total');
    return { id: s.id, paid_to_date: r2(r.paid), projected: r2(r.projected) };
  });
  const first = p.rows[0] as YearRow;
  return {
    ...planHead(p),
    current: {
      net_worth: first.net_worth,
      total_assets: first.total_assets,
      total_liabilities: first.total_liabilities,
      net_cash_flow: first.net_cash_flow,
    },
    years: p.rows.map((r) => {
      const { income, expenses } = cashFlowTerms(r, ex);
      return {
        year: r.year,
        income,
        outgoings: expenses,
        net_cash_flow: r.net_cash_flow,
        total_assets: r.total_assets,
        total_liabilities: r.total_liabilities,
        net_worth: r.net_worth,
      };
    }),
    coverage: coverage(h, p.start_year),
    premiums,
  };
}

/** POST calculate/data-tables: every yearly row of the plan. */
export function calculateDataTables(h: HouseholdInput, plan: PlanSettings = {}) {
  finiteTree(h, '');
  return dataTablesOf(planProjection(h, plan));
}

/** calculate/data-tables' figures from a plan already projected. */
export function dataTablesOf(p: ProjectionResult) {
  return { ...planHead(p), rows: p.rows };
}

/** What every reply on a projected plan opens with: its currency, years and the rate tables it used. */
function planHead(p: ProjectionResult) {
  return {
    currency: p.currency,
    start_year: p.start_year,
    end_year: p.end_year,
    money_runs_out_year: p.money_runs_out_year,
    tables: p.tables,
  };
}

/** GET net-worth: net worth = assets − liabilities by year. */
export function netWorthByYear(h: HouseholdInput, plan: PlanSettings = {}) {
  finiteTree(h, '');
  return planProjection(h, plan).rows.map((r) => ({
    year: r.year,
    total_assets: r.total_assets,
    total_liabilities: r.total_liabilities,
    net_worth: r.net_worth,
  }));
}

export interface ScenarioInput {
  overrides?: ProjectionOptions['overrides'];
  events?: LifeEvent[];
  sell_sequence?: string[];
  locked_assets?: string[];
  /**
   * `explain`: the reply's monte_carlo carries `probability_explanation` (issue 34), how the probability was reached
   * (the scenario service asks for it; not part of the request body).
   */
  monte_carlo?: MonteCarloOptions & { enabled?: boolean; explain?: boolean };
}

/** POST calculate/scenario-modelling: the current plan vs. the scenario (overrides, life events) + Monte Carlo of the scenario. */
export function calculateScenarioModelling(h: HouseholdInput, s: ScenarioInput = {}) {
  finiteTree(h, '');
  finiteTree(s, 'scenario');
  // the current plan is the plan (the report's projection); the scenario is the same plan with its overrides and events
  const base = planProjection(h, s);
  const scenario: ProjectionResult =
    s.overrides === undefined && (s.events === undefined || s.events.length === 0)
      ? base
      : project(h, {
          overrides: s.overrides,
          events: s.events,
          sell_sequence: s.sell_sequence,
          locked_assets: s.locked_assets,
        });
  const summary = (p: ProjectionResult) => ({
    money_runs_out_year: p.money_runs_out_year,
    final_net_worth: (p.rows[p.rows.length - 1] as YearRow).net_worth,
    years: p.rows.map((r) => ({
      year: r.year,
      net_worth: r.net_worth,
      net_cash_flow: r.net_cash_flow,
      insurance_payouts: r.insurance_payouts,
      asset_sales: r.asset_sales,
      shortfall: r.liabilities.shortfall,
    })),
    sold: p.sold,
  });
  let mc: (MonteCarloResult & { probability_explanation?: ReturnType<typeof treeOf> }) | null = null;
  if (s.monte_carlo?.enabled) {
    // the trials vary the returns around the scenario's own plan: its flows, its illiquid assets and what it sells
    // of them on a shortfall (sell order and locks included)
    const currency = scenario.currency;
    const rates = h.rates ?? SEED_RATES;
    const ex = s.monte_carlo.explain ? new Explainer() : null;
    mc = monteCarlo(
      scenario,
      liquidByClass(h, (c) => (c ? rateBetween(c, currency, rates) : 1)),
      s.monte_carlo,
      ex,
    );
    if (ex !== null) mc = { ...mc, probability_explanation: treeOf(ex, MC_PROBABILITY) };
  }
  return {
    currency: scenario.currency,
    base: summary(base),
    scenario: summary(scenario),
    money_runs_out_year: scenario.money_runs_out_year,
    // the versions both projections used (the trials run on the scenario's projection, so on its tables)
    tables: base === scenario ? base.tables : sortNames([...base.tables, ...scenario.tables]),
    monte_carlo: mc,
  };
}
