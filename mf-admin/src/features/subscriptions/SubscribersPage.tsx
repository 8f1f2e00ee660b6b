import { Button, errorMessage, Select, Table, Tag } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  cardLabel,
  fetchSubscribers,
  formatAmount,
  formatDate,
  notifyForSubscription,
  type PageOf,
  type Subscription,
  type SubscriptionState,
} from './api';
import { Box, Filters, Notice, Pager, PersonCell, SkeletonRows, usePeople, Wrap } from './shared';

const STATUS_LABEL: Record<SubscriptionState, string> = {
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
const TONE: Record<SubscriptionState, 'green' | 'red' | 'grey'> = {
  active: 'green',
  past_due: 'red',
  cancelled: 'grey',
  expired: 'red',
};

/**
 * Subscriptions › active-subscribers (active, past due) and expired-subscribers (expired, cancelled):
 * `admin/subscribers-list` by status, paged; ended subscribers can be reminded to subscribe again.
 */
export function SubscribersPage({ which }: { which: 'active' | 'expired' }) {
  const statuses: SubscriptionState[] = which === 'active' ? ['active', 'past_due'] : ['expired', 'cancelled'];
  const [status, setStatus] = useState<SubscriptionState>(statuses[0] as SubscriptionState);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ loading: boolean; data: PageOf<Subscription> | null; error: string | null }>({
    loading: true,
    data: null,
    error: null,
  });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchSubscribers(status, page, ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ loading: false, data, error: null }),
      (e: unknown) => !ctrl.signal.aborted && setState({ loading: false, data: null, error: errorMessage(e) }),
    );
    return () => ctrl.abort();
  }, [status, page]);

  const rows = state.data?.rows ?? [];
  const people = usePeople(rows.map((r) => r.user_id));
  const ended = which === 'expired';
  const title = ended ? 'Expired subscribers' : 'Active subscribers';

  const notify = async (s: Subscription) => {
    setSending(s.user_id);
    setNotice(null);
    try {
      const r = await notifyForSubscription(s.user_id);
      const who = people[s.user_id]?.email ?? 'The advisor';
      setNotice({ ok: true, text: r?.message ? `${r.message} (${who})` : `Reminder sent to ${who}.` });
    } catch (e) {
      setNotice({ ok: false, text: errorMessage(e) });
    } finally {
      setSending(null);
    }
  };

  return (
    <Wrap>
      <h1>{title}</h1>
      <p className="kf-lead">
        {ended
          ? 'Advisors whose subscription expired after failed payments or was cancelled. Remind them to subscribe again.'
          : 'Advisors with a paid subscription, including those whose last renewal failed and who are in the grace period.'}
      </p>
      <Filters>
        <Select
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v as SubscriptionState);
            setPage(1);
          }}
          options={statuses.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
        />
      </Filters>
      {notice ? (
        <Notice $ok={notice.ok} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </Notice>
      ) : null}
      {state.error ? (
        <Notice $ok={false} role="alert">
          {state.error}
        </Notice>
      ) : (
        <Box aria-busy={state.loading || undefined}>
          <Table label={title}>
            <thead>
              <tr>
                <th scope="col">Advisor</th>
                <th scope="col">Plan</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">{ended ? 'Ended' : 'Next charge'}</th>
                <th scope="col">Card</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {state.loading && !state.data ? (
                <SkeletonRows cols={7} />
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={7}>No {STATUS_LABEL[status].toLowerCase()} subscribers.</td>
                </tr>
              ) : (
                rows.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <PersonCell id={s.user_id} person={people[s.user_id]} />
                    </td>
                    <td>{s.plan_name}</td>
                    <td>
                      {formatAmount(s.amount, s.currency)} {s.interval === 'yearly' ? 'per year' : 'per month'}
                    </td>
                    <td>
                      <Tag tone={TONE[s.status]}>{STATUS_LABEL[s.status]}</Tag>
                      {s.cancel_at_period_end && s.status === 'active' ? ' Ends at period end' : null}
                      {s.status === 'past_due' && s.grace_ends_at
                        ? ` Grace until ${formatDate(s.grace_ends_at)}`
                        : null}
                    </td>
                    <td>{ended ? formatDate(s.ends_at) : formatDate(s.next_charge_at ?? s.current_period_end)}</td>
                    <td>{cardLabel(s.card?.brand, s.card?.last4)}</td>
                    <td>
                      {ended ? (
                        <Button
                          variant="secondary"
                          loading={sending === s.user_id}
                          disabled={sending !== null && sending !== s.user_id}
                          aria-label={`Notify ${people[s.user_id]?.email ?? 'this advisor'} to subscribe`}
                          onClick={() => notify(s)}
                        >
                          Notify
                        </Button>
                      ) : null}{' '}
                      <Link to={`../subscription-transactions?user_id=${encodeURIComponent(s.user_id)}`}>
                        Transactions
                      </Link>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </Table>
          {state.data ? (
            <Pager
              page={state.data.page}
              total={state.data.total}
              pageSize={state.data.page_size}
              busy={state.loading}
              onPage={setPage}
              noun={['subscriber', 'subscribers']}
            />
          ) : null}
        </Box>
      )}
    </Wrap>
  );
}
