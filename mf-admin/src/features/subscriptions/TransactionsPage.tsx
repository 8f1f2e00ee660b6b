import { Button, errorMessage, Select, Table, Tag } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { cardLabel, fetchTransactions, formatAmount, formatDate, type PageOf, type Transaction } from './api';
import { Box, Filters, Notice, Pager, PersonCell, SkeletonRows, usePeople, Wrap } from './shared';

const KINDS = [
  { value: '', label: 'All transactions' },
  { value: 'charge', label: 'Charges' },
  { value: 'refund', label: 'Refunds' },
  { value: 'failure', label: 'Failed payments' },
];
const KIND_TAG: Record<string, { tone: 'green' | 'grey' | 'red'; label: string }> = {
  charge: { tone: 'green', label: 'Charge' },
  refund: { tone: 'grey', label: 'Refund' },
  failure: { tone: 'red', label: 'Failed' },
};

/** Subscriptions › subscription-transactions: every charge, refund and failure, by kind and by advisor. */
export function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') ?? '';
  const userId = params.get('user_id') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [state, setState] = useState<{ loading: boolean; data: PageOf<Transaction> | null; error: string | null }>({
    loading: true,
    data: null,
    error: null,
  });

  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchTransactions({ page, kind, user_id: userId }, ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ loading: false, data, error: null }),
      (e: unknown) => !ctrl.signal.aborted && setState({ loading: false, data: null, error: errorMessage(e) }),
    );
    return () => ctrl.abort();
  }, [page, kind, userId]);

  const set = (next: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };
  const rows = state.data?.rows ?? [];
  const people = usePeople([...rows.map((r) => r.user_id), ...(userId ? [userId] : [])]);
  const who = userId ? (people[userId]?.email ?? 'one advisor') : null;

  return (
    <Wrap>
      <h1>Subscription transactions</h1>
      <p className="kf-lead">Every charge, refund and failed payment, newest first.</p>
      <Filters>
        <Select label="Type" value={kind} onChange={(v) => set({ kind: v, page: '' })} options={KINDS} />
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
        <Notice $ok={false} role="alert">
          {state.error}
        </Notice>
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
                  <td colSpan={7}>No transactions.</td>
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
                        {t.receipt_url ? (
                          <a href={t.receipt_url} target="_blank" rel="noopener noreferrer">
                            Receipt<span className="kf-visually-hidden"> (opens in a new tab)</span>
                          </a>
                        ) : (
                          '—'
                        )}
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
