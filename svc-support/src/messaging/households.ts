import { eventPayload } from '@kinfolio/contracts';
import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { hubFor } from '../realtime/hub';
import { afterCommit } from './after-commit';

/**
 * svc-planning's household changes → the open screens of that household (issue 11 live household). The push goes
 * to the user rooms of the household's advisor and of its linked customer only: the access rule is who the event
 * names, decided by svc-planning from the household row, so no other advisor or customer ever receives it. Sent
 * after the consumer's transaction commits; a redelivered event is dropped by the kit's idempotency.
 *
 * Meetings (issue 36): a change naming another customer sign-in than a running meeting's removes the users no longer
 * the household's customer from it (their sockets leave its room and are told `removed`); a deleted household's
 * meeting ends. The meeting's row changes in the consumer's transaction, the sockets after it commits.
 */
export function householdsConsumer(ctx: ServiceContext): Consumer {
  const runAfter = (trx: Parameters<Consumer['handle']>[1], then: (() => Promise<void>) | null | undefined) => {
    if (!then) return;
    afterCommit(trx, () => {
      then().catch((err: unknown) => ctx.logger.warn({ err }, 'meeting update after a household event failed'));
    });
  };
  return {
    bindings: ['planning.household.changed.v1', 'planning.household.deleted.v1'],
    async handle(event, trx) {
      const hub = hubFor(ctx);
      if (event.type === 'planning.household.deleted.v1') {
        const p = eventPayload('planning.household.deleted.v1', event, ctx.logger);
        if (p && hub) runAfter(trx, await hub.meetings.householdDeleted(trx, p.household_id));
        return;
      }
      const p = eventPayload('planning.household.changed.v1', event, ctx.logger);
      if (!p) return;
      if (hub) runAfter(trx, await hub.meetings.householdChanged(trx, p));
      afterCommit(trx, () => hubFor(ctx)?.householdChanged(p));
    },
  };
}
