import { PaymentRequestError } from './provider';

/**
 * Where adding a card stands, for both adapters (the offline provider's simulator and Stripe answer the same way).
 *
 * A card's setup is created with our idempotency key, so a retried request (a double click, a timeout) is the same
 * setup. But an idempotent replay answers what the first request answered, not what happened since: a setup that
 * asked for authentication (`requires_action`) reads so in every replay even after the card holder failed the
 * authentication, and the advisor could never try that card again (issue 30 item 9). So after a `requires_action`
 * answer the setup's live state decides, following Stripe's SetupIntent semantics:
 * - `requires_payment_method` (the authentication failed, or the bank refused): a new confirmation with the card
 *   is a new attempt, under a key of its own per failed attempt (`latest_attempt`), so a retried retry is still one
 *   attempt;
 * - `canceled` (abandoned, or Stripe's confirmation limit reached): a new setup, under a key derived from the
 *   cancelled one;
 * - anything else (still waiting for the authentication, or already succeeded): the live setup as it is.
 */
export interface SetupIntentCalls {
  create(idempotencyKey: string): Promise<Record<string, unknown>>;
  retrieve(setupIntentId: string): Promise<Record<string, unknown>>;
  confirm(setupIntentId: string, paymentMethodId: string, idempotencyKey: string): Promise<Record<string, unknown>>;
}

/** Fresh setups after cancelled ones, at most, before the card is refused (a loop would hammer the provider). */
export const MAX_FRESH_SETUPS = 10;

const idOf = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string'
      ? (v as { id: string }).id
      : null;

export async function currentSetup(calls: SetupIntentCalls, key: string): Promise<Record<string, unknown>> {
  let k = key;
  for (let fresh = 0; fresh <= MAX_FRESH_SETUPS; fresh++) {
    const answered = await calls.create(k);
    if (answered.status !== 'requires_action') return answered;
    const live = await calls.retrieve(String(answered.id));
    if (live.status === 'canceled') {
      k = `${key}:after:${live.id}`;
      continue;
    }
    if (live.status === 'requires_payment_method') {
      const paymentMethodId =
        idOf(answered.payment_method) ??
        idOf((live.last_setup_error as { payment_method?: unknown } | null)?.payment_method);
      if (!paymentMethodId) return live;
      const attempt = idOf(live.latest_attempt) ?? `${live.id}:unknown-attempt`;
      return calls.confirm(String(live.id), paymentMethodId, `${key}:attempt-after:${attempt}`);
    }
    return live;
  }
  throw new PaymentRequestError(
    'This card could not be set up after several attempts: use another card',
    'setup_attempts_exhausted',
  );
}
