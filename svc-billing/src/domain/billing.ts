import { createHash, randomUUID } from 'node:crypto';
import { billing } from '@kinfolio/contracts';
import {
  AppError,
  enqueueEvent,
  forbidden,
  type Identity,
  type Knex,
  notFound,
  type ServiceContext,
} from '@kinfolio/service-kit';
import * as repo from '../data/billing.repository';
import {
  type CardSetup,
  type CardSource,
  PaymentDeclined,
  type PaymentProvider,
  PaymentRequestError,
  PROVIDER_INTERVAL,
  type ProviderSubscription,
} from '../payments/provider';
import { membershipOf } from './trials';

const DAY_MS = 86_400_000;

/** What the billing use cases work with: the service, its payment provider and the grace period. */
export interface Billing {
  ctx: ServiceContext;
  provider: PaymentProvider;
  graceDays: number;
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

/** A 400 naming the field, in the error shape the client reads. */
const fieldError = (field: string, message: string) => new AppError(400, message, { errors: [{ [field]: [message] }] });

/** The caller must be an advisor (billing's own records are the advisor's). */
export function advisorOnly(caller: Identity): string {
  if (caller.type !== 'advisor') throw forbidden();
  return caller.userId;
}

/** The provider's currency code → ours. */
export function currencyOf(code: string): billing.Currency | null {
  const found = (Object.entries(billing.PROVIDER_CURRENCY) as Array<[billing.Currency, string]>).find(
    ([, c]) => c === code.toLowerCase(),
  );
  return found ? found[0] : null;
}

export async function announceMembership(trx: Knex.Transaction, userId: string, now = new Date()): Promise<void> {
  await enqueueEvent(trx, 'billing.membership.changed.v1', {
    user_id: userId,
    ...(await membershipOf(trx, userId, now)),
  });
}

// ---- plans ------------------------------------------------------------------------------------------------------
export function toPlan(row: repo.PlanRow): billing.MembershipPlan {
  return {
    id: row.id,
    name: row.name,
    interval: row.interval,
    price_sgd: row.price_sgd,
    price_rm: row.price_rm,
    features: row.features,
    active: row.active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listPlans(b: Billing, caller: Identity | undefined): Promise<billing.MembershipPlan[]> {
  return (await repo.listPlans(b.ctx.db, { includeInactive: caller?.type === 'admin' })).map(toPlan);
}

export async function getPlan(b: Billing, id: string, caller: Identity | undefined): Promise<billing.MembershipPlan> {
  const plan = await repo.findPlan(b.ctx.db, id);
  if (!plan || (!plan.active && caller?.type !== 'admin')) throw notFound('Plan not found');
  return toPlan(plan);
}

export async function createPlan(b: Billing, body: billing.PlanCreateBody): Promise<billing.MembershipPlan> {
  return toPlan(await b.ctx.tx((trx) => repo.insertPlan(trx, { id: randomUUID(), ...body })));
}

export async function patchPlan(b: Billing, body: billing.PlanPatchBody): Promise<billing.MembershipPlan> {
  const { id, ...patch } = body;
  const row = await b.ctx.tx((trx) => repo.updatePlan(trx, id, { ...patch, updated_at: new Date() }));
  if (!row) throw notFound('Plan not found');
  return toPlan(row);
}

function planPrice(plan: repo.PlanRow, currency: billing.Currency): number {
  return currency === 'SGD' ? plan.price_sgd : plan.price_rm;
}

/** The provider's price for a plan in a currency (created once, then reused). */
async function priceFor(
  b: Billing,
  plan: repo.PlanRow,
  currency: billing.Currency,
): Promise<{ priceId: string; amount: number }> {
  const amount = planPrice(plan, currency);
  const key = { plan_id: plan.id, currency, amount, interval: plan.interval };
  const known = await repo.findPrice(b.ctx.db, key);
  if (known) return { priceId: known, amount };
  const priceId = await b.provider.createPrice(
    {
      planId: plan.id,
      planName: plan.name,
      currency: billing.PROVIDER_CURRENCY[currency],
      amount,
      interval: PROVIDER_INTERVAL[plan.interval],
    },
    `price:${plan.id}:${currency}:${amount}:${plan.interval}`,
  );
  await repo.savePrice(b.ctx.db, key, priceId);
  return { priceId, amount };
}

// ---- customers and cards ------------------------------------------------------------------------------------------
/** The advisor's customer at the provider (created once: the idempotency key and the unique user id). */
export async function ensureCustomer(b: Billing, userId: string): Promise<string> {
  const known = await repo.findCustomer(b.ctx.db, userId);
  if (known) return known;
  const customerId = await b.provider.createCustomer({ userId }, `customer:${userId}`);
  await b.ctx.tx((trx) => repo.insertCustomer(trx, userId, customerId));
  return (await repo.findCustomer(b.ctx.db, userId)) as string;
}

export function toCard(row: repo.CardRow): billing.Card {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    is_default: row.is_default,
    created_at: row.created_at.toISOString(),
  };
}

export async function listCards(b: Billing, caller: Identity): Promise<billing.Card[]> {
  return (await repo.listCards(b.ctx.db, advisorOnly(caller))).map(toCard);
}

type AddCardResult =
  | { kind: 'added'; card: billing.Card }
  | { kind: 'action'; setupIntentId: string; clientSecret: string };

/** POST auth/card, POST trial/card: see the body's contract. The first card becomes the default. */
export async function addCard(b: Billing, caller: Identity, body: billing.AddCardBody): Promise<AddCardResult> {
  const userId = advisorOnly(caller);
  return oneAtATime(b, userId, CHANGE_UNDER_WAY, () => addCardClaimed(b, userId, body));
}

async function addCardClaimed(b: Billing, userId: string, body: billing.AddCardBody): Promise<AddCardResult> {
  const customerId = await ensureCustomer(b, userId);
  const field =
    body.card_number !== undefined
      ? 'card_number'
      : body.setup_intent_id !== undefined
        ? 'setup_intent_id'
        : 'payment_method_id';
  let setup: CardSetup;
  try {
    if (body.setup_intent_id)
      setup = await b.provider.finishCardSetup(customerId, body.setup_intent_id, body.test_authentication);
    else {
      const source: CardSource = body.payment_method_id
        ? { paymentMethodId: body.payment_method_id }
        : {
            testCard: {
              number: (body.card_number as string).replace(/\s+/g, ''),
              expMonth: body.exp_month as number,
              expYear: body.exp_year as number,
              cvc: body.cvc as string,
            },
          };
      if ('testCard' in source && b.provider.kind !== 'offline')
        throw fieldError('card_number', 'Card details must be entered in the card form, not sent to Kinfolio');
      const count = (await repo.listCards(b.ctx.db, userId)).length;
      setup = await b.provider.setupCard(customerId, source, `card:${userId}:${hash(source)}:${count}`);
    }
  } catch (err) {
    if (err instanceof PaymentDeclined) throw fieldError(field, err.message);
    if (err instanceof PaymentRequestError)
      throw fieldError(field, err.code === 'resource_missing' ? 'Card setup not found' : err.message);
    throw err;
  }
  if (setup.status === 'requires_action')
    return { kind: 'action', setupIntentId: setup.setupIntentId, clientSecret: setup.clientSecret };
  if (setup.status === 'failed') throw fieldError(field, setup.message);
  const card = setup.card;
  const row = await b.ctx.tx(async (trx) => {
    await repo.findCustomer(trx, userId, { forUpdate: true });
    const existing = await repo.listCards(trx, userId);
    const stored = await repo.insertCard(trx, {
      id: randomUUID(),
      user_id: userId,
      payment_method_id: card.paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
    });
    const makeDefault = body.make_default === true || !existing.some((c) => c.is_default);
    if (makeDefault && !stored.is_default) {
      await b.provider.setDefaultCard(customerId, card.paymentMethodId, `default:${userId}:${card.paymentMethodId}`);
      await repo.markDefault(trx, userId, stored.id);
    }
    return (await repo.findCard(trx, userId, stored.id)) as repo.CardRow;
  });
  return { kind: 'added', card: toCard(row) };
}

/** GET auth/card/{id}/default: renewals are charged to this card from now on. */
export async function setDefaultCard(b: Billing, caller: Identity, cardId: string): Promise<billing.Card> {
  const userId = advisorOnly(caller);
  return oneAtATime(b, userId, CHANGE_UNDER_WAY, () => setDefaultClaimed(b, userId, cardId));
}

async function setDefaultClaimed(b: Billing, userId: string, cardId: string): Promise<billing.Card> {
  const card = await repo.findCard(b.ctx.db, userId, cardId);
  if (!card) throw notFound('Card not found');
  if (card.is_default) return toCard(card);
  const customerId = await ensureCustomer(b, userId);
  await b.provider.setDefaultCard(
    customerId,
    card.payment_method_id,
    `default:${userId}:${card.payment_method_id}:${Date.now()}`,
  );
  await b.ctx.tx((trx) => repo.markDefault(trx, userId, cardId));
  return toCard((await repo.findCard(b.ctx.db, userId, cardId)) as repo.CardRow);
}

/**
 * DELETE auth/card/{id}. The card a live subscription is charged to (the default) can go only when another card
 * can take over: the newest other card becomes the default.
 */
export async function deleteCard(b: Billing, caller: Identity, cardId: string): Promise<billing.Card[]> {
  const userId = advisorOnly(caller);
  return oneAtATime(b, userId, CHANGE_UNDER_WAY, () => deleteCardClaimed(b, userId, cardId));
}

async function deleteCardClaimed(b: Billing, userId: string, cardId: string): Promise<billing.Card[]> {
  const card = await repo.findCard(b.ctx.db, userId, cardId);
  if (!card) throw notFound('Card not found');
  const others = (await repo.listCards(b.ctx.db, userId)).filter((c) => c.id !== cardId);
  const live = await repo.findLiveSubscription(b.ctx.db, userId);
  if (card.is_default && live && !others.length)
    throw new AppError(409, 'Add another card before removing the card your subscription is charged to');
  const customerId = await ensureCustomer(b, userId);
  const successor = card.is_default ? others.at(-1) : undefined;
  if (successor)
    await b.provider.setDefaultCard(
      customerId,
      successor.payment_method_id,
      `default:${userId}:${successor.payment_method_id}:${Date.now()}`,
    );
  await b.provider.detachCard(card.payment_method_id, `detach:${card.payment_method_id}`).catch((err: unknown) => {
    // already detached at the provider: removing our record is what is left to do
    if (!(err instanceof PaymentRequestError)) throw err;
  });
  await b.ctx.tx(async (trx) => {
    await repo.deleteCard(trx, cardId);
    if (successor) await repo.markDefault(trx, userId, successor.id);
  });
  return (await repo.listCards(b.ctx.db, userId)).map(toCard);
}

// ---- subscriptions ------------------------------------------------------------------------------------------------
export async function toSubscription(
  db: Knex | Knex.Transaction,
  row: repo.SubscriptionFullRow,
  graceDays: number,
): Promise<billing.Subscription> {
  const plan = await repo.findPlan(db, row.plan_id);
  const card = row.card_id ? await repo.findCardById(db, row.card_id) : await repo.findDefaultCard(db, row.user_id);
  const live = row.status === 'active' || row.status === 'past_due';
  return {
    id: row.id,
    user_id: row.user_id,
    plan_id: row.plan_id,
    plan_name: plan?.name ?? 'Plan',
    interval: row.interval,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end,
    current_period_start: row.current_period_start.toISOString(),
    current_period_end: row.current_period_end.toISOString(),
    next_charge_at: live && !row.cancel_at_period_end ? row.current_period_end.toISOString() : null,
    past_due_since: row.past_due_since?.toISOString() ?? null,
    grace_ends_at: row.past_due_since
      ? new Date(row.past_due_since.getTime() + graceDays * DAY_MS).toISOString()
      : null,
    card: card ? { id: card.id, brand: card.brand, last4: card.last4 } : null,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
  };
}

/** A paid invoice as the history records it (the period is the invoice line's, when the provider gave one). */
export interface ChargedInvoice {
  id: string;
  amount: number;
  currency: string;
  receiptUrl: string | null;
  at: Date;
  reason: string | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
}

/** A charge the provider reports on an invoice: recorded once (by invoice id). */
export async function recordInvoiceCharge(
  trx: Knex.Transaction,
  sub: repo.SubscriptionFullRow,
  invoice: ChargedInvoice,
  card: { brand: string; last4: string } | null,
): Promise<void> {
  if (invoice.amount <= 0) return;
  const plan = await repo.findPlan(trx, sub.plan_id);
  const usedCard = card ?? (await repo.findDefaultCard(trx, sub.user_id));
  await repo.insertTransaction(trx, {
    id: randomUUID(),
    user_id: sub.user_id,
    subscription_id: sub.id || null,
    kind: 'charge',
    amount: invoice.amount,
    currency: currencyOf(invoice.currency) ?? sub.currency,
    description:
      invoice.reason === 'subscription_update'
        ? `Plan change: ${plan?.name ?? 'plan'}`
        : invoice.reason === 'subscription_cycle'
          ? `Renewal: ${plan?.name ?? 'plan'}`
          : `Subscription: ${plan?.name ?? 'plan'}`,
    plan_name: plan?.name ?? null,
    card_brand: usedCard?.brand ?? null,
    card_last4: usedCard?.last4 ?? null,
    receipt_url: invoice.receiptUrl,
    provider_ref: `${invoice.id}:charge`,
    occurred_at: invoice.at,
    period_start: invoice.periodStart ?? null,
    period_end: invoice.periodEnd ?? null,
  });
}

function chargedNow(sub: ProviderSubscription): ChargedInvoice | null {
  const inv = sub.latestInvoice;
  if (inv?.status !== 'paid' || inv.amountPaid <= 0) return null;
  return {
    id: inv.id,
    amount: inv.amountPaid,
    currency: inv.currency,
    receiptUrl: inv.receiptUrl,
    at: inv.created,
    reason: inv.billingReason,
    periodStart: inv.periodStart,
    periodEnd: inv.periodEnd,
  };
}

async function recordDecline(
  b: Billing,
  userId: string,
  ref: string,
  plan: repo.PlanRow,
  currency: billing.Currency,
  amount: number,
  card: repo.CardRow,
  message: string,
): Promise<void> {
  await b.ctx.tx((trx) =>
    repo.insertTransaction(trx, {
      id: randomUUID(),
      user_id: userId,
      subscription_id: null,
      kind: 'failure',
      amount,
      currency,
      description: `Declined: ${message}`,
      plan_name: plan.name,
      card_brand: card.brand,
      card_last4: card.last4,
      receipt_url: null,
      provider_ref: ref,
      occurred_at: new Date(),
    }),
  );
}

async function livePlan(b: Billing, planId: string): Promise<repo.PlanRow> {
  const plan = await repo.findPlan(b.ctx.db, planId);
  if (!plan?.active) throw fieldError('plan_id', 'This plan is not available');
  return plan;
}

/**
 * POST trial/membership-plans: subscribe with a card (the default when none is named; a named card becomes the
 * default, since renewals are charged to it). The first period is charged now; a declined card subscribes nothing.
 * A subscription set to end at the period's end is resumed instead (on the plan asked for).
 */
export async function subscribe(
  b: Billing,
  caller: Identity,
  body: billing.SubscribeBody,
): Promise<{ subscription: billing.Subscription; resumed: boolean }> {
  const userId = advisorOnly(caller);
  const plan = await livePlan(b, body.plan_id);
  return oneAtATime(b, userId, SUBSCRIBE_UNDER_WAY, () => subscribeClaimed(b, userId, plan, body));
}

/** How long a claim holds before another call may take it over (longer than any subscription change takes). */
const CLAIM_MS = 120_000;
export const SUBSCRIBE_UNDER_WAY = 'A subscription is already being set up: try again in a moment';
export const CHANGE_UNDER_WAY = 'A change to your subscription or cards is already under way: try again in a moment';

/**
 * Runs a change to the advisor's subscription or cards while no other runs (migration 005): two at once would each
 * ask the provider on a state the other is changing (two subscriptions, two prorations charged, the last card of a
 * live subscription removed twice over). The other call gets 409 with `busy`.
 */
async function oneAtATime<T>(b: Billing, userId: string, busy: string, run: () => Promise<T>): Promise<T> {
  const now = new Date();
  const claimed = await repo.claimSubscription(b.ctx.db, userId, now, new Date(now.getTime() - CLAIM_MS));
  if (!claimed) throw new AppError(409, busy);
  try {
    return await run();
  } finally {
    // a claim that cannot be given up (the database gone) lapses after CLAIM_MS; the call's own outcome stands
    await repo
      .releaseSubscription(b.ctx.db, userId, claimed)
      .catch((err: unknown) => b.ctx.logger.warn({ err, userId }, 'subscription claim not released'));
  }
}

async function subscribeClaimed(
  b: Billing,
  userId: string,
  plan: repo.PlanRow,
  body: billing.SubscribeBody,
): Promise<{ subscription: billing.Subscription; resumed: boolean }> {
  const live = await repo.findLiveSubscription(b.ctx.db, userId);
  if (live) {
    if (!live.cancel_at_period_end) throw new AppError(409, 'You already have a subscription: change its plan instead');
    if (live.currency !== body.currency)
      throw fieldError('currency', `Your subscription is billed in ${live.currency}`);
    const resumed = await resume(b, live);
    const result = resumed.plan_id === plan.id ? resumed : await changeTo(b, resumed, plan);
    return { subscription: await toSubscription(b.ctx.db, result, b.graceDays), resumed: true };
  }
  const card = body.card_id
    ? await repo.findCard(b.ctx.db, userId, body.card_id)
    : await repo.findDefaultCard(b.ctx.db, userId);
  if (!card) throw body.card_id ? notFound('Card not found') : fieldError('card_id', 'Add a card first');
  const customerId = await ensureCustomer(b, userId);
  if (!card.is_default) {
    await b.provider.setDefaultCard(
      customerId,
      card.payment_method_id,
      `default:${userId}:${card.payment_method_id}:${Date.now()}`,
    );
    await b.ctx.tx((trx) => repo.markDefault(trx, userId, card.id));
  }
  const { priceId, amount } = await priceFor(b, plan, body.currency);
  const count = async (q: Knex.QueryBuilder) =>
    Number(((await q.count({ n: '*' })) as Array<{ n: string | number }>)[0]?.n ?? 0);
  const earlier = await count(b.ctx.db('subscriptions').where({ user_id: userId }).whereNotNull('plan_id'));
  const declines = await count(
    b.ctx.db('transactions').where({ user_id: userId, kind: 'failure' }).whereNull('subscription_id'),
  );
  // the same subscribe, retried (a double click, a timeout, a crash before our commit), is the same provider call;
  // after a decline the next try is a new attempt (the provider would replay the stored decline for the old key)
  const key = `subscribe:${userId}:${earlier}:${declines}:${priceId}:${card.payment_method_id}`;
  const localId = randomUUID();
  let created: ProviderSubscription;
  try {
    created = await b.provider.createSubscription(
      {
        customerId,
        priceId,
        metadata: { user_id: userId, plan_id: plan.id, currency: body.currency, kinfolio_subscription_id: localId },
      },
      key,
    );
  } catch (err) {
    if (err instanceof PaymentDeclined) {
      await recordDecline(b, userId, `decline:${key}`, plan, body.currency, amount, card, err.message);
      throw fieldError('card_id', err.message);
    }
    if (err instanceof PaymentRequestError) throw fieldError('card_id', err.message);
    throw err;
  }
  const row = await b.ctx.tx(async (trx) => {
    const stored = await repo.insertSubscription(trx, {
      id: localId,
      user_id: userId,
      status: 'active',
      starts_at: created.currentPeriodStart,
      ends_at: null,
      plan_id: plan.id,
      currency: body.currency,
      amount,
      interval: plan.interval,
      provider_subscription_id: created.id,
      card_id: null,
      cancel_at_period_end: false,
      current_period_start: created.currentPeriodStart,
      current_period_end: created.currentPeriodEnd,
      provider_event_at: 0,
    });
    // another subscribe of this advisor (another card, so another provider subscription) committed first
    if (!stored) throw new AppError(409, 'You already have a subscription: change its plan instead');
    const charge = chargedNow(created);
    if (charge) await recordInvoiceCharge(trx, stored, charge, { brand: card.brand, last4: card.last4 });
    await announceMembership(trx, userId);
    return stored;
  });
  return { subscription: await toSubscription(b.ctx.db, row, b.graceDays), resumed: false };
}

async function resume(b: Billing, live: repo.SubscriptionFullRow): Promise<repo.SubscriptionFullRow> {
  const updated = await b.provider.setCancelAtPeriodEnd(
    live.provider_subscription_id,
    false,
    `resume:${live.id}:${live.revision}`,
  );
  return b.ctx.tx(async (trx) => {
    const row = await repo.updateSubscription(trx, live.id, {
      cancel_at_period_end: updated.cancelAtPeriodEnd,
      ends_at: null,
      cancel_reason: null,
      revision: live.revision + 1,
      provider_event_at: Math.max(live.provider_event_at, b.provider.now()),
    });
    await announceMembership(trx, live.user_id);
    return row;
  });
}

async function changeTo(
  b: Billing,
  live: repo.SubscriptionFullRow,
  plan: repo.PlanRow,
): Promise<repo.SubscriptionFullRow> {
  const { priceId, amount } = await priceFor(b, plan, live.currency);
  const current = await b.provider.getSubscription(live.provider_subscription_id);
  let changed: ProviderSubscription;
  try {
    changed = await b.provider.changePrice(
      { id: current.id, itemId: current.itemId },
      priceId,
      `change:${live.id}:${live.revision}:${priceId}`,
    );
  } catch (err) {
    if (err instanceof PaymentDeclined || err instanceof PaymentRequestError) throw fieldError('plan_id', err.message);
    throw err;
  }
  return b.ctx.tx(async (trx) => {
    const row = await repo.updateSubscription(trx, live.id, {
      plan_id: plan.id,
      amount,
      interval: plan.interval,
      current_period_start: changed.currentPeriodStart,
      current_period_end: changed.currentPeriodEnd,
      revision: live.revision + 1,
      provider_event_at: Math.max(live.provider_event_at, b.provider.now()),
    });
    const charge = chargedNow(changed);
    if (charge && charge.reason === 'subscription_update') await recordInvoiceCharge(trx, row, charge, null);
    await announceMembership(trx, live.user_id);
    return row;
  });
}

async function ownLive(b: Billing, userId: string): Promise<repo.SubscriptionFullRow> {
  const live = await repo.findLiveSubscription(b.ctx.db, userId);
  if (!live) throw notFound('You have no subscription');
  return live;
}

/** PATCH change-subscription-plan: the new plan now; the difference for the rest of the period is charged (or credited). */
export async function changePlan(
  b: Billing,
  caller: Identity,
  body: billing.ChangePlanBody,
): Promise<billing.Subscription> {
  const userId = advisorOnly(caller);
  const plan = await livePlan(b, body.plan_id);
  return oneAtATime(b, userId, CHANGE_UNDER_WAY, async () => {
    const live = await ownLive(b, userId);
    if (live.plan_id === plan.id) throw fieldError('plan_id', 'You are already on this plan');
    if (live.status === 'past_due')
      throw new AppError(409, 'Your last payment failed: update your card before changing plan');
    return toSubscription(b.ctx.db, await changeTo(b, live, plan), b.graceDays);
  });
}

/** PATCH cancel-membership-plan: the subscription ends at the end of the paid period; nothing more is charged. */
export async function cancelPlan(
  b: Billing,
  caller: Identity,
  body: billing.CancelPlanBody,
): Promise<{ subscription: billing.Subscription; changed: boolean }> {
  const userId = advisorOnly(caller);
  return oneAtATime(b, userId, CHANGE_UNDER_WAY, () => cancelClaimed(b, userId, body));
}

async function cancelClaimed(
  b: Billing,
  userId: string,
  body: billing.CancelPlanBody,
): Promise<{ subscription: billing.Subscription; changed: boolean }> {
  const live = await ownLive(b, userId);
  if (live.cancel_at_period_end)
    return { subscription: await toSubscription(b.ctx.db, live, b.graceDays), changed: false };
  const updated = await b.provider.setCancelAtPeriodEnd(
    live.provider_subscription_id,
    true,
    `cancel:${live.id}:${live.revision}`,
  );
  const row = await b.ctx.tx(async (trx) => {
    const saved = await repo.updateSubscription(trx, live.id, {
      cancel_at_period_end: true,
      ends_at: updated.currentPeriodEnd,
      cancel_reason: body.reason ?? null,
      revision: live.revision + 1,
      provider_event_at: Math.max(live.provider_event_at, b.provider.now()),
    });
    await announceMembership(trx, userId);
    return saved;
  });
  return { subscription: await toSubscription(b.ctx.db, row, b.graceDays), changed: true };
}

/** Membership lookup: subscription records carry the subscription in full (plan, period, next charge, card). */
export async function withSubscriptionDetails(
  b: Billing,
  records: billing.MembershipRecord[],
): Promise<billing.MembershipRecord[]> {
  const ids = records.filter((r) => r.kind === 'subscription').map((r) => r.id);
  const rows = new Map(
    (await repo.findSubscriptionsByIds(b.ctx.db, ids)).filter((r) => r.plan_id).map((r) => [r.id, r]),
  );
  const out: billing.MembershipRecord[] = [];
  for (const r of records) {
    const row = rows.get(r.id);
    out.push(row ? { ...r, subscription: await toSubscription(b.ctx.db, row, b.graceDays) } : r);
  }
  return out;
}

// ---- history and admin --------------------------------------------------------------------------------------------
export function toTransaction(row: repo.TransactionRow): billing.SubscriptionTransaction {
  return {
    id: row.id,
    user_id: row.user_id,
    kind: row.kind,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    plan_name: row.plan_name,
    card_brand: row.card_brand,
    card_last4: row.card_last4,
    receipt_url: receiptUrlOf(row),
    occurred_at: row.occurred_at.toISOString(),
  };
}

/** svc-billing's own receipt of a transaction (a PDF; any charge or refund has one). */
export const ownReceiptPath = (id: string) => `/api/v1/subscription-transactions/${id}/receipt`;

/** The provider's hosted receipt when it gave one (Stripe), else ours; a failed payment has none. */
export function receiptUrlOf(row: Pick<repo.TransactionRow, 'id' | 'kind' | 'receipt_url'>): string | null {
  if (row.kind === 'failure') return null;
  return row.receipt_url ?? ownReceiptPath(row.id);
}

export async function transactions(
  b: Billing,
  opts: repo.TransactionFilter & { page: number; pageSize: number },
): Promise<{ rows: billing.SubscriptionTransaction[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await repo.pageTransactions(b.ctx.db, opts);
  return { rows: rows.map(toTransaction), total, page: opts.page, page_size: opts.pageSize };
}

export async function subscribers(
  b: Billing,
  opts: repo.SubscriberFilter & { page: number; pageSize: number },
): Promise<{ rows: billing.Subscription[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await repo.pageSubscriptions(b.ctx.db, opts);
  const out: billing.Subscription[] = [];
  for (const row of rows) out.push(await toSubscription(b.ctx.db, row, b.graceDays));
  return { rows: out, total, page: opts.page, page_size: opts.pageSize };
}

// ---- the sweep ------------------------------------------------------------------------------------------------------
/**
 * Ends what is due: a past-due subscription whose grace period ran out expires (and is cancelled at the provider, so
 * nothing more is charged); a subscription set to end at the period's end and past it is cancelled. Each announces
 * the membership. Safe on several replicas (FOR UPDATE SKIP LOCKED). Returns how many it ended.
 */
export async function sweepSubscriptions(b: Billing, now = new Date(), batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await b.ctx.tx(async (trx) => {
      const due = await repo.dueForSweep(trx, now, b.graceDays * DAY_MS, batch);
      for (const sub of due) {
        if (sub.status === 'past_due') {
          await b.provider.cancelNow(sub.provider_subscription_id, `expire:${sub.id}`).catch((err: unknown) => {
            if (!(err instanceof PaymentRequestError)) throw err;
          });
          await repo.updateSubscription(trx, sub.id, { status: 'expired', ends_at: now, revision: sub.revision + 1 });
        } else await repo.updateSubscription(trx, sub.id, { status: 'cancelled', revision: sub.revision + 1 });
        await announceMembership(trx, sub.user_id, now);
      }
      return due.length;
    });
    total += ended;
    if (ended < batch) break;
  }
  if (total) b.ctx.logger.info({ ended: total }, 'subscriptions ended');
  return total;
}
