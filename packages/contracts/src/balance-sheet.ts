import { z } from 'zod';
import { CalendarDate, Page, RecordIssues, WholeAge } from './common';
import { CurrencyCode, DateStr } from './planning';
import { PlainText } from './validation';

/**
 * Stored balance sheet (issue 13, planning spec §2 funds tabs, §3 "Savings, portfolio, cash", "Pension", "Debt,
 * mortgage, property", §6, §7 Savings/Pension/Portfolio/Debt/Reference, §9). Every thing here is a record kind of the
 * households records module: listed with GET customer/{lead_id}/{path}, created with POST customer/{path}
 * ({lead_id, …fields}), changed with PATCH customer/{path}/{id} (null removes an optional field; a defaulted one gets
 * its default back), removed with DELETE customer/{path}/{id}; parents are ordered with
 * PATCH customer/bulk-update/{path}/positions. Bodies are strict objects; plain text follows the spec's text rule.
 * Amounts are plain numbers in the record's `currency` (which must be in the stored rate table).
 */
const MAX_AMOUNT = 1e12;
const Uuid = z.string().uuid({ message: 'Use an id' });
const Amount = z.number({ error: 'Enter an amount' }).finite().min(0).max(MAX_AMOUNT);
const Rate = z.number().finite().min(-99).max(100);
const Percent = z.number().finite().min(0).max(100);
const YearN = z.number().int().min(1900).max(2200);
const Text = (max = 200) => PlainText(max);
const Note = PlainText(2000, { multiline: true });

/** Spec §9 frequencies (monthly 12, quarterly 3 [decision: 4 payments a year as the engine], semi annual 2, annual 1). */
export const Frequency = z.enum(['monthly', 'quarterly', 'semi_annual', 'annual', 'single']);
export type Frequency = z.infer<typeof Frequency>;

/** §6: an owner of a shared asset and their percentage (a member of the household, or another person by name). */
export const OwnerShare = z.strictObject({
  owner_id: Uuid.optional(),
  name: Text(100).optional(),
  relationship: Text(60).optional(),
  percentage: Percent,
});
export type OwnerShare = z.infer<typeof OwnerShare>;
/** Owner shares listed on a fund or a debt total 100 (400 `owners`) when any is listed. */
const Owners = z.array(OwnerShare).max(10).default([]);

/** spec "more_info.capital_invested" of savings and portfolio funds. */
export const FundMoreInfo = z.strictObject({ capital_invested: Amount.optional() });

// ---------------------------------------------------------------- savings and cash (saving-fund…)
/** Which funds tab a saving fund shows in: cash equivalent (cash accounts) or long term (savings funds). */
export const SavingFundKind = z.enum(['cash', 'savings']);
/** spec "Savings and portfolio funds" + "Cash account". */
export const SavingFund = z.strictObject({
  kind: SavingFundKind.default('cash'),
  name: Text(100).optional(),
  bank_name: Text(100).optional(),
  cash_type: Text(60).optional(),
  account_number: Text(60).optional(),
  currency: CurrencyCode,
  current_value: Amount,
  growth_rate: Rate.optional(),
  /** The member who owns it (spec `owner`); `owners` carry shares when it is shared. */
  owner: Uuid.optional(),
  owners: Owners,
  more_info: FundMoreInfo.optional(),
  change_percentage: z.number().finite().min(-100).max(10000).optional(),
  note: Note.optional(),
});
export type SavingFund = z.infer<typeof SavingFund>;

/** An owner record of a fund (saving-fund-owner, portfolio-fund-owner, debt-mortgage-owner and the contingent ones). */
const ownerFields = {
  owner_id: Uuid.optional(),
  name: Text(100),
  relationship: Text(60).optional(),
  percentage: Percent,
};
export const SavingFundOwner = z.strictObject({ saving_fund_id: Uuid, ...ownerFields });
export const SavingFundContingentOwner = z.strictObject({ saving_fund_id: Uuid, ...ownerFields });

