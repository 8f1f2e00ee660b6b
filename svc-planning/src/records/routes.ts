import { households as H, recordKinds as R } from '@kinfolio/contracts';
import { allow, identity, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import type { z } from 'zod';
import { householdFor } from './access';
import { allKinds, type RecordKind } from './kinds';
import { createRecord, deleteRecord, findRecord, listRecords, setPositions, updateRecord } from './repository';

const advisorOnly = allow('advisor');
const readers = allow('advisor', 'customer');

/** The household a write names in its body (lead_id), the advisor's own or 404. */
export async function ownHousehold(ctx: ServiceContext, leadId: string) {
  return householdFor(ctx.db, leadId, identity(), 'write');
}

/** Lists a kind under a household: the advisor's own, or the customer's own household read-only. */
export async function listKind(ctx: ServiceContext, kind: RecordKind, req: Request) {
  const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
  return listRecords(ctx.db, kind, hh, parse(H.RecordListQuery, req.query));
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

/**
 * The routes of every declared record kind (contracts record-kinds.ts, the same list the route table derives):
 * GET customer/:id/{path} (unless the family reads the list itself), POST customer/{path}, PATCH and DELETE
 * customer/{path}/:recordId, and PATCH customer/bulk-update/{path}/positions where the kind keeps positions. Kinds
 * served under advisor/leads/:id/… (dreams, concerns) have their own routes (households/plan.routes.ts).
 */
export function recordsRoutes(app: Express, ctx: ServiceContext, list: readonly RecordKind[] = allKinds()): void {
  for (const kind of list)
    if (kind.list !== 'lead') serveKind(app, ctx, kind, { list: kind.list !== 'own', positions: kind.positions });
}

/**
 * The generic routes of one kind. `list: false` leaves GET customer/:id/{path} to the kind's own handler;
 * `positions: false` serves no bulk position update.
 */
function serveKind(
  app: Express,
  ctx: ServiceContext,
  kind: RecordKind,
  o: { list?: boolean; positions?: boolean } = {},
): void {
  if (o.list !== false)
    app.get(`/api/v1/customer/:id/${kind.path}`, readers, async (req, res) => {
      res.json({ data: await listKind(ctx, kind, req) });
    });
  app.post(`/api/v1/customer/${kind.path}`, advisorOnly, async (req, res) => {
    res.status(201).json({ message: 'Saved', data: await createKind(ctx, kind, req.body) });
  });
  if (o.positions !== false)
    app.patch(`/api/v1/customer/bulk-update/${kind.path}/positions`, advisorOnly, async (req, res) => {
      const body = parse(H.PositionsBody, req.body);
      const hh = await ownHousehold(ctx, body.lead_id);
      await ctx.tx((trx) => setPositions(trx, kind, hh, body.positions));
      res.json({ message: 'Positions saved' });
    });
  app.patch(`/api/v1/customer/${kind.path}/:recordId`, advisorOnly, async (req, res) => {
    const id = uuidParam(req, 'recordId');
    const patch = parse(patchBodyOf(kind), req.body) as Record<string, unknown>;
    const row = await findRecord(ctx.db, kind, identity().userId, id);
    const hh = await ownHousehold(ctx, row.household_id);
    res.json({ message: 'Saved', data: await updateRecord(ctx.db, kind, hh, row, patch) });
  });
  app.delete(`/api/v1/customer/${kind.path}/:recordId`, advisorOnly, async (req, res) => {
    const id = uuidParam(req, 'recordId');
    const row = await findRecord(ctx.db, kind, identity().userId, id);
    const hh = await ownHousehold(ctx, row.household_id);
    await deleteRecord(ctx.db, kind, hh, id);
    res.json({ message: 'Deleted' });
  });
}
