import { Events } from '@kinfolio/contracts';
import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { recordRevokedSessions } from '../data/session.repository';
import { hubFor } from '../realtime/hub';
import { afterCommit } from './after-commit';

/**
 * svc-auth's revocations → every open socket of a revoked session is closed on every replica (the hub's Redis adapter
 * carries the disconnect), and the revoked session is remembered so the hub refuses it from then on. Deactivating or
 * deleting a user revokes all their sessions in the same svc-auth transaction, so this one event covers those too:
 * closing on auth.user.deactivated.v1 as well let a client reconnect before the revocation had arrived.
 * Idempotent through the kit; closing twice is harmless anyway.
 */
export function sessionsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['auth.sessions.revoked.v1'],
    async handle(event, trx) {
      if (event.type !== 'auth.sessions.revoked.v1') return;
      const hub = hubFor(ctx);
      const p = Events['auth.sessions.revoked.v1'].parse(event.payload);
      await recordRevokedSessions(trx, p.user_id, p.session_ids, new Date(event.occurredAt));
      afterCommit(trx, () => hub?.closeSessions(p.session_ids));
    },
  };
}
