/**
 * The balance-sheet screens' model (spec planning-content §2 funds tabs, §3 "Savings, portfolio, cash", "Pension",
 * "Debt, mortgage, property", §6, §9): the funds tabs and their addresses, and the editors' steps and field tables.
 * Every value is a string while editing (the insurance model's form helpers); numbers and booleans on the way out.
 */
// the declaration alone (no zod in the remote's chunks: mf-customer/test/first-load.test.ts)
import * as planUsage from '@kinfolio/contracts/src/plan-usage';
import { type FieldDef, type FormValues, OWNER_FIELDS } from '../../shared/form/engine';
import { fieldsOf } from '../../shared/form/paths';
import type { BalanceSheetFields, BalanceSheetKind } from '../../shared/household/api';

/** The fields two kinds both have (one field table serves both), each with the first kind's type. */
type SameIn<A extends BalanceSheetKind, B extends BalanceSheetKind> = Pick<
  BalanceSheetFields<A>,
  keyof BalanceSheetFields<A> & keyof BalanceSheetFields<B>
>;

// ---------------------------------------------------------------- the funds tabs (§2)
/** §2: the funds tabs, by their `?activeTab=` value, with what each one holds. */
export const FUND_TABS = [
  { activeTab: 'cash equivalent', label: 'Cash equivalent', editor: 'cash', add: 'Add cash account' },
  { activeTab: 'pension', label: 'Pension', editor: 'pension', add: 'Add pension account' },
  { activeTab: 'long term', label: 'Long term', editor: 'savings', add: 'Add savings fund' },
  { activeTab: 'investment', label: 'Investment', editor: 'portfolio', add: 'Add portfolio' },
] as const;
export type FundTab = (typeof FUND_TABS)[number];
export type EditorName = FundTab['editor'] | 'debt';

/** The tab of an `?activeTab=` value (unknown or missing: the first, cash equivalent). */
export function fundTabOf(activeTab: string | null): FundTab {
  return FUND_TABS.find((t) => t.activeTab === activeTab) ?? FUND_TABS[0];
}

/**
 * §2: the address of a funds tab; `add` opens its add form (the add_fund query flag), and for long term or
 * investment the step parameter of the same value is added.
 */
export function fundsQuery(activeTab: string, add = false): URLSearchParams {
  const q = new URLSearchParams({ activeTab });
  if (add) {
    q.set('add_fund', 'true');
    if (activeTab === 'long term' || activeTab === 'investment') q.set('step', activeTab);
  }
  return q;
}

// ---------------------------------------------------------------- field tables
/** A field shown only when the form says so (a CPF balance on a CPF account, the property fields of a mortgage). */
export interface StepField extends FieldDef {
  when?: (f: FormValues) => boolean;
}
export interface EditorStep {
  id: string;
  title: string;
  fields: StepField[];
  /** The owners with their percentages (§6) are edited on this step. */
  owners?: boolean;
  /** The child lists edited on this step. */
  lists?: string[];
}
/** Records kept under the edited one (holdings of a portfolio, rental incomes of a property), by their parent key. */
export interface ChildList {
  key: string;
  kind: BalanceSheetKind;
  parentKey: string;
  title: string;
  noun: string;
  fields: FieldDef[];
  /** Where the balance-sheet read keeps these records under the parent (default: `key`). */
  from?: string;
  /**
   * How the list is saved: `each` record by its own call (the default), or `bulk`: the parent's whole list in one
   * call (a debt's instalment transactions, PATCH customer/bulk-update/debt-transactions/{id}).
   */
  save?: 'each' | 'bulk';
  /** The problems of one row beyond its required fields (keyed by field path). */
  rowProblems?: (row: FormValues) => Record<string, string>;
  /** The percentages of the rows total 100 when there are any (beneficiaries, contingent owners). */
  shares?: boolean;
}
export interface EditorSpec {
  name: EditorName;
  kind: 'savingFund' | 'pension' | 'portfolioFund' | 'debt';
  /** What is saved (in 'Add …', 'Edit …', 'Save …'). */
  noun: string;
  steps: EditorStep[];
  children: ChildList[];
  /** Fields every save sends as they are (the saving fund's kind). */
  fixed?: Record<string, unknown>;
}

/** The editor's fields with the choices of a select replaced (reference lists the admins keep), by path. */
export function withOptions(
  spec: EditorSpec,
  options: Record<string, ReadonlyArray<{ value: string; label: string }>>,
): EditorSpec {
  // a text field given choices becomes a select (a holding's asset class, from the list the admins keep)
  const pick = <F extends FieldDef>(f: F): F =>
    options[f.path]?.length ? { ...f, kind: f.kind === 'text' ? 'select' : f.kind, options: options[f.path] } : f;
  return {
    ...spec,
    steps: spec.steps.map((s) => ({ ...s, fields: s.fields.map(pick) })),
    children: spec.children.map((c) => ({ ...c, fields: c.fields.map(pick) })),
  };
}

