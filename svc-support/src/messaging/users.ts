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
      const present = (p: { user_id: string; name: string; email: string }, type: string) =>
        applyUser(trx, { id: p.user_id, type, name: p.name, email: p.email, deleted: false, event_at: at });
      switch (event.type) {
        case 'auth.advisor.registered.v1':
          return present(Events['auth.advisor.registered.v1'].parse(event.payload), 'advisor');
        case 'auth.customer.created.v1':
          return present(Events['auth.customer.created.v1'].parse(event.payload), 'customer');
        case 'auth.user.updated.v1': {
          const p = Events['auth.user.updated.v1'].parse(event.payload);
          return present(p, p.type);
        }
        case 'auth.user.deleted.v1': {
          const p = Events['auth.user.deleted.v1'].parse(event.payload);
          return applyUser(trx, { id: p.user_id, type: p.type, name: '', email: '', deleted: true, event_at: at });
        }
      }
    },
  };
}
