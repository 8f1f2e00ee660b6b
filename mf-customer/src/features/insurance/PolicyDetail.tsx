import { Button, errorMessage, FormError, Skeleton, Table, TableHead, theme, useResource } from '@kinfolio/ui-kit';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { MoveButtons, useReorder } from '../../shared/form/reorder';
import { cap, formatAmount } from '../../shared/format';
import { type Household, insuranceApi, type Projections, type StoredPolicy } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { Card, Facts, Row } from '../../shared/ui/layout';
import { memberLabel, policyTitle, useInsuranceLinks, usePolicies, useViewAs } from './data';
import { frequencyLabel, getPath, paymentTypeLabel, payoutYears, premiumSchedule } from './model';

const NA = 'NA';
const DragRow = styled.tr`
  &[data-drag-over] td { box-shadow: inset 0 2px 0 ${theme.colors.primaryDark}; }
`;

const amountOf = (currency: string, v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? `${currency} ${formatAmount(v)}` : NA;
const text = (v: unknown) => (v === undefined || v === null || v === '' ? NA : String(v));

/**
 * Total Premium: the premiums paid to date (issue 31, one definition: the premium transactions' when the policy has
 * any, else the policy's own schedule, up to today) and which of the two it is.
 */
function totalPremiumText(p: StoredPolicy): string {
  const paid = amountOf(p.currency, p.view.total_premium);
  if (!p.premium_source) return paid;
  return `${paid} paid to date, from ${p.premium_source === 'transactions' ? 'the premium transactions' : "the policy's premium schedule"}`;
}

/** The policy detail's facts, under the spec's labels (§3 "Policy detail labels"), in the spec's order. */
export function policyFacts(p: StoredPolicy): Array<[string, string]> {
  const c = p.currency;
  const withdrawals = p.transactions
    .filter((t) => t.transaction_type === 'withdrawal')
    .reduce((s, t) => s + (Number(t.amount) || 0), 0);
  return [
    ['Premium', amountOf(c, p.view.premium)],
    ['Annualised Premium', amountOf(c, p.view.annualised_premium)],
    ['Policy Date', text(p.policy_date)],
    ['Premium End Date', text(p.premium_end_date)],
    ['Mode', frequencyLabel(p.frequency)],
    ['Surrender Value', amountOf(c, p.surrender_value ?? p.current_saving?.amount)],
    ['Projected Maturity Value', amountOf(c, p.view.projected_maturity_value)],
    ['Total Premium', totalPremiumText(p)],
    ['Withdrawal Limit', amountOf(c, p.withdrawal_limit?.amount)],
    ['Coupon', amountOf(c, p.withdrawal_limit?.coupon)],
    ['Total Withdrawal', amountOf(c, withdrawals)],
    ['Note', text(p.common_note)],
    ['Source Of Funds', p.source_of_funds || paymentTypeLabel(p.payment_type) || NA],
  ];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </Card>
  );
}

type Row0 = Record<string, unknown> & { id: string };

/** A reorderable table (benefits, plans): drag a row or use its ↑ ↓ buttons; the order is saved at once. */
function OrderedTable<T extends Row0>({
  label,
  rows,
  head,
  cells,
  name,
  readOnly,
  onOrder,
}: {
  label: string;
  rows: T[];
  head: string[];
  cells: (r: T) => ReactNode[];
  name: (r: T) => string;
  readOnly: boolean;
  onOrder: (next: T[]) => void;
}) {
  const { move, dragProps } = useReorder(rows, onOrder);
  return (
    <Table label={label}>
      <TableHead columns={[...head, ...(readOnly ? [] : ['Order'])]} />
      <tbody>
        {rows.map((r, i) => (
          <DragRow key={r.id} {...(readOnly ? {} : dragProps(i))}>
            {cells(r).map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are fixed columns
              <td key={j}>{c}</td>
            ))}
            {readOnly ? null : (
              <td>
                <MoveButtons index={i} count={rows.length} label={name(r)} onMove={move} />
              </td>
            )}
          </DragRow>
        ))}
      </tbody>
    </Table>
  );
}

