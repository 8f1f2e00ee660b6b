import { Events } from '@kinfolio/contracts';
import type { Consumer } from '@kinfolio/service-kit';
import { applyUser } from '../data/user.repository';

/**
 * svc-auth's user events → svc-support's `support_users` (names in the admin ticket lists). One consumer for all
 * of them (the kit gives a service one queue), idempotent through the kit, order-safe through `event_at`.
 */
export function usersConsumer(): Consumer {
  return {
    bindings: [
      'auth.advisor.registered.v1',
      'auth.customer.created.v1',
      'auth.user.updated.v1',
      'auth.user.deleted.v1',
    ],
    async handle(event, trx) {
      const at = event.occurredAt;
      switch (event.type) {
        case 'auth.advisor.registered.v1': {
          const p = Events['auth.advisor.registered.v1'].parse(event.payload);
          return applyUser(trx, {
            id: p.user_id,
            type: 'advisor',
            name: p.name,
            email: p.email,
            deleted: false,
            event_at: at,
          });
        }
        case 'auth.customer.created.v1': {
          const p = Events['auth.customer.created.v1'].parse(event.payload);
          return applyUser(trx, {
            id: p.user_id,
            type: 'customer',
            name: p.name,
            email: p.email,
            deleted: false,
            event_at: at,
          });
        }
        case 'auth.user.updated.v1': {
          const p = Events['auth.user.updated.v1'].parse(event.payload);
          return applyUser(trx, {
            id: p.user_id,
            type: p.type,
            name: p.name,
            email: p.email,
            deleted: false,
            event_at: at,
          });
        }
        case 'auth.user.deleted.v1': {
          const p = Events['auth.user.deleted.v1'].parse(event.payload);
          return applyUser(trx, { id: p.user_id, type: p.type, name: '', email: '', deleted: true, event_at: at });
        }
      }
    },
  };
}
