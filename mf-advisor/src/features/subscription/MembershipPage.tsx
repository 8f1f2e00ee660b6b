import {
  api,
  Button,
  ConfirmDialog,
  errorMessage,
  ResultMessage,
  Select,
  Tag,
  theme,
  useSession,
} from '@kinfolio/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Bone, Card, Page } from '../../components/ui';
import {
  billingApi,
  type Currency,
  cardLabel,
  formatAmount,
  type Card as PaymentCard,
  type PaymentsConfig,
  type Plan,
  perInterval,
  priceOf,
  type Subscription,
} from './billing';
import { CardForm } from './CardForm';
import {
  activeTrial,
  describeSubscription,
  formatDate,
  kindLabel,
  latestSubscription,
  type MembershipRecordWithSubscription,
  statusLabel,
  summarise,
} from './membership';
import { PlanChooser } from './PlanChooser';

const Big = styled.p`
  margin: 0 0 4px;
  font-size: 1.25rem;
  font-weight: 600;
`;
const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 14px;
`;
const CardList = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    padding: 10px 0;
    border-bottom: 1px solid #eef2f2;
  }
  .kf-card-name {
    font-weight: 600;
    min-width: 150px;
  }
  .kf-card-actions {
    display: flex;
    gap: 8px;
    margin-left: auto;
  }
`;

interface Loaded {
  records: MembershipRecordWithSubscription[];
  plans: Plan[];
  cards: PaymentCard[];
  config: PaymentsConfig;
}

function daysText(n: number): string {
  return n === 1 ? '1 day left' : `${n} days left`;
}

function useBillingData(userId: string | undefined) {
  const [state, setState] = useState<{ loading: boolean; data: Loaded | null; error: string | null }>({
    loading: true,
    data: null,
    error: null,
  });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!userId) return;
    const ctrl = new AbortController();
    const s = ctrl.signal;
    void version;
    Promise.all([
      api.get<MembershipRecordWithSubscription[]>(`membership/${encodeURIComponent(userId)}`, undefined, {
        signal: s,
        catalogue: false,
      }),
      billingApi.plans(s),
      billingApi.cards(s),
      billingApi.config(s),
    ]).then(
      ([records, plans, cards, config]) =>
        !s.aborted &&
        setState({
          loading: false,
          error: null,
          data: {
            records: Array.isArray(records) ? records : [],
            plans: Array.isArray(plans) ? plans : [],
            cards: Array.isArray(cards) ? cards : [],
            config,
          },
        }),
      (e: unknown) => !s.aborted && setState({ loading: false, data: null, error: errorMessage(e) }),
    );
    return () => ctrl.abort();
  }, [userId, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}

const PRORATION_SAME =
  'The difference for the rest of the current period is charged to your default card now, or credited to your next invoice when the new plan costs less.';
function prorationText(from: Subscription, to: Plan): string {
  if (to.interval === from.interval) return PRORATION_SAME;
  const price = formatAmount(priceOf(to, from.currency), from.currency);
  return `A new ${to.interval === 'yearly' ? 'yearly' : 'monthly'} period starts today: you are charged ${price} less the unused part of your current period.`;
}

/** Change plan: another active plan in the subscription's currency, the proration stated before confirming. */
function ChangePlan({ sub, plans, onDone }: { sub: Subscription; plans: Plan[]; onDone: (msg: string) => void }) {
  const others = plans.filter((p) => p.active && p.id !== sub.plan_id);
  const [planId, setPlanId] = useState(others[0]?.id ?? '');
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const target = others.find((p) => p.id === planId);
  if (others.length === 0) return null;
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await billingApi.changePlan(planId);
      setConfirm(false);
      onDone(`Your plan is now ${next.plan_name}.`);
    } catch (e) {
      setConfirm(false);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card aria-labelledby="change-plan-title">
      <h2 id="change-plan-title">Change plan</h2>
      <Select
        label="New plan"
        value={planId}
        onChange={setPlanId}
        options={others.map((p) => ({
          value: p.id,
          label: `${p.name} · ${formatAmount(priceOf(p, sub.currency), sub.currency)} ${perInterval(p.interval)}`,
        }))}
      />
      {target ? <Muted>{prorationText(sub, target)}</Muted> : null}
      <Actions>
        <Button onClick={() => setConfirm(true)} disabled={!target}>
          Change plan
        </Button>
      </Actions>
      {error ? <ResultMessage type="error">{error}</ResultMessage> : null}
      <ConfirmDialog
        open={confirm}
        title={`Change to ${target?.name ?? 'this plan'}?`}
        message={target ? prorationText(sub, target) : undefined}
        confirmLabel="Change plan"
        loading={busy}
        onConfirm={go}
        onCancel={() => setConfirm(false)}
      />
    </Card>
  );
}

