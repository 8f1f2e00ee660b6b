import { Select, Tag, useLoadState } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  cardLabel,
  fetchSubscribers,
  formatAmount,
  formatDate,
  notifyForSubscription,
  type SubscriptionState,
  subscribersCsvUrl,
} from './api';
import { NotifyButton, NotifyNotice, useNotifier } from './Notify';
import { ExportCsv, Filters, PagedList, PersonCell, SearchBox, useDebounced, usePeople, Wrap } from './shared';

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

// the orders both lists offer
const NEWEST = { value: 'starts_at:desc', label: 'Newest first' };
const AMOUNT_HIGHEST = { value: 'amount:desc', label: 'Amount, highest first' };
const PLAN_A_TO_Z = { value: 'plan_name:asc', label: 'Plan, A to Z' };
const SORTS_ACTIVE = [
  NEWEST,
  { value: 'starts_at:asc', label: 'Oldest first' },
  { value: 'current_period_end:asc', label: 'Next charge, soonest first' },
  AMOUNT_HIGHEST,
  { value: 'amount:asc', label: 'Amount, lowest first' },
  PLAN_A_TO_Z,
];
const SORTS_ENDED = [
  { value: 'ends_at:desc', label: 'Ended most recently' },
  { value: 'ends_at:asc', label: 'Ended longest ago' },
  NEWEST,
  AMOUNT_HIGHEST,
  PLAN_A_TO_Z,
];

/**
 * Subscriptions › active-subscribers (active, past due) and expired-subscribers (expired, cancelled):
 * `admin/subscribers-list` by status, searched (name, e-mail, plan) and sorted on the server, paged, exported as CSV;
 * ended subscribers can be reminded to subscribe again.
 */
export function SubscribersPage({ which }: { which: 'active' | 'expired' }) {
  const statuses: SubscriptionState[] = which === 'active' ? ['active', 'past_due'] : ['expired', 'cancelled'];
  const sorts = which === 'active' ? SORTS_ACTIVE : SORTS_ENDED;
  const [status, setStatus] = useState<SubscriptionState>(statuses[0] as SubscriptionState);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed).trim();
  // '' is the list's default order (the first choice); the server's own default is newest first
  const [sort, setSort] = useState('');
  const sent = sort || (which === 'expired' ? (sorts[0]?.value ?? '') : '');
  const [page, setPage] = useState(1);
  const notifier = useNotifier(notifyForSubscription);

  // a new search starts at page 1
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled search changes
  useEffect(() => setPage(1), [search]);

  const state = useLoadState(
    (signal) => fetchSubscribers({ status, search, sort: sent }, page, signal),
    [status, search, sent, page],
  );

  const rows = state.data?.rows ?? [];
  const people = usePeople(rows.map((r) => r.user_id));
  const ended = which === 'expired';
  const title = ended ? 'Expired subscribers' : 'Active subscribers';

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
        <SearchBox value={typed} onChange={setTyped} />
        <Select
          label="Sort by"
          value={sort || (sorts[0]?.value ?? '')}
          onChange={(v) => {
            setSort(v === sorts[0]?.value ? '' : v);
            setPage(1);
          }}
          options={sorts}
        />
        <ExportCsv
          href={subscribersCsvUrl({ status, search, sort: sent })}
          what={`${STATUS_LABEL[status].toLowerCase()} subscribers`}
        />
      </Filters>
      <NotifyNotice notifier={notifier} />
      <PagedList
        state={state}
        label={title}
        columns={['Advisor', 'Plan', 'Amount', 'Status', ended ? 'Ended' : 'Next charge', 'Card', 'Actions']}
        empty={
          search
            ? `No ${STATUS_LABEL[status].toLowerCase()} subscribers match “${search}”.`
            : `No ${STATUS_LABEL[status].toLowerCase()} subscribers.`
        }
        noun={['subscriber', 'subscribers']}
        onPage={setPage}
      >
        {(list) =>
          list.map((s) => (
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
                {s.status === 'past_due' && s.grace_ends_at ? ` Grace until ${formatDate(s.grace_ends_at)}` : null}
              </td>
              <td>{ended ? formatDate(s.ends_at) : formatDate(s.next_charge_at ?? s.current_period_end)}</td>
              <td>{cardLabel(s.card?.brand, s.card?.last4)}</td>
              <td>
                {ended ? (
                  <NotifyButton
                    notifier={notifier}
                    userId={s.user_id}
                    email={people[s.user_id]?.email}
                    purpose="to subscribe"
                  />
                ) : null}{' '}
                <Link to={`../subscription-transactions?user_id=${encodeURIComponent(s.user_id)}`}>Transactions</Link>
              </td>
            </tr>
          ))
        }
      </PagedList>
    </Wrap>
  );
}
