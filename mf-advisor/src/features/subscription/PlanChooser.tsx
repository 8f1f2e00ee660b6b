import { Button, errorMessage, FormError, fieldErrors, theme } from '@kinfolio/ui-kit';
import { useState } from 'react';
import styled from 'styled-components';
import {
  billingApi,
  type Card,
  CURRENCIES,
  type Currency,
  cardLabel,
  formatAmount,
  type PaymentsConfig,
  type Plan,
  perInterval,
  priceOf,
  type Subscription,
} from './billing';
import { CardForm } from './CardForm';

export const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 16px;
  min-width: 0;
  legend {
    font-weight: 600;
    margin-bottom: 8px;
  }
`;
const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 12px;
`;
export const Choice = styled.label<{ $on: boolean }>`
  display: block;
  padding: 12px 14px;
  border-radius: 8px;
  border: 2px solid ${(p) => (p.$on ? theme.colors.primaryDark : '#e3eaea')};
  background: ${(p) => (p.$on ? theme.colors.primarySoft : theme.colors.surface)};
  cursor: pointer;
  &:focus-within {
    outline: 2px solid #2c7a7b;
    outline-offset: 2px;
  }
  input {
    margin-right: 8px;
  }
  ul {
    margin: 8px 0 0;
    padding-left: 18px;
    color: ${theme.colors.muted};
  }
`;
const Price = styled.span`
  display: block;
  margin-top: 4px;
  font-size: 1.15rem;
  font-weight: 700;
`;
const Inline = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    cursor: pointer;
  }
`;
const FieldTip = styled.p`
  margin: 6px 0 0;
  color: ${theme.colors.danger};
`;
const SubmitRow = styled.div`
  margin-top: 16px;
  padding-top: 12px;
  border-top: 1px solid #eef2f2;
`;
const Progress = styled.p`
  margin: 10px 0 0;
  color: ${theme.colors.muted};
`;

/** The currency switch (SGD / RM) for plan prices. */
export function CurrencySwitch({ value, onChange }: { value: Currency; onChange: (c: Currency) => void }) {
  return (
    <Fieldset>
      <legend>Currency</legend>
      <Inline>
        {CURRENCIES.map((c) => (
          <label key={c}>
            <input type="radio" name="currency" value={c} checked={value === c} onChange={() => onChange(c)} />
            {c}
          </label>
        ))}
      </Inline>
    </Fieldset>
  );
}

/**
 * Choosing a plan and paying for it: currency, plan, a saved card or a new one (test mode), then subscribe
 * (`trial/membership-plans`). A decline comes back as a 400 naming `card_id` and is shown at the card choice.
 */
export function PlanChooser({
  plans,
  cards,
  config,
  duringTrial,
  initialPlanId,
  initialCurrency,
  submitLabel = 'Subscribe',
  onCardAdded,
  onSubscribed,
}: {
  plans: Plan[];
  cards: Card[];
  config: PaymentsConfig;
  duringTrial: boolean;
  initialPlanId?: string | null;
  initialCurrency?: Currency | null;
  submitLabel?: string;
  onCardAdded: (card: Card) => void;
  onSubscribed: (sub: Subscription, resumed: boolean) => void;
}) {
  const offered = plans.filter((p) => p.active);
  const [currency, setCurrency] = useState<Currency>(initialCurrency ?? 'SGD');
  const [planId, setPlanId] = useState<string>(offered.find((p) => p.id === initialPlanId)?.id ?? offered[0]?.id ?? '');
  // a card added here is usable at once, before the page's list catches up
  const [added, setAdded] = useState<Card[]>([]);
  const allCards = [...cards, ...added.filter((a) => !cards.some((c) => c.id === a.id))];
  const defaultCard = cards.find((c) => c.is_default) ?? cards[0];
  const [cardId, setCardId] = useState<string>(defaultCard?.id ?? 'new');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const chosenCard = allCards.find((c) => c.id === cardId);
  const plan = offered.find((p) => p.id === planId);

  const submit = async () => {
    setErrors({});
    setFormError(null);
    if (!plan) return setErrors({ plan_id: 'Choose a plan' });
    if (!chosenCard) return setErrors({ card_id: 'Add a card or choose a saved one' });
    setBusy(true);
    try {
      const sub = await billingApi.subscribe({ plan_id: plan.id, currency, card_id: chosenCard.id });
      onSubscribed(sub, false);
    } catch (err) {
      const f = fieldErrors(err);
      if (Object.keys(f).length) setErrors(f);
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (offered.length === 0) return <p>No plans are on offer right now.</p>;

  return (
    // not a <form>: the card form inside it is one
    <section aria-label="Plan and payment" aria-busy={busy || undefined}>
      <CurrencySwitch value={currency} onChange={setCurrency} />
      {errors.currency ? <FieldTip role="alert">{errors.currency}</FieldTip> : null}
      <Fieldset aria-describedby={errors.plan_id ? 'plan-error' : undefined}>
        <legend>Plan</legend>
        <Choices>
          {offered.map((p) => (
            <Choice key={p.id} $on={p.id === planId}>
              <input type="radio" name="plan" value={p.id} checked={p.id === planId} onChange={() => setPlanId(p.id)} />
              <strong>{p.name}</strong>
              <Price>
                {formatAmount(priceOf(p, currency), currency)} {perInterval(p.interval)}
              </Price>
              {p.features.length ? (
                <ul>
                  {p.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ) : null}
            </Choice>
          ))}
        </Choices>
        {errors.plan_id ? (
          <FieldTip role="alert" id="plan-error">
            {errors.plan_id}
          </FieldTip>
        ) : null}
      </Fieldset>
      <Fieldset aria-describedby={errors.card_id ? 'card-choice-error' : undefined}>
        <legend>Pay with</legend>
        <Inline>
          {allCards.map((c) => (
            <label key={c.id}>
              <input type="radio" name="card" value={c.id} checked={cardId === c.id} onChange={() => setCardId(c.id)} />
              {cardLabel(c.brand, c.last4)}
              {c.is_default ? ' (default)' : ''}
            </label>
          ))}
          <label>
            <input type="radio" name="card" value="new" checked={cardId === 'new'} onChange={() => setCardId('new')} />A
            new card
          </label>
        </Inline>
        {errors.card_id ? (
          <FieldTip role="alert" id="card-choice-error">
            {errors.card_id}
          </FieldTip>
        ) : null}
      </Fieldset>
      {cardId === 'new' ? (
        <CardForm
          config={config}
          duringTrial={duringTrial}
          onAdded={(card) => {
            setAdded((list) => [...list, card]);
            onCardAdded(card);
            setCardId(card.id);
            setErrors({});
          }}
        />
      ) : null}
      <SubmitRow>
        {plan && chosenCard ? (
          <p>
            You pay {formatAmount(priceOf(plan, currency), currency)} {perInterval(plan.interval)} with{' '}
            {cardLabel(chosenCard.brand, chosenCard.last4)}, starting today. Cancel at any time; the plan runs to the
            end of the paid period.
          </p>
        ) : null}
        <Button onClick={submit} loading={busy} disabled={!chosenCard}>
          {submitLabel}
        </Button>
        {busy ? <Progress role="status">Subscribing… taking the first payment.</Progress> : null}
      </SubmitRow>
      <FormError>{formError}</FormError>
    </section>
  );
}
