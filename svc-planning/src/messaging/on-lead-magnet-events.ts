import { eventPayload, households as H } from '@kinfolio/contracts';
import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { householdChanged } from '../households/changes';
import { createHousehold } from '../households/repository';

/** The lead's source (households.referral_id, at most 100 characters): which lead magnet brought them. */
export const leadMagnetSource = (title: string) => `Lead magnet: ${title}`.slice(0, 100);

/**
 * auth.lead-magnet.requested.v1 → a visitor of the advisor's public page downloaded a lead magnet: they become a lead
 * of that advisor (source: the lead magnet), with planning.household.changed.v1 in the same transaction so the
 * advisor's Leads page shows them live. Once per e-mail and advisor: a household of the advisor with that e-mail
 * already (lead or customer) gets nothing new. Redelivery of the same event does nothing (processed_events).
 */
export function leadMagnetEventsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['auth.lead-magnet.requested.v1'],
    async handle(event, trx) {
      const p = eventPayload('auth.lead-magnet.requested.v1', event, ctx.logger);
      if (!p) return;
      const email = p.email.trim().toLowerCase();
      // one at a time per advisor and e-mail, so two downloads at once do not make two leads
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`lead-magnet:${p.advisor_id}:${email}`]);
      const existing = await trx('households')
        .where({ advisor_id: p.advisor_id })
        .whereRaw('lower(email) = ?', [email])
        .first('id');
      if (existing) return;
      const lead = H.LeadBody.safeParse({
        name: p.name.slice(0, 100),
        email,
        referral_id: leadMagnetSource(p.lead_magnet_title),
      });
      if (!lead.success) {
        ctx.logger.warn({ eventId: event.id }, 'lead-magnet request with an unusable name or e-mail');
        return;
      }
      const hh = await createHousehold(trx, p.advisor_id, lead.data);
      await householdChanged(trx, hh, 'profile', 'created');
      ctx.logger.info({ householdId: hh.id, advisorId: p.advisor_id }, 'lead-magnet lead created');
    },
  };
}