/** A benefit's amounts in words: payout, regular payout, lump sum, CI, medical. */
export function benefitSummary(b: Record<string, unknown>): string {
  const parts: string[] = [];
  const m = (label: string, path: string) => {
    const amount = getPath(b, `${path}.amount`);
    const cur = getPath(b, `${path}.currency`);
    if (typeof amount === 'number') parts.push(`${label} ${String(cur ?? '')} ${formatAmount(amount)}`.trim());
  };
  m('Lump-sum payout', 'payout.lump_sum_payout');
  const reg = getPath(b, 'payout.regular') as Record<string, unknown> | undefined;
  if (reg) {
    const a = reg.monthly_amount ?? reg.annual_amount;
    if (typeof a === 'number')
      parts.push(
        `Regular ${String(reg.currency ?? '')} ${formatAmount(a)} a ${reg.monthly_amount !== undefined ? 'month' : 'year'}` +
          (typeof reg.duration === 'number' ? ` for ${reg.duration} years` : ''),
      );
  }
  m('Lump sum', 'lump_sum');
  m('CI guard', 'critical_illness.ci_guard');
  m('CI advance', 'critical_illness.ci_advance');
  m('Medical amount', 'medical_amount');
  const med = getPath(b, 'medical') as Record<string, unknown> | undefined;
  if (med) {
    const lim = (v: unknown) => (v === -1 ? 'unlimited' : typeof v === 'number' ? formatAmount(v) : null);
    const bits = [`Room and board ${String(med.rnb)}`];
    if (lim(med.annual_limit)) bits.push(`annual limit ${lim(med.annual_limit)}`);
    if (lim(med.lifetime_limit)) bits.push(`lifetime limit ${lim(med.lifetime_limit)}`);
    parts.push(bits.join(', '));
  }
  const pw = getPath(b, 'premium_waiver') as Record<string, unknown> | undefined;
  if (pw) {
    const on: string[] = [];
    if (pw.payer) on.push('payer');
    for (const [who, o] of [
      ['non-payer', pw.non_payer],
      ['insured', pw.insured],
    ] as const)
      for (const [k, v] of Object.entries((o as Record<string, unknown>) ?? {}))
        if (v) on.push(`${who} ${k.replace('_', ' ')}`);
    parts.push(`Waived on: ${on.join(', ') || 'none'}`);
  }
  return parts.join('; ') || NA;
}

