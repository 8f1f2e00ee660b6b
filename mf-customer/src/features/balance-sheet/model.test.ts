import type { Household } from '../../shared/household/api';
import {
  assetSplitProblem,
  EDITORS,
  FUND_TABS,
  fundsQuery,
  fundTabOf,
  normalise,
  schemeOf,
  shownFields,
  tenureProblem,
} from './model';
import { childBody, inputOf, recordBody, recordForm, stepOfKey, stepProblems, withNulls } from './RecordEditor';

const ME = '00000000-0000-4000-8000-0000000000d1';
const SP = '00000000-0000-4000-8000-0000000000d2';
const household = {
  id: 'h1',
  currency: 'SGD',
  members: [
    { id: ME, name: 'Alex Tan', relation: 'me' },
    { id: SP, name: 'Mei Lin', relation: 'spouse' },
  ],
} as unknown as Household;

describe('funds tabs (§2)', () => {
  it('has the four ?activeTab= values, cash equivalent when unknown', () => {
    expect(FUND_TABS.map((t) => t.activeTab)).toEqual(['cash equivalent', 'pension', 'long term', 'investment']);
    expect(fundTabOf('investment').editor).toBe('portfolio');
    expect(fundTabOf('long term').editor).toBe('savings');
    expect(fundTabOf(null).activeTab).toBe('cash equivalent');
    expect(fundTabOf('nonsense').activeTab).toBe('cash equivalent');
  });

  it('adds the step parameter of the same value for long term and investment with add_fund', () => {
    expect(fundsQuery('long term', true).toString()).toBe('activeTab=long+term&add_fund=true&step=long+term');
    expect(fundsQuery('investment', true).toString()).toBe('activeTab=investment&add_fund=true&step=investment');
    expect(fundsQuery('pension', true).toString()).toBe('activeTab=pension&add_fund=true');
    expect(fundsQuery('cash equivalent', true).toString()).toBe('activeTab=cash+equivalent&add_fund=true');
    expect(fundsQuery('investment').toString()).toBe('activeTab=investment');
  });
});

describe('rules', () => {
  it('refuses a tenure of 0 and months over 11; a property has no tenure', () => {
    expect(tenureProblem({ type: 'mortgage', 'loan_tenure.year': '0', 'loan_tenure.month': '' })).toBe(
      'Enter a tenure of more than 0',
    );
    expect(tenureProblem({ type: 'mortgage', 'loan_tenure.year': '0', 'loan_tenure.month': '6' })).toBeNull();
    expect(tenureProblem({ type: 'vehicle', 'loan_tenure.year': '5', 'loan_tenure.month': '12' })).toBe(
      'Months are 0 to 11',
    );
    expect(tenureProblem({ type: 'property' })).toBeNull();
  });

  it('asks an asset split to total 100, empty classes counting 0', () => {
    expect(assetSplitProblem({})).toBeNull();
    expect(assetSplitProblem({ 'asset_class.equity': '100' })).toBeNull();
    expect(assetSplitProblem({ 'asset_class.equity': '60', 'asset_class.bond': '30' })).toBe(
      'Equity, bonds and others add up to 90%; they must add up to 100%',
    );
    expect(childBody(EDITORS.portfolio.children[0]?.fields ?? [], { 'asset_class.equity': '100' })).toMatchObject({
      asset_class: { equity: 100, bond: 0, others: 0 },
    });
  });

  it('names the pension scheme by currency (§9)', () => {
    expect(schemeOf('SGD')).toBe('CPF');
    expect(schemeOf('RM')).toBe('EPF');
    expect(schemeOf('USD')).toBe('Pension');
  });

  it('reads a tenure stored in years as years and months', () => {
    expect(normalise({ loan_tenure: 2.5 })).toEqual({ loan_tenure: { year: 2, month: 6 } });
    expect(normalise({ loan_tenure: { year: 3, month: 1 } })).toEqual({ loan_tenure: { year: 3, month: 1 } });
  });
});

describe('the editor form', () => {
  it("a new pension account is the me member's, in the scheme of the currency, with the spec defaults", () => {
    const f = recordForm(EDITORS.pension, household, null, {});
    expect(f.main).toMatchObject({
      member_id: ME,
      type: 'CPF',
      currency: 'SGD',
      contribution_growth_rate: '5.5',
      'cpf_contribution_growth_rate.oa': '2.5',
      'cpf_contribution_growth_rate.sa_ma': '4',
      'cpf_contribution_growth_rate.ra': '5',
      cpf_payout_age: '65',
      retirement_age: '55',
      cpf_life_plan: 'basic',
    });
    // only the CPF balances are shown for CPF
    const balances = EDITORS.pension.steps[1];
    expect(balances && shownFields(balances, f.main).map((d) => d.path)).toEqual([
      'cpf_oa',
      'special',
      'cpf_ra',
      'medisave',
    ]);
  });

  it('sends the shown fields of the type, the owners named, and the fixed kind', () => {
    const f = recordForm(EDITORS.cash, household, null, {});
    f.main.bank_name = 'DBS';
    f.main.current_value = '1000';
    f.owners = [
      { id: '', owner_id: SP, name: '', relationship: '', percentage: '50' },
      { id: '', owner_id: '', name: 'Grandma', relationship: 'Mother', percentage: '50' },
    ];
    expect(recordBody(EDITORS.cash, household, f)).toEqual({
      kind: 'cash',
      bank_name: 'DBS',
      currency: 'SGD',
      current_value: 1000,
      owners: [
        { owner_id: SP, name: 'Mei Lin', percentage: 50 },
        { name: 'Grandma', relationship: 'Mother', percentage: 50 },
      ],
    });
  });

  it('a property sends no loan fields', () => {
    const f = recordForm(EDITORS.debt, household, null, {}, { type: 'property' });
    f.main.name = 'Flat';
    f.main.original_loan = '1000';
    f.main.market_value = '500000';
    const body = recordBody(EDITORS.debt, household, f);
    expect(body).toMatchObject({ type: 'property', name: 'Flat', market_value: 500000, own_stay: true });
    expect(body.original_loan).toBeUndefined();
  });

  it('checks owners on their step: someone named, shares adding up to 100', () => {
    const f = recordForm(EDITORS.debt, household, null, {});
    f.owners = [{ id: '', owner_id: '', name: '', relationship: '', percentage: '40' }];
    const owners = EDITORS.debt.steps.findIndex((s) => s.owners);
    expect(stepProblems(EDITORS.debt, owners, f)).toEqual({
      'owners.0.name': 'Choose a member or enter a name',
      owners: 'The percentages add up to 40%; they must add up to 100%',
    });
  });

  it("finds a server error's step", () => {
    expect(stepOfKey(EDITORS.debt, 'repayment.amount')).toBe(0);
    expect(stepOfKey(EDITORS.debt, 'future_selling_year')).toBe(2);
    expect(stepOfKey(EDITORS.debt, 'owners')).toBe(3);
    expect(stepOfKey(EDITORS.portfolio, 'holdings.1.name')).toBe(2);
  });

  it('shows a server error at the input its key names', () => {
    const holding = EDITORS.portfolio.children[0]?.fields ?? [];
    expect(inputOf(holding, 'asset_class')).toBe('asset_class.equity');
    expect(inputOf(holding, 'name')).toBe('name');
    expect(inputOf(holding, 'more_info.invested_date.0')).toBe('more_info.invested_date');
    expect(inputOf(holding, 'owners')).toBe('owners');
  });

  it('a PATCH clears what the form no longer sends', () => {
    expect(withNulls({ a: 1 }, { a: 2, b: 3 })).toEqual({ a: 1, b: null });
  });
});
