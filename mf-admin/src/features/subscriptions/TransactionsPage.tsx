import {
  Button,
  ReceiptLink,
  Select,
  Tag,
  TRANSACTION_KINDS,
  transactionAmount,
  transactionTag,
  useLoadState,
} from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { cardLabel, fetchTransactions, formatDate, transactionsCsvUrl } from './api';
import {
  DateField,
  ExportCsv,
  Filters,
  PagedList,
  PersonCell,
  SearchBox,
  useDebounced,
  usePeople,
  Wrap,
} from './shared';

const SORTS = [
  { value: 'occurred_at:desc', label: 'Newest first' },
  { value: 'occurred_at:asc', label: 'Oldest first' },
  { value: 'amount:desc', label: 'Amount, highest first' },
  { value: 'amount:asc', label: 'Amount, lowest first' },
];
/**
 * Subscriptions › subscription-transactions: every charge, refund and failure — by kind, advisor, search (name,
 * e-mail, plan) and date range, sorted, paged on the server, exported as CSV. Filters live in the URL.
 */
export function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') ?? '';
  const userId = params.get('user_id') ?? '';
  const search = params.get('search') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  // '' is the default order (newest first), sent as no sort at all
  const sort = params.get('sort') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(search);
  const settled = useDebounced(typed).trim();
  const rangeError = from && to && from > to ? 'The end date must not be before the start date' : null;
  const state = useLoadState(
    (signal) => fetchTransactions({ page, kind, user_id: userId, search, from, to, sort }, signal),
    [page, kind, userId, search, from, to, sort],
    !rangeError,
  );

  const set = (next: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };
  // the typed search goes to the URL once typing pauses, back to page 1
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled search changes
  useEffect(() => {
    if (settled !== search) set({ search: settled, page: '' });
  }, [settled]);

  const rows = state.data?.rows ?? [];
  const people = usePeople([...rows.map((r) => r.user_id), ...(userId ? [userId] : [])]);
  const who = userId ? (people[userId]?.email ?? 'one advisor') : null;

  return (
    <Wrap>
      <h1>Subscription transactions</h1>
      <p className="kf-lead">Every charge, refund and failed payment, newest first.</p>
      <Filters>
        <Select label="Type" value={kind} onChange={(v) => set({ kind: v, page: '' })} options={TRANSACTION_KINDS} />
        <SearchBox value={typed} onChange={setTyped} />
        <DateField id="tx-from" label="From" value={from} onChange={(v) => set({ from: v, page: '' })} />
        <DateField id="tx-to" label="To" value={to} onChange={(v) => set({ to: v, page: '' })} error={rangeError} />
        <Select
          label="Sort by"
          value={sort || (SORTS[0]?.value ?? '')}
          onChange={(v) => set({ sort: v === SORTS[0]?.value ? '' : v, page: '' })}
          options={SORTS}
        />
        <ExportCsv
          href={transactionsCsvUrl({ kind, user_id: userId, search, from, to, sort })}
          what="subscription transactions"
        />
        {who ? (
          <p>
            Showing {who}.{' '}
            <Button variant="link" onClick={() => set({ user_id: '', page: '' })}>
              Show all advisors
            </Button>
          </p>
        ) : null}
      </Filters>
      <PagedList
        state={state}
        label="Subscription transactions"
        columns={['Date', 'Advisor', 'Type', 'Description', 'Card', 'Amount', 'Receipt']}
        empty={search || from || to ? 'No transactions match these filters.' : 'No transactions.'}
        noun={['transaction', 'transactions']}
        onPage={(p) => set({ page: String(p) })}
      >
        {(list) =>
          list.map((t) => {
            const tag = transactionTag(t.kind);
            return (
              <tr key={t.id}>
                <td>{formatDate(t.occurred_at)}</td>
                <td>
                  <PersonCell id={t.user_id} person={people[t.user_id]} />
                </td>
                <td>
                  <Tag tone={tag.tone}>{tag.label}</Tag>
                </td>
                <td>{t.description}</td>
                <td>{cardLabel(t.card_brand, t.card_last4)}</td>
                <td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{transactionAmount(t)}</td>
                <td>
                  <ReceiptLink url={t.receipt_url} when={formatDate(t.occurred_at)} />
                </td>
              </tr>
            );
          })
        }
      </PagedList>
    </Wrap>
  );
}
