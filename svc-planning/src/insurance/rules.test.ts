import { premiumSchedule } from '../domain/calculations/premiums';
import {
  assetClassIssue,
  benefitIssues,
  benefitPosition,
  benefitValue,
  coveredUntil,
  ownersIssue,
  policyIssues,
  premiumDates,
  scheduleFromTransactions,
  toEngineBenefit,
  transactionIssues,
} from './rules';
import { shareLimitIssue } from '../records/verify';

const SGD = (amount: number) => ({ currency: 'SGD', amount });

describe('insurance rules', () => {
  it('benefit positions are the spec §5 ones', () => {
    expect(
      (
        [
          'Death',
          'Disability',
          'Major Illness',
          'Early Critical Illness',
          'Premium Waiver',
          'Medical',
          'Personal Accident',
          'Custom Benefit',
        ] as const
      ).map(benefitPosition),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, -1]);
  });

  it('names the missing key of each benefit type, and of the investment-linked variants', () => {
    expect(benefitIssues({ type: 'Death', payout: { lump_sum_payout: SGD(1) }, duration: 1 })).toEqual([
      { field: 'expiry_age', message: 'Death: expiry_age is required' },
    ]);
    expect(
      benefitIssues({ type: 'Personal Accident', expiry_age: 70, duration: 1, payout: { lump_sum_payout: SGD(1) } }),
    ).toEqual([{ field: 'medical_amount', message: 'Personal Accident: medical_amount is required' }]);
    expect(benefitIssues({ type: 'Custom Benefit', title: 'x', payout: { lump_sum_payout: SGD(1) } })).toEqual([
      { field: 'expiry_age', message: 'Custom Benefit: expiry_age or maturity_age is required' },
    ]);
    expect(benefitIssues({ type: 'Major Illness', investment_linked: true, maturity_age: 80 })[0]?.field).toBe(
      'critical_illness',
    );
    expect(benefitIssues({ type: 'Medical', investment_linked: true, expiry_age: 1 })[0]?.field).toBe(
      'investment_linked',
    );
    expect(benefitIssues({ type: 'Premium Waiver', premium_waiver: { payer: true } })).toEqual([]);
  });

  it('a payout holds a lump sum or a regular amount; a sent position must match the type', () => {
    expect(benefitIssues({ type: 'Death', expiry_age: 9, duration: 1, payout: {} })).toEqual([
      { field: 'payout', message: 'Enter a lump sum payout or a regular payout' },
    ]);
    expect(
      benefitIssues({
        type: 'Death',
        expiry_age: 9,
        duration: 1,
        payout: { regular: { currency: 'SGD', show: true } },
      })[0]?.field,
    ).toBe('payout.regular');
    expect(
      benefitIssues({
        type: 'Medical',
        benefit_position: 4,
        expiry_age: 9,
        medical: { currency: 'SGD', rnb: 'Private' },
      }),
    ).toEqual([{ field: 'benefit_position', message: 'Medical has the fixed position 5' }]);
  });

  it('amounts come from the engine: lump sum plus the regular payout over its duration, converted; -1 is unlimited', () => {
    const b = {
      type: 'Disability' as const,
      expiry_age: 65,
      duration: 10,
      payout: { lump_sum_payout: SGD(1000), regular: { currency: 'SGD', monthly_amount: 100, show: true } },
    };
    expect(benefitValue(b)).toBe(1000 + 100 * 12 * 10);
    expect(benefitValue(b, (a) => a * 2)).toBe(2 * (1000 + 100 * 12 * 10));
    const medical = toEngineBenefit({
      type: 'Medical',
      expiry_age: 100,
      medical: { currency: 'SGD', rnb: 'Private', annual_limit: -1 },
    });
    expect(medical.medical?.annual_limit).toBe(-1);
    expect(
      benefitValue({
        type: 'Medical',
        expiry_age: 100,
        medical: { currency: 'SGD', rnb: 'Private', annual_limit: -1 },
      }),
    ).toBe(0);
    expect(coveredUntil(medical)).toBe(100);
    expect(coveredUntil(toEngineBenefit({ type: 'Death', maturity_age: 85 }))).toBe(85);
  });

  it('percentages: owners total exactly 100; beneficiaries at most 100', () => {
    expect(ownersIssue([])).toBeNull();
    expect(ownersIssue([{ percentage: 60 }, { percentage: 40 }])).toBeNull();
    expect(ownersIssue([{ percentage: 60 }, { percentage: 30 }])?.field).toBe('owners');
    expect(shareLimitIssue([60, 30], 10, 'beneficiaries', 'this policy')).toBeNull();
    expect(shareLimitIssue([60, 30], 10.5, 'beneficiaries', 'this policy')?.message).toContain('100.5');
  });

  it('premium dates step by 1, 3, 6 or 12 months; a single premium is one date', () => {
    expect(premiumDates('2024-01-31', 'quarterly', '2024-12-31')).toEqual([
      '2024-01-31',
      '2024-04-30',
      '2024-07-31',
      '2024-10-31',
    ]);
    expect(premiumDates('2024-01-31', 'single', '2030-01-01')).toEqual(['2024-01-31']);
    expect(premiumDates('2024-03-01', 'annual', null, 3)).toEqual(['2024-03-01', '2025-03-01', '2026-03-01']);
  });

  it('transactions: the end date and unpaid dates are dates of the run; a custom one needs its date', () => {
    const t = { type: 'premium' as const, transaction_start_date: '2024-01-15', unpaid_at: [] };
    expect(transactionIssues({ ...t, transaction_end_date: '2024-07-15' }, 'semi_annual')).toEqual([]);
    expect(transactionIssues({ ...t, transaction_end_date: '2024-08-15' }, 'semi_annual')[0]?.field).toBe(
      'transaction_end_date',
    );
    expect(transactionIssues({ ...t, transaction_end_date: '2024-01-15' }, 'single')).toEqual([]);
    expect(transactionIssues({ ...t, transaction_end_date: '2025-01-15' }, 'single')[0]?.message).toContain(
      'single premium is one payment',
    );
    expect(
      transactionIssues({ ...t, transaction_end_date: '2025-01-15', unpaid_at: ['2024-02-15'] }, 'monthly'),
    ).toEqual([]);
    expect(
      transactionIssues({ ...t, transaction_end_date: '2025-01-15', unpaid_at: ['2024-02-16'] }, 'monthly')[0]?.field,
    ).toBe('unpaid_at.0');
    expect(transactionIssues({ type: 'custom', unpaid_at: [] }, 'annual')[0]?.field).toBe('transaction_date');
  });

  it('a policy: its end date after its start, its unpaid dates on its steps (payment term counted)', () => {
    const p = { frequency: 'annual' as const, policy_date: '2020-05-01', unpaid_at: ['2022-05-01'] };
    expect(policyIssues(p)).toEqual([]);
    expect(policyIssues({ ...p, premium_detail: { payment_term: 2 } })[0]?.field).toBe('unpaid_at.0');
    expect(policyIssues({ ...p, premium_end_date: '2020-01-01' })[0]?.field).toBe('premium_end_date');
  });

  it('the schedule of stored transactions: premium runs by frequency and custom payments, withdrawals left out', () => {
    const run = {
      type: 'premium' as const,
      transaction_start_date: '2024-01-15',
      transaction_end_date: '2024-10-15',
      amount: 250,
      unpaid_at: ['2024-04-15'],
    };
    const rows = scheduleFromTransactions('quarterly', [
      run,
      { type: 'custom', transaction_date: '2024-02-01', amount: 99, unpaid_at: [] },
      { type: 'custom', transaction_date: '2024-03-01', amount: 5, transaction_type: 'withdrawal', unpaid_at: [] },
    ]);
    expect(rows.map((r) => [r.date, r.amount])).toEqual([
      ['2024-01-15', 250],
      ['2024-02-01', 99],
      ['2024-07-15', 250],
      ['2024-10-15', 250],
    ]);
    const engine = premiumSchedule({
      premium: 250,
      frequency: 'quarterly',
      policy_date: '2024-01-15',
      premium_end_date: '2024-10-15',
      unpaid_at: ['2024-04-15'],
    });
    expect(scheduleFromTransactions('quarterly', [run])).toEqual(engine);
  });

  it('asset classes total 100 when given', () => {
    expect(assetClassIssue(undefined)).toBeNull();
    expect(assetClassIssue({ equity: 60, bond: 40, others: 0 })).toBeNull();
    expect(assetClassIssue({ equity: 60, bond: 30, others: 0 })?.field).toBe('asset_class');
  });
});