/** spec "Fund transaction" (type default deposit), for savings, pensions and portfolios. */
export const TransactionType = z.enum(['deposit', 'withdrawal', 'dividend', 'fee', 'switch', 'contribution']);
const transactionShape = {
  payment_type: z.enum(['cash', 'cpf', 'srs', 'epf', 'other']).optional(),
  type: TransactionType.default('deposit'),
  /** One payment or a recurring run (frequency, start and end). */
  transaction_type: z.enum(['single', 'recurring']).default('single'),
  amount: Amount,
  currency: CurrencyCode,
  frequency: Frequency.optional(),
  transaction_date: DateStr.optional(),
  transaction_start_date: DateStr.optional(),
  transaction_end_date: DateStr.optional(),
  unpaid_at: z.array(DateStr).max(600).default([]),
};
export const SavingTransaction = z.strictObject({ saving_fund_id: Uuid, ...transactionShape });

// ---------------------------------------------------------------- pension (pension…)
export const PensionScheme = z.enum(['EPF', 'CPF', 'Pension']);
/** spec "monthly_contribution (employer, employee, bonus amounts, percentages, self_employed)". */
export const MonthlyContribution = z.strictObject({
  /** The monthly wage the percentages apply to. */
  salary: Amount.optional(),
  employer_amount: Amount.optional(),
  employee_amount: Amount.optional(),
  bonus_amount: Amount.optional(),
  /** Left empty, the employer and employee percentages come from the age table of the scheme (spec §9). */
  employer_percentage: Percent.optional(),
  employee_percentage: Percent.optional(),
  bonus_percentage: Percent.optional(),
  self_employed: z.boolean().default(false),
});
/**
 * A pension account's contribution of one month this year, as the Pension tab shows it (terms of the plan,
 * "Contribution"): employer + employee on the wage up to the scheme's ceiling of the year (`base`), at the rates by
 * age; the projection charges twelve a year.
 */
export const ContributionFigure = z.object({
  wage: z.number(),
  base: z.number(),
  employer_percentage: z.number(),
  employee_percentage: z.number(),
  employer: z.number(),
  employee: z.number(),
  total: z.number(),
});
export type ContributionFigure = z.infer<typeof ContributionFigure>;
/** spec §9: CPF growth rates oa 2.5, sa_ma 4, ra 5. */
export const CpfGrowthRates = z.strictObject({
  oa: Rate.default(2.5),
  sa_ma: Rate.default(4),
  ra: Rate.default(5),
});
/** spec "post_retirement_contribution (contribution flag, amounts, age start and end)", ages 60 to 75. */
export const PostRetirementContribution = z.strictObject({
  contribution: z.boolean().default(false),
  employer_amount: Amount.optional(),
  employee_amount: Amount.optional(),
  start_age: WholeAge.default(60),
  end_age: WholeAge.default(75),
});
/** spec "Pension account (type default EPF)" with the EPF and CPF accounts. */
export const PensionAccount = z.strictObject({
  /** The member whose account it is. */
  member_id: Uuid,
  type: PensionScheme.default('EPF'),
  currency: CurrencyCode,
  name: Text(100).optional(),
  account_number: Text(60).optional(),
  /** Other pensions: the value. */
  value: Amount.optional(),
  account1_amount: Amount.optional(),
  account2_amount: Amount.optional(),
  account3_amount: Amount.optional(),
  cpf_oa: Amount.optional(),
  /** CPF Special Account (SA); with MediSave (MA) it grows at the `sa_ma` rate. */
  special: Amount.optional(),
  cpf_ra: Amount.optional(),
  medisave: Amount.optional(),
  contribution_growth_rate: Rate.default(5.5),
  cpf_contribution_growth_rate: CpfGrowthRates.prefault({}),
  salary_increment: Rate.optional(),
  monthly_contribution: MonthlyContribution.prefault({}),
  cpf_property_pledge: z.boolean().default(false),
  post_retirement_contribution: PostRetirementContribution.prefault({}),
  cpf_life_plan: z.enum(['basic', 'standard', 'escalating']).default('basic'),
  cpf_payout_age: WholeAge.default(65),
  retirement_age: WholeAge.default(55),
  cpf_ers_limit: Amount.optional(),
  note: Note.optional(),
});
export type PensionAccount = z.infer<typeof PensionAccount>;
export const PensionBeneficiary = z.strictObject({
  pension_id: Uuid,
  beneficiary_id: Uuid.optional(),
  name: Text(100),
  relationship: Text(60).optional(),
  percentage: Percent,
});
export const PensionTransaction = z.strictObject({ pension_id: Uuid, ...transactionShape });

