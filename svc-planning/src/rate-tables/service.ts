import { randomUUID } from 'node:crypto';
import { rateTables as RT } from '@kinfolio/contracts';
import { AppError, enqueueEvent, type Knex, notFound, type ServiceContext } from '@kinfolio/service-kit';
import {
  BUILT_IN_TABLES,
  installRateTables,
  RATE_TABLE_KINDS,
  type RateTableKind,
  type RateTables,
  rateTables,
  versionName,
} from '../domain/calculations/tables/registry';
import {
  figuresOf,
  type RateTableProblem,
  validateFigures,
  validateRateTables,
  validateVersions,
} from '../domain/calculations/tables/validate';
import { inForce, type Version } from '../domain/calculations/tables/versioned';
import { sharedDataWritten } from '../read-db';
import {
  insertAudit,
  insertVersion,
  lockVersions,
  type StoredVersionRow,
  storedStamp,
  storedVersions,
  storedVersionsOf,
} from './repository';

/**
 * Rate tables an admin keeps (issue 32, docs/decisions/rate-tables.md): the built-in versions (tables/*.ts) merged with
 * the versions admins added (rate_table_versions), validated as a whole (tables/validate.ts) and installed in the
 * engine's registry (`installRateTables`), at start and after each addition. A stored set that fails validation (a
 * later release's built-in version now overlapping a stored one) is never used: the error is logged, the last good
 * set stays installed (at start: the built-in one) and the GET reply shows the problems.
 *
 * Other replicas: the set's stamp (repository.ts RATE_TABLES_STAMP_SQL) is read with every household's stamp
 * (reports/cache.ts) and by the calculate routes; a replica whose installed stamp differs reloads the set before it
 * computes (`syncRateTables`).
 */

type Logger = ServiceContext['logger'];
interface State {
  /** The stamp of the stored set last read (installed or refused). */
  stamp: string | null;
  /** The stored rows last read (the GET lists them even when the set was refused). */
  rows: StoredVersionRow[];
  /** Problems of the stored set last read (empty when it is installed). */
  problems: RateTableProblem[];
}
const state: State = { stamp: null, rows: [], problems: [] };
let loading: Promise<void> | null = null;
let logger: Logger | null = null;

/** A stored row as an engine version: `{ fromYear, toYear, source, ...figures }`. */
export const versionOf = (r: StoredVersionRow): Version & Record<string, unknown> => ({
  ...r.figures,
  fromYear: r.from_year,
  toYear: r.to_year,
  source: r.source,
});

/** Built-in + stored versions of every kind, each kind's list in ascending fromYear (stored after built-in on a tie). */
export function mergeTables(rows: readonly StoredVersionRow[]): RateTables {
  const out: Record<string, Version[]> = {};
  for (const kind of RATE_TABLE_KINDS) out[kind] = [...(BUILT_IN_TABLES[kind] as readonly Version[])];
  for (const r of rows) {
    const list = out[r.kind];
    if (list) list.push(versionOf(r));
  }
  for (const kind of RATE_TABLE_KINDS) (out[kind] as Version[]).sort((a, b) => a.fromYear - b.fromYear);
  return out as unknown as RateTables;
}

/** Reads the stored set and installs it when it validates; keeps the last good set otherwise. */
async function reload(db: Knex): Promise<void> {
  const { stamp, rows } = await storedVersions(db);
  const unknownKind = rows.filter((r) => !(RATE_TABLE_KINDS as readonly string[]).includes(r.kind));
  const merged = mergeTables(rows);
  const problems: RateTableProblem[] = validateRateTables(merged);
  for (const r of unknownKind)
    logger?.warn({ kind: r.kind, fromYear: r.from_year }, 'a stored rate-table version of an unknown kind is ignored');
  state.rows = rows;
  state.stamp = stamp;
  state.problems = problems;
  if (problems.length > 0) {
    logger?.error(
      { problems: problems.map((p) => p.message) },
      'The stored rate tables fail validation: projections keep the last good set',
    );
    return;
  }
  installRateTables(merged);
}

/** Loads the set at start (module onStart). */
export async function loadRateTables(ctx: ServiceContext): Promise<void> {
  logger = ctx.logger;
  state.stamp = null;
  await syncRateTables(ctx.db);
}

/**
 * Before a computation: reloads the set when the stored one's stamp differs from the one this replica read last.
 * `knownStamp` is the stamp when the caller already read it (householdStamp reads it in its own query).
 */
export async function syncRateTables(db: Knex, knownStamp?: string): Promise<void> {
  if (knownStamp !== undefined && knownStamp === state.stamp) return;
  const stamp = knownStamp ?? (await storedStamp(db));
  if (stamp === state.stamp) return;
  if (!loading)
    loading = reload(db).finally(() => {
      loading = null;
    });
  await loading;
  // a version added while the reload read the rows: read again (rare)
  if (knownStamp !== undefined && state.stamp !== knownStamp) await reload(db);
}

/** The stamp of the set this replica read last (tests). */
export const installedStamp = () => state.stamp;

const nowYear = () => new Date().getFullYear();

function versionReply(kind: RateTableKind, v: Version, row?: StoredVersionRow): RT.RateTableVersion {
  return {
    kind,
    name: versionName(kind, v),
    from_year: v.fromYear,
    to_year: v.toYear ?? null,
    source: { publisher: v.source.publisher, title: v.source.title, url: v.source.url },
    figures: figuresOf(v),
    origin: row ? 'admin' : 'built_in',
    created_by: row ? { id: row.created_by_id, name: row.created_by_name } : null,
    created_at: row ? new Date(row.created_at).toISOString() : null,
  };
}

