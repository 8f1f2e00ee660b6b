import { meetings as M } from '@kinfolio/contracts';
import { identity, type ServiceContext, signPass } from '@kinfolio/service-kit';
import { loadMembers } from '../households/repository';
import { readableHousehold } from '../records/access';

/** What the others see of an advisor svc-planning has no name for yet. */
export const ADVISOR_FALLBACK_NAME = 'Your advisor';
/** The purpose the pass is signed for (svc-support verifies it with the same). */
export const MEETING_PASS_PURPOSE = 'meeting';

/**
 * GET customer/{id}/meeting-pass (issue 36): a pass to start or join the household's meeting on the live socket, for
 * the household's advisor or its linked customer (readableHousehold's tenant rule; anyone else 404). It names the
 * household, its advisor and its customer sign-ins, the caller with their role and the name the others see (the
 * advisor's from svc-planning's own advisors table; the customer's the household's primary member's), and the
 * household's name as the client plan's cover names it. Signed with the internal secret; it lives
 * MEETING_PASS_TTL_MS.
 */
export async function meetingPass(ctx: ServiceContext, id: string, now = Date.now()): Promise<M.MeetingPass> {
  const who = identity();
  const hh = await readableHousehold(ctx, id);
  const role: M.MeetingRole = who.type === 'advisor' ? 'advisor' : 'family';
  let name: string;
  if (role === 'advisor') {
    const row = await ctx.db('advisors').where({ id: hh.advisor_id }).first('name');
    name = typeof row?.name === 'string' && row.name.trim() ? row.name.trim() : ADVISOR_FALLBACK_NAME;
  } else {
    const me = (await loadMembers(ctx.db, hh)).find((m) => m.relation === 'me');
    name = me?.name?.trim() || hh.name;
  }
  const exp = now + M.MEETING_PASS_TTL_MS;
  const payload: M.MeetingPassPayload = {
    v: 1,
    household_id: hh.id,
    advisor_id: hh.advisor_id,
    customer_user_ids: hh.customer_user_id ? [hh.customer_user_id] : [],
    user_id: who.userId,
    role,
    name: name.slice(0, 160),
    household_name: hh.name.slice(0, 160),
    exp,
  };
  return {
    pass: signPass(ctx.config.INTERNAL_SECRET, MEETING_PASS_PURPOSE, payload),
    household_id: hh.id,
    role,
    expires_at: new Date(exp).toISOString(),
  };
}