// ---------------------------------------------------------------- portfolio (portfolio-fund…)
export const IncomePayout = z.strictObject({
  amount: Amount.optional(),
  status: z.boolean().default(false),
  starting_date: DateStr.optional(),
  frequency: Frequency.default('monthly'),
});
export const MarginFinancing = z.strictObject({
  status: z.boolean().default(false),
  loan: Amount.optional(),
  /** Percent a year. */
  interest: Rate.optional(),
  repayment: Amount.optional(),
});
export const SoldInfo = z.strictObject({
  sold: z.boolean().default(false),
  age: WholeAge.optional(),
  amount: Amount.optional(),
});
/** spec "Investment account" + the fund fields (owner shares, capital invested, change percentage). */
export const PortfolioFund = z.strictObject({
  owner: Uuid.optional(),
  owners: Owners,
  type: Text(60).optional(),
  plan_name: Text(100).optional(),
  company_name: Text(100).optional(),
  account_number: Text(60).optional(),
  source_of_fund: Text(60).optional(),
  cpf_investment_type: Text(60).optional(),
  epf_provider: Text(100).optional(),
  epf_management_company: Text(100).optional(),
  risk_level: Text(60).optional(),
  expected_return: Rate.optional(),
  annualized_return: Rate.optional(),
  income_payout: IncomePayout.optional(),
  currency: CurrencyCode,
  current_value: Amount,
  account_date: DateStr.optional(),
  recession_sensitivity: Percent.optional(),
  margin_financing: MarginFinancing.optional(),
  sold_info: SoldInfo.optional(),
  more_info: FundMoreInfo.optional(),
  change_percentage: z.number().finite().min(-100).max(10000).optional(),
  note: Note.optional(),
});
export type PortfolioFund = z.infer<typeof PortfolioFund>;
export const PortfolioFundOwner = z.strictObject({ portfolio_fund_id: Uuid, ...ownerFields });
export const PortfolioFundContingentOwner = z.strictObject({ portfolio_fund_id: Uuid, ...ownerFields });
export const InvestmentBeneficiary = z.strictObject({
  portfolio_fund_id: Uuid,
  beneficiary_id: Uuid.optional(),
  name: Text(100),
  relationship: Text(60).optional(),
  percentage: Percent,
});
/** spec "asset_class (type, equity, bond, others)": the split totals 100 (400 `asset_class`). */
export const AssetClassSplit = z.strictObject({
  type: Text(60).optional(),
  equity: Percent,
  bond: Percent,
  others: Percent,
});
/**
 * spec "Fund holding" and "Stock holding" (portfolio-fund-details): a fund from the admins' list (`fund_id`, GET
 * investment-funds) or one typed in by hand (`name`), or a stock (`holding_type: 'stock'`).
 */
