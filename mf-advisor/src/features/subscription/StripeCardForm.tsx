import { Button, errorMessage, FormError, fieldErrors, theme } from '@kinfolio/ui-kit';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';

const CardField = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  & > legend {
    padding: 0;
    margin-bottom: 6px;
    font-weight: 600;
  }
`;
const CardBox = styled.div<{ $invalid: boolean }>`
  padding: 12px;
  border-radius: 6px;
  border: 1px solid ${(p) => (p.$invalid ? theme.colors.danger : theme.colors.border)};
  background: #fff;
`;
const FieldTip = styled.p`
  margin: 6px 0 0;
  color: ${theme.colors.danger};
  font-size: 0.9em;
`;

import { AddCardButtons } from './AddCardButtons';
import { billingApi, type Card, isActionRequired } from './billing';

export const STRIPE_LOAD_FAILED_TEXT =
  "The payment provider's secure card form could not be loaded (you may be offline, or it is blocked). Check your connection and try again.";

// One Stripe.js load per publishable key for the page's life; a failed load is forgotten so 'Try again' reloads.
const loads = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let p = loads.get(key);
  if (!p) {
    p = loadStripe(key).then((s) => {
      if (!s) throw new Error('Stripe.js did not load');
      return s;
    });
    p.catch(() => loads.delete(key));
    loads.set(key, p);
  }
  return p;
}

interface Props {
  publishableKey: string;
  duringTrial: boolean;
  onAdded: (card: Card) => void;
  onCancel?: () => void;
}

/** Stripe mode: Stripe.js with the publishable key, a CardElement, `payment_method_id` posted, 202 → handleNextAction. */
export default function StripeCardForm({ publishableKey, ...rest }: Props) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load when 'Try again' is pressed
  useEffect(() => {
    let live = true;
    setFailed(false);
    stripeFor(publishableKey).then(
      (s) => live && setStripe(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  if (failed)
    return (
      <div role="alert">
        <p>{STRIPE_LOAD_FAILED_TEXT}</p>
        <Button onClick={retry}>Try again</Button>
      </div>
    );
  if (!stripe) return <p role="status">Loading the secure card form…</p>;
  return (
    <Elements stripe={stripe}>
      <ElementsForm {...rest} />
    </Elements>
  );
}

function ElementsForm({ duringTrial, onAdded, onCancel }: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setBusy(true);
    setCardError(null);
    setFormError(null);
    try {
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error || !paymentMethod) {
        setCardError(error?.message ?? 'The card could not be read');
        return;
      }
      let result = await billingApi.addCard({ payment_method_id: paymentMethod.id }, duringTrial);
      if (isActionRequired(result)) {
        const next = await stripe.handleNextAction({ clientSecret: result.client_secret });
        if (next.error) {
          setCardError(next.error.message ?? 'The card could not be authenticated');
          return;
        }
        result = await billingApi.addCard({ setup_intent_id: result.setup_intent_id }, duringTrial);
        if (isActionRequired(result)) {
          setCardError('The card could not be authenticated');
          return;
        }
      }
      card.clear();
      onAdded(result);
    } catch (err) {
      const f = fieldErrors(err);
      const m = f.payment_method_id ?? f.setup_intent_id;
      if (m) setCardError(m);
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a card" aria-busy={busy}>
      <CardField aria-describedby={cardError ? 'stripe-card-error' : undefined} aria-invalid={!!cardError}>
        <legend>Card</legend>
        <CardBox $invalid={!!cardError}>
          <CardElement
            options={{ hidePostalCode: true }}
            onChange={(ev) => setCardError(ev.error ? ev.error.message : null)}
          />
        </CardBox>
        {cardError ? (
          <FieldTip id="stripe-card-error" role="alert">
            {cardError}
          </FieldTip>
        ) : null}
      </CardField>
      {busy ? <p role="status">Saving your card…</p> : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12 }}>
        <AddCardButtons busy={busy} disabled={!stripe} onCancel={onCancel} />
      </div>
      <FormError>{formError}</FormError>
    </form>
  );
}