const opts = (...values: string[]) => values.map((v) => ({ value: v, label: v }));
const labelled = (pairs: Array<[string, string]>) => pairs.map(([value, label]) => ({ value, label }));
export const FREQUENCY_OPTIONS = labelled([
  ['monthly', 'Monthly'],
  ['quarterly', 'Quarterly'],
  ['semi_annual', 'Semi-annual'],
  ['annual', 'Annual'],
]);
const money = (path: string, label: string, optional = true): StepField => ({
  path,
  label,
  kind: 'float',
  min: 0,
  optional,
});
const pct = (path: string, label: string, optional = true, min = 0): StepField => ({
  path,
  label,
  kind: 'float',
  min,
  optional,
});
const text = (path: string, label: string, optional = true): StepField => ({ path, label, kind: 'text', optional });
const owner: StepField = {
  path: 'owner',
  label: 'Owner',
  kind: 'member',
  optional: true,
  hint: 'Or list the owners with their shares',
};
const note: StepField = { path: 'note', label: 'Note', kind: 'area', optional: true };

/** §6: owners of a shared asset with their percentages (a household member, or another person by name). */
export const SHARE_FIELDS: FieldDef[] = OWNER_FIELDS.map((f) =>
  f.path === 'name' ? { ...f, optional: true, hint: 'Not needed for a household member' } : f,
);

// ---------------------------------------------------------------- records kept under a fund, pension or loan
const TRANSACTION_TYPES = labelled([
  ['deposit', 'Deposit'],
  ['withdrawal', 'Withdrawal'],
  ['dividend', 'Dividend'],
  ['fee', 'Fee'],
  ['switch', 'Switch'],
  ['contribution', 'Contribution'],
]);
const UNPAID_HINT = 'Dates of the run not paid, as YYYY-MM-DD, separated by commas';
/** spec "Fund transaction" (type default deposit): one payment on a date, or a run by frequency from start to end. */
export const FUND_TRANSACTION_FIELDS: FieldDef[] = fieldsOf<SameIn<'savingTransaction', 'portfolioFundTransaction'>>([
  { path: 'type', label: 'Transaction', kind: 'select', options: TRANSACTION_TYPES, initial: 'deposit' },
  {
    path: 'transaction_type',
    label: 'Paid',
    kind: 'select',
    options: labelled([
      ['single', 'Once'],
      ['recurring', 'Recurring'],
    ]),
    initial: 'single',
  },
  { path: 'amount', label: 'Amount', kind: 'float', min: 0 },
  { path: 'currency', label: 'Currency', kind: 'currency' },
  { path: 'frequency', label: 'Frequency', kind: 'select', options: FREQUENCY_OPTIONS, optional: true },
  { path: 'transaction_date', label: 'Date (once)', kind: 'date', optional: true },
  { path: 'transaction_start_date', label: 'Start date', kind: 'date', optional: true },
  { path: 'transaction_end_date', label: 'End date', kind: 'date', optional: true },
  { path: 'unpaid_at', label: 'Unpaid dates', kind: 'dates', optional: true, hint: UNPAID_HINT },
  {
    path: 'payment_type',
    label: 'Paid with',
    kind: 'select',
    options: labelled([
      ['cash', 'Cash'],
      ['cpf', 'CPF'],
      ['srs', 'SRS'],
      ['epf', 'EPF'],
      ['other', 'Other'],
    ]),
    optional: true,
  },
]);
/** spec "instalment transactions" of a loan: runs by frequency from their start date (saved all at once). */
export const DEBT_TRANSACTION_FIELDS: FieldDef[] = fieldsOf<BalanceSheetFields<'debtTransaction'>>([
  {
    path: 'type',
    label: 'Transaction',
    kind: 'select',
    options: labelled([
      ['installment', 'Instalment'],
      ['prepayment', 'Prepayment'],
      ['fee', 'Fee'],
    ]),
    initial: 'installment',
  },
  { path: 'amount', label: 'Amount', kind: 'float', min: 0 },
  { path: 'currency', label: 'Currency', kind: 'currency' },
  { path: 'frequency', label: 'Frequency', kind: 'select', options: FREQUENCY_OPTIONS, initial: 'monthly' },
  { path: 'transaction_start_date', label: 'Start date', kind: 'date' },
  { path: 'transaction_end_date', label: 'End date', kind: 'date', optional: true },
  { path: 'unpaid_at', label: 'Unpaid dates', kind: 'dates', optional: true, hint: UNPAID_HINT },
  {
    path: 'payment_type',
    label: 'Paid with',
    kind: 'select',
    options: labelled([
      ['cash', 'Cash'],
      ['cpf', 'CPF'],
      ['epf', 'EPF'],
      ['other', 'Other'],
    ]),
    initial: 'cash',
  },
]);
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A transaction's dates (the service's run rules): a recurring one needs its start and frequency, a single one its
 * date; the end is not before the start; unpaid dates belong to recurring runs.
 */
