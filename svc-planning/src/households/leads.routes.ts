import { randomUUID } from 'node:crypto';
import { households as H } from '@kinfolio/contracts';
import {
  allow,
  badRequest,
  enqueueEvent,
  identity,
  type Knex,
  notFound,
  parse,
  type ServiceContext,
  uuidParam,
} from '@kinfolio/service-kit';
import type { Express } from 'express';
import { type HouseholdRow, householdFor } from '../records/access';
import { duplicatedKinds } from '../records/kinds';
import { householdChanged } from './changes';
import {
  assertEmailFree,
  createHousehold,
  emailAvailable,
  insertMember,
  listHouseholds,
  loadMembers,
  type MemberRow,
  patchHousehold,
  replaceMembers,
  syncProfileFromMe,
  toHousehold,
  updateMember,
} from './repository';

const advisorOnly = allow('advisor');
const readers = allow('advisor', 'customer');

async function reply(db: Knex, hh: HouseholdRow): Promise<H.Household> {
  const fresh = (await db<HouseholdRow>('households').where({ id: hh.id }).first()) ?? hh;
  return toHousehold(fresh, await loadMembers(db, fresh));
}

/** A copy of `value` in which every string that is a key of `ids` is replaced by its value (ids are UUIDs). */
export function remapIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remapIds(v, ids));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remapIds(v, ids)]));
  return value;
}

/** Copies a household, its members and every record (member and record ids remapped) as a new lead of the same advisor. */
async function duplicate(trx: Knex.Transaction, hh: HouseholdRow): Promise<HouseholdRow> {
  const id = randomUUID();
  const now = new Date();
  const {
    id: _old,
    created_at: _c,
    updated_at: _u,
    customer_user_id: _cu,
    shared_at: _s,
    converted_at: _cv,
    ...rest
  } = hh;
  await trx('households').insert({
    ...rest,
    dependencies: JSON.stringify(rest.dependencies),
    children: JSON.stringify(rest.children ?? []),
    id,
    type: hh.type,
    name: `${hh.name} (copy)`.slice(0, 100),
    email: null,
    created_at: now,
    updated_at: now,
  });
  const members = await trx<MemberRow>('members').where({ household_id: hh.id, advisor_id: hh.advisor_id });
  const memberMap = new Map<string, string>();
  for (const m of members) {
    const nid = randomUUID();
    memberMap.set(m.id, nid);
    const data = typeof m.data === 'string' ? JSON.parse(m.data) : (m.data as Record<string, unknown>);
    if (m.relation === 'me' && data.user_info) delete data.user_info.email;
    await trx('members').insert({
      ...m,
      data: JSON.stringify(data),
      id: nid,
      household_id: id,
      created_at: now,
      updated_at: now,
    });
  }
  // every record of every kind, with new ids; an id a record names (its member, payer, owners, beneficiaries, the
  // policy or coverage it belongs to) is the copy's when it names something of this household
  const tables = [...new Set(duplicatedKinds().map((k) => k.table))];
  const copied: Array<{ table: string; rows: Array<Record<string, unknown>> }> = [];
  const ids = new Map(memberMap).set(hh.id, id);
  for (const table of tables) {
    const rows: Array<Record<string, unknown>> = await trx(table).where({
      household_id: hh.id,
      advisor_id: hh.advisor_id,
    });
    for (const r of rows) ids.set(String(r.id), randomUUID());
    if (rows.length) copied.push({ table, rows });
  }
  for (const { table, rows } of copied)
    await trx(table).insert(
      rows.map((r) => {
        const data = typeof r.data === 'string' ? JSON.parse(r.data) : (r.data as Record<string, unknown>);
        return {
          ...r,
          id: ids.get(String(r.id)),
          household_id: id,
          member_id: r.member_id ? (memberMap.get(String(r.member_id)) ?? null) : null,
          data: JSON.stringify(remapIds(data, ids)),
          created_at: now,
          updated_at: now,
        };
      }),
    );
  return (await trx<HouseholdRow>('households').where({ id }).first()) as HouseholdRow;
}