export const FundHolding = z.strictObject({
  portfolio_fund_id: Uuid,
  holding_type: z.enum(['fund', 'stock']).default('fund'),
  fund_id: Uuid.optional(),
  name: Text(200).optional(),
  currency: CurrencyCode,
  units: z.number().finite().min(0).max(MAX_AMOUNT).optional(),
  price: Amount.optional(),
  value: Amount.optional(),
  more_info: z
    .strictObject({
      dividend_declaration_type: z.enum(['units', 'cash']).default('units'),
      invested_date: DateStr.optional(),
      capital_invested: Amount.optional(),
    })
    .prefault({}),
  asset_balancing: Percent.optional(),
  asset_class: AssetClassSplit.optional(),
  company: Text(100).optional(),
  sector: Text(100).optional(),
  purchase_price: Amount.optional(),
});
export type FundHolding = z.infer<typeof FundHolding>;
export const PortfolioFundTransaction = z.strictObject({
  portfolio_fund_id: Uuid,
  /** The holding (portfolio-fund-details id) it buys or sells, if any. */
  fund_id: Uuid.optional(),
  ...transactionShape,
});

// ---------------------------------------------------------------- debt, mortgage, property (debt…)
/** Debt type (spec "type (default mortgage)"): a mortgaged property, a property owned outright, a vehicle or another loan. */
export const DebtType = z.enum(['mortgage', 'property', 'vehicle', 'other']);
export const LoanTenure = z.union([
  z.number().finite().min(0).max(100),
  z.strictObject({ year: z.number().int().min(0).max(100), month: z.number().int().min(0).max(11).default(0) }),
]);
export const Repayment = z.strictObject({
  frequency: Frequency.default('monthly'),
  /** A chosen repayment instead of the tenure's instalment (the loan then runs until repaid). */
  amount: Amount.optional(),
});
export const InstallmentTransaction = z.strictObject({
  transaction_start_date: DateStr.optional(),
  transaction_end_date: DateStr.optional(),
});
export const PensionUse = z.strictObject({ my_amount: Amount.optional(), spouse_amount: Amount.optional() });
export const VehicleOtherExpenses = z.strictObject({
  fuel: Amount.optional(),
  insurance_and_road_tax: Amount.optional(),
  servicing: Amount.optional(),
});
/**
 * spec "Mortgage or debt", "Property extras", "Vehicle loan" and "Other loan" in one kind (the spec's one `debt` call),
 * told apart by `type`. A `property` owns no loan; every other type is a loan the engine computes.
 */
export const Debt = z.strictObject({
  type: DebtType.default('mortgage'),
  name: Text(100).optional(),
  bank_name: Text(100).optional(),
  /** Vehicle loan `owner` (default me: the member with relation me when left empty). */
  owner: Uuid.optional(),
  owners: Owners,
  currency: CurrencyCode,
  original_loan: Amount.optional(),
  /** Percent a year. */
  loan_interest: z.number().finite().min(0).max(100).optional(),
  loan_tenure: LoanTenure.optional(),
  loan_type: z.enum(['annuity', 'flat']).default('annuity'),
  repayment: Repayment.prefault({}),
  starting_year: YearN.optional(),
  installment_transaction: InstallmentTransaction.optional(),
  future_selling_year: YearN.optional(),
  down_payment: Amount.optional(),
  purchase_price: Amount.optional(),
  market_value: Amount.optional(),
  maintenance: Amount.optional(),
  pension_fund: Text(60).optional(),
  using_pension: z.boolean().default(false),
  using_pension_for_repayment: z.boolean().default(false),
  /** Monthly pension (CPF/EPF) amount used for the instalments, and for repayment (me and spouse together). */
  pension_for_installment: Amount.optional(),
  pension_for_repayment: Amount.optional(),
  /** Pension used for the purchase, by me and by the spouse. */
  pension: PensionUse.optional(),
  future_selling_price: Amount.optional(),
  future_outstanding_loan: Amount.optional(),
  future_transaction_fee: Amount.optional(),
  cpf_oa_repayment: Amount.optional(),
  insurance: Amount.optional(),
  property_tax: Amount.optional(),
  /** Income tax percent on rental income. */
  tax: Percent.optional(),
  own_stay: z.boolean().default(true),
  property_type: Text(60).optional(),
  recession_sensitivity: Percent.default(30),
  growth_rate: Rate.optional(),
  cpf_growth_rate: Rate.default(2.5),
  /** Vehicle: monthly running costs. */
  other_expenses: VehicleOtherExpenses.optional(),
  note: Note.optional(),
});
export type Debt = z.infer<typeof Debt>;
export const DebtMortgageOwner = z.strictObject({ debt_id: Uuid, ...ownerFields });
export const DebtTransaction = z.strictObject({
  debt_id: Uuid,
  type: z.enum(['installment', 'prepayment', 'fee']).default('installment'),
  payment_type: z.enum(['cash', 'cpf', 'epf', 'other']).default('cash'),
  amount: Amount,
  currency: CurrencyCode,
  frequency: Frequency.default('monthly'),
  transaction_start_date: DateStr,
  transaction_end_date: DateStr.optional(),
  unpaid_at: z.array(DateStr).max(1200).default([]),
});
export type DebtTransaction = z.infer<typeof DebtTransaction>;
/** spec "MemberDepMortgageRentalIncomes (entries with transaction_start_date, transaction_end_date, amount)", monthly. */
export const DebtRentalIncome = z.strictObject({
  debt_id: Uuid,
  transaction_start_date: DateStr,
  transaction_end_date: DateStr.optional(),
  amount: Amount,
  currency: CurrencyCode,
});

