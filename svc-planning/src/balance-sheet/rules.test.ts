import { balanceSheet as B } from '@kinfolio/contracts';
import fc from 'fast-check';
import { project } from '../domain/calculations/projection';
import { engineLoan, engineProperty, pensionInput } from './engine';
import {
  contributionPercentagesIn,
  debtIssues,
  defaultContributionPercentages,
  monthlyContributions,
  monthsHeld,
  outstandingByYear,
  runIssues,
  shareFor,
} from './rules';
import { shareLimitIssue } from '../records/verify';

const debt = (extra: Record<string, unknown>) => B.Debt.parse({ currency: 'SGD', ...extra });
const M1 = '00000000-0000-4000-8000-000000000001';
/** A pension account of member M1 as stored (the contract's defaults filled in). */
const pension = (type: B.PensionAccount['type'], currency: string, mc: Record<string, unknown>) =>
  B.PensionAccount.parse({ member_id: M1, type, currency, monthly_contribution: mc });
/** The projection's employee contribution in 2026 of M1 aged `age` (still working) with account `p` alone. */
const projectedEmployee2026 = (p: B.PensionAccount, age: number): number | undefined =>
  project({
    as_of: '2026-01-01',
    currency: p.currency,
    members: [{ id: M1, relation: 'me' as const, age, retirement_age: 99 }],
    pensions: [{ ...pensionInput({ ...p, id: 'p1' }), cpf_extra_interest: false }],
  }).rows.find((r) => r.year === 2026)?.employee_contribution;

