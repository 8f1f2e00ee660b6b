import type { Explainer } from '../domain/calculations/explain';
import { balanceSheet as B, type planning, reference as Ref } from '@kinfolio/contracts';
import fc from 'fast-check';
import { engineBalanceSheetOf, type StoredBalanceSheet } from '../balance-sheet/engine';
import type { StoredRecord } from '../records/repository';
import { projectHousehold } from './projection';
import { coverageRows } from '../insurance/coverage';
import { assembleReport, type Base, type ReportParts } from './read';

/**
 * Generated households for the consistency tests (issue 31): members, incomes and expenses (with and without start
 * and end years), CPF or EPF accounts, cash, funds, loans, a property with or without a sale plan, policies. The
 * balance sheet is generated as STORED records (parsed by their contracts, as the service stores them) and mapped
 * to the engine with the service's own mapping (balance-sheet/engine.ts engineBalanceSheetOf), so a report built
 * from them is the report the service would build (reports/read.ts assembleReport), with no database.
 */

export const AS_OF = '2026-03-01';
const YEAR = 2026;
export const RATES = { SGD: 1, RM: 3.3, MYR: 3.3, USD: 0.74 };

let seq = 0;
/** A record id that reads like a uuid (the contracts check them). */
const uuid = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;

const stored = <T extends object>(data: T, extra: Record<string, unknown> = {}): StoredRecord & T => {
  seq += 1;
  return {
    ...data,
    ...extra,
    id: uuid(seq),
    lead_id: uuid(0),
    position: seq,
    created_at: `${YEAR}-01-01T00:00:00.000Z`,
    updated_at: `${YEAR}-01-01T00:00:00.000Z`,
  } as StoredRecord & T;
};

const money = (min: number, max: number) => fc.integer({ min: min / 100, max: max / 100 }).map((x) => x * 100);

const memberArb = fc.record({
  age: fc.integer({ min: 25, max: 62 }),
  retirement_age: fc.option(fc.integer({ min: 55, max: 70 }), { nil: undefined }),
  salary: money(0, 15_000),
  spouse: fc.boolean(),
  spouseAge: fc.integer({ min: 25, max: 62 }),
});

const incomeArb = fc.record({
  kind: fc.constantFrom('gross income' as const, 'bonus' as const, 'business income' as const, 'dividend' as const),
  amount: money(100, 12_000),
  frequency: fc.constantFrom('monthly' as const, 'annual' as const),
  growth_rate: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  years: fc.option(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 20 })), { nil: undefined }),
  spouse: fc.boolean(),
});
const expenseArb = fc.record({
  category: fc.constantFrom('food', 'transport', 'utilities', 'living expense', 'education'),
  amount: money(100, 9_000),
  frequency: fc.constantFrom('monthly' as const, 'annual' as const),
  inflation_rate: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  years: fc.option(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 10 })), { nil: undefined }),
});
const pensionArb = fc.record({
  scheme: fc.constantFrom('CPF' as const, 'EPF' as const),
  a: money(0, 300_000),
  b: money(0, 150_000),
  c: money(0, 80_000),
});
const fundArb = fc.record({ value: money(0, 400_000), rate: fc.integer({ min: 0, max: 8 }), savings: fc.boolean() });
const loanArb = fc.record({
  type: fc.constantFrom('mortgage' as const, 'property' as const, 'vehicle' as const, 'other' as const),
  loan: money(10_000, 900_000),
  rate: fc.integer({ min: 1, max: 60 }).map((x) => x / 10),
  tenure: fc.integer({ min: 5, max: 30 }),
  start: fc.integer({ min: 2012, max: 2028 }),
  price: money(200_000, 1_500_000),
  grown: fc.integer({ min: 80, max: 140 }),
  growth: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  sale: fc.option(
    fc.record({ year: fc.integer({ min: 2027, max: 2060 }), price: fc.option(money(300_000, 2_500_000)) }),
    {
      nil: undefined,
    },
  ),
  cpf: fc.option(money(10_000, 200_000), { nil: undefined }),
  fromOa: fc.option(money(100, 2_000), { nil: undefined }),
});
const policyArb = fc.record({
  premium: money(100, 8_000),
  frequency: fc.constantFrom('yearly', 'monthly'),
  since: fc.integer({ min: 2005, max: 2026 }),
  cover: money(10_000, 800_000),
  type: fc.constantFrom('Death', 'Critical Illness', 'Total and Permanent Disability'),
  expiry: fc.integer({ min: 65, max: 99 }),
  spouse: fc.boolean(),
});

export interface Generated {
  household: planning.Household;
  balance: StoredBalanceSheet;
  currency: 'SGD' | 'RM';
}