export function PolicyDetail({ household, policyId }: { household: Household; policyId: string }) {
  const { readOnly, version, reload } = useHousehold();
  const viewAs = useViewAs(household);
  const { policies, error, setPolicies } = usePolicies(household, version, viewAs);
  // a policy's projections, or none when they could not be had
  const projections = useResource([household.id, policyId, version] as const, ([hid, pid], signal) =>
    insuranceApi.projections(hid, pid, signal),
  );
  const proj: Projections | null = projections.error ? [] : projections.data;
  const [actionError, setActionError] = useState<string | null>(null);
  const links = useInsuranceLinks();
  const navigate = useNavigate();
  const removal = useDeleteConfirm<StoredPolicy>({
    title: (p) => `Delete ${policyTitle(p)}?`,
    message: () => 'The policy is deleted with its benefits, beneficiaries, transactions and payouts.',
    remove: (p) => insuranceApi.remove('policy', p.id),
    onDone: () => {
      reload();
      navigate(links.list);
    },
    onError: setActionError,
  });
  if (error) return <FormError>{error}</FormError>;
  if (!policies) return <Skeleton rows={6} label="Loading the policy" />;
  const p = policies.find((x) => x.id === policyId);
  if (!p)
    return (
      <Card>
        <h2>Policy</h2>
        <p>This policy is not in the household any more.</p>
        <Link to={links.list}>Back to insurance</Link>
      </Card>
    );
  const title = policyTitle(p);
  // deleted a moment ago: the Undo toast shows; the list opens once the delete is sent
  if (removal.hidden(p))
    return (
      <Card>
        <h2>{title}</h2>
        <p>This policy is deleted.</p>
        <Link to={links.list}>Back to insurance</Link>
        {removal.dialog}
      </Card>
    );
  const order = (kind: 'benefit' | 'plan', key: 'benefits' | 'plans') => (next: Row0[]) => {
    setPolicies(policies.map((x) => (x.id === p.id ? ({ ...x, [key]: next } as StoredPolicy) : x)));
    setActionError(null);
    insuranceApi
      .positions(
        kind,
        household.id,
        next.map((r) => r.id),
      )
      .catch((e: unknown) => {
        setActionError(errorMessage(e));
        reload();
      });
  };
  const schedule = proj?.find((x) => x.insurance_id === p.id)?.premium_schedule ?? [];
  return (
    <article aria-labelledby="policy-h">
      <p>
        <Link to={links.list}>Back to insurance</Link>
      </p>
      <h2 id="policy-h">{title}</h2>
      <p>
        Insured: {p.insured_name || memberLabel(household, p.member_id)}
        {p.insured_age !== null ? ` (Age ${p.insured_age})` : ''}
        {p.custom_company_name ? ` · ${p.custom_company_name}` : ''}
        {p.policy_number ? ` · Policy number ${p.policy_number}` : ''}
        {p.plan_type ? ` · ${p.plan_type}` : ''}
        {p.integrated_plan?.type ? ` · ${cap(p.integrated_plan.type)} plan` : ''}
      </p>
      {viewAs ? (
        <p>
          Money figures are {memberLabel(household, viewAs)}'s share: {+(p.share * 100).toFixed(2)}%.
        </p>
      ) : null}
      {actionError ? <FormError>{actionError}</FormError> : null}
      {readOnly ? null : (
        <Row style={{ justifyContent: 'flex-start', marginBottom: 12 }}>
          <Link to={links.edit(p.id)}>Edit policy</Link>
          <Button variant="link" onClick={() => removal.ask(p)}>
            Delete policy
          </Button>
        </Row>
      )}
      <Section title="Policy detail">
        <Facts>
          {policyFacts(p).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Facts>
      </Section>
      <Section title="Coverages and benefits">
        {p.benefits.length === 0 ? (
          <p>No benefits yet.</p>
        ) : (
          <OrderedTable
            label={`Benefits of ${title}`}
            rows={p.benefits as unknown as Row0[]}
            head={['Benefit', 'Amount', 'Expiry age', 'Maturity age', 'Duration', 'Details']}
            name={(b) => String(b.type)}
            cells={(b) => [
              `${String(b.type)}${b.investment_linked ? ' (investment-linked)' : ''}${b.title ? `: ${String(b.title)}` : ''}`,
              amountOf(p.currency, b.amount),
              text(b.expiry_age),
              text(b.maturity_age),
              b.duration !== undefined ? `${String(b.duration)} year${b.duration === 1 ? '' : 's'}` : NA,
              benefitSummary(b),
            ]}
            readOnly={readOnly}
            onOrder={order('benefit', 'benefits')}
          />
        )}
      </Section>
      <Section title="Plans, boosters and riders">
        {p.plans.length === 0 && p.boosters.length === 0 ? <p>No plans or riders.</p> : null}
        {p.plans.length > 0 ? (
          <OrderedTable
            label={`Plans of ${title}`}
            rows={p.plans as Row0[]}
            head={['Plan', 'Currency', 'Premiums by age', 'Additional coverage premium']}
            name={(r) => String(r.name ?? 'plan')}
            cells={(r) => [
              text(r.name),
              text(r.currency),
              `${Array.isArray(r.data_by_age) ? r.data_by_age.length : 0} ages`,
              amountOf(String(r.currency ?? ''), r.additional_coverage_premium),
            ]}
            readOnly={readOnly}
            onOrder={order('plan', 'plans')}
          />
        ) : null}
        {p.boosters.length > 0 ? (
          <Table label={`Boosters and riders of ${title}`}>
            <TableHead columns={['Name', 'Type', 'Premium', 'Mode']} />
            <tbody>
              {p.boosters.map((r) => (
                <tr key={String(r.id)}>
                  <td>{text(r.name)}</td>
                  <td>{cap(String(r.type ?? ''))}</td>
                  <td>{amountOf(String(r.currency ?? ''), r.premium)}</td>
                  <td>{frequencyLabel(r.frequency)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
      </Section>
      <Section title="Beneficiaries and owners">
        <PeopleTable label="Beneficiaries" rows={p.beneficiaries} />
        <PeopleTable label="Policy owners" rows={p.owners as unknown as Array<Record<string, unknown>>} />
        <PeopleTable label="Contingent owners" rows={p.contingent_owners} />
      </Section>
      <Section title="Premium transactions">
        {p.transactions.length === 0 ? (
          <p>No premium transactions yet.</p>
        ) : (
          <Table label={`Premium transactions of ${title}`}>
            <TableHead columns={['Transaction', 'Kind', 'Dates', 'Amount', 'Payment type', 'Unpaid']} />
            <tbody>
              {p.transactions.map((t) => (
                <tr key={t.id}>
                  <td>{cap(t.type)}</td>
                  <td>{t.transaction_type === 'withdrawal' ? 'Withdrawal' : 'Instalment'}</td>
                  <td>{transactionDates(t, p)}</td>
                  <td>{amountOf(t.currency, t.amount)}</td>
                  <td>{paymentTypeLabel(t.payment_type)}</td>
                  <td>{t.unpaid_at.length ? t.unpaid_at.join(', ') : 'None'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <h4>Premium schedule</h4>
        {proj === null ? <Skeleton rows={2} label="Loading the premium schedule" /> : null}
        {proj !== null && schedule.length === 0 ? <p>No premiums scheduled from the transactions.</p> : null}
        {schedule.length > 0 ? (
          <ScheduleTable title={title} currency={p.currency} policyDate={p.policy_date} rows={schedule} />
        ) : null}
      </Section>
      <Section title="Payouts">
        {p.cash_payouts.length === 0 ? (
          <p>No payouts yet.</p>
        ) : (
          <Table label={`Payouts of ${title}`}>
            <TableHead columns={['Payout', 'Amount', 'Policy years', 'Frequency', 'Maturity coupon', 'Paid in']} />
            <tbody>
              {p.cash_payouts.map((r) => {
                const start = Number(getPath(r, 'period.start') ?? 1);
                const end = Number(getPath(r, 'period.end') ?? 5);
                const freq = String(r.dividend_frequency ?? 'every year');
                const years = payoutYears(p.policy_date, start, end, freq);
                return (
                  <tr key={String(r.id)}>
                    <td>{cap(String(r.type ?? '').replace('_', ' '))}</td>
                    <td>{amountOf(String(getPath(r, 'payout.currency') ?? ''), getPath(r, 'payout.amount'))}</td>
                    <td>
                      {start} to {end}
                    </td>
                    <td>{cap(freq)}</td>
                    <td>{r.maturity_coupon_type === 'reinvest' ? 'Reinvested' : 'Paid out'}</td>
                    <td>{years.join(', ') || NA}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </Section>
      <Section title="Insurance funds">
        {p.funds.length === 0 ? (
          <p>No funds.</p>
        ) : (
          <Table label={`Funds of ${title}`}>
            <TableHead
              columns={['Fund', 'Value', 'Units', 'Unit price', 'Share of new premiums', 'Equity / bonds / others']}
            />
            <tbody>
              {p.funds.map((r) => {
                const cur = String(r.currency ?? p.currency);
                const ac = r.asset_class as Record<string, unknown> | undefined;
                return (
                  <tr key={String(r.id)}>
                    <td>{text(r.name)}</td>
                    <td>{amountOf(cur, r.value)}</td>
                    <td>{text(r.units)}</td>
                    <td>{amountOf(cur, r.price)}</td>
                    <td>{typeof r.asset_balancing === 'number' ? `${r.asset_balancing}%` : NA}</td>
                    <td>
                      {ac ? `${Number(ac.equity) || 0}% / ${Number(ac.bond) || 0}% / ${Number(ac.others) || 0}%` : NA}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </Section>
      {removal.dialog}
    </article>
  );
}

function PeopleTable({ label, rows }: { label: string; rows: Array<Record<string, unknown>> }) {
  const total = rows.reduce((s, r) => s + (Number(r.percentage) || 0), 0);
  return (
    <>
      <h4>{label}</h4>
      {rows.length === 0 ? (
        <p>None.</p>
      ) : (
        <Table label={label}>
          <TableHead columns={['Name', 'Relationship', 'Percentage']} />
          <tbody>
            {rows.map((r, i) => (
              <tr key={String(r.id ?? i)}>
                <td>{text(r.name)}</td>
                <td>{text(r.relationship)}</td>
                <td>{`${Number(r.percentage) || 0}%`}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td>{`${+total.toFixed(3)}%`}</td>
            </tr>
          </tbody>
        </Table>
      )}
    </>
  );
}

const SCHEDULE_SHOWN = 12;

/** The premium schedule: the first payments, and all of them on request (a whole-life schedule runs for decades). */
function ScheduleTable({
  title,
  currency,
  policyDate,
  rows,
}: {
  title: string;
  currency: string;
  policyDate: string;
  rows: Array<{ date: string; amount: number; policy_year: number }>;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, SCHEDULE_SHOWN);
  const total = rows.reduce((s, r) => s + r.amount, 0);
  return (
    <>
      <p>
        {rows.length} payments from {rows[0]?.date} to {rows[rows.length - 1]?.date}, {amountOf(currency, total)} in
        all.
      </p>
      <Table label={`Premium schedule of ${title}`}>
        <TableHead columns={['Date', 'Policy year', 'Amount']} />
        <tbody>
          {shown.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a schedule may pay twice on one date
            <tr key={`${s.date}-${i}`}>
              <td>{s.date}</td>
              <td>{policyYear(policyDate, s.date)}</td>
              <td>{amountOf(currency, s.amount)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {rows.length > SCHEDULE_SHOWN ? (
        <Button variant="link" onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? 'Show the first payments only' : `Show all ${rows.length} payments`}
        </Button>
      ) : null}
    </>
  );
}

/**
 * A transaction's dates in words: a custom one its date; a premium run its first and last dates and how many
 * payments it makes, stepping by the policy's frequency (§4; a single premium is one payment), less the unpaid ones.
 */
export function transactionDates(
  t: {
    type: string;
    transaction_date?: string;
    transaction_start_date?: string;
    transaction_end_date?: string;
    unpaid_at: string[];
  },
  p: { frequency: string; premium_end_date?: string },
): string {
  if (t.type !== 'premium') return text(t.transaction_date);
  if (!t.transaction_start_date) return NA;
  const dates = premiumSchedule(t.transaction_start_date, t.transaction_end_date ?? p.premium_end_date, p.frequency);
  const paid = dates.filter((d) => !t.unpaid_at.includes(d)).length;
  const last = dates[dates.length - 1] ?? t.transaction_start_date;
  const n = `${paid} payment${paid === 1 ? '' : 's'}`;
  return dates.length <= 1
    ? `${t.transaction_start_date} (${n})`
    : `${t.transaction_start_date} to ${last}, ${frequencyLabel(p.frequency).toLowerCase()} (${n})`;
}

/** The policy year of a date: 1 in the year from the policy date, 2 in the next, … */
export function policyYear(policyDate: string, date: string): number {
  const [y0, m0, d0] = policyDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const before = m < m0 || (m === m0 && d < d0);
  return y - y0 + (before ? 0 : 1);
}
