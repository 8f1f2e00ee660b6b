// The insurance plan categories and types (issue 31 item 8: "plan types agree"): one list for the admin's plan editor
// (mf-admin), the advisor's policy editor (mf-customer), the service's validation and the seeded tables
// (svc-planning migration 005 stores the same rows as foreign-key targets; a component test checks they agree).
// Kept free of zod so a browser bundle can import it alone (`@kinfolio/contracts/src/plan-types`).

export const INSURANCE_PLAN_CATEGORIES = [
  { id: 'life', name: 'Life' },
  { id: 'health', name: 'Health' },
  { id: 'investment', name: 'Investment' },
  { id: 'savings', name: 'Savings' },
] as const;
export type InsurancePlanCategoryId = (typeof INSURANCE_PLAN_CATEGORIES)[number]['id'];

export const INSURANCE_PLAN_TYPES = [
  { id: 'whole-life', name: 'Whole Life', category: 'life', investment_linked: false },
  { id: 'term', name: 'Term', category: 'life', investment_linked: false },
  { id: 'endowment', name: 'Endowment', category: 'savings', investment_linked: false },
  { id: 'investment-linked', name: 'Investment-Linked', category: 'investment', investment_linked: true },
  { id: 'critical-illness', name: 'Critical Illness', category: 'health', investment_linked: false },
  { id: 'medical', name: 'Medical / Hospitalisation', category: 'health', investment_linked: false },
  { id: 'personal-accident', name: 'Personal Accident', category: 'health', investment_linked: false },
  { id: 'disability-income', name: 'Disability Income', category: 'health', investment_linked: false },
  { id: 'annuity', name: 'Annuity / Retirement', category: 'savings', investment_linked: false },
] as const satisfies ReadonlyArray<{
  id: string;
  name: string;
  category: InsurancePlanCategoryId;
  investment_linked: boolean;
}>;
export type InsurancePlanTypeId = (typeof INSURANCE_PLAN_TYPES)[number]['id'];
export const INSURANCE_PLAN_TYPE_IDS = INSURANCE_PLAN_TYPES.map((t) => t.id) as [
  InsurancePlanTypeId,
  ...InsurancePlanTypeId[],
];

/** A plan type by its id (a reference plan stores the id) or its name (a household policy stores the name). */
export const insurancePlanType = (idOrName: string | null | undefined) =>
  INSURANCE_PLAN_TYPES.find((t) => t.id === idOrName || t.name === idOrName);