export function transactionProblems(r: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  const start = (r.transaction_start_date ?? '').trim();
  const end = (r.transaction_end_date ?? '').trim();
  for (const k of ['transaction_date', 'transaction_start_date', 'transaction_end_date'])
    if ((r[k] ?? '').trim() && !DATE_RE.test((r[k] ?? '').trim())) out[k] = 'Enter a date as YYYY-MM-DD';
  if (start && end && end < start) out.transaction_end_date = 'The end date is before the start date';
  const recurring = (r.transaction_type ?? 'recurring') === 'recurring';
  if (recurring) {
    if (!start) out.transaction_start_date = 'Enter the start date of a recurring transaction';
    if (!(r.frequency ?? '').trim()) out.frequency = 'Enter the frequency of a recurring transaction';
  } else {
    if (!(r.transaction_date ?? '').trim() && !start) out.transaction_date = 'Enter the transaction date';
    if ((r.unpaid_at ?? '').trim()) out.unpaid_at = 'A single transaction is one payment; it has no unpaid dates';
  }
  return out;
}
/** A person with a share (beneficiary, contingent owner): a household member or someone named. */
export function personProblems(r: FormValues): Record<string, string> {
  return !(r.beneficiary_id ?? r.owner_id ?? '').trim() && !(r.name ?? '').trim()
    ? { name: 'Choose a member or enter a name' }
    : {};
}
const personFields = (idKey: 'beneficiary_id' | 'owner_id'): FieldDef[] => [
  { path: idKey, label: 'Household member', kind: 'member', optional: true },
  { path: 'name', label: 'Name', kind: 'text', optional: true, hint: 'Not needed for a household member' },
  { path: 'relationship', label: 'Relationship', kind: 'text', optional: true },
  { path: 'percentage', label: 'Percentage (%)', kind: 'float', min: 0 },
];
export const BENEFICIARY_FIELDS = personFields('beneficiary_id');
export const CONTINGENT_OWNER_FIELDS = personFields('owner_id');

/** The transactions and contingent owners of a cash account or savings fund. */
function fundChildren(
  transaction: 'savingTransaction' | 'portfolioFundTransaction',
  contingent: 'savingFundContingentOwner' | 'portfolioFundContingentOwner',
  parentKey: string,
): ChildList[] {
  return [
    {
      key: 'transactions',
      kind: transaction,
      parentKey,
      title: 'Transactions',
      noun: 'transaction',
      fields: FUND_TRANSACTION_FIELDS,
      rowProblems: transactionProblems,
    },
    {
      key: 'contingent',
      from: 'contingent_owners',
      kind: contingent,
      parentKey,
      title: 'Contingent owners',
      noun: 'contingent owner',
      fields: CONTINGENT_OWNER_FIELDS,
      rowProblems: personProblems,
      shares: true,
    },
  ];
}
const FUND_MORE_STEP: EditorStep = {
  id: 'transactions',
  title: 'Transactions and contingent owners',
  lists: ['transactions', 'contingent'],
  fields: [],
};

const CASH: EditorSpec = {
  name: 'cash',
  kind: 'savingFund',
  noun: 'cash account',
  fixed: { kind: 'cash' },
  steps: [
    {
      id: 'account',
      title: 'Account',
      fields: [
        text('bank_name', 'Bank name', false),
        {
          path: 'cash_type',
          label: 'Cash type',
          kind: 'select',
          options: opts('Savings', 'Current', 'Fixed deposit', 'Other'),
          optional: true,
        },
        text('account_number', 'Account number'),
        text('name', 'Account name'),
        { path: 'currency', label: 'Currency', kind: 'currency' },
        money('current_value', 'Current value', false),
        pct('growth_rate', 'Growth rate (% a year)', true, -99),
        owner,
      ],
    },
    { id: 'owners', title: 'Owners and note', owners: true, fields: [note] },
    FUND_MORE_STEP,
  ],
  children: fundChildren('savingTransaction', 'savingFundContingentOwner', 'saving_fund_id'),
};

