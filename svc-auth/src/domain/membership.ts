import { type EventEnvelope, eventPayload } from '@kinfolio/contracts';
import type { Knex, ServiceContext } from '@kinfolio/service-kit';
import { findUserById, updateUser } from '../data/user.repository';
import { dropCachedSessionsOf } from './sessions';

/** Cached identities are dropped in the handler and once more just after its commit (the gateway may re-read in between). */
const AFTER_COMMIT_MS = 300;

function dropSoon(ctx: ServiceContext, userId: string): void {
  const timer = setTimeout(() => {
    dropCachedSessionsOf(ctx, ctx.db, userId).catch((err: unknown) => ctx.logger.warn({ err }, 'could not drop cached sessions'));
  }, AFTER_COMMIT_MS);
  timer.unref();
}

/**
 * billing.membership.changed.v1 → the advisor's membership_status and trial_ends_at. Billing's events are the
 * truth; one older than the last applied (redelivered out of order) changes nothing.
 */
export async function onMembershipChanged(ctx: ServiceContext, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const p = eventPayload('billing.membership.changed.v1', event, ctx.logger);
  if (!p) return;
  const user = await findUserById(trx, p.user_id, { forUpdate: true });
  if (!user) return;
  const at = new Date(event.occurredAt);
  const when = Number.isFinite(at.getTime()) ? at : new Date();
  if (user.membership_event_at && new Date(user.membership_event_at).getTime() > when.getTime()) return;
  await updateUser(trx, user.id, {
    membership_status: p.membership_status,
    trial_ends_at: p.trial_ends_at ? new Date(p.trial_ends_at) : null,
    membership_event_at: when,
  });
  await dropCachedSessionsOf(ctx, trx, user.id);
  dropSoon(ctx, user.id);
}

/** billing.trial.started.v1 → a trial, unless billing has already said more (membership.changed wins). */
export async function onTrialStarted(ctx: ServiceContext, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const p = eventPayload('billing.trial.started.v1', event, ctx.logger);
  if (!p) return;
  const user = await findUserById(trx, p.user_id, { forUpdate: true });
  if (!user || user.membership_status !== 'none') return;
  await updateUser(trx, user.id, { membership_status: 'trial', trial_ends_at: new Date(p.ends_at) });
  await dropCachedSessionsOf(ctx, trx, user.id);
  dropSoon(ctx, user.id);
}