/** One kind as the API shows it: every version (built-in and stored), the one in force this year, any problems. */
function tableReply(kind: RateTableKind): RT.RateTable {
  const versions: RT.RateTableVersion[] = (BUILT_IN_TABLES[kind] as readonly Version[]).map((v) =>
    versionReply(kind, v),
  );
  for (const r of state.rows) if (r.kind === kind) versions.push(versionReply(kind, versionOf(r), r));
  versions.sort((a, b) => a.from_year - b.from_year || (a.origin === b.origin ? 0 : a.origin === 'built_in' ? -1 : 1));
  const inUse = rateTables()[kind] as readonly Version[];
  const problems = state.problems.filter((p) => p.kind === kind);
  return {
    kind,
    title: RT.RATE_TABLE_TITLES[kind],
    in_force: versionName(kind, inForce(inUse, nowYear())),
    versions,
    ...(problems.length ? { problems } : {}),
  };
}

const isKind = (k: string): k is RateTableKind => (RATE_TABLE_KINDS as readonly string[]).includes(k);
function kindOf(k: string): RateTableKind {
  if (!isKind(k)) throw notFound(`No rate table '${k}': the kinds are ${RATE_TABLE_KINDS.join(', ')}`);
  return k;
}

export async function listRateTables(
  ctx: ServiceContext,
): Promise<{ tables: RT.RateTable[]; problems?: RT.RateTableProblem[] }> {
  await syncRateTables(ctx.db);
  const tables = RATE_TABLE_KINDS.map(tableReply);
  return state.problems.length ? { tables, problems: state.problems } : { tables };
}

export async function rateTable(ctx: ServiceContext, kind: string): Promise<RT.RateTable> {
  const k = kindOf(kind);
  await syncRateTables(ctx.db);
  return tableReply(k);
}

/** A 400 naming every problem (the first as the message), in the repo's error shape. */
function refused(problems: readonly RateTableProblem[]): AppError {
  const first = problems[0] as RateTableProblem;
  return new AppError(400, first.message, { errors: problems.map((p) => ({ [p.field]: [p.message] })) });
}

/**
 * Adds the next version of a kind: it must start after the kind's newest version (a new version, never an edit of a
 * past one), its figures must have the kind's shape and pass the number and band checks, and the kind's versions
 * with it must have no gap and no overlap. Stored with who and when, an audit entry and
 * planning.rate_tables.changed.v1 in the same transaction; then installed.
 */
export async function addRateTableVersion(
  ctx: ServiceContext,
  kind: string,
  body: RT.RateTableVersionBody,
  who: { id: string; name: string },
): Promise<RT.RateTableVersion> {
  const k = kindOf(kind);
  const candidate: Version & Record<string, unknown> = {
    ...body.figures,
    fromYear: body.from_year,
    toYear: body.to_year ?? null,
    source: body.source,
  };
  // the figures first: they concern only the new version (messages name the field, e.g. figures.rates[1].employer);
  // the period and source are the envelope's, never figures
  const envelope = ['fromYear', 'toYear', 'source'].filter((key) => Object.hasOwn(body.figures, key));
  const figureProblems: RateTableProblem[] = [
    ...envelope.map((key) => ({
      kind: k,
      field: `figures.${key}`,
      message: `figures.${key} is not a ${k} figure (the period and source are from_year, to_year and source).`,
    })),
    ...validateFigures(k, candidate),
  ];
  if (figureProblems.length) throw refused(figureProblems);
  const row = await ctx.tx(async (trx) => {
    await lockVersions(trx);
    const stored = await storedVersionsOf(trx, k);
    const list = [...(BUILT_IN_TABLES[k] as readonly Version[]), ...stored.map(versionOf)].sort(
      (a, b) => a.fromYear - b.fromYear,
    );
    const newest = list[list.length - 1] as Version;
    if (body.from_year <= newest.fromYear)
      throw refused([
        {
          kind: k,
          field: 'from_year',
          message: `A new ${k} version must start after ${newest.fromYear}, the year its newest version starts: a published version is never edited (add the next one instead).`,
        },
      ]);
    const problems = validateVersions(k, [...list, candidate]);
    if (problems.length) throw refused(problems);
    const id = randomUUID();
    const name = versionName(k, candidate);
    const inserted = await insertVersion(trx, {
      id,
      kind: k,
      from_year: body.from_year,
      to_year: body.to_year ?? null,
      source: body.source,
      figures: body.figures,
      created_by_id: who.id,
      created_by_name: who.name,
    });
    await insertAudit(trx, {
      id: randomUUID(),
      action: 'version_added',
      kind: k,
      version_name: name,
      actor_id: who.id,
      actor_name: who.name,
      details: { from_year: body.from_year, to_year: body.to_year ?? null, source: body.source },
    });
    await sharedDataWritten(trx); // reports compute on the primary until the read replica replayed it (read-db.ts)
    await enqueueEvent(trx, 'planning.rate_tables.changed.v1', {
      kind: k,
      name,
      from_year: body.from_year,
      to_year: body.to_year ?? null,
      created_by_id: who.id,
      created_at: new Date(inserted.created_at).toISOString(),
    });
    return inserted;
  });
  await syncRateTables(ctx.db);
  return versionReply(k, versionOf(row), row);
}

/**
 * Tests only: this process forgets the stored set it read and goes back to the built-in tables, as a replica that
 * started before an admin's addition (or a process just started) would be; the next computation reloads.
 */
export function forgetRateTablesForTests(): void {
  installRateTables(BUILT_IN_TABLES);
  state.stamp = 'forgotten';
  state.rows = [];
  state.problems = [];
}
