import { Button, errorMessage, Pager, ResultMessage, Select, Table, Tag, TextInput } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  cardLabel,
  fetchTransactions,
  formatAmount,
  formatDate,
  isOwnReceipt,
  type PageOf,
  type Transaction,
  transactionsCsvUrl,
} from './api';
import { Box, DateField, ExportCsv, Filters, PersonCell, SkeletonRows, useDebounced, usePeople, Wrap } from './shared';

const KINDS = [
  { value: '', label: 'All transactions' },
  { value: 'charge', label: 'Charges' },
  { value: 'refund', label: 'Refunds' },
  { value: 'failure', label: 'Failed payments' },
];
const SORTS = [
  { value: 'occurred_at:desc', label: 'Newest first' },
  { value: 'occurred_at:asc', label: 'Oldest first' },
  { value: 'amount:desc', label: 'Amount, highest first' },
  { value: 'amount:asc', label: 'Amount, lowest first' },
];
const KIND_TAG: Record<string, { tone: 'green' | 'grey' | 'red'; label: string }> = {
  charge: { tone: 'green', label: 'Charge' },
  refund: { tone: 'grey', label: 'Refund' },
  failure: { tone: 'red', label: 'Failed' },
};

/** Keeps the link's visually hidden text inside the table's scroll box (it is position: absolute). */
const inside = { position: 'relative' } as const;

/** A receipt link: ours downloads (PDF), the provider's hosted one opens in a new tab. */
function ReceiptLink({ t }: { t: Transaction }) {
  if (!t.receipt_url) return <>—</>;
  const when = formatDate(t.occurred_at);
  return isOwnReceipt(t.receipt_url) ? (
    <a href={t.receipt_url} download style={inside}>
      Receipt<span className="kf-visually-hidden"> for {when} (PDF download)</span>
    </a>
  ) : (
    <a href={t.receipt_url} target="_blank" rel="noopener noreferrer" style={inside}>
      Receipt<span className="kf-visually-hidden"> for {when} (opens in a new tab)</span>
    </a>
  );
}

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
  const [state, setState] = useState<{ loading: boolean; data: PageOf<Transaction> | null; error: string | null }>({
    loading: true,
    data: null,
    error: null,
  });

  useEffect(() => {
    if (rangeError) return;
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchTransactions({ page, kind, user_id: userId, search, from, to, sort }, ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ loading: false, data, error: null }),
      (e: unknown) => !ctrl.signal.aborted && setState({ loading: false, data: null, error: errorMessage(e) }),
    );
    return () => ctrl.abort();
  }, [page, kind, userId, search, from, to, sort, rangeError]);

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
        <Select label="Type" value={kind} onChange={(v) => set({ kind: v, page: '' })} options={KINDS} />
        <TextInput
          label="Search"
          type="search"
          value={typed}
          onChange={setTyped}
          hint="Name, e-mail or plan"
          maxLength={100}
        />
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
      {state.error ? (
        <ResultMessage type="error" placement="above">
          {state.error}
        </ResultMessage>
      ) : (
        <Box aria-busy={state.loading || undefined}>
          <Table label="Subscription transactions">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Advisor</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
                <th scope="col">Card</th>
                <th scope="col">Amount</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {state.loading && !state.data ? (
                <SkeletonRows cols={7} />
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={7}>
                    {search || from || to ? 'No transactions match these filters.' : 'No transactions.'}
                  </td>
                </tr>
              ) : (
                rows.map((t) => {
                  const tag = KIND_TAG[t.kind] ?? { tone: 'grey' as const, label: t.kind };
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
                      <td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                        {t.kind === 'refund' ? '−' : ''}
                        {formatAmount(t.amount, t.currency)}
                      </td>
                      <td>
                        <ReceiptLink t={t} />
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </Table>
          {state.data ? (
            <Pager
              page={state.data.page}
              total={state.data.total}
              pageSize={state.data.page_size}
              busy={state.loading}
              onPage={(p) => set({ page: String(p) })}
              noun={['transaction', 'transactions']}
            />
          ) : null}
        </Box>
      )}
    </Wrap>
  );
}
