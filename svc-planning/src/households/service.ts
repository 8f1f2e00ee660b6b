import type { households as H } from '@kinfolio/contracts';
import { badRequest, enqueueEvent, identity, notFound, type ServiceContext } from '@kinfolio/service-kit';
import { advisorTakesLeads } from '../messaging/on-advisor-events';
import { type HouseholdRow, householdFor } from '../records/access';
import { duplicatedKinds, kinds } from '../records/kinds';
import { allRecords, createRecord, deleteRecord } from '../records/repository';
import type { z } from 'zod';
import { cashFlowSummary } from './cash-flow';
import { householdChanged } from './changes';
import {
  advisorMember,
  assertEmailFree,
  copyHousehold,
  createHousehold,
  deleteDraft,
  deleteHousehold,
  deleteMember,
  type DraftRow,
  emailAvailable,
  findDraft,
  freshHousehold,
  insertDraft,
  insertMember,
  type ListQuery,
  listHouseholds,
  loadMembers,
  membersByPosition,
  memberRows,
  metaDreamExists,
  metaQuestions,
  patchHousehold,
  replaceMembers,
  syncProfileFromMe,
  toHousehold,
  updateDraft,
  updateHousehold,
  updateMember,
} from './repository';

type Body<S extends z.ZodType> = z.infer<S>;

/**
 * The use cases of leads and customers, their members, the on-boarding fact-find, dreams and concerns, and form-step
 * drafts. The routes (leads.routes.ts, onboarding.routes.ts, plan.routes.ts) parse and reply; the household a
 * request names comes in already checked (records/access.ts: the advisor's own, the customer's own read only).
 */

/** The household as replied: its stored row now, with its members. */
async function reply(ctx: ServiceContext, hh: HouseholdRow): Promise<H.Household> {
  const fresh = await freshHousehold(ctx.db, hh);
  return toHousehold(fresh, await loadMembers(ctx.db, fresh));
}


export async function createLead(ctx: ServiceContext, body: H.LeadBody): Promise<H.Household> {
  const me = identity();
  const hh = await ctx.tx(async (trx) => {
    await assertEmailFree(trx, me.userId, body.email);
    const created = await createHousehold(trx, me.userId, body);
    await householdChanged(trx, created, 'profile', 'created');
    return created;
  });
  return reply(ctx, hh);
}

/** The household with its members, as it was read. */
export async function householdWithMembers(ctx: ServiceContext, hh: HouseholdRow): Promise<H.Household> {
  return toHousehold(hh, await loadMembers(ctx.db, hh));
}

export function leadList(ctx: ServiceContext, type: Body<typeof H.HouseholdType>, q: ListQuery) {
  return listHouseholds(ctx.db, identity().userId, type, q);
}

export async function changeLead(ctx: ServiceContext, hh: HouseholdRow, patch: H.LeadPatchBody): Promise<H.Household> {
  await ctx.tx(async (trx) => {
    if (patch.email) await assertEmailFree(trx, hh.advisor_id, patch.email, hh.id);
    await patchHousehold(trx, hh, patch);
    await householdChanged(trx, hh, 'profile');
  });
  return reply(ctx, hh);
}

/** Deletes the household; svc-auth removes the customer login on the event. */
export async function destroyLead(ctx: ServiceContext, hh: HouseholdRow): Promise<void> {
  await ctx.tx(async (trx) => {
    await deleteHousehold(trx, hh);
    await enqueueEvent(trx, 'planning.household.deleted.v1', {
      household_id: hh.id,
      advisor_id: hh.advisor_id,
      customer_user_id: hh.customer_user_id,
      deleted_at: new Date().toISOString(),
    });
    await householdChanged(trx, hh, 'profile', 'deleted');
  });
}

export async function changeMembers(
  ctx: ServiceContext,
  hh: HouseholdRow,
  members: Body<typeof H.MembersUpdateBody>['members'],
): Promise<H.Household> {
  await ctx.tx(async (trx) => {
    await replaceMembers(trx, hh, members);
    await householdChanged(trx, hh, 'members');
  });
  return reply(ctx, hh);
}

