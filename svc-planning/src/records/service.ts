import { households as H, recordKinds as R } from '@kinfolio/contracts';
import { identity, parse, type ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { householdFor } from './access';
import type { RecordKind } from './kinds';
import { createRecord, deleteRecord, findRecord, listRecords, setPositions, updateRecord } from './repository';

/**
 * The use cases of every record kind (issue 33): list, create, change, delete and order the records of a kind in one
 * household, the advisor's own (a customer reads their own household). The routes (records/routes.ts) parse and reply.
 */

/** The household a write names in its body (lead_id), the advisor's own or 404. */
export async function ownHousehold(ctx: ServiceContext, leadId: string) {
  return householdFor(ctx.db, leadId, identity(), 'write');
}

/**
 * The body schemas of a kind, built once: zod 4 compiles a schema's fast path on first use, so a schema derived per
 * request (extend, partial) would be compiled on every save.
 */
const createBodies = new Map<RecordKind, z.ZodObject>();
const patchBodies = new Map<RecordKind, z.ZodObject>();
const createBodyOf = (kind: RecordKind) => memo(createBodies, kind, () => R.createBody(kind));
const patchBodyOf = (kind: RecordKind) => memo(patchBodies, kind, () => R.patchSchema(kind.schema));
function memo<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    cache.set(key, v);
  }
  return v;
}

/** Lists a kind under household `householdId`: the advisor's own, or the customer's own household read-only. */
export async function listKind(ctx: ServiceContext, kind: RecordKind, householdId: string, query: unknown) {
  const hh = await householdFor(ctx.db, householdId, identity(), 'read');
  return listRecords(ctx.db, kind, hh, parse(H.RecordListQuery, query));
}

/** Creates a record of a kind in the household named by lead_id in the body, or by `leadId` from the path. */
export async function createKind(ctx: ServiceContext, kind: RecordKind, body: unknown, leadId?: string) {
  if (leadId)
    return createRecord(
      ctx.db,
      kind,
      await ownHousehold(ctx, leadId),
      parse(kind.schema, body) as Record<string, unknown>,
    );
  const { lead_id, ...data } = parse(createBodyOf(kind), body) as Record<string, unknown> & { lead_id: string };
  return createRecord(ctx.db, kind, await ownHousehold(ctx, lead_id), data);
}

/** Merges a patch (the kind's PATCH body) into record `id` of one of the advisor's households. */
export async function updateKind(ctx: ServiceContext, kind: RecordKind, id: string, body: unknown) {
  const patch = parse(patchBodyOf(kind), body) as Record<string, unknown>;
  const row = await findRecord(ctx.db, kind, identity().userId, id);
  return updateRecord(ctx.db, kind, await ownHousehold(ctx, row.household_id), row, patch);
}

/** Deletes record `id` (and, by its cascade, its children) from one of the advisor's households. */
export async function deleteKind(ctx: ServiceContext, kind: RecordKind, id: string): Promise<void> {
  const row = await findRecord(ctx.db, kind, identity().userId, id);
  await deleteRecord(ctx.db, kind, await ownHousehold(ctx, row.household_id), id);
}

/** Sets the positions of several records of one household at once (all or nothing). */
export async function positionKind(ctx: ServiceContext, kind: RecordKind, body: unknown): Promise<void> {
  const { lead_id, positions } = parse(H.PositionsBody, body);
  const hh = await ownHousehold(ctx, lead_id);
  await ctx.tx((trx) => setPositions(trx, kind, hh, positions));
}
