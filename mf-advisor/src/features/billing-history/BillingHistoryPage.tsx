import { errorMessage, Pager, ResultMessage, Select, Table, Tag, theme } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Bone, Card, Empty, Page } from '../../components/ui';
import { billingApi, cardLabel, formatAmount, type TransactionsPage } from '../subscription/billing';
import { formatDate } from '../subscription/membership';
import { ReceiptLink } from './ReceiptLink';

export const HISTORY_PAGE_SIZE = 10;

const Filters = styled.div`
  max-width: 240px;
`;
const Amount = styled.td`
  text-align: right;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

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

/** Account Settings › 'Billing History': every charge, refund and failed payment (`subscription-transactions`). */
export function BillingHistoryPage() {
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ loading: boolean; data: TransactionsPage | null; error: string | null }>({
    loading: true,
    data: null,
    error: null,
  });

  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    billingApi.transactions({ page, page_size: HISTORY_PAGE_SIZE, kind: kind || undefined }, ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ loading: false, data, error: null }),
      (e: unknown) => !ctrl.signal.aborted && setState({ loading: false, data: null, error: errorMessage(e) }),
    );
    return () => ctrl.abort();
  }, [page, kind]);

  const data = state.data;

  return (
    <Page>
      <h1>Billing History</h1>
      <p className="lead">Every charge, refund and failed payment on your account, newest first.</p>
      <Filters>
        <Select
          label="Show"
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          options={KINDS}
        />
      </Filters>
      {state.loading && !data ? (
        <Card aria-busy="true" data-testid="history-skeleton">
          <Bone $w="100%" $h="18px" />
          <Bone $w="100%" $h="18px" />
          <Bone $w="100%" $h="18px" />
        </Card>
      ) : state.error ? (
        <ResultMessage type="error">{state.error}</ResultMessage>
      ) : !data || data.rows.length === 0 ? (
        <Empty title="No billing history yet">Charges, refunds and failed payments appear here.</Empty>
      ) : (
        <Card aria-label="Transactions" aria-busy={state.loading || undefined}>
          <Table label="Transactions">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
                <th scope="col">Card</th>
                <th scope="col">Amount</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((t) => {
                const tag = KIND_TAG[t.kind] ?? { tone: 'grey' as const, label: t.kind };
                return (
                  <tr key={t.id}>
                    <td>{formatDate(t.occurred_at)}</td>
                    <td>
                      <Tag tone={tag.tone}>{tag.label}</Tag>
                    </td>
                    <td>{t.description}</td>
                    <td>{cardLabel(t.card_brand, t.card_last4)}</td>
                    <Amount>
                      {t.kind === 'refund' ? '−' : ''}
                      {formatAmount(t.amount, t.currency)}
                    </Amount>
                    <td>
                      <ReceiptLink url={t.receipt_url} when={formatDate(t.occurred_at)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <Pager
            page={data.page}
            total={data.total}
            pageSize={data.page_size}
            busy={state.loading}
            onPage={setPage}
            noun={['transaction', 'transactions']}
          />
        </Card>
      )}
    </Page>
  );
}