// ---------------------------------------------------------------- kinds, declared once

// ---------------------------------------------------------------- other calls
/** PATCH customer/portfolio-fund-details-asset-balancing: every holding of one portfolio once, totalling 100. */
export const HoldingAssetBalancingBody = z.strictObject({
  lead_id: Uuid,
  portfolio_fund_id: Uuid,
  funds: z
    .array(z.strictObject({ id: Uuid, asset_balancing: Percent }))
    .min(1)
    .max(200),
});
/** PATCH customer/bulk-update/debt-transactions/{debt id}: the debt's whole list of instalment transactions. */
export const DebtTransactionsBulkBody = z.strictObject({
  lead_id: Uuid,
  transactions: z.array(DebtTransaction.omit({ debt_id: true }).extend({ id: Uuid.optional() })).max(500),
});
/** The debt's transactions after the bulk update, in list order (kept ids, then the new ones' where they stand). */
export const DebtTransactionsBulkReply = z.object({ message: z.string(), data: z.object({ ids: z.array(Uuid) }) });
export const ReferenceItem = z.object({ id: z.string(), name: z.string(), position: z.number().int() });
export const PropertyTypesReply = z.object({ data: z.array(ReferenceItem) });
export const FundAssetClass = z.object({ id: Uuid, name: z.string(), position: z.number().int() });
export const FundAssetClassBody = z.strictObject({ name: Text(60).refine((v) => v.length > 0, 'Enter name') });
export const FundAssetClassesReply = z.object({ data: z.array(FundAssetClass) });
export const FundAssetClassReply = z.object({ message: z.string(), data: FundAssetClass });
export const InvestmentFund = z.object({
  id: Uuid,
  name: z.string(),
  company: z.string(),
  currency: z.string(),
  risk_level: z.string(),
  asset_class: z.object({ equity: z.number(), bond: z.number(), others: z.number() }),
  /** The latest price per unit the admins imported or typed (issue 31 item 8: a picked holding takes it), and its date. */
  price: z.number().nullable(),
  price_date: CalendarDate.nullable(),
  /** A fund of the bundled sample feed: made up, shown as "Sample fund" and listed after the real ones. */
  sample: z.boolean(),
});
export const InvestmentFundsQuery = z.object({ search: Text(100).optional(), company: Text(100).optional() });
export const InvestmentFundsReply = z.object({ data: z.array(InvestmentFund) });
export const CommonBeneficiary = z.object({
  beneficiary_id: z.string().nullable(),
  name: z.string(),
  relationship: z.string().nullable(),
  held: z.array(
    z.object({
      source: z.enum(['insurance', 'pension', 'investment']),
      record_id: Uuid,
      parent_id: Uuid,
      percentage: z.number(),
    }),
  ),
});
export type CommonBeneficiary = z.infer<typeof CommonBeneficiary>;
export const CommonBeneficiariesReply = z.object({ data: z.array(CommonBeneficiary) });