const SAVINGS: EditorSpec = {
  name: 'savings',
  kind: 'savingFund',
  noun: 'savings fund',
  fixed: { kind: 'savings' },
  steps: [
    {
      id: 'fund',
      title: 'Fund',
      fields: [
        text('name', 'Fund name', false),
        text('bank_name', 'Bank or company'),
        text('account_number', 'Account number'),
        { path: 'currency', label: 'Currency', kind: 'currency' },
        money('current_value', 'Current value', false),
        money('more_info.capital_invested', 'Capital invested'),
        pct('change_percentage', 'Change (%)', true, -100),
        pct('growth_rate', 'Growth rate (% a year)', true, -99),
        owner,
      ],
    },
    { id: 'owners', title: 'Owners and note', owners: true, fields: [note] },
    FUND_MORE_STEP,
  ],
  children: fundChildren('savingTransaction', 'savingFundContingentOwner', 'saving_fund_id'),
};

const isType = (t: string) => (f: FormValues) => f.type === t;
const PENSION: EditorSpec = {
  name: 'pension',
  kind: 'pension',
  noun: 'pension account',
  steps: [
    {
      id: 'account',
      title: 'Account',
      fields: [
        { path: 'member_id', label: 'Member', kind: 'member' },
        {
          path: 'type',
          label: 'Scheme',
          kind: 'select',
          options: labelled([
            ['CPF', 'CPF'],
            ['EPF', 'EPF'],
            ['Pension', 'Other pension'],
          ]),
          initial: 'EPF',
        },
        { path: 'currency', label: 'Currency', kind: 'currency' },
        text('name', 'Account name'),
        text('account_number', 'Account number'),
      ],
    },
    {
      id: 'balances',
      title: 'Balances',
      fields: [
        { ...money('cpf_oa', 'CPF Ordinary Account (OA)'), when: isType('CPF') },
        { ...money('special', 'CPF Special Account (SA)'), when: isType('CPF') },
        { ...money('cpf_ra', 'CPF Retirement Account (RA)'), when: isType('CPF') },
        { ...money('medisave', 'CPF MediSave Account (MA)'), when: isType('CPF') },
        { ...money('account1_amount', 'EPF Account 1'), when: isType('EPF') },
        { ...money('account2_amount', 'EPF Account 2'), when: isType('EPF') },
        { ...money('account3_amount', 'EPF Account 3'), when: isType('EPF') },
        { ...money('value', 'Value'), when: isType('Pension') },
      ],
    },
    {
      id: 'contributions',
      title: 'Contributions',
      fields: [
        money('monthly_contribution.salary', 'Monthly wage'),
        pct('monthly_contribution.employer_percentage', 'Employer contribution (%)'),
        pct('monthly_contribution.employee_percentage', 'Employee contribution (%)'),
        money('monthly_contribution.employer_amount', 'Employer amount a month'),
        money('monthly_contribution.employee_amount', 'Employee amount a month'),
        money('monthly_contribution.bonus_amount', 'Bonus amount'),
        pct('monthly_contribution.bonus_percentage', 'Bonus contribution (%)'),
        { path: 'monthly_contribution.self_employed', label: 'Self-employed', kind: 'check' },
        { ...pct('contribution_growth_rate', 'Contribution growth rate (%)', true, -99), initial: '5.5' },
        pct('salary_increment', 'Salary increment (% a year)', true, -99),
        {
          ...pct('cpf_contribution_growth_rate.oa', 'OA growth rate (%)', true, -99),
          initial: '2.5',
          when: isType('CPF'),
        },
        {
          ...pct('cpf_contribution_growth_rate.sa_ma', 'SA/MA growth rate (%)', true, -99),
          initial: '4',
          when: isType('CPF'),
        },
        {
          ...pct('cpf_contribution_growth_rate.ra', 'RA growth rate (%)', true, -99),
          initial: '5',
          when: isType('CPF'),
        },
      ],
    },
    {
      id: 'retirement',
      title: 'Retirement',
      fields: [
        { path: 'retirement_age', label: 'Retirement age', kind: 'number', min: 0, optional: true, initial: '55' },
        { path: 'cpf_payout_age', label: 'Payout age', kind: 'number', min: 0, optional: true, initial: '65' },
        {
          path: 'cpf_life_plan',
          label: 'CPF LIFE plan',
          kind: 'select',
          options: labelled([
            ['basic', 'Basic'],
            ['standard', 'Standard'],
            ['escalating', 'Escalating'],
          ]),
          initial: 'basic',
          when: isType('CPF'),
        },
        { ...money('cpf_ers_limit', 'Enhanced Retirement Sum limit'), when: isType('CPF') },
        { path: 'cpf_property_pledge', label: 'Property pledged', kind: 'check', when: isType('CPF') },
        { path: 'post_retirement_contribution.contribution', label: 'Contributes after retirement', kind: 'check' },
        money('post_retirement_contribution.employer_amount', 'Employer amount after retirement'),
        money('post_retirement_contribution.employee_amount', 'Employee amount after retirement'),
        {
          path: 'post_retirement_contribution.start_age',
          label: 'From age',
          kind: 'number',
          min: 0,
          optional: true,
          initial: '60',
        },
        {
          path: 'post_retirement_contribution.end_age',
          label: 'To age',
          kind: 'number',
          min: 0,
          optional: true,
          initial: '75',
        },
        note,
      ],
    },
    {
      id: 'beneficiaries',
      title: 'Beneficiaries and transactions',
      lists: ['beneficiaries', 'transactions'],
      fields: [],
    },
  ],
  children: [
    {
      key: 'beneficiaries',
      kind: 'pensionBeneficiary',
      parentKey: 'pension_id',
      title: 'Beneficiaries',
      noun: 'beneficiary',
      fields: BENEFICIARY_FIELDS,
      rowProblems: personProblems,
      shares: true,
    },
    {
      key: 'transactions',
      kind: 'pensionTransaction',
      parentKey: 'pension_id',
      title: 'Transactions',
      noun: 'transaction',
      fields: FUND_TRANSACTION_FIELDS,
      rowProblems: transactionProblems,
    },
  ],
};

