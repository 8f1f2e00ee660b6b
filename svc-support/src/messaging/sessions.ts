import { Events } from '@kinfolio/contracts';
import type { Consumer, Knex, ServiceContext } from '@kinfolio/service-kit';
import { recordRevokedSessions } from '../data/session.repository';
import { hubFor } from '../realtime/hub';

/**
 * Runs `close` once the consumer's transaction has committed. Closing inside the transaction let a client reconnect
 * before the revoked session was readable, and the hub's connect check let it back in.
 */
function afterCommit(trx: Knex.Transaction, close: () => void): void {
  trx.executionPromise.then(close, () => undefined);
}

/**
 * svc-auth's revocations → every open socket of a revoked session, or of a deactivated or deleted user, is closed
 * on every replica (the hub's Redis adapter carries the disconnect), and the revoked session is remembered so the
 * hub refuses it from then on. Idempotent through the kit; closing twice is harmless anyway.
 */
export function sessionsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['auth.sessions.revoked.v1', 'auth.user.deactivated.v1', 'auth.user.deleted.v1'],
    async handle(event, trx) {
      const hub = hubFor(ctx);
      switch (event.type) {
        case 'auth.sessions.revoked.v1': {
          const p = Events['auth.sessions.revoked.v1'].parse(event.payload);
          await recordRevokedSessions(trx, p.user_id, p.session_ids, new Date(event.occurredAt));
          afterCommit(trx, () => hub?.closeSessions(p.session_ids));
          return;
        }
        case 'auth.user.deactivated.v1':
        case 'auth.user.deleted.v1': {
          const p = Events[event.type].parse(event.payload);
          afterCommit(trx, () => hub?.closeUser(p.user_id));
          return;
        }
      }
    },
  };
}
