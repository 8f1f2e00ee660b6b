import { moveItem } from '../../shared/form/reorder';
import { tooltipCells } from './InsuranceTooltip';
import {
  BENEFIT_TYPES,
  benefitBody,
  benefitForm,
  benefitPosition,
  benefitProblems,
  emptyBenefit,
  payoutYears,
  percentageProblem,
  premiumSchedule,
} from './model';

const filled = (type: string, extra: Record<string, string> = {}) => ({ ...emptyBenefit(type, 'SGD'), ...extra });

describe('insurance tooltip cells (§3)', () => {
  it("shows '(Age N)', an empty name when missing and 'NA' for a missing year or years", () => {
    expect(tooltipCells({ name: 'Alex', age: 42, year: 2084, years_to_mature: 58 })).toEqual({
      name: 'Alex (Age 42)',
      year: '2084',
      years: '58',
    });
    expect(tooltipCells({ name: null, age: null, year: null, years_to_mature: undefined })).toEqual({
      name: '',
      year: 'NA',
      years: 'NA',
    });
  });
});

describe('benefit types (§5)', () => {
  it('have the fixed positions', () => {
    expect(BENEFIT_TYPES.map((b) => [b.type, benefitPosition(b.type)])).toEqual([
      ['Death', 0],
      ['Disability', 1],
      ['Major Illness', 2],
      ['Early Critical Illness', 3],
      ['Premium Waiver', 4],
      ['Medical', 5],
      ['Personal Accident', 6],
      ['Custom Benefit', -1],
    ]);
  });

  const ok = { expiry_age: '99', duration: '1', lump_sum_payout: '100000' };
  it.each(['Death', 'Disability', 'Major Illness', 'Early Critical Illness'])(
    '%s needs expiry_age, payout and duration',
    (type) => {
      expect(Object.keys(benefitProblems(filled(type))).sort()).toEqual(['duration', 'expiry_age', 'lump_sum_payout']);
      expect(benefitProblems(filled(type, ok))).toEqual({});
    },
  );
  it('Premium Waiver needs a waiver', () => {
    expect(Object.keys(benefitProblems(filled('Premium Waiver')))).toEqual(['pw_payer']);
    expect(benefitProblems(filled('Premium Waiver', { pw_non_payer_death: 'true' }))).toEqual({});
  });
  it('Medical needs expiry_age and the medical cover', () => {
    expect(Object.keys(benefitProblems(filled('Medical'))).sort()).toEqual(['expiry_age', 'rnb']);
    expect(benefitProblems(filled('Medical', { expiry_age: '99', rnb: 'Private' }))).toEqual({});
  });
  it('Personal Accident also needs medical_amount', () => {
    expect(Object.keys(benefitProblems(filled('Personal Accident', ok)))).toEqual(['medical_amount']);
    expect(benefitProblems(filled('Personal Accident', { ...ok, medical_amount: '5000' }))).toEqual({});
  });
  it('Custom Benefit needs a title, payout and an expiry or maturity age', () => {
    expect(Object.keys(benefitProblems(filled('Custom Benefit'))).sort()).toEqual([
      'expiry_age',
      'lump_sum_payout',
      'title',
    ]);
    expect(
      benefitProblems(filled('Custom Benefit', { title: 'Hospital cash', maturity_age: '80', regular_annual: '1200' })),
    ).toEqual({});
  });
  it('investment-linked variants use maturity_age; Death needs lump_sum, Major Illness critical_illness', () => {
    expect(Object.keys(benefitProblems(filled('Death', { investment_linked: 'true' }))).sort()).toEqual([
      'lump_sum',
      'maturity_age',
    ]);
    expect(
      Object.keys(benefitProblems(filled('Major Illness', { investment_linked: 'true', maturity_age: '85' }))),
    ).toEqual(['ci_guard']);
  });
  it("sends only the type's fields, in the benefit template's shape", () => {
    const b = filled('Medical', {
      expiry_age: '99',
      rnb: 'A-Class (Public)',
      annual_limit: '-1',
      lump_sum_payout: '5',
    });
    expect(benefitBody(b)).toEqual({
      type: 'Medical',
      expiry_age: 99,
      medical: { currency: 'SGD', rnb: 'A-Class (Public)', annual_limit: -1 },
    });
    // and reads a stored one back
    expect(
      benefitForm({ type: 'Medical', expiry_age: 99, medical: { currency: 'RM', rnb: 300 } }, 'SGD'),
    ).toMatchObject({
      currency: 'RM',
      rnb: '300',
      expiry_age: '99',
    });
  });
});