/** Cards: the saved cards with the default, make default, delete after confirming, add (test mode). */
function Cards({
  cards,
  config,
  duringTrial,
  onChanged,
}: {
  cards: PaymentCard[];
  config: PaymentsConfig;
  duringTrial: boolean;
  onChanged: (msg: string) => void;
}) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentCard | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (id: string, fn: () => Promise<unknown>, msg: string) => {
    setBusy(id);
    setError(null);
    try {
      await fn();
      onChanged(msg);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
      setRemoving(null);
    }
  };
  return (
    <Card aria-labelledby="cards-title">
      <h2 id="cards-title">Payment cards</h2>
      {cards.length === 0 ? <Muted>No card saved yet.</Muted> : null}
      {cards.length ? (
        <CardList>
          {cards.map((c) => (
            <li key={c.id}>
              <span className="kf-card-name">{cardLabel(c.brand, c.last4)}</span>
              <span>
                Expires {String(c.exp_month).padStart(2, '0')}/{c.exp_year}
              </span>
              {c.is_default ? <Tag tone="green">Default</Tag> : null}
              <span className="kf-card-actions">
                {c.is_default ? null : (
                  <Button
                    variant="secondary"
                    loading={busy === c.id}
                    aria-label={`Make default: ${cardLabel(c.brand, c.last4)}`}
                    onClick={() =>
                      act(
                        c.id,
                        () => billingApi.makeDefault(c.id),
                        `${cardLabel(c.brand, c.last4)} is now the default.`,
                      )
                    }
                  >
                    Make default
                  </Button>
                )}
                <Button
                  variant="danger"
                  disabled={busy !== null}
                  aria-label={`Delete ${cardLabel(c.brand, c.last4)}`}
                  onClick={() => setRemoving(c)}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </CardList>
      ) : null}
      {adding ? (
        <CardForm
          config={config}
          duringTrial={duringTrial}
          onAdded={(card) => {
            setAdding(false);
            onChanged(`${cardLabel(card.brand, card.last4)} added.`);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a card
        </Button>
      )}
      {error ? <ResultMessage type="error">{error}</ResultMessage> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Delete this card?"
        message={removing ? `${cardLabel(removing.brand, removing.last4)} is removed from your account.` : undefined}
        confirmLabel="Delete card"
        tone="danger"
        loading={busy !== null}
        onConfirm={() =>
          removing &&
          act(
            removing.id,
            () => billingApi.deleteCard(removing.id),
            `${cardLabel(removing.brand, removing.last4)} deleted.`,
          )
        }
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

/** Account Settings › 'Subscription & Settings': plan and status, choose/change/cancel/resubscribe, cards. */
export function MembershipPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const { loading, data, error, reload } = useBillingData(user?.id);
  const [flash, setFlash] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const done = (msg: string) => {
    setFlash(msg);
    setActionError(null);
    reload();
  };
  const run = async (fn: () => Promise<unknown>, msg: string) => {
    setBusy(true);
    setActionError(null);
    try {
      await fn();
      setCancelOpen(false);
      done(msg);
    } catch (e) {
      setCancelOpen(false);
      setActionError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const records = data?.records ?? [];
  const summary = summarise(records);
  const sub = latestSubscription(records);
  const trial = activeTrial(records);
  const live = sub && (sub.status === 'active' || sub.status === 'past_due') ? sub : null;
  const view = sub
    ? describeSubscription(sub, formatAmount(sub.amount, sub.currency), cardLabel(sub.card?.brand, sub.card?.last4))
    : null;
  const wantCurrency = params.get('currency');
  const wantPlan = params.get('plan');
  const ready = data !== null;
  // a plan chosen on /subscription: bring the chooser into view once the page has loaded
  useEffect(() => {
    if (ready && wantPlan) document.getElementById('choose-plan')?.scrollIntoView?.({ block: 'start' });
  }, [ready, wantPlan]);

  return (
    <Page>
      <h1>Subscription & Settings</h1>
      <p className="lead">Your membership, your plan and the cards you pay with.</p>
      {flash ? <ResultMessage type="success">{flash}</ResultMessage> : null}
      {loading || !user ? (
        <Card aria-busy="true" data-testid="membership-skeleton">
          <Bone $w="40%" $h="22px" />
          <Bone $w="25%" />
          <Bone $w="60%" />
        </Card>
      ) : error || !data ? (
        <ResultMessage type="error">{error ?? 'Something went wrong'}</ResultMessage>
      ) : (
        <>
          <Card aria-label="Current membership">
            <h2>Membership</h2>
            {live && view ? (
              <>
                <Big>{view.title}</Big>
                <Muted>{view.detail}</Muted>
                <Actions>
                  {view.state === 'cancelling' ? (
                    <Button
                      loading={busy}
                      onClick={() =>
                        run(
                          () => billingApi.subscribe({ plan_id: live.plan_id, currency: live.currency }),
                          'Your subscription continues.',
                        )
                      }
                    >
                      Resubscribe
                    </Button>
                  ) : view.state === 'active' ? (
                    <Button variant="secondary" onClick={() => setCancelOpen(true)}>
                      Cancel subscription
                    </Button>
                  ) : null}
                </Actions>
              </>
            ) : summary.activated && summary.current ? (
              <>
                <Big>
                  {kindLabel(summary.current.kind)}: {statusLabel(summary.current.status)}
                </Big>
                {summary.daysLeft !== null ? (
                  <Muted>
                    {daysText(summary.daysLeft)} · ends on {formatDate(summary.current.ends_at)}
                  </Muted>
                ) : (
                  <Muted>No end date.</Muted>
                )}
              </>
            ) : (
              <>
                <Big>No active membership</Big>
                <Muted>
                  {view
                    ? view.detail
                    : records.length > 0
                      ? 'Your trial or subscription has ended. Choose a plan to keep using Kinfolio.'
                      : 'Your free trial has not started yet.'}
                </Muted>
              </>
            )}
            {actionError ? <ResultMessage type="error">{actionError}</ResultMessage> : null}
          </Card>
          {live && live.status === 'active' && !live.cancel_at_period_end ? (
            <ChangePlan sub={live} plans={data.plans} onDone={done} />
          ) : null}
          {live ? null : (
            <Card aria-labelledby="choose-plan-title" id="choose-plan">
              <h2 id="choose-plan-title">{sub ? 'Resubscribe' : 'Choose a plan'}</h2>
              <PlanChooser
                plans={data.plans}
                cards={data.cards}
                config={data.config}
                duringTrial={trial !== null}
                initialPlanId={wantPlan}
                initialCurrency={wantCurrency === 'SGD' || wantCurrency === 'RM' ? (wantCurrency as Currency) : null}
                onCardAdded={(c) => {
                  setFlash(`${cardLabel(c.brand, c.last4)} added.`);
                  reload();
                }}
                onSubscribed={(s) => done(`You are subscribed to ${s.plan_name}.`)}
              />
            </Card>
          )}
          <Cards cards={data.cards} config={data.config} duringTrial={trial !== null && !live} onChanged={done} />
          <ConfirmDialog
            open={cancelOpen}
            title="Cancel your subscription?"
            message={
              live
                ? `Your subscription stays active until ${formatDate(live.current_period_end)} and then ends. You are not charged again.`
                : undefined
            }
            confirmLabel="Cancel subscription"
            cancelLabel="Keep subscription"
            tone="danger"
            loading={busy}
            onConfirm={() => run(() => billingApi.cancel(), 'Your subscription ends at the end of the paid period.')}
            onCancel={() => setCancelOpen(false)}
          />
        </>
      )}
    </Page>
  );
}