/** Copies a household, its members and every record (ids remapped) as a new lead of the same advisor. */
export async function duplicateLead(ctx: ServiceContext, hh: HouseholdRow): Promise<H.Household> {
  const copy = await ctx.tx(async (trx) => {
    const made = await copyHousehold(trx, hh, duplicatedKinds());
    await householdChanged(trx, made, 'profile', 'created');
    return made;
  });
  return reply(ctx, copy);
}

/** Shares the profile with the `me` member's e-mail address (svc-auth invites the customer on the event). */
export async function shareProfile(ctx: ServiceContext, hh: HouseholdRow): Promise<H.Household> {
  const members = await loadMembers(ctx.db, hh);
  const me = members.find((m) => m.relation === 'me');
  const email = me?.user_info?.email;
  if (!me || !email) throw badRequest('Add an e-mail address to the profile before sharing it', 'email');
  await ctx.tx(async (trx) => {
    await updateHousehold(trx, hh, { shared_at: new Date() });
    await enqueueEvent(trx, 'planning.customer.shared.v1', {
      household_id: hh.id,
      advisor_id: hh.advisor_id,
      name: me.name,
      email,
    });
    await householdChanged(trx, hh, 'profile');
  });
  return reply(ctx, hh);
}

export async function emailCheck(ctx: ServiceContext, body: Body<typeof H.CheckEmailBody>) {
  return {
    email: body.email,
    available: await emailAvailable(ctx.db, identity().userId, body.email, body.exclude_id),
  };
}

/** A lead becomes a customer (a customer stays one). */
export async function convertLead(ctx: ServiceContext, hh: HouseholdRow): Promise<H.Household> {
  if (hh.type !== 'customer')
    await ctx.tx(async (trx) => {
      await updateHousehold(trx, hh, { type: 'customer', converted_at: new Date() });
      await householdChanged(trx, hh, 'profile');
    });
  return reply(ctx, hh);
}

export function householdMembers(ctx: ServiceContext, hh: HouseholdRow): Promise<H.Member[]> {
  return loadMembers(ctx.db, hh);
}

