import { ApiError, api, errorMessage, fieldErrors } from '@kinfolio/ui-kit';

/**
 * The rate-tables API as the back office reads it (issue 32; the shape both sides follow is written down in
 * docs/decisions/rate-tables-ui.md). The service side is built beside this screen, so its zod schemas are not in
 * @kinfolio/contracts yet: these types are the documented shape, and when contracts' rate-tables.ts lands they
 * become `z.infer` aliases of it (the names match: RateTableKind, RateTableVersion, RateTable).
 */

/** The kinds, in the order the back office lists them (svc-planning tables/registry.ts RATE_TABLE_KINDS). */
export const RATE_TABLE_KINDS = ['cpf', 'epf', 'epfDividend', 'sgIncomeTax', 'myIncomeTax', 'sgSsd', 'myRpgt'] as const;
export type RateTableKind = (typeof RATE_TABLE_KINDS)[number];

/** Where a version's figures come from: the publishing body, the document's title and its address (https). */
export interface RateTableSource {
  publisher: string;
  title: string;
  url: string;
}

export interface RateTableVersion {
  kind: RateTableKind;
  /** `<kind>@<from_year>`, the name a projection's reply lists among the tables it used. */
  name: string;
  from_year: number;
  /** Last year of the published period; null = in force until the next version. */
  to_year: number | null;
  source: RateTableSource;
  /** The engine's version object without fromYear/toYear/source (camelCase keys, as in svc-planning tables/*.ts). */
  figures: Record<string, unknown>;
  /** Shipped in code, or added by an admin. */
  origin: 'built_in' | 'admin';
  created_by: { id: string; name: string } | null;
  /** ISO date-time; null for a built-in version. */
  created_at: string | null;
}

/** A problem of the stored versions (a gap, an overlap, a figure a release no longer has): the set is not used. */
export interface RateTableProblem {
  kind: RateTableKind;
  field: string;
  message: string;
}

export interface RateTable {
  kind: RateTableKind;
  title: string;
  /** The name of the version in force this year. */
  in_force: string;
  /** Ascending from_year. */
  versions: RateTableVersion[];
  /** Present when this kind's stored versions fail validation: projections keep the last good set. */
  problems?: RateTableProblem[];
}

/** The list: every table, and the stored set's problems when it fails validation (the last good set is in use). */
export interface RateTableList {
  tables: RateTable[];
  problems: RateTableProblem[];
}

/** POST admin/rate-tables/:kind/versions: a new version (never an edit of a past one). */
export interface NewRateTableVersion {
  from_year: number;
  /** Left out when the version is in force until the next one. */
  to_year?: number;
  source: RateTableSource;
  figures: Record<string, unknown>;
}

export const RATE_TABLES_PATH = 'admin/rate-tables';

/** GET admin/rate-tables → `{ tables, problems? }` (a bare list is read too, should the reply drop the envelope). */
export async function listRateTables(signal?: AbortSignal): Promise<RateTableList> {
  const reply = await api.get<{ tables: RateTable[]; problems?: RateTableProblem[] } | RateTable[]>(RATE_TABLES_PATH, {
    signal,
  });
  if (Array.isArray(reply)) return { tables: reply, problems: [] };
  return { tables: reply?.tables ?? [], problems: reply?.problems ?? [] };
}

/**
 * The admins' names by id (POST admin/get-filtered-users, type admin, active and deactivated): svc-planning stores
 * who added a version by id and knows no admin's name (docs/decisions/rate-tables.md), so the screen names them from
 * the users list the back office already reads. Best effort: a failed call names nobody (the stored name stays).
 */
export async function adminNames(signal?: AbortSignal): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const status of ['active', 'deactivated'] as const) {
    try {
      const page = await api.post<{ rows: Array<{ id: string; name: string }> }>(
        'admin/get-filtered-users',
        { status, type: 'admin', page: 1, page_size: 200 },
        { signal },
      );
      for (const u of page?.rows ?? []) if (u.name) names.set(u.id, u.name);
    } catch {
      /* the stored name stays */
    }
  }
  return names;
}

/** The tables with each admin-added version's author named from `names` (by id). */
export const withAdminNames = (tables: RateTable[], names: ReadonlyMap<string, string>): RateTable[] =>
  names.size === 0
    ? tables
    : tables.map((t) => ({
        ...t,
        versions: t.versions.map((v) => {
          const name = v.created_by ? names.get(v.created_by.id) : undefined;
          return name && v.created_by ? { ...v, created_by: { ...v.created_by, name } } : v;
        }),
      }));

/** A table's problems: its own, else those of the list that name its kind. */
export const problemsOf = (t: RateTable, listProblems: readonly RateTableProblem[]): RateTableProblem[] =>
  t.problems?.length ? t.problems : listProblems.filter((p) => p.kind === t.kind);

/** POST admin/rate-tables/:kind/versions → the stored version (201). */
export function addRateTableVersion(kind: RateTableKind, body: NewRateTableVersion): Promise<RateTableVersion> {
  return api.post<RateTableVersion>(`${RATE_TABLES_PATH}/${kind}/versions`, body);
}

/**
 * The message of a failed call. A refusal's `message` names the figure and the problem ("figures.rates[1].employer
 * must not be negative (it is -1)."), so for a 400 it wins over the first field note the spec's client would pick
 * (which has no field path). The `{ error: { code, message } }` shape is read as well as the repo's `{ message }`.
 */
export function rateTablesErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown; error?: unknown } | null;
    const nested =
      body?.error && typeof body.error === 'object' ? (body.error as { message?: unknown }).message : undefined;
    if (typeof nested === 'string' && nested) return nested;
    if (err.status === 400 && typeof body?.message === 'string' && body.message) return body.message;
  }
  return errorMessage(err);
}

/** The form's fields a refusal's field notes belong to (`from_year`, `source.url`, …); figures' notes stay in the message. */
const FIELD_OF: Record<string, string> = {
  from_year: 'fromYear',
  to_year: 'toYear',
  'source.publisher': 'publisher',
  'source.title': 'title',
  'source.url': 'url',
};
export function rateTablesFieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(err))) {
    const mine = FIELD_OF[field];
    if (mine && !(mine in out)) out[mine] = message;
  }
  return out;
}