/** A household: stored balance-sheet records and the engine household the service would map them to. */
export const householdArb: fc.Arbitrary<Generated> = fc
  .record({
    rm: fc.boolean(),
    member: memberArb,
    incomes: fc.array(incomeArb, { maxLength: 3 }),
    expenses: fc.array(expenseArb, { minLength: 1, maxLength: 3 }),
    pensions: fc.array(pensionArb, { maxLength: 2 }),
    funds: fc.array(fundArb, { maxLength: 3 }),
    investments: fc.array(fundArb, { maxLength: 2 }),
    loans: fc.array(loanArb, { maxLength: 2 }),
    policies: fc.array(policyArb, { maxLength: 2 }),
  })
  .map((g) => {
    const currency = g.rm ? 'RM' : 'SGD';
    const me = uuid(900_001);
    const spouse = uuid(900_002);
    const members: planning.Household['members'] = [
      { id: me, relation: 'me', age: g.member.age, gender: 'male', retirement_age: g.member.retirement_age },
    ];
    if (g.member.spouse) members.push({ id: spouse, relation: 'spouse', age: g.member.spouseAge, gender: 'female' });
    const who = (s: boolean) => (s && g.member.spouse ? spouse : me);
    const span = (y: [number, number] | undefined) =>
      y === undefined ? {} : { start_year: YEAR + y[0], end_year: YEAR + y[0] + y[1] };
    const scheme = (s: 'CPF' | 'EPF') => (currency === 'RM' ? 'EPF' : s);
    const balance: StoredBalanceSheet = {
      savings: g.funds.map((f) =>
        stored(
          B.SavingFund.parse({
            kind: f.savings ? 'savings' : 'cash',
            currency,
            current_value: f.value,
            growth_rate: f.rate,
            owner: me,
          }),
        ),
      ),
      portfolios: g.investments.map((f) =>
        stored(B.PortfolioFund.parse({ currency, current_value: f.value, expected_return: f.rate, owner: me })),
      ),
      pensions: g.pensions.slice(0, g.member.spouse ? 2 : 1).map((p, k) => {
        const s = scheme(p.scheme);
        return stored(
          B.PensionAccount.parse({
            member_id: k === 0 ? me : spouse,
            type: s,
            currency,
            ...(s === 'CPF'
              ? { cpf_oa: p.a, special: p.b, medisave: p.c }
              : { account1_amount: p.a, account2_amount: p.b, account3_amount: p.c }),
            monthly_contribution: k === 0 && g.member.salary > 0 ? { salary: g.member.salary } : {},
          }),
        );
      }),
      debts: g.loans.map((l) => {
        const property = l.type === 'mortgage' || l.type === 'property';
        return stored(
          B.Debt.parse({
            type: l.type,
            name: `${l.type} ${seq}`,
            currency,
            owner: me,
            ...(l.type === 'property'
              ? {}
              : { original_loan: l.loan, loan_interest: l.rate, loan_tenure: l.tenure, starting_year: l.start }),
            ...(property
              ? {
                  starting_year: l.start,
                  purchase_price: l.price,
                  market_value: Math.round((l.price * l.grown) / 100),
                  growth_rate: l.growth,
                  future_selling_year: l.sale?.year,
                  future_selling_price: l.sale?.price ?? undefined,
                  pension: l.cpf === undefined ? undefined : { my_amount: l.cpf },
                }
              : {}),
            ...(l.type === 'mortgage' && l.fromOa !== undefined && g.pensions.length
              ? { using_pension: true, pension_for_installment: l.fromOa }
              : {}),
          }),
        );
      }),
      rentals: [],
    };
    seq += 1;
    const household = {
      customer_id: uuid(0),
      as_of: AS_OF,
      currency,
      rates: RATES,
      members,
      incomes: g.incomes.map((i, k) => ({
        id: uuid(800_000 + k),
        member_id: who(i.spouse),
        kind: i.kind,
        amount: i.amount,
        frequency: i.frequency,
        currency,
        growth_rate: i.growth_rate,
        ...span(i.years),
      })),
      expenses: g.expenses.map((e, k) => ({
        id: uuid(810_000 + k),
        member_id: me,
        category: e.category,
        amount: e.amount,
        frequency: e.frequency,
        currency,
        inflation_rate: e.inflation_rate,
        ...span(e.years),
      })),
      insurances: g.policies.map((p, k) => ({
        id: uuid(820_000 + k),
        member_id: who(p.spouse),
        frequency: p.frequency,
        premium: p.premium,
        policy_date: `${p.since}-01-15`,
        currency,
        benefits: [{ type: p.type, expiry_age: p.expiry, payout: { lump_sum_payout: { amount: p.cover } } }],
      })),
      ...Object.fromEntries(Object.entries(engineBalanceSheetOf(balance)).filter(([, v]) => v?.length)),
    } as unknown as planning.Household;
    return { household, balance, currency };
  });

/** The planning thresholds at their defaults (reference/thresholds/read.ts with nothing stored). */
export const THRESHOLDS: Ref.Threshold[] = Ref.THRESHOLD_DEFAULTS.map((d) => ({
  id: null,
  key: d.key,
  label: d.label,
  unit: d.unit,
  value: d.value,
  default: d.value,
  is_default: true,
}));

/** The report base of a generated household: the parts `build` reads, then the service's pure assembly. */
export function reportOf(g: Generated, ex: Explainer | null = null): Base {
  const p = projectHousehold(g.household, {}, ex);
  const { balance, household } = g;
  const parts: ReportParts = {
    hh: { id: uuid(0), currency: g.currency },
    asOf: AS_OF,
    p,
    // the insurance tab's one computation (insurance/coverage.ts) on the members, with no policy or target stored
    coverage: {
      lead_id: uuid(0),
      currency: g.currency,
      ...coverageRows(
        {
          currency: g.currency,
          members: household.members.map((m) => ({ id: m.id, name: m.name ?? '', age: m.age ?? null })),
          benefits: [],
          targets: [],
          thresholds: THRESHOLDS,
          earned: new Map(),
        },
        ex,
      ),
    },
    recs: {
      saving_funds: balance.savings,
      portfolio_funds: balance.portfolios,
      portfolio_fund_details: [],
      pension_accounts: balance.pensions,
      debts: balance.debts,
      debt_rental_incomes: balance.rentals,
    },
    rateRows: Object.entries(RATES).map(([code, rate]) => ({ code, rate })),
    thresholds: THRESHOLDS,
    ex,
  };
  return assembleReport(parts);
}
