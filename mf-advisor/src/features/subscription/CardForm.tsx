import { Button, errorMessage, FormError, fieldErrors, ResultMessage, TextInput, theme } from '@kinfolio/ui-kit';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { AddCardButtons } from './AddCardButtons';
import { type ActionRequired, billingApi, type Card, isActionRequired, type PaymentsConfig } from './billing';

const Grid = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr 1fr;
  gap: 0 12px;
  @media (max-width: 600px) {
    grid-template-columns: 1fr 1fr;
    & > :first-child {
      grid-column: 1 / -1;
    }
  }
`;
const TestBanner = styled.p`
  margin: 0 0 12px;
  padding: 10px 12px;
  border-radius: 6px;
  border: 1px dashed ${theme.colors.primaryDark};
  background: ${theme.colors.primarySoft};
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`;

export const TEST_MODE_TEXT =
  'Test mode: no real card is charged. Use a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication.';
export const STRIPE_NO_KEY_TEXT =
  'Cards cannot be added here: the payment provider is not configured (no publishable key).';

// Stripe.js and the Elements bindings are loaded only when a card screen runs in Stripe mode (not in the first load).
const StripeCardForm = lazy(() => import('./StripeCardForm'));

type Fields = 'card_number' | 'exp_month' | 'exp_year' | 'cvc';
const digits = (v: string) => (/^[0-9 ]*$/.test(v) ? v : null);
const NO_CARD: Record<Fields, string> = { card_number: '', exp_month: '', exp_year: '', cvc: '' };
/** The test card's fields in order; what is typed is kept only when it is digits (spaces are kept in the number only). */
const CARD_FIELDS: ReadonlyArray<{
  field: Fields;
  label: string;
  autoComplete: string;
  maxLength: number;
  placeholder: string;
}> = [
  {
    field: 'card_number',
    label: 'Card number',
    autoComplete: 'cc-number',
    maxLength: 23,
    placeholder: '4242 4242 4242 4242',
  },
  { field: 'exp_month', label: 'Expiry month', autoComplete: 'cc-exp-month', maxLength: 2, placeholder: 'MM' },
  { field: 'exp_year', label: 'Expiry year', autoComplete: 'cc-exp-year', maxLength: 4, placeholder: 'YYYY' },
  { field: 'cvc', label: 'CVC', autoComplete: 'cc-csc', maxLength: 4, placeholder: '123' },
];

/**
 * Adding a card. Offline test mode: test card numbers with expiry and CVC, posted to `auth/card` (`trial/card` on the
 * trial); a card that needs authentication offers to complete or fail the test authentication. Stripe mode: Stripe
 * Elements, lazily loaded (`StripeCardForm`); never a raw card form.
 */
export function CardForm({
  config,
  duringTrial,
  onAdded,
  onCancel,
}: {
  config: PaymentsConfig;
  duringTrial: boolean;
  onAdded: (card: Card) => void;
  onCancel?: () => void;
}) {
  const [card, setCard] = useState(NO_CARD);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<ActionRequired | null>(null);

  if (config.mode !== 'test') {
    if (!config.publishable_key)
      return (
        <ResultMessage type="error" role="status">
          {STRIPE_NO_KEY_TEXT}
        </ResultMessage>
      );
    return (
      <Suspense fallback={<p role="status">Loading the secure card form…</p>}>
        <StripeCardForm
          publishableKey={config.publishable_key}
          duringTrial={duringTrial}
          onAdded={onAdded}
          onCancel={onCancel}
        />
      </Suspense>
    );
  }

  const finish = (result: Card | ActionRequired) => {
    if (isActionRequired(result)) setPending(result);
    else {
      setPending(null);
      setCard(NO_CARD);
      onAdded(result);
    }
  };
  const fail = (e: unknown) => {
    const f = fieldErrors(e);
    const known: Partial<Record<Fields, string>> = {};
    for (const k of ['card_number', 'exp_month', 'exp_year', 'cvc'] as const) if (f[k]) known[k] = f[k];
    setErrors(known);
    setFormError(Object.keys(known).length ? null : errorMessage(e));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Partial<Record<Fields, string>> = {};
    const { exp_month: month, exp_year: year, cvc } = card;
    const num = card.card_number.replace(/\s+/g, '');
    if (num.length < 12) local.card_number = 'Enter the card number';
    const m = Number(month);
    if (!Number.isInteger(m) || m < 1 || m > 12) local.exp_month = 'Enter a month 1-12';
    const y = Number(year);
    if (!/^[0-9]{4}$/.test(year)) local.exp_year = 'Enter a 4-digit year';
    if (!/^[0-9]{3,4}$/.test(cvc)) local.cvc = 'Enter the 3 or 4 digit security code';
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      finish(await billingApi.addCard({ card_number: num, exp_month: m, exp_year: y, cvc }, duringTrial));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (outcome: 'succeed' | 'fail') => {
    if (!pending) return;
    setBusy(true);
    setFormError(null);
    try {
      finish(
        await billingApi.addCard(
          { setup_intent_id: pending.setup_intent_id, test_authentication: outcome },
          duringTrial,
        ),
      );
    } catch (err) {
      setPending(null);
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a card">
      <TestBanner role="note">{TEST_MODE_TEXT}</TestBanner>
      {pending ? (
        <section aria-label="Test authentication">
          <p>Your bank asks you to confirm this card. In test mode, choose how the authentication ends.</p>
          <Row>
            <Button onClick={() => authenticate('succeed')} loading={busy}>
              Complete authentication
            </Button>
            <Button variant="secondary" onClick={() => authenticate('fail')} disabled={busy}>
              Fail authentication
            </Button>
          </Row>
        </section>
      ) : (
        <>
          <Grid>
            {CARD_FIELDS.map(({ field, ...shown }) => (
              <TextInput
                key={field}
                {...shown}
                value={card[field]}
                onChange={(v) => {
                  const typed = digits(v);
                  if (typed === null) return;
                  setCard((c) => ({ ...c, [field]: field === 'card_number' ? typed : typed.replace(/\s/g, '') }));
                }}
                error={errors[field]}
                inputMode="numeric"
              />
            ))}
          </Grid>
          <Row>
            <AddCardButtons busy={busy} onCancel={onCancel} />
          </Row>
        </>
      )}
      <FormError>{formError}</FormError>
    </form>
  );
}