describe('schedules (§4)', () => {
  it('premium dates step by the frequency; a single premium is one payment', () => {
    expect(premiumSchedule('2024-01-31', '2024-06-30', 'monthly')).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
    ]);
    expect(premiumSchedule('2024-03-01', '2025-03-01', 'quarterly')).toHaveLength(5);
    expect(premiumSchedule('2024-03-01', '2026-03-01', 'annual')).toEqual(['2024-03-01', '2025-03-01', '2026-03-01']);
    expect(premiumSchedule('2024-03-01', '2030-03-01', 'single')).toEqual(['2024-03-01']);
  });
  it('payout years follow the period and the dividend frequency', () => {
    expect(payoutYears('2020-06-01', 1, 5, 'every year')).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(payoutYears('2020-06-01', 1, 5, 'every 2 years')).toEqual([2020, 2022, 2024]);
  });
});

describe('percentages and order', () => {
  it('beneficiary shares must total 100', () => {
    const p = (percentage: string) => ({ id: '', member_id: '', name: 'x', relationship: '', percentage });
    expect(percentageProblem([])).toBeNull();
    expect(percentageProblem([p('60'), p('40')])).toBeNull();
    expect(percentageProblem([p('60')])).toBe('The percentages add up to 60%; they must add up to 100%');
  });
  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('plan premiums by age', () => {
  it('reads and writes the lines age, male, female', () => {
    const { agesText, parseAges } = jest.requireActual('./model') as typeof import('./model');
    expect(parseAges('40, 1200, 1100\n41,,1150\n\nx, 1')).toEqual([
      { age: 40, male: 1200, female: 1100 },
      { age: 41, female: 1150 },
    ]);
    expect(
      agesText([
        { age: 40, male: 1200, female: 1100 },
        { age: 41, female: 1150 },
      ]),
    ).toBe('40, 1200, 1100\n41, , 1150');
  });
});

describe('insurance funds', () => {
  it('shares of new premiums: none, or every fund with a total of 100; asset classes total 100', () => {
    const { fundBalancingProblem, assetClassProblem } = jest.requireActual('./model') as typeof import('./model');
    expect(fundBalancingProblem([{ asset_balancing: '' }, { asset_balancing: '' }])).toBeNull();
    expect(fundBalancingProblem([{ asset_balancing: '60' }, { asset_balancing: '40' }])).toBeNull();
    expect(fundBalancingProblem([{ asset_balancing: '60' }, { asset_balancing: '' }])).toBe(
      'Give every fund its share of new premiums, or none',
    );
    expect(fundBalancingProblem([{ asset_balancing: '60' }])).toContain('add up to 60%');
    expect(assetClassProblem({ 'asset_class.equity': '70', 'asset_class.bond': '30' })).toBeNull();
    expect(assetClassProblem({ 'asset_class.equity': '70' })).toContain('add up to 70%');
  });
});

describe('premium transaction dates', () => {
  it('a premium run steps by the policy frequency, less unpaid dates; a custom one is its date', () => {
    const { transactionDates } = jest.requireActual('./PolicyDetail') as typeof import('./PolicyDetail');
    const run = {
      type: 'premium',
      transaction_start_date: '2024-01-15',
      transaction_end_date: '2024-12-15',
      unpaid_at: ['2024-04-15'],
    };
    expect(transactionDates(run, { frequency: 'quarterly' })).toBe('2024-01-15 to 2024-10-15, quarterly (3 payments)');
    expect(transactionDates({ ...run, unpaid_at: [] }, { frequency: 'single' })).toBe('2024-01-15 (1 payment)');
    expect(
      transactionDates({ type: 'custom', transaction_date: '2024-05-01', unpaid_at: [] }, { frequency: 'annual' }),
    ).toBe('2024-05-01');
  });
});

describe('policy years', () => {
  it('count from the policy date', () => {
    const { policyYear } = jest.requireActual('./PolicyDetail') as typeof import('./PolicyDetail');
    expect(policyYear('2024-03-01', '2024-03-01')).toBe(1);
    expect(policyYear('2024-03-01', '2025-02-28')).toBe(1);
    expect(policyYear('2024-03-01', '2025-03-01')).toBe(2);
  });
});