/** spec "Fund holding" and "Stock holding" (portfolio-fund-details). */
export const HOLDING_FIELDS: FieldDef[] = fieldsOf<BalanceSheetFields<'portfolioFundDetail'>>([
  {
    path: 'holding_type',
    label: 'Holding',
    kind: 'select',
    options: labelled([
      ['fund', 'Fund'],
      ['stock', 'Stock'],
    ]),
    initial: 'fund',
  },
  { path: 'name', label: 'Name', kind: 'text' },
  { path: 'currency', label: 'Currency', kind: 'currency' },
  { path: 'units', label: 'Units', kind: 'float', min: 0, optional: true },
  { path: 'price', label: 'Unit price', kind: 'float', min: 0, optional: true },
  { path: 'value', label: 'Value', kind: 'float', min: 0, optional: true },
  { path: 'more_info.capital_invested', label: 'Capital invested', kind: 'float', min: 0, optional: true },
  { path: 'more_info.invested_date', label: 'Invested on', kind: 'date', optional: true },
  {
    path: 'more_info.dividend_declaration_type',
    label: 'Dividends declared as',
    kind: 'select',
    options: labelled([
      ['units', 'Units'],
      ['cash', 'Cash'],
    ]),
    initial: 'units',
  },
  { path: 'asset_class.equity', label: 'Equity (%)', kind: 'float', min: 0, optional: true },
  { path: 'asset_class.bond', label: 'Bonds (%)', kind: 'float', min: 0, optional: true },
  { path: 'asset_class.others', label: 'Others (%)', kind: 'float', min: 0, optional: true },
  { path: 'asset_class.type', label: 'Asset class', kind: 'text', optional: true },
  {
    path: 'asset_balancing',
    label: 'Allocation of new money (%)',
    kind: 'float',
    min: 0,
    optional: true,
    hint: 'Every holding or none; they add up to 100',
  },
  { path: 'company', label: 'Company (stock)', kind: 'text', optional: true },
  { path: 'sector', label: 'Sector (stock)', kind: 'text', optional: true },
  { path: 'purchase_price', label: 'Purchase price (stock)', kind: 'float', min: 0, optional: true },
]);

/** The holding a portfolio transaction buys or sells (its saved holdings are the choices, see `holdingChoices`). */
export const HOLDING_OF_TRANSACTION: FieldDef = {
  path: 'fund_id',
  label: 'Holding',
  kind: 'select',
  options: [],
  optional: true,
  hint: 'Not set: the whole portfolio',
};