/** Creates (no `id`) or changes a member; one `me` per household, and the me member stays me. */
export async function saveMember(
  ctx: ServiceContext,
  hh: HouseholdRow,
  id: string | undefined,
  member: H.MemberBody,
): Promise<H.Member | undefined> {
  const memberId = await ctx.tx(async (trx) => {
    const existing = await memberRows(trx, hh);
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
  return members.find((m) => m.id === memberId);
}

export async function householdMember(ctx: ServiceContext, hh: HouseholdRow, memberId: string): Promise<H.Member> {
  const member = (await loadMembers(ctx.db, hh)).find((m) => m.id === memberId);
  if (!member) throw notFound('No such member');
  return member;
}

/** Removes one of the calling advisor's members (never the me member); its records go with it. */
export async function removeMember(ctx: ServiceContext, id: string): Promise<void> {
  const row = await advisorMember(ctx.db, identity().userId, id);
  if (!row) throw notFound('No such member');
  if (row.relation === 'me') throw badRequest('The me member is the lead’s own profile and cannot be removed', 'id');
  await ctx.tx(async (trx) => {
    const hh = await deleteMember(trx, row);
    if (hh) await householdChanged(trx, hh, 'members');
  });
}

export const ONBOARDING_ADVISOR_NOT_FOUND = 'This invitation link is not valid: ask your advisor for a new one';

/**
 * The fact-find of a visitor who came through an advisor's invitation link. One transaction creates the lead for
 * that advisor, its members (through the same createHousehold as POST leads), the monthly incomes and the
 * household's expenses; nothing is left half-made. An id that is not an advisor taking leads (unknown, an admin's, a
 * customer's, an expired membership) is a 404, nothing stored. The new household's id.
 */
export async function submitOnBoarding(ctx: ServiceContext, body: H.OnBoardingSubmitBody): Promise<string> {
  // only a real advisor's link with a live trial or subscription makes a lead (issue 30 item 3): svc-planning's
  // own copy of advisors and their membership, fed by svc-auth's and svc-billing's events (docs/decisions/planning.md)
  if (!(await advisorTakesLeads(ctx.db, body.advisor_id))) throw notFound(ONBOARDING_ADVISOR_NOT_FOUND);
  return ctx.tx(async (trx) => {
    const hh = await createHousehold(trx, body.advisor_id, {
      ...body.lead,
      ...(body.referral_id ? { referral_id: body.referral_id } : {}),
    });
    await householdChanged(trx, hh, 'profile', 'created');
    const members = await membersByPosition(trx, hh);
    const byIndex = [members.find((m) => m.relation === 'me'), ...members.filter((m) => m.relation !== 'me')];
    for (const inc of body.incomes) {
      const m = byIndex[inc.member_index];
      if (!m) continue;
      await createRecord(trx, kinds.income, hh, {
        member_id: m.id,
        kind: 'gross income',
        amount: inc.amount,
        currency: hh.currency,
        frequency: 'monthly',
      });
    }
    for (const e of body.expenses)
      await createRecord(trx, kinds.expense, hh, {
        category: e.category,
        amount: e.amount,
        currency: hh.currency,
        frequency: 'monthly',
      });
    return hh.id;
  });
}

export function householdCashFlow(ctx: ServiceContext, hh: HouseholdRow) {
  return cashFlowSummary(ctx.db, hh);
}

/** The reference dreams or concerns with their questions. */
export async function metaData(ctx: ServiceContext, table: 'meta_dreams' | 'meta_concerns') {
  const rows = await metaQuestions(ctx.db, table);
  return rows.map((r) => ({
    ...r,
    questions: typeof r.questions === 'string' ? JSON.parse(r.questions) : r.questions,
  }));
}

export async function householdDream(ctx: ServiceContext, hh: HouseholdRow, id: string) {
  const dream = (await allRecords(ctx.db, kinds.dream, hh)).find((d) => d.id === id);
  if (!dream) throw notFound('No such dream');
  return dream;
}

export async function removeDream(ctx: ServiceContext, hh: HouseholdRow, id: string): Promise<void> {
  await deleteRecord(ctx.db, kinds.dream, hh, id);
}

/** The household's answer to one meta-data dream (null when it has none yet). */
export async function dreamAnswer(ctx: ServiceContext, hh: HouseholdRow, metaId: string) {
  if (!(await metaDreamExists(ctx.db, metaId))) throw notFound('No such dream');
  return (await allRecords(ctx.db, kinds.dream, hh)).find((d) => d.dream_id === metaId) ?? null;
}

const toDraft = (r: DraftRow): H.Draft => ({
  id: r.id,
  step: r.step,
  lead_id: r.household_id,
  data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/**
 * Saves the caller's form-step draft (a new one without `id`); a draft may hang on one of the advisor's households
 * (deleted with it).
 */
export async function saveDraft(ctx: ServiceContext, body: Body<typeof H.DraftBody>): Promise<H.Draft> {
  const me = identity();
  if (body.lead_id) await householdFor(ctx.db, body.lead_id, me, 'write');
  const row = {
    owner_id: me.userId,
    household_id: body.lead_id ?? null,
    step: body.step,
    data: JSON.stringify(body.data),
    updated_at: new Date(),
  };
  const saved = body.id ? await updateDraft(ctx.db, body.id, row) : await insertDraft(ctx.db, row);
  if (!saved) throw notFound('No such draft');
  return toDraft(saved);
}

export async function draft(ctx: ServiceContext, id: string): Promise<H.Draft> {
  const row = await findDraft(ctx.db, id, identity().userId);
  if (!row) throw notFound('No such draft');
  return toDraft(row);
}

export async function removeDraft(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await deleteDraft(ctx.db, id, identity().userId))) throw notFound('No such draft');
}
