import { randomUUID } from 'node:crypto';
import { type EventEnvelope, eventPayload } from '@kinfolio/contracts';
import { type Consumer, enqueueEvent, type Knex, type ServiceContext } from '@kinfolio/service-kit';
import { deleteUser, findUserByEmail, findUserById, insertUser, type UserRow } from '../data/user.repository';
import { newReferralId } from '../domain/crypto';
import { issueOtp, mailCode } from '../domain/otps';
import { dropCachedSessions, revokeAndAnnounce } from '../domain/sessions';
import { consumerByType } from './by-type';

/** Cached identities are dropped in the handler and once more just after its commit (as membership.ts does). */
const AFTER_COMMIT_MS = 300;

function dropSoon(ctx: ServiceContext, hashes: string[]): void {
  if (!hashes.length) return;
  setTimeout(() => void dropCachedSessions(ctx, hashes), AFTER_COMMIT_MS).unref();
}

/**
 * planning.customer.shared.v1 → the household's `me` member gets a customer login: found by e-mail (a re-share),
 * else created without a password, its id the household's id when free (the customer app opens
 * single-lead/<user id>). Either way a fresh create-password code is mailed and auth.customer.linked.v1 goes out so
 * svc-planning links the household. An e-mail that belongs to an advisor, an admin or another advisor's customer
 * is left alone (logged): nobody's account is taken over by a share.
 */
async function onCustomerShared(ctx: ServiceContext, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const p = eventPayload('planning.customer.shared.v1', event, ctx.logger);
  if (!p) return;
  const email = p.email.trim().toLowerCase();
  const advisor = await findUserById(trx, p.advisor_id);
  if (!advisor || advisor.type !== 'advisor' || advisor.status !== 'active') {
    ctx.logger.warn(
      { eventId: event.id, advisorId: p.advisor_id },
      'shared profile of an unknown or inactive advisor: no customer login',
    );
    return;
  }
  let user: UserRow | undefined = await findUserByEmail(trx, email);
  if (user && (user.type !== 'customer' || user.advisor_id !== advisor.id)) {
    ctx.logger.warn(
      { eventId: event.id, householdId: p.household_id },
      'shared profile: the e-mail belongs to another account; no customer login',
    );
    return;
  }
  const created = !user;
  if (!user) {
    const id = (await findUserById(trx, p.household_id)) ? randomUUID() : p.household_id;
    user = await insertUser(trx, {
      id,
      type: 'customer',
      name: p.name,
      email,
      advisor_id: advisor.id,
      referral_id: newReferralId(),
    });
    await enqueueEvent(trx, 'auth.customer.created.v1', {
      user_id: user.id,
      advisor_id: advisor.id,
      email: user.email,
      name: user.name,
    });
  }
  await enqueueEvent(trx, 'auth.customer.linked.v1', {
    household_id: p.household_id,
    advisor_id: advisor.id,
    customer_user_id: user.id,
  });
  if (user.status !== 'active') {
    ctx.logger.info({ userId: user.id }, 'shared profile of a deactivated customer: linked, no mail');
    return;
  }
  const code = await issueOtp(ctx, trx, user.id, 'password_create');
  // At-least-once: a failed commit after this send means a second mail on redelivery, never a lost one.
  await mailCode(ctx, user.email, 'create', code, user.name);
  ctx.logger.info({ userId: user.id, householdId: p.household_id, created }, 'customer login shared');
}

/**
 * planning.household.deleted.v1 → the household's customer login goes: its sessions are revoked (and announced, so
 * open sockets close), then the user with its codes and permissions; auth.user.deleted.v1 follows as for an admin
 * deletion. Only a customer of the household's advisor is removed.
 */
async function onHouseholdDeleted(ctx: ServiceContext, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const p = eventPayload('planning.household.deleted.v1', event, ctx.logger);
  if (!p) return;
  if (!p.customer_user_id) return;
  const user = await findUserById(trx, p.customer_user_id, { forUpdate: true });
  if (!user || user.type !== 'customer' || user.advisor_id !== p.advisor_id) return;
  const hashes = await revokeAndAnnounce(trx, { user_id: user.id }, 'deleted');
  await deleteUser(trx, user.id);
  await enqueueEvent(trx, 'auth.user.deleted.v1', { user_id: user.id, type: user.type });
  await dropCachedSessions(ctx, hashes);
  dropSoon(ctx, hashes);
  ctx.logger.info({ userId: user.id, householdId: p.household_id }, 'customer login of a deleted household removed');
}

/** planning.customer.shared.v1 and planning.household.deleted.v1 → customer logins (issue 11). */
export function planningEventsConsumer(ctx: ServiceContext): Consumer {
  return consumerByType(ctx, {
    'planning.customer.shared.v1': onCustomerShared,
    'planning.household.deleted.v1': onHouseholdDeleted,
  });
}