const PORTFOLIO: EditorSpec = {
  name: 'portfolio',
  kind: 'portfolioFund',
  noun: 'portfolio',
  steps: [
    {
      id: 'account',
      title: 'Account',
      fields: [
        text('plan_name', 'Plan name', false),
        text('company_name', 'Company'),
        {
          path: 'type',
          label: 'Account type',
          kind: 'select',
          options: opts('Cash', 'CPF', 'SRS', 'EPF', 'Other'),
          optional: true,
        },
        text('account_number', 'Account number'),
        { path: 'currency', label: 'Currency', kind: 'currency' },
        money('current_value', 'Current value', false),
        { path: 'account_date', label: 'Account date', kind: 'date', optional: true },
        text('source_of_fund', 'Source of fund'),
        text('cpf_investment_type', 'CPF investment type'),
        text('epf_provider', 'EPF provider'),
        text('epf_management_company', 'EPF management company'),
        owner,
      ],
    },
    {
      id: 'returns',
      title: 'Returns and risk',
      fields: [
        {
          path: 'risk_level',
          label: 'Risk level',
          kind: 'select',
          options: opts('Low', 'Medium', 'High'),
          optional: true,
        },
        pct('expected_return', 'Expected return (% a year)', true, -99),
        pct('annualized_return', 'Annualised return (% a year)', true, -99),
        money('more_info.capital_invested', 'Capital invested'),
        pct('change_percentage', 'Change (%)', true, -100),
        pct('recession_sensitivity', 'Recession sensitivity (%)'),
        { path: 'income_payout.status', label: 'Pays an income', kind: 'check' },
        money('income_payout.amount', 'Income payout amount'),
        {
          path: 'income_payout.frequency',
          label: 'Payout frequency',
          kind: 'select',
          options: FREQUENCY_OPTIONS,
          initial: 'monthly',
        },
        { path: 'income_payout.starting_date', label: 'Payout from', kind: 'date', optional: true },
        { path: 'margin_financing.status', label: 'Margin financing', kind: 'check' },
        money('margin_financing.loan', 'Margin loan'),
        pct('margin_financing.interest', 'Margin interest (% a year)'),
        money('margin_financing.repayment', 'Margin repayment'),
        { path: 'sold_info.sold', label: 'Sold', kind: 'check' },
        { path: 'sold_info.age', label: 'Sold at age', kind: 'number', min: 0, optional: true },
        money('sold_info.amount', 'Sold for'),
      ],
    },
    { id: 'holdings', title: 'Holdings', lists: ['holdings'], fields: [] },
    { id: 'owners', title: 'Owners and note', owners: true, fields: [note] },
    {
      id: 'transactions',
      title: 'Transactions, beneficiaries and contingent owners',
      lists: ['transactions', 'beneficiaries', 'contingent'],
      fields: [],
    },
  ],
  children: [
    {
      key: 'holdings',
      kind: 'portfolioFundDetail',
      parentKey: 'portfolio_fund_id',
      title: 'Holdings',
      noun: 'holding',
      fields: HOLDING_FIELDS,
    },
    ...fundChildren('portfolioFundTransaction', 'portfolioFundContingentOwner', 'portfolio_fund_id').map((c) =>
      c.kind === 'portfolioFundTransaction' ? { ...c, fields: [HOLDING_OF_TRANSACTION, ...c.fields] } : c,
    ),
    {
      key: 'beneficiaries',
      kind: 'investmentBeneficiary',
      parentKey: 'portfolio_fund_id',
      title: 'Beneficiaries',
      noun: 'beneficiary',
      fields: BENEFICIARY_FIELDS,
      rowProblems: personProblems,
      shares: true,
    },
  ],
};

export const DEBT_TYPES = labelled([
  ['mortgage', 'Mortgage (property with a loan)'],
  ['property', 'Property (no loan)'],
  ['vehicle', 'Vehicle loan'],
  ['other', 'Other loan'],
]);
export const debtTypeLabel = (t: unknown) =>
  ({ mortgage: 'Mortgage', property: 'Property', vehicle: 'Vehicle loan', other: 'Other loan' })[String(t)] ??
  String(t ?? '');
const hasLoan = (f: FormValues) => f.type !== 'property';
const isPropertyForm = (f: FormValues) => f.type === 'mortgage' || f.type === 'property';
const isVehicle = (f: FormValues) => f.type === 'vehicle';
const withWhen = (when: (f: FormValues) => boolean, fields: StepField[]) => fields.map((f) => ({ ...f, when }));

/** spec "MemberDepMortgageRentalIncomes": monthly rental income entries with their dates. */
export const RENTAL_FIELDS: FieldDef[] = fieldsOf<BalanceSheetFields<'debtRentalIncome'>>([
  { path: 'amount', label: 'Rent a month', kind: 'float', min: 0 },
  { path: 'currency', label: 'Currency', kind: 'currency' },
  { path: 'transaction_start_date', label: 'From', kind: 'date' },
  { path: 'transaction_end_date', label: 'To', kind: 'date', optional: true },
]);