describe('balance-sheet rules', () => {
  it('owner and beneficiary records of one parent total at most 100', () => {
    expect(shareLimitIssue([60, 30], 10, 'owners')).toBeNull();
    expect(shareLimitIssue([60, 30], 10.5, 'owners')?.field).toBe('percentage');
  });

  it("CPF percentages left empty are the age table's of the year (CPF Board from 1 January 2026: 17/20 to 55, 16/18 to 60, 7.5/5 over 70; issue 32: the spec's 15/16 is the 2024 table)", () => {
    const p = (mc: Record<string, unknown>) =>
      B.PensionAccount.parse({
        member_id: crypto.randomUUID(),
        type: 'CPF',
        currency: 'SGD',
        monthly_contribution: mc,
      });
    expect(contributionPercentagesIn(p({}), 40, 2026)).toMatchObject({
      employer_percentage: 17,
      employee_percentage: 20,
    });
    expect(contributionPercentagesIn(p({}), 58, 2026)).toMatchObject({
      employer_percentage: 16,
      employee_percentage: 18,
    });
    expect(contributionPercentagesIn(p({}), 58, 2024)).toMatchObject({
      employer_percentage: 15,
      employee_percentage: 16,
    });
    expect(contributionPercentagesIn(p({}), 75, 2026)).toMatchObject({
      employer_percentage: 7.5,
      employee_percentage: 5,
    });
    expect(contributionPercentagesIn(p({ employee_percentage: 3 }), 40, 2026)).toMatchObject({
      employer_percentage: 17,
      employee_percentage: 3,
    });
    expect(contributionPercentagesIn(p({ self_employed: true }), 40, 2026)).toMatchObject({
      employer_percentage: 0,
    });
    expect(contributionPercentagesIn(p({}), null, 2026).employer_percentage).toBeUndefined();
  });

  it('the save stores the percentages as entered: empty ones stay empty, typed ones stay', () => {
    const p = B.PensionAccount.parse({
      member_id: crypto.randomUUID(),
      type: 'CPF',
      currency: 'SGD',
      monthly_contribution: { salary: 5000, employee_percentage: 18 },
    });
    const stored = defaultContributionPercentages(p, 40, 2026);
    expect(stored.employer_percentage).toBeUndefined();
    expect(stored.employee_percentage).toBe(18);
    // shown today: the empty employer percentage is the table's for the age (17 up to 55)
    expect(monthlyContributions(p, 40, 2026)).toMatchObject({ employer: 850, employee: 900, total: 1750 });
  });

  it("issue 31 (7): the Pension tab's contribution is the engine's rule: 8,500 a month pays on the 8,000 ceiling, 2,960 a month (not 3,145), employee 1,600 = the projection's 19,200 / 12", () => {
    const p = pension('CPF', 'SGD', { salary: 8500 });
    // by hand: base min(8,500, 8,000) = 8,000; employer 17% = 1,360; employee 20% = 1,600; total 2,960
    expect(monthlyContributions(p, 40, 2026)).toEqual({
      wage: 8500,
      base: 8000,
      employer_percentage: 17,
      employee_percentage: 20,
      employer: 1360,
      employee: 1600,
      total: 2960,
    });
    expect(projectedEmployee2026(p, 40)).toBe(19_200);
    // a typed percentage applies on the same ceiling; self-employed: no employer
    const own = pension('CPF', 'SGD', { salary: 8500, employee_percentage: 10, self_employed: true });
    expect(monthlyContributions(own, 40, 2026)).toMatchObject({ employer: 0, employee: 800, total: 800 });
    // EPF: the whole wage (no ceiling), employer 12% above RM 5,000: 8,500 × 12% = 1,020, × 11% = 935
    const epf = pension('EPF', 'RM', { salary: 8500 });
    expect(monthlyContributions(epf, 40, 2026)).toMatchObject({
      base: 8500,
      employer: 1020,
      employee: 935,
      total: 1955,
    });
    // without an age only typed percentages apply
    expect(monthlyContributions(p, null, 2026)).toMatchObject({ employer: 0, employee: 0, total: 0 });
  });

  it("issue 31 (7), property: the projection charges twelve of the tab's employee contribution in every scheme, age, wage and typed rate", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('CPF' as const, 'EPF' as const, 'Pension' as const),
        fc.integer({ min: 18, max: 80 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
        (type, age, wageCents, typed) => {
          const p = pension(type, type === 'EPF' ? 'RM' : 'SGD', {
            salary: wageCents / 100,
            ...(typed === undefined ? {} : { employee_percentage: typed }),
          });
          // the tab rounds the month to the cent; the projection charges the unrounded month twelve times
          const tab = monthlyContributions(p, age, 2026);
          expect(Math.abs((projectedEmployee2026(p, age) ?? 0) - 12 * tab.employee)).toBeLessThanOrEqual(0.06 + 1e-9);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a stored CPF account with empty percentages gets the next band when the member crosses it; typed ones stay', () => {
    // Aged 54 on 1 January 2026, 5,000 a month (under the 8,000 ceiling), no increments. The CPF table's employee
    // rate is 20% up to 55 and, from 56 to 60, 19% in the table in force in 2028 (CPF's 2027 rates, issue 32): 2026 and
    // 2027 pay 5,000 · 12 · 20% = 12,000, 2028 (56) 5,000 · 12 · 19% = 11,400 (before: the spec's 16%, 9,600). An
    // employee percentage typed as 20 keeps paying 12,000 in 2028.
    const M1 = '00000000-0000-4000-8000-000000000001';
    const account = (mc: Record<string, unknown>) => {
      const p = B.PensionAccount.parse({
        member_id: M1,
        type: 'CPF',
        currency: 'SGD',
        cpf_oa: 0,
        special: 0,
        medisave: 0,
        cpf_ra: 0,
        monthly_contribution: { salary: 5000, ...mc },
      });
      // as the save stores it, then as the engine reads it
      return pensionInput({ ...p, id: 'p1', monthly_contribution: defaultContributionPercentages(p, 54, 2026) });
    };
    const employee = (mc: Record<string, unknown>, year: number) =>
      project({
        as_of: '2026-01-01',
        currency: 'SGD',
        members: [{ id: M1, relation: 'me', age: 54, retirement_age: 70 }],
        pensions: [{ ...account(mc), cpf_extra_interest: false }],
      }).rows.find((r) => r.year === year)?.employee_contribution;
    expect(account({}).employee_percent).toBeUndefined();
    expect(employee({}, 2026)).toBe(12_000);
    expect(employee({}, 2027)).toBe(12_000);
    expect(employee({}, 2028)).toBe(11_400);
    expect(employee({ employee_percentage: 20 }, 2028)).toBe(12_000);
    // self-employed: no employer contribution whatever the age
    expect(account({ self_employed: true }).employer_percent).toBe(0);
  });

  it('loans the engine refuses name the field: tenure 0, a repayment below the interest', () => {
    const loan = { original_loan: 100000, loan_interest: 12, starting_year: 2024 };
    expect(debtIssues(debt({ ...loan, loan_tenure: 0 })).map((i) => i.field)).toEqual(['loan_tenure']);
    expect(debtIssues(debt({ ...loan, repayment: { amount: 1000 } })).map((i) => i.field)).toEqual([
      'repayment.amount',
    ]);
    expect(debtIssues(debt({ ...loan, loan_tenure: 10 }))).toEqual([]);
    expect(debtIssues(debt({ type: 'property', purchase_price: 1 }))).toEqual([]);
  });

  it('outstanding by year reads the schedule after 12 instalments a year; the last year ends at 0', () => {
    const schedule = Array.from({ length: 30 }, (_, i) => ({ balance: 30 - (i + 1) }));
    expect(outstandingByYear(2024, schedule)).toEqual([
      { year: 2024, months_paid: 12, balance: 18 },
      { year: 2025, months_paid: 24, balance: 6 },
      { year: 2026, months_paid: 30, balance: 0 },
    ]);
  });

  it('months held: from the first instalment date (else January of the starting year) to 1 January of the selling year', () => {
    expect(
      monthsHeld(
        debt({ starting_year: 2023, installment_transaction: { transaction_start_date: '2023-05-01' } }),
        2025,
      ),
    ).toBe(20);
    expect(monthsHeld(debt({ starting_year: 2020 }), 2022)).toBe(24);
  });

  it('runs: unpaid dates must be dates of the run; single transactions have none', () => {
    expect(
      runIssues({
        transaction_type: 'recurring',
        frequency: 'monthly',
        transaction_start_date: '2024-01-31',
        unpaid_at: ['2024-02-29'],
      }),
    ).toEqual([]);
    expect(
      runIssues({
        transaction_type: 'recurring',
        frequency: 'quarterly',
        transaction_start_date: '2024-01-01',
        unpaid_at: ['2024-02-01'],
      })[0]?.field,
    ).toBe('unpaid_at.0');
    expect(
      runIssues({ transaction_type: 'single', transaction_date: '2024-01-01', unpaid_at: ['2024-01-01'] })[0]?.field,
    ).toBe('unpaid_at');
    expect(runIssues({ transaction_type: 'recurring', transaction_start_date: '2024-01-01' })[0]?.field).toBe(
      'frequency',
    );
    expect(runIssues({ transaction_start_date: '2024-02-01', transaction_end_date: '2024-01-01' })[0]?.field).toBe(
      'transaction_end_date',
    );
  });

  it('§6 shares: by the listed owners, else the owner, else the household’s', () => {
    const me = { id: 'a', relation: 'me' as const };
    expect(
      shareFor(me, undefined, [
        { owner_id: 'a', percentage: 30 },
        { owner_id: 'b', percentage: 70 },
      ]),
    ).toBe(0.3);
    expect(shareFor(me, 'b', [])).toBe(0);
    expect(shareFor(me, undefined, [])).toBe(1);
    expect(shareFor({ id: 'j', relation: 'joint' }, 'b', [])).toBe(1);
    expect(shareFor(null, 'b', [])).toBe(1);
  });

  it('issue 31: the engine gets the whole sale plan (selling price, fee, purchase date, each owner’s pension, the refund rate)', () => {
    const stored = (extra: Record<string, unknown>) => ({
      ...debt({
        purchase_price: 600_000,
        market_value: 720_000,
        starting_year: 2021,
        installment_transaction: { transaction_start_date: '2021-03-01' },
        future_selling_year: 2045,
        future_selling_price: 800_000,
        future_transaction_fee: 16_000,
        future_outstanding_loan: 90_000,
        pension: { my_amount: 100_000, spouse_amount: 50_000 },
        cpf_oa_repayment: 5_000,
        cpf_growth_rate: 2,
        owner: '00000000-0000-4000-8000-000000000001',
        ...extra,
      }),
      id: 'd1',
      lead_id: 'h',
      position: 0,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    });
    const spouse = () => 'spouse-id';
    const owned = engineProperty(stored({ type: 'property' }), [], spouse);
    expect(owned).toMatchObject({
      future_selling_price: 800_000,
      future_transaction_fee: 16_000,
      future_outstanding_loan: 90_000, // no loan: the advisor's figure
      purchase_date: '2021-03-01',
      pension_used: 105_000, // my amount and the lump sum, to the owner's account
      pension_member_id: '00000000-0000-4000-8000-000000000001',
      pension_uses: [{ member_id: 'spouse-id', amount: 50_000 }],
      refund_growth_rate: 2,
    });
    // without a partner in the household the spouse's amount returns to the owner's account
    expect(engineProperty(stored({ type: 'property' }), []).pension_used).toBe(155_000);
    // a mortgage: the schedule decides the loan at the sale, and both monthly pension parts leave the OA
    const mortgage = stored({
      type: 'mortgage',
      original_loan: 420_000,
      loan_interest: 2.6,
      loan_tenure: 30,
      using_pension: true,
      pension_for_installment: 800,
      using_pension_for_repayment: true,
      pension_for_repayment: 200,
    });
    expect(engineProperty(mortgage, [], spouse)).toMatchObject({ loan_id: 'd1' });
    expect(engineProperty(mortgage, [], spouse).future_outstanding_loan).toBeUndefined();
    expect(engineLoan(mortgage).pension_monthly).toBe(1000);
  });
});
