import type { balanceSheet, households, insurance, scenarios } from '@kinfolio/contracts';

/**
 * Every record kind the contracts declare, by name, across their kind registries (households' record and own-route
 * kinds, insurance, balance sheet, scenarios). The names do not overlap, so one lookup serves them all.
 */
type Registries = typeof households.recordKinds &
  typeof households.ownRouteKinds &
  typeof insurance.insuranceKinds &
  typeof balanceSheet.balanceSheetKinds &
  typeof scenarios.scenarioKinds;
export type KindName = keyof Registries;
export type KindPath<K extends KindName> = Registries[K]['path'];

/**
 * The kinds' paths as the contracts declare them: the type requires every kind, and each path equal to its
 * declaration, so a kind added, renamed or re-pathed in the contracts fails to compile here until this follows
 * (kindPath.test.ts checks the same against the registries at run time). Kept as plain strings so the remote does
 * not bundle zod with the contracts' schemas; when the contracts have one declaration per kind, kindPath() is the
 * one place to re-point.
 */
const KIND_PATHS = {
  // households.recordKinds
  income: 'member-income',
  expense: 'member-expense',
  livingExpense: 'member-living-expense',
  saving: 'member-saving',
  lifeUncertainty: 'life-uncertainty/cash-flow',
  retirementDreamRental: 'retirement-dream-rental',
  retirementDreamCapitalPreservation: 'retirement-dream-capital-preservation',
  goal: 'goals',
  // households.ownRouteKinds
  dream: 'dreams',
  concern: 'concerns',
  // insurance.insuranceKinds
  policy: 'insurance',
  plan: 'insurance-plan',
  booster: 'insurance-plan-booster',
  coverage: 'insurance-coverage',
  benefit: 'insurance-coverage-benefit',
  cashPayout: 'insurance-cash-payout',
  beneficiary: 'insurance-beneficiary',
  contingentOwner: 'insurance-contingent-owner',
  transaction: 'insurance-transaction',
  fund: 'insurance-fund',
  coverageTarget: 'insurance-coverage-target',
  // balanceSheet.balanceSheetKinds
  savingFund: 'saving-fund',
  savingFundOwner: 'saving-fund-owner',
  savingFundContingentOwner: 'saving-fund-contingent-owner',
  savingTransaction: 'saving-transactions',
  pension: 'pension',
  pensionBeneficiary: 'pension-beneficiary',
  pensionTransaction: 'pension-transaction',
  portfolioFund: 'portfolio-fund',
  portfolioFundOwner: 'portfolio-fund-owner',
  portfolioFundContingentOwner: 'portfolio-fund-contingent-owner',
  portfolioFundDetail: 'portfolio-fund-details',
  portfolioFundTransaction: 'portfolio-fund-transactions',
  investmentBeneficiary: 'investment-beneficiary',
  debt: 'debt',
  debtMortgageOwner: 'debt-mortgage-owner',
  debtTransaction: 'debt-transactions',
  debtRentalIncome: 'debt-mortgage-rental-income',
  // scenarios.scenarioKinds
  savedFilter: 'saved-filters',
  lockedAsset: 'locked-assets',
} as const satisfies { [K in KindName]: KindPath<K> };

/** The path of a record kind's routes (customer/{path}, customer/{household}/{path}, bulk-update/{path}/positions). */
export function kindPath<K extends KindName>(kind: K): KindPath<K> {
  return KIND_PATHS[kind];
}

/** Every kind with its path (for tests and tools). */
export const kindPaths = (): Readonly<Record<KindName, string>> => KIND_PATHS;
