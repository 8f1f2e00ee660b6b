import { z } from 'zod';
import { ok, Timestamp } from './common';
import { CleanString, SafeJsonObject } from './validation';

/**
 * Rate tables an admin keeps (issue 32; svc-planning src/rate-tables, docs/planning-model.md "Versioned tables"): every
 * rate, band and sum the projection uses is a list of dated versions, each citing its source. Built-in versions ship
 * with the code; an admin adds the next one when it is published (a new version, never an edit of a past one).
 * Envelope keys snake_case; `figures` is the engine's version object without fromYear/toYear/source (camelCase keys,
 * as in svc-planning tables/*.ts), checked by the service against the kind's shape.
 */

/** The kinds, in the order the back office lists them (svc-planning tables/registry.ts RATE_TABLE_KINDS). */
export const RATE_TABLE_KINDS = ['cpf', 'epf', 'epfDividend', 'sgIncomeTax', 'myIncomeTax', 'sgSsd', 'myRpgt'] as const;
export const RateTableKind = z.enum(RATE_TABLE_KINDS);
export type RateTableKind = z.infer<typeof RateTableKind>;
/** The back office's title of each kind. */
export const RATE_TABLE_TITLES: Readonly<Record<RateTableKind, string>> = {
  cpf: 'CPF (Singapore)',
  epf: 'EPF (Malaysia)',
  epfDividend: 'EPF dividends',
  sgIncomeTax: 'Singapore income tax',
  myIncomeTax: 'Malaysia income tax',
  sgSsd: "Singapore Seller's Stamp Duty",
  myRpgt: 'Malaysia Real Property Gains Tax',
};

/** A version's name: `<kind>@<from_year>` (what a projection reply lists). */
export const VersionName = z.string().regex(/^[A-Za-z]+@\d{4}$/);
/** The versions a projection used, in kind order then ascending year (projection and Monte Carlo replies). */
export const TablesUsed = z.array(VersionName);

export const YEAR_MIN = 1990;
export const YEAR_MAX = 2200;
const Year = z
  .number({ message: 'Enter a year' })
  .int({ message: 'Use a whole year' })
  .min(YEAR_MIN, { message: `Enter a year from ${YEAR_MIN}` })
  .max(YEAR_MAX, { message: `Enter a year up to ${YEAR_MAX}` });

/** Where a version's figures come from. */
export const RateTableSource = z.strictObject({
  publisher: CleanString(200, { trim: true }).min(1, { message: 'Enter the publisher' }),
  title: CleanString(500, { trim: true }).min(1, { message: "Enter the document's title" }),
  url: CleanString(2000, { trim: true })
    .url({ message: "Enter the document's address (https://…)" })
    .refine((u) => u.startsWith('https://'), { message: 'The address must start with https://' }),
});
export type RateTableSource = z.infer<typeof RateTableSource>;

export const RateTableVersion = z.object({
  kind: RateTableKind,
  name: VersionName,
  from_year: z.number().int(),
  to_year: z.number().int().nullable(),
  source: z.object({ publisher: z.string(), title: z.string(), url: z.string() }),
  figures: z.record(z.string(), z.unknown()),
  origin: z.enum(['built_in', 'admin']),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: Timestamp.nullable(),
});
export type RateTableVersion = z.infer<typeof RateTableVersion>;

/** A problem of the stored set (e.g. a release's built-in version now overlaps a stored one): the set is not used. */
export const RateTableProblem = z.object({ kind: RateTableKind, field: z.string(), message: z.string() });
export type RateTableProblem = z.infer<typeof RateTableProblem>;

export const RateTable = z.object({
  kind: RateTableKind,
  title: z.string(),
  /** The name of the version in force this year, in the set projections use. */
  in_force: VersionName,
  /** Built-in and admin-added versions, ascending from_year. */
  versions: z.array(RateTableVersion),
  /** Present when the stored versions of this kind fail validation: projections keep the last good set. */
  problems: z.array(RateTableProblem).optional(),
});
export type RateTable = z.infer<typeof RateTable>;

/** GET admin/rate-tables. `problems`: present when the stored set fails validation and the last good set is in use. */
export const RateTablesReply = ok(
  z.object({ tables: z.array(RateTable), problems: z.array(RateTableProblem).optional() }),
);
/** GET admin/rate-tables/:kind. */
export const RateTableReply = ok(RateTable);

/** POST admin/rate-tables/:kind/versions (unknown keys refused; `figures` checked against the kind's shape). */
export const RateTableVersionBody = z.strictObject({
  from_year: Year,
  to_year: Year.nullable().optional(),
  source: RateTableSource,
  /** The figures (checked against the kind's shape by the service); no control character in any key or string. */
  figures: SafeJsonObject(8),
});
export type RateTableVersionBody = z.infer<typeof RateTableVersionBody>;
/** The 201 reply: the stored version. */
export const RateTableVersionReply = ok(RateTableVersion);

/** planning.rate_tables.changed.v1: an admin added a version; every replica uses it for its next projection. */
export const RateTablesChangedV1 = z.object({
  kind: RateTableKind,
  name: VersionName,
  from_year: z.number().int(),
  to_year: z.number().int().nullable(),
  created_by_id: z.string(),
  created_at: Timestamp,
});