/**
 * Leads and customers (platform-shell §7 "Leads and members"): the advisor's own households; a customer reads only
 * the household linked to their login. Another tenant's id is a 404.
 */
/** Built once (zod 4 compiles a schema on first use). */
const EarningMemberQuery = H.EarningMemberBody.pick({ lead_id: true });

export function leadsRoutes(app: Express, ctx: ServiceContext): void {
  app.post('/api/v1/leads', advisorOnly, async (req, res) => {
    const body = parse(H.LeadBody, req.body);
    const me = identity();
    const hh = await ctx.tx(async (trx) => {
      await assertEmailFree(trx, me.userId, body.email);
      const created = await createHousehold(trx, me.userId, body);
      await householdChanged(trx, created, 'profile', 'created');
      return created;
    });
    res.status(201).json({ message: 'Lead created', data: await reply(ctx.db, hh) });
  });

  app.get('/api/v1/single-lead/:id', readers, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'read');
    res.json({ data: toHousehold(hh, await loadMembers(ctx.db, hh)) });
  });

  app.get('/api/v1/leads/:type', advisorOnly, async (req, res) => {
    const type = H.HouseholdType.safeParse(req.params.type);
    if (!type.success) throw notFound(`No route for GET ${req.path}`);
    res.json({ data: await listHouseholds(ctx.db, identity().userId, type.data, parse(H.LeadListQuery, req.query)) });
  });

  app.patch('/api/v1/leads/:id', advisorOnly, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'write');
    const patch = parse(H.LeadPatchBody, req.body);
    await ctx.tx(async (trx) => {
      if (patch.email) await assertEmailFree(trx, hh.advisor_id, patch.email, hh.id);
      await patchHousehold(trx, hh, patch);
      await householdChanged(trx, hh, 'profile');
    });
    res.json({ message: 'Saved', data: await reply(ctx.db, hh) });
  });

  app.delete('/api/v1/leads/:id/destroy', advisorOnly, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'write');
    await ctx.tx(async (trx) => {
      // members, records and drafts go with it (ON DELETE CASCADE); svc-auth removes the customer login on the event
      await trx('households').where({ id: hh.id, advisor_id: hh.advisor_id }).delete();
      await enqueueEvent(trx, 'planning.household.deleted.v1', {
        household_id: hh.id,
        advisor_id: hh.advisor_id,
        customer_user_id: hh.customer_user_id,
        deleted_at: new Date().toISOString(),
      });
      await householdChanged(trx, hh, 'profile', 'deleted');
    });
    res.json({ message: 'Deleted', data: { id: hh.id } });
  });

  app.post('/api/v1/leads/:id/members-update', advisorOnly, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'write');
    const body = parse(H.MembersUpdateBody, req.body);
    await ctx.tx(async (trx) => {
      await replaceMembers(trx, hh, body.members);
      await householdChanged(trx, hh, 'members');
    });
    res.json({ message: 'Saved', data: await reply(ctx.db, hh) });
  });

  app.post('/api/v1/customer/duplicate/:id', advisorOnly, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'write');
    const copy = await ctx.tx(async (trx) => {
      const made = await duplicate(trx, hh);
      await householdChanged(trx, made, 'profile', 'created');
      return made;
    });
    res.status(201).json({ message: 'Duplicated', data: await reply(ctx.db, copy) });
  });

  app.post('/api/v1/customer/share-profile/:id', advisorOnly, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'write');
    const members = await loadMembers(ctx.db, hh);
    const me = members.find((m) => m.relation === 'me');
    const email = me?.user_info?.email;
    if (!me || !email) throw badRequest('Add an e-mail address to the profile before sharing it', 'email');
    await ctx.tx(async (trx) => {
      await trx('households').where({ id: hh.id }).update({ shared_at: new Date(), updated_at: new Date() });
      await enqueueEvent(trx, 'planning.customer.shared.v1', {
        household_id: hh.id,
        advisor_id: hh.advisor_id,
        name: me.name,
        email,
      });
      await householdChanged(trx, hh, 'profile');
    });
    res.json({ message: 'Profile shared', data: await reply(ctx.db, hh) });
  });

  app.post('/api/v1/leads/check-email-availability', advisorOnly, async (req, res) => {
    const body = parse(H.CheckEmailBody, req.body);
    res.json({
      data: {
        email: body.email,
        available: await emailAvailable(ctx.db, identity().userId, body.email, body.exclude_id),
      },
    });
  });

  app.post('/api/v1/leads/add/:id', advisorOnly, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.id), identity(), 'write');
    if (hh.type !== 'customer')
      await ctx.tx(async (trx) => {
        await trx('households')
          .where({ id: hh.id })
          .update({ type: 'customer', converted_at: new Date(), updated_at: new Date() });
        await householdChanged(trx, hh, 'profile');
      });
    res.json({ message: 'Lead converted to customer', data: await reply(ctx.db, hh) });
  });

  // Members
  app.get('/api/v1/earning-member', readers, async (req, res) => {
    const q = parse(EarningMemberQuery, req.query);
    const hh = await householdFor(ctx.db, q.lead_id, identity(), 'read');
    res.json({ data: await loadMembers(ctx.db, hh) });
  });
  app.post('/api/v1/earning-member', advisorOnly, async (req, res) => {
    const { lead_id, id, ...member } = parse(H.EarningMemberBody, req.body);
    const hh = await householdFor(ctx.db, lead_id, identity(), 'write');
    const memberId = await ctx.tx(async (trx) => {
      const existing = await trx<MemberRow>('members').where({ household_id: hh.id, advisor_id: hh.advisor_id });
      const meRow = existing.find((m) => m.relation === 'me');
      if (member.relation === 'me' && meRow && meRow.id !== id)
        throw badRequest('This household already has its me member', 'relation');
      let memberId = id;
      if (id) {
        const row = existing.find((m) => m.id === id);
        if (!row) throw notFound('No such member');
        if (row.relation === 'me' && member.relation !== 'me') throw badRequest('The me member stays me', 'relation');
        await updateMember(trx, hh, id, member);
      } else memberId = await insertMember(trx, hh, member, existing.length);
      if (member.relation === 'me') await syncProfileFromMe(trx, hh, member);
      await householdChanged(trx, hh, 'members');
      return memberId;
    });
    const members = await loadMembers(ctx.db, hh);
    res.status(id ? 200 : 201).json({ message: 'Saved', data: members.find((m) => m.id === memberId) });
  });
  app.get('/api/v1/members/:a/:b', readers, async (req, res) => {
    const hh = await householdFor(ctx.db, String(req.params.a), identity(), 'read');
    const memberId = uuidParam(req, 'b');
    const member = (await loadMembers(ctx.db, hh)).find((m) => m.id === memberId);
    if (!member) throw notFound('No such member');
    res.json({ data: member });
  });
  app.delete('/api/v1/members/:id', advisorOnly, async (req, res) => {
    const id = uuidParam(req);
    const row = await ctx.db<MemberRow>('members').where({ id, advisor_id: identity().userId }).first();
    if (!row) throw notFound('No such member');
    if (row.relation === 'me') throw badRequest('The me member is the lead’s own profile and cannot be removed', 'id');
    await ctx.tx(async (trx) => {
      await trx('members').where({ id, advisor_id: row.advisor_id }).delete();
      const [hh] = await trx<HouseholdRow>('households')
        .where({ id: row.household_id })
        .update({ updated_at: new Date() })
        .returning('*');
      if (hh) await householdChanged(trx, hh, 'members');
    });
    res.json({ message: 'Deleted', data: { id } });
  });
}
