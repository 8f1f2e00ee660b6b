import type { EventEnvelope, EventType } from '@kinfolio/contracts';
import type { Consumer, Knex, ServiceContext } from '@kinfolio/service-kit';

export type EventHandler = (ctx: ServiceContext, event: EventEnvelope, trx: Knex.Transaction) => Promise<void>;

/**
 * One consumer for several event types, each handed to its own handler. One consumer with every binding, dispatching
 * by type: the kit gives each service one queue, and on RabbitMQ every consumer of a queue receives any message routed
 * to it, whatever bindings that consumer declared.
 */
export function consumerByType(ctx: ServiceContext, handlers: Partial<Record<EventType, EventHandler>>): Consumer {
  return {
    bindings: Object.keys(handlers),
    async handle(event, trx) {
      const handler = Object.hasOwn(handlers, event.type) ? handlers[event.type as EventType] : undefined;
      await handler?.(ctx, event, trx);
    },
  };
}
