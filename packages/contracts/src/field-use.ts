/**
 * Issue 31 "Every field a record stores either reaches the figures or is marked as not used by the plan": the marks a
 * record kind's declaration (record-kinds.ts `plan`) gives each of its stored fields. svc-planning's
 * records/plan-usage.test.ts holds the marks to the code: every field of each kind's contract is marked, and changing a
 * `used` field in generated households changes some figure. A `pending` field is one the plan should read and does not
 * yet (the test lists it as a known failure until it is flipped to `used`).
 */
export type FieldUse =
  | { use: 'used'; via?: string }
  | { use: 'pending'; owner: string; why: string }
  | { use: 'not used'; why: string; label?: true };

export const used: FieldUse = { use: 'used' };
/** Reaches a tab of the report, not the projection (the funds tab's classes, the property tab's sale). */
export const REPORT_TAB = 'a tab of the financial report (reports/read.ts), not the projection';
export const tab: FieldUse = { use: 'used', via: REPORT_TAB };
/**
 * Reaches a figure the plan's projection does not hold: the insurance tab's cover, until-age, target and gap
 * (svc-planning insurance/read.ts coverageOf, the computation coverageByMember serves), read by the report's insurance
 * block and every insurance export.
 */
export const COVER_TAB = 'the insurance tab’s cover, until-age, target and gap (insurance/read.ts coverageByMember)';
export const cover: FieldUse = { use: 'used', via: COVER_TAB };
export const pending = (owner: string, why: string): FieldUse => ({ use: 'pending', owner, why });
export const notUsed = (why: string): FieldUse => ({ use: 'not used', why });
/** Names, references and notes: not used by the plan, and too plainly so for a hint on the form. */
export const LABEL: FieldUse = {
  use: 'not used',
  why: 'a name or reference shown beside the figures; no figure depends on it',
  label: true,
};
export const NOTE: FieldUse = { use: 'not used', why: 'free text for the advisor', label: true };