/** GET customer/{id}/balance-sheet and customer/{id}/debt-summary: `view` scales to a member's share (§6). */
export const BalanceSheetQuery = z.object({ view: Uuid.optional(), as_of: DateStr.optional() });
export const DebtSummaryQuery = BalanceSheetQuery.extend({ debt_id: Uuid.optional() });
const Row = z.record(z.string(), z.unknown());
export const BalanceSheet = z.object({
  lead_id: Uuid,
  currency: z.string(),
  view: Uuid.nullable(),
  saving_funds: z.array(Row),
  pensions: z.array(z.looseObject({ monthly_contributions: ContributionFigure })),
  portfolio_funds: z.array(Row),
  debts: z.array(Row),
  totals: z.object({
    cash: z.number(),
    savings: z.number(),
    pensions: z.number(),
    investments: z.number(),
    properties: z.number(),
    loans: z.number(),
    net_worth: z.number(),
  }),
});
export const BalanceSheetReply = z.object({ data: BalanceSheet.extend({ record_issues: RecordIssues }) });
const ScheduleRow = z.object({
  period: z.number(),
  payment: z.number(),
  interest: z.number(),
  principal: z.number(),
  balance: z.number(),
});
export const DebtSummaryLoan = z.object({
  debt_id: Uuid,
  type: DebtType,
  name: z.string().nullable(),
  currency: z.string(),
  share: z.number(),
  loan: z
    .object({
      instalment: z.number(),
      tenure_months: z.number(),
      months_paid: z.number(),
      months_remaining: z.number(),
      outstanding: z.number(),
      total_interest: z.number(),
      other_monthly_expenses: z.number(),
      end_year: z.number(),
      schedule: z.array(ScheduleRow),
      outstanding_by_year: z.array(z.object({ year: z.number(), months_paid: z.number(), balance: z.number() })),
      view: z.object({ share: z.number(), instalment: z.number(), outstanding: z.number() }),
    })
    .nullable(),
  property: z
    .object({
      market_value: z.number().nullable(),
      rental_income: z.number(),
      sale: z
        .object({
          selling_year: z.number(),
          selling_price: z.number(),
          purchase_price: z.number(),
          transaction_fee: z.number(),
          outstanding_loan: z.number(),
          pension_refund: z.number(),
          months_held: z.number(),
          gain: z.number(),
          /** The property's value at the end of the selling year (the Seller's Stamp Duty's market value). */
          market_value: z.number(),
          /** The sale's tax: Singapore's Seller's Stamp Duty, Malaysia's RPGT (issue 32). */
          gain_tax: z.number(),
          /** 'ssd' (SGD), 'rpgt' (RM), null (no such tax in the property's currency). */
          gain_tax_kind: z.enum(['ssd', 'rpgt']).nullable(),
          gain_tax_rate: z.number(),
          /** What the rate applies to: SSD the higher of price and market value; RPGT the gain less the exemption. */
          gain_tax_base: z.number(),
          /** RPGT's exemption (RM 10,000 or 10% of the gain, the greater); 0 otherwise. */
          gain_tax_exemption: z.number(),
          net_proceeds: z.number(),
          view_net_proceeds: z.number(),
        })
        .nullable(),
      gain_tax_by_holding: z.array(z.object({ months_held: z.number(), rate: z.number(), gain_tax: z.number() })),
    })
    .nullable(),
});
export type DebtSummaryLoan = z.infer<typeof DebtSummaryLoan>;
export const DebtSummary = z.object({
  lead_id: Uuid,
  as_of: CalendarDate,
  view: Uuid.nullable(),
  loans: z.array(DebtSummaryLoan),
});
export const DebtSummaryReply = z.object({ data: DebtSummary.extend({ record_issues: RecordIssues }) });
export const BalanceSheetPageReply = z.object({ data: Page(Row) });
