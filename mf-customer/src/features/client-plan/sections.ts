import type { ClientPlanSection } from './api';

/**
 * The client plan's sections in their default order and their titles, as contracts/src/exports.ts has them
 * (CLIENT_PLAN_SECTIONS, CLIENT_PLAN_SECTION_TITLES). Written here with type imports only, so that the remote does
 * not carry zod and the contracts' schemas (as elsewhere in mf-customer); `Record` makes a new section a type error
 * here, and sections.test.ts compares both with the contracts.
 */
export const PLAN_SECTION_TITLES: Record<ClientPlanSection, string> = {
  summary: 'Summary',
  cashflow: 'Cash flow',
  networth: 'Net worth',
  insurance: 'Insurance',
  funds: 'Funds and pensions',
  debt: 'Debts',
  property: 'Property',
  goals: 'Goals',
  scenario: 'Scenario and Monte Carlo',
  appendix: 'Appendix: assumptions and rate tables',
};
export const PLAN_SECTIONS = Object.keys(PLAN_SECTION_TITLES) as ClientPlanSection[];
