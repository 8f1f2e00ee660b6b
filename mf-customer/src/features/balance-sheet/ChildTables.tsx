import { Table, TableHead } from '@kinfolio/ui-kit';
import { money } from '../../shared/charts/charts';
import type { Household } from '../../shared/household/api';
import { memberLabel } from '../../shared/household/members';
import { FREQUENCY_OPTIONS } from './model';

/**
 * The records kept under a fund, pension account or loan, as the lists show them (read-only for the customer too):
 * transactions (one payment or a run by frequency, with its unpaid dates), beneficiaries and contingent owners with
 * their percentages. Edited in the record's editor.
 */
type Row = Record<string, unknown> & { id?: string };
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const cap = (v: string) => (v ? `${v[0]?.toUpperCase()}${v.slice(1).replace('_', ' ')}` : '');
const frequencyLabel = (f: unknown) => FREQUENCY_OPTIONS.find((o) => o.value === f)?.label ?? cap(str(f));
const typeLabel = (t: unknown) => (t === 'installment' ? 'Instalment' : cap(str(t)) || 'Deposit');

/** A transaction's dates in words: its date, or its run from the start (to the end) at its frequency. */
export function runText(t: Row): string {
  const start = str(t.transaction_start_date);
  const end = str(t.transaction_end_date);
  if (t.transaction_type === 'single' || (!start && str(t.transaction_date)))
    return str(t.transaction_date) || start || 'NA';
  return `${frequencyLabel(t.frequency)} from ${start || 'NA'}${end ? ` to ${end}` : ''}`;
}

export function TransactionsTable({ label, rows, currency }: { label: string; rows: Row[]; currency: string }) {
  return (
    <Table label={label}>
      <TableHead columns={['Transaction', 'Amount', 'When', 'Paid with', 'Unpaid']} />
      <tbody>
        {rows.map((t, i) => (
          <tr key={String(t.id ?? i)}>
            <th scope="row">{typeLabel(t.type)}</th>
            <td>{money(str(t.currency) || currency, Number(t.amount) || 0)}</td>
            <td>{runText(t)}</td>
            <td>{str(t.payment_type).toUpperCase() || 'NA'}</td>
            <td>{Array.isArray(t.unpaid_at) && t.unpaid_at.length ? t.unpaid_at.join(', ') : 'None'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function PeopleTable({
  label,
  rows,
  household,
  idKey,
}: {
  label: string;
  rows: Row[];
  household: Household;
  idKey: 'beneficiary_id' | 'owner_id';
}) {
  const total = rows.reduce((s, r) => s + (Number(r.percentage) || 0), 0);
  return (
    <Table label={label}>
      <TableHead columns={['Name', 'Relationship', 'Percentage']} />
      <tbody>
        {rows.map((r, i) => (
          <tr key={String(r.id ?? i)}>
            <th scope="row">{str(r.name) || memberLabel(household, r[idKey]) || 'NA'}</th>
            <td>{str(r.relationship) || 'NA'}</td>
            <td>{`${Number(r.percentage) || 0}%`}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td>{`${+total.toFixed(3)}%`}</td>
        </tr>
      </tfoot>
    </Table>
  );
}

/** A record's transactions, beneficiaries and contingent owners (each shown when there are any). */
export function ChildTables({ record, title, household }: { record: Row; title: string; household: Household }) {
  const list = (k: string) => (Array.isArray(record[k]) ? (record[k] as Row[]) : []);
  const transactions = list('transactions');
  const beneficiaries = list('beneficiaries');
  const contingent = list('contingent_owners');
  if (!transactions.length && !beneficiaries.length && !contingent.length) return null;
  const currency = str(record.currency);
  return (
    <>
      {transactions.length ? (
        <>
          <h5>Transactions</h5>
          <TransactionsTable label={`Transactions of ${title}`} rows={transactions} currency={currency} />
        </>
      ) : null}
      {beneficiaries.length ? (
        <>
          <h5>Beneficiaries</h5>
          <PeopleTable
            label={`Beneficiaries of ${title}`}
            rows={beneficiaries}
            household={household}
            idKey="beneficiary_id"
          />
        </>
      ) : null}
      {contingent.length ? (
        <>
          <h5>Contingent owners</h5>
          <PeopleTable
            label={`Contingent owners of ${title}`}
            rows={contingent}
            household={household}
            idKey="owner_id"
          />
        </>
      ) : null}
    </>
  );
}
