import { z } from 'zod';

/**
 * One node of a figure's explanation (issue 34; the reply of GET customer/{id}/financial-report/explain is in
 * explanations.ts). Apart from the rest so a reply that carries a tree inline (planning.ts, Monte Carlo) imports it
 * without an import cycle.
 */

/** How a number reads: money in the report's currency, a percent, a factor, years, a count, an age, a calendar year. */
export const ExplanationUnit = z.enum(['money', 'percent', 'factor', 'years', 'count', 'age', 'year']);
export type ExplanationUnit = z.infer<typeof ExplanationUnit>;

/** A piece of a rule: words, or a number the screen formats by its unit (money in the report's currency). */
export const RulePart = z.union([z.string(), z.object({ value: z.number(), unit: ExplanationUnit })]);
export type RulePart = z.infer<typeof RulePart>;

/** A record a figure came from: its kind as the record API names it (record-kinds.ts), id, field, and its name. */
export const ExplanationRecord = z.object({
  kind: z.string(),
  id: z.string(),
  field: z.string().nullable(),
  label: z.string(),
  /** The household screen that edits it (the advisor's workspace path below the household, e.g. 'income'). */
  screen: z.string().nullable(),
});
export type ExplanationRecord = z.infer<typeof ExplanationRecord>;

/** The rate table version a figure read: the table, the version's first year, the year it applied to, its source. */
export const ExplanationTable = z.object({
  name: z.string(),
  version: z.number().int(),
  year: z.number().int(),
  source: z.string(),
});
export type ExplanationTable = z.infer<typeof ExplanationTable>;

/**
 * What a node is: a figure computed from its parts ('figure'), a stored input of a record ('record'), a published
 * constant of a rate table ('table'), or an assumption (the household's or Kinfolio's default rate, the part of the
 * first year after the as-of day).
 */
export const ExplanationKind = z.enum(['figure', 'record', 'table', 'assumption']);

/** The operation that gives the value from the parts (docs/decisions/explanations.md "Operations"). */
export const ExplanationFormula = z.object({
  op: z.enum(['input', 'sum', 'product', 'quotient', 'power', 'min', 'max', 'floor0', 'percent', 'bands']),
  signs: z.array(z.number()).optional(),
  bands: z.array(z.object({ from: z.number(), rate: z.number() })).optional(),
  round: z.boolean().optional(),
});

/** One part of a figure, as the panel lists it before the advisor opens it. */
export const ExplanationPart = z.object({
  id: z.string(),
  label: z.string(),
  value: z.number(),
  unit: ExplanationUnit,
  /** For a sum: whether the part is added (1) or taken away (−1). */
  sign: z.number(),
  /** Whether asking for this part gives more than the number (it has parts, records or a table). */
  explainable: z.boolean(),
  kind: ExplanationKind,
});
export type ExplanationPart = z.infer<typeof ExplanationPart>;

export const Explanation = z.object({
  id: z.string(),
  label: z.string(),
  value: z.number(),
  unit: ExplanationUnit,
  kind: ExplanationKind,
  rule: z.array(RulePart),
  formula: ExplanationFormula,
  parts: z.array(ExplanationPart),
  records: z.array(ExplanationRecord),
  table: ExplanationTable.nullable(),
});
export type Explanation = z.infer<typeof Explanation>;

/**
 * A whole small tree carried inline in a reply that is not kept per household version (Monte Carlo's probability of
 * success in the scenario reply): the root's id and every node below it, each as the endpoint would answer it.
 */
export const ExplanationTree = z.object({
  root: z.string(),
  nodes: z.array(Explanation),
});
export type ExplanationTree = z.infer<typeof ExplanationTree>;
