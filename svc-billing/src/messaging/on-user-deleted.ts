import type { Consumer } from '@kinfolio/service-kit';
import { closeTrialOfDeletedUser } from '../domain/trials';

/** auth.user.deleted.v1 → the deleted user's open trial is closed. */
export function onUserDeleted(): Consumer {
  return {
    bindings: ['auth.user.deleted.v1'],
    async handle(event, trx) {
      await closeTrialOfDeletedUser(trx, event.payload);
    },
  };
}