const DEBT: EditorSpec = {
  name: 'debt',
  kind: 'debt',
  noun: 'loan or property',
  steps: [
    {
      id: 'loan',
      title: 'Loan',
      fields: [
        { path: 'type', label: 'Type', kind: 'select', options: DEBT_TYPES, initial: 'mortgage' },
        text('name', 'Name', false),
        text('bank_name', 'Bank'),
        { path: 'currency', label: 'Currency', kind: 'currency' },
        ...withWhen(hasLoan, [
          money('original_loan', 'Loan amount', false),
          pct('loan_interest', 'Interest (% a year)', false),
          { path: 'loan_tenure.year', label: 'Tenure (years)', kind: 'number', min: 0 },
          { path: 'loan_tenure.month', label: 'and months', kind: 'number', min: 0, optional: true },
          {
            path: 'loan_type',
            label: 'Repayment kind',
            kind: 'select',
            options: labelled([
              ['annuity', 'Annuity (equal instalments)'],
              ['flat', 'Flat rate'],
            ]),
            initial: 'annuity',
          },
          {
            path: 'repayment.frequency',
            label: 'Repayment frequency',
            kind: 'select',
            options: FREQUENCY_OPTIONS,
            initial: 'monthly',
          },
          {
            ...money('repayment.amount', 'Chosen repayment'),
            hint: 'Leave empty to repay over the tenure',
          },
          { path: 'starting_year', label: 'Starting year', kind: 'number', min: 1900 },
          {
            path: 'installment_transaction.transaction_start_date',
            label: 'First instalment',
            kind: 'date',
            optional: true,
          },
          {
            path: 'installment_transaction.transaction_end_date',
            label: 'Last instalment',
            kind: 'date',
            optional: true,
          },
        ]),
        { ...owner, when: isVehicle, hint: 'Left empty: me' },
      ],
    },
    {
      id: 'purchase',
      title: 'Purchase and costs',
      fields: [
        money('purchase_price', 'Purchase price'),
        money('down_payment', 'Down payment'),
        {
          path: 'starting_year',
          label: 'Bought in (year)',
          kind: 'number',
          min: 1900,
          optional: true,
          when: (f) => f.type === 'property',
        },
        ...withWhen(isPropertyForm, [
          money('market_value', 'Market value'),
          {
            path: 'property_type',
            label: 'Property type',
            kind: 'select',
            options: opts('HDB', 'Condominium', 'Landed', 'Commercial', 'Other'),
            optional: true,
          },
          { path: 'own_stay', label: 'Own stay', kind: 'check', initial: 'true' },
          money('maintenance', 'Maintenance a month'),
          money('insurance', 'Insurance a year'),
          money('property_tax', 'Property tax a year'),
          pct('tax', 'Income tax on rent (%)'),
          pct('growth_rate', 'Growth rate (% a year)', true, -99),
          { ...pct('recession_sensitivity', 'Recession sensitivity (%)'), initial: '30' },
        ]),
        ...withWhen(isVehicle, [
          money('maintenance', 'Maintenance a month'),
          money('other_expenses.fuel', 'Fuel a month'),
          money('other_expenses.insurance_and_road_tax', 'Insurance and road tax a month'),
          money('other_expenses.servicing', 'Servicing a month'),
        ]),
      ],
    },
    {
      id: 'sale',
      title: 'Sale and pension use',
      fields: withWhen(isPropertyForm, [
        { path: 'future_selling_year', label: 'Selling year', kind: 'number', min: 1900, optional: true },
        money('future_selling_price', 'Selling price'),
        money('future_transaction_fee', 'Transaction fee'),
        money('future_outstanding_loan', 'Outstanding loan at sale (if known)'),
        money('cpf_oa_repayment', 'Pension used, to refund at sale'),
        { ...pct('cpf_growth_rate', 'Pension refund interest (%)', true, -99), initial: '2.5' },
        { path: 'using_pension', label: 'Pension pays instalments', kind: 'check' },
        money('pension_for_installment', 'Pension for instalments a month'),
        { path: 'using_pension_for_repayment', label: 'Pension pays repayment', kind: 'check' },
        money('pension_for_repayment', 'Pension for repayment a month'),
        money('pension.my_amount', 'My pension used for the purchase'),
        money('pension.spouse_amount', "Spouse's pension used for the purchase"),
        text('pension_fund', 'Pension fund'),
      ]),
    },
    { id: 'owners', title: 'Owners and rental income', owners: true, lists: ['rentals'], fields: [note] },
    { id: 'instalments', title: 'Instalment transactions', lists: ['instalments'], fields: [] },
  ],
  children: [
    {
      key: 'rentals',
      from: 'rental_incomes',
      kind: 'debtRentalIncome',
      parentKey: 'debt_id',
      title: 'Rental income',
      noun: 'rental income',
      fields: RENTAL_FIELDS,
    },
    {
      key: 'instalments',
      from: 'transactions',
      kind: 'debtTransaction',
      parentKey: 'debt_id',
      title: 'Instalment transactions',
      noun: 'instalment transaction',
      fields: DEBT_TRANSACTION_FIELDS,
      save: 'bulk',
      rowProblems: transactionProblems,
    },
  ],
};

