import {
  cardLabel,
  PagerOf,
  ReceiptLink,
  ResultMessage,
  Select,
  Table,
  TableHead,
  Tag,
  TRANSACTION_KINDS,
  transactionAmount,
  transactionTag,
  useLoadState,
} from '@kinfolio/ui-kit';
import { useState } from 'react';
import styled from 'styled-components';
import { Bone, Card, Empty, Page } from '../../components/ui';
import { billingApi } from '../subscription/billing';
import { formatDate } from '../subscription/membership';

export const HISTORY_PAGE_SIZE = 10;

const Filters = styled.div`
  max-width: 240px;
`;
const Amount = styled.td`
  text-align: right;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** Account Settings › 'Billing History': every charge, refund and failed payment (`subscription-transactions`). */
export function BillingHistoryPage() {
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const state = useLoadState(
    (signal) => billingApi.transactions({ page, page_size: HISTORY_PAGE_SIZE, kind: kind || undefined }, signal),
    [page, kind],
  );

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
          options={TRANSACTION_KINDS}
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
            <TableHead columns={['Date', 'Type', 'Description', 'Card', 'Amount', 'Receipt']} />
            <tbody>
              {data.rows.map((t) => {
                const tag = transactionTag(t.kind);
                return (
                  <tr key={t.id}>
                    <td>{formatDate(t.occurred_at)}</td>
                    <td>
                      <Tag tone={tag.tone}>{tag.label}</Tag>
                    </td>
                    <td>{t.description}</td>
                    <td>{cardLabel(t.card_brand, t.card_last4)}</td>
                    <Amount>{transactionAmount(t)}</Amount>
                    <td>
                      <ReceiptLink url={t.receipt_url} when={formatDate(t.occurred_at)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <PagerOf of={data} busy={state.loading} onPage={setPage} noun={['transaction', 'transactions']} />
        </Card>
      )}
    </Page>
  );
}
