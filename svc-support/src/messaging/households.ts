import { eventPayload } from '@kinfolio/contracts';
import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { hubFor } from '../realtime/hub';
import { afterCommit } from './after-commit';

/**
 * svc-planning's household changes → the open screens of that household (issue 11 live household). The push goes
 * to the user rooms of the household's advisor and of its linked customer only: the access rule is who the event
 * names, decided by svc-planning from the household row, so no other advisor or customer ever receives it. Sent
 * after the consumer's transaction commits; a redelivered event is dropped by the kit's idempotency.
 */
export function householdsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['planning.household.changed.v1'],
    async handle(event, trx) {
      const p = eventPayload('planning.household.changed.v1', event, ctx.logger);
      if (!p) return;
      afterCommit(trx, () => hubFor(ctx)?.householdChanged(p));
    },
  };
}