/**
 * The editor with a hint under each field the plan does not use (packages/contracts plan-usage.ts: "Not used by the
 * plan: why"), unless the field has a hint of its own. Names and notes get none.
 */
function withPlanHints(spec: EditorSpec, kind: planUsage.PlanKind): EditorSpec {
  const hinted = <F extends FieldDef>(f: F): F => {
    const hint = f.hint ? null : planUsage.notUsedByPlan(kind, f.path);
    return hint ? { ...f, hint } : f;
  };
  return { ...spec, steps: spec.steps.map((s) => ({ ...s, fields: s.fields.map(hinted) })) };
}

export const EDITORS: Record<EditorName, EditorSpec> = {
  cash: withPlanHints(CASH, 'savingFund'),
  savings: withPlanHints(SAVINGS, 'savingFund'),
  pension: withPlanHints(PENSION, 'pension'),
  portfolio: withPlanHints(PORTFOLIO, 'portfolioFund'),
  debt: withPlanHints(DEBT, 'debt'),
};

/** The fields of a step the form shows (a field's `when` decides). */
export const shownFields = (step: EditorStep, f: FormValues) => step.fields.filter((d) => !d.when || d.when(f));

/** A stored record as the editor reads it: a tenure given in years becomes years and months. */
export function normalise(record: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!record) return null;
  const t = record.loan_tenure;
  if (typeof t === 'number')
    return { ...record, loan_tenure: { year: Math.floor(t), month: Math.round((t % 1) * 12) } };
  return record;
}

/** A holding's asset classes: none given, or equity + bonds + others = 100 (an empty one counts 0). */
export function assetSplitProblem(f: FormValues): string | null {
  const parts = ['asset_class.equity', 'asset_class.bond', 'asset_class.others'].map((k) => (f[k] ?? '').trim());
  if (parts.every((p) => p === ''))
    return (f['asset_class.type'] ?? '').trim() ? 'Enter the equity, bonds and others of the asset class' : null;
  const total = parts.reduce((s, p) => s + (Number(p) || 0), 0);
  return Math.abs(total - 100) > 0.001
    ? `Equity, bonds and others add up to ${+total.toFixed(3)}%; they must add up to 100%`
    : null;
}

/** A loan's tenure must be more than nothing (the engine refuses 0), given as years and months. */
export function tenureProblem(f: FormValues): string | null {
  if (!hasLoan(f)) return null;
  const y = Number(f['loan_tenure.year'] || 0);
  const m = Number(f['loan_tenure.month'] || 0);
  if (m > 11) return 'Months are 0 to 11';
  return y * 12 + m > 0 ? null : 'Enter a tenure of more than 0';
}

/** Spec §9: the pension scheme by currency (SGD uses CPF, RM uses EPF, otherwise Pension). */
export function schemeOf(currency: string): 'CPF' | 'EPF' | 'Pension' {
  const c = currency.toUpperCase();
  return c === 'SGD' ? 'CPF' : c === 'RM' || c === 'MYR' ? 'EPF' : 'Pension';
}

/**
 * Asset balancing of a portfolio's holdings (PATCH customer/portfolio-fund-details-asset-balancing): none given, or
 * every holding's allocation, totalling 100 (the message, or null).
 */
export function allocationProblem(rows: ReadonlyArray<FormValues>): string | null {
  const given = rows.filter((r) => (r.asset_balancing ?? '').trim() !== '');
  if (given.length === 0) return null;
  if (given.length !== rows.length) return 'Give every holding its allocation of new money, or none';
  const total = given.reduce((a, r) => a + Number(r.asset_balancing), 0);
  return Math.abs(total - 100) > 0.001
    ? `The allocations add up to ${+total.toFixed(3)}%; they must add up to 100%`
    : null;
}

/** The percentages of people sharing a record (beneficiaries, contingent owners) add up to 100 when any are listed. */
export function sharesProblem(rows: ReadonlyArray<FormValues>): string | null {
  if (rows.length === 0) return null;
  const total = rows.reduce((a, r) => a + (Number(r.percentage) || 0), 0);
  return Math.abs(total - 100) > 0.001
    ? `The percentages add up to ${+total.toFixed(3)}%; they must add up to 100%`
    : null;
}
