import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { onMembershipChanged, onTrialStarted } from '../domain/membership';

/**
 * billing.membership.changed.v1 and billing.trial.started.v1 → the advisor's membership state. One consumer with
 * both bindings, dispatching by type: the kit gives each service one queue, and on RabbitMQ every consumer of a
 * queue receives any message routed to it, whatever bindings that consumer declared.
 */
export function billingEventsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['billing.membership.changed.v1', 'billing.trial.started.v1'],
    async handle(event, trx) {
      if (event.type === 'billing.membership.changed.v1') await onMembershipChanged(ctx, event, trx);
      else if (event.type === 'billing.trial.started.v1') await onTrialStarted(ctx, event, trx);
    },
  };
}
