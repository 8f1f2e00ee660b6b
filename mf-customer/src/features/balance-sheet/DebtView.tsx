import { Button, FormError, Skeleton, Table, TableHead, theme, useResource } from '@kinfolio/ui-kit';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Figure } from '../../shared/explain/context';
import { GraphOrTable, money, shareText, ViewAsSelect, YearBars } from '../../shared/charts/charts';
import { balanceSheetApi, type DebtSummaryLoan, type Household } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { useViewAs } from '../../shared/household/members';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { Card, Row } from '../../shared/ui/layout';
import { TransactionsTable } from './ChildTables';
import { useDebtSummary, useSectionLinks } from './data';
import { debtTypeLabel, schemeOf } from './model';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  gap: 8px 16px;
  margin: 0 0 12px;
  div { min-width: 0; }
  dt { font-size: 0.85rem; color: ${theme.colors.muted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;
const Details = styled.details`
  margin: 8px 0;
  summary { cursor: pointer; font-weight: 600; padding: 8px 0; }
  summary:focus-visible { outline: 2px solid ${theme.colors.primaryDark}; outline-offset: 2px; }
`;

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

const loanTitle = (l: DebtSummaryLoan) => l.name || debtTypeLabel(l.type);

/** Actions of a stored loan or property for the advisor: edit it, delete it after confirming. */
function Actions({ loan, onDelete }: { loan: DebtSummaryLoan; onDelete: (l: DebtSummaryLoan) => void }) {
  const links = useSectionLinks();
  const title = loanTitle(loan);
  return (
    <Row style={{ justifyContent: 'flex-start' }}>
      <Link to={links.edit(loan.debt_id)} aria-label={`Edit ${title}`}>
        Edit
      </Link>
      <Button variant="link" onClick={() => onDelete(loan)} aria-label={`Delete ${title}`}>
        Delete
      </Button>
    </Row>
  );
}

/**
 * One loan with the engine's figures: instalment, outstanding today, the outstanding balance at each year end (a
 * graph or a table) and the whole amortisation schedule, whose year-end rows are marked with the same balances.
 */
function LoanCard({
  loan,
  scaled,
  readOnly,
  onDelete,
  transactions,
}: {
  loan: DebtSummaryLoan;
  scaled: boolean;
  readOnly: boolean;
  onDelete: (l: DebtSummaryLoan) => void;
  /** The loan's stored instalment transactions. */
  transactions: Array<Record<string, unknown>>;
}) {
  const headingId = useId();
  const l = loan.loan;
  if (!l) return null;
  const title = loanTitle(loan);
  const cur = loan.currency;
  const yearEnd = new Map(l.outstanding_by_year.map((y) => [y.months_paid, y.year]));
  return (
    <Card aria-labelledby={headingId} data-testid="loan">
      <h3 id={headingId}>
        {title} <small style={{ fontWeight: 400 }}>({debtTypeLabel(loan.type)})</small>
      </h3>
      <Facts>
        <Fact label="Instalment a month">
          <Figure id={`debt:${loan.debt_id}:instalment`} label={`Instalment a month, ${title}`} currency={cur}>
            {money(cur, l.instalment)}
          </Figure>
        </Fact>
        <Fact label="Outstanding balance" testId="loan-outstanding">
          <Figure id={`debt:${loan.debt_id}:outstanding`} label={`Outstanding balance, ${title}`} currency={cur}>
            {money(cur, l.outstanding)}
          </Figure>
        </Fact>
        <Fact label="Instalments paid">{`${l.months_paid} of ${l.tenure_months}`}</Fact>
        <Fact label="Months remaining">{String(l.months_remaining)}</Fact>
        <Fact label="Total interest">
          <Figure id={`debt:${loan.debt_id}:total_interest`} label={`Total interest, ${title}`} currency={cur}>
            {money(cur, l.total_interest)}
          </Figure>
        </Fact>
        <Fact label="Repaid in">{String(l.end_year)}</Fact>
        {l.other_monthly_expenses > 0 ? (
          <Fact label="Running costs a month (not a repayment)">{money(cur, l.other_monthly_expenses)}</Fact>
        ) : null}
        {scaled ? (
          <>
            <Fact label="Share">{shareText(l.view.share)}</Fact>
            <Fact label="Their instalment a month" testId="view-instalment">
              {money(cur, l.view.instalment)}
            </Fact>
            <Fact label="Their outstanding balance" testId="view-outstanding">
              {money(cur, l.view.outstanding)}
            </Fact>
          </>
        ) : null}
      </Facts>
      <h4>Outstanding balance by year</h4>
      <GraphOrTable
        label={`Outstanding balance of ${title}`}
        graph={
          <YearBars
            label={`Outstanding balance of ${title}`}
            currency={cur}
            points={l.outstanding_by_year.map((y) => ({ year: y.year, value: y.balance }))}
          />
        }
        table={
          <Table label={`Outstanding balance by year of ${title}`}>
            <TableHead columns={['End of year', 'Instalments paid', 'Outstanding balance']} />
            <tbody>
              {l.outstanding_by_year.map((y) => (
                <tr key={y.year}>
                  <th scope="row">{y.year}</th>
                  <td>{y.months_paid}</td>
                  <td>{money(cur, y.balance)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        }
      />
      <Details>
        <summary>Amortisation schedule ({l.schedule.length} instalments)</summary>
        <Table label={`Amortisation schedule of ${title}`}>
          <TableHead columns={['Instalment', 'Payment', 'Interest', 'Principal', 'Balance', 'Note']} />
          <tbody>
            {l.schedule.map((r) => {
              const notes = [
                yearEnd.has(r.period) ? `End of ${yearEnd.get(r.period)}` : '',
                r.period === l.months_paid ? 'Outstanding now' : '',
              ].filter(Boolean);
              return (
                <tr key={r.period} data-period={r.period}>
                  <th scope="row">{r.period}</th>
                  <td>{money(cur, r.payment)}</td>
                  <td>{money(cur, r.interest)}</td>
                  <td>{money(cur, r.principal)}</td>
                  <td>{money(cur, r.balance)}</td>
                  <td>{notes.join('; ')}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Details>
      <h4>Instalment transactions</h4>
      {transactions.length ? (
        <TransactionsTable label={`Instalment transactions of ${title}`} rows={transactions} currency={cur} />
      ) : (
        <p>No instalment transactions recorded.</p>
      )}
      {readOnly ? null : <Actions loan={loan} onDelete={onDelete} />}
    </Card>
  );
}

/** The household's stored instalment transactions of every loan, by debt (fetched again when the household changes). */
function useDebtTransactions(householdId: string, version: number, on: boolean) {
  const { data } = useResource(on && ([householdId, version] as const), ([hid], signal) =>
    balanceSheetApi.list('debtTransaction', hid, signal).then((page) => {
      const m = new Map<string, Array<Record<string, unknown>>>();
      for (const t of page?.rows ?? []) m.set(t.debt_id, [...(m.get(t.debt_id) ?? []), t]);
      return m;
    }),
  );
  return data ?? NO_TRANSACTIONS;
}
const NO_TRANSACTIONS = new Map<string, Array<Record<string, unknown>>>();

/** spec: the property-gain tax table's rows as holding periods. */
const heldText = (months: number) => {
  const y = Math.floor(months / 12);
  const m = months % 12;
  return (
    [y ? `${y} year${y === 1 ? '' : 's'}` : '', m ? `${m} month${m === 1 ? '' : 's'}` : ''].filter(Boolean).join(' ') ||
    '0 months'
  );
};

type SaleFigures = NonNullable<NonNullable<DebtSummaryLoan['property']>['sale']>;
/**
 * The sale's tax by its name (issue 32): Singapore's Seller's Stamp Duty is a rate of the higher of the price and the
 * market value; Malaysia's RPGT a rate of the gain less the exemption; other currencies the spec's property-gain tax.
 */
const saleTaxText = (s: SaleFigures, cur: string) => {
  if (s.gain_tax_kind === 'ssd')
    return s.gain_tax_rate > 0
      ? `Seller's Stamp Duty (${s.gain_tax_rate}% of ${money(cur, s.gain_tax_base)}, the higher of the price and the market value)`
      : `Seller's Stamp Duty (${s.gain_tax_rate}%)`;
  if (s.gain_tax_kind === 'rpgt')
    return s.gain_tax_rate > 0 && s.gain_tax_base > 0
      ? `Real Property Gains Tax (${s.gain_tax_rate}% of ${money(cur, s.gain_tax_base)}: the gain less the exemption of ${money(cur, s.gain_tax_exemption)})`
      : `Real Property Gains Tax (${s.gain_tax_rate}%)`;
  return `Property-gain tax (${s.gain_tax_rate}%)`;
};

/** A property with its sale plan from the engine: net proceeds, pension refund and the sale's tax by holding. */
function PropertyCard({
  loan,
  scaled,
  readOnly,
  onDelete,
}: {
  loan: DebtSummaryLoan;
  scaled: boolean;
  readOnly: boolean;
  onDelete: (l: DebtSummaryLoan) => void;
}) {
  const headingId = useId();
  const p = loan.property;
  if (!p) return null;
  const title = loanTitle(loan);
  const cur = loan.currency;
  const s = p.sale;
  const scheme = schemeOf(cur);
  return (
    <Card aria-labelledby={headingId} data-testid="property">
      <h3 id={headingId}>{title}</h3>
      <Facts>
        <Fact label="Market value">
          {p.market_value === null ? (
            'Not given'
          ) : (
            <Figure id={`property:${loan.debt_id}:market_value`} label={`Market value, ${title}`} currency={cur}>
              {money(cur, p.market_value)}
            </Figure>
          )}
        </Fact>
        <Fact label="Rental income a month (after tax)">{money(cur, p.rental_income)}</Fact>
        {loan.loan ? (
          <Fact label="Outstanding loan">
            <Figure id={`property:${loan.debt_id}:outstanding`} label={`Outstanding loan, ${title}`} currency={cur}>
              {money(cur, loan.loan.outstanding)}
            </Figure>
          </Fact>
        ) : null}
        {scaled ? <Fact label="Share">{shareText(loan.share)}</Fact> : null}
      </Facts>
      <h4>Sale plan</h4>
      {s ? (
        <Table label={`Sale plan of ${title}`}>
          <tbody>
            <tr>
              <th scope="row">Selling year</th>
              <td>{s.selling_year}</td>
            </tr>
            <tr>
              <th scope="row">Selling price</th>
              <td>{money(cur, s.selling_price)}</td>
            </tr>
            <tr>
              <th scope="row">Purchase price</th>
              <td>{money(cur, s.purchase_price)}</td>
            </tr>
            <tr>
              <th scope="row">Held for</th>
              <td>{heldText(s.months_held)}</td>
            </tr>
            <tr>
              <th scope="row">Gain</th>
              <td>{money(cur, s.gain)}</td>
            </tr>
            {s.gain_tax_kind === 'ssd' && s.market_value > s.selling_price ? (
              <tr>
                <th scope="row">Market value at the sale</th>
                <td>{money(cur, s.market_value)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">{saleTaxText(s, cur)}</th>
              <td>− {money(cur, s.gain_tax)}</td>
            </tr>
            <tr>
              <th scope="row">Transaction fee</th>
              <td>− {money(cur, s.transaction_fee)}</td>
            </tr>
            <tr>
              <th scope="row">Outstanding loan at sale</th>
              <td>− {money(cur, s.outstanding_loan)}</td>
            </tr>
            <tr>
              <th scope="row">{scheme} refund (Incl Legal Fee + Stamp Duty)</th>
              <td>− {money(cur, s.pension_refund)}</td>
            </tr>
            <tr>
              <th scope="row">Net proceeds</th>
              <td data-testid="net-proceeds">
                <strong>
                  <Figure id={`property:${loan.debt_id}:net_proceeds`} label={`Net proceeds, ${title}`} currency={cur}>
                    {money(cur, s.net_proceeds)}
                  </Figure>
                </strong>
              </td>
            </tr>
            {scaled ? (
              <tr>
                <th scope="row">Their net proceeds ({shareText(loan.share)})</th>
                <td data-testid="view-net-proceeds">
                  <strong>{money(cur, s.view_net_proceeds)}</strong>
                </td>
              </tr>
            ) : null}
          </tbody>
        </Table>
      ) : (
        <p>No sale planned: give a selling year to see the sale.</p>
      )}
      {s ? (
        <p data-testid="sale-note">
          Sold on 31 December {s.selling_year}: the loan repaid is its balance after that year’s instalments, the{' '}
          {scheme} refund is every {scheme} amount used for the property with its interest. The plan’s data table, cash
          flow and exports use these same figures.
        </p>
      ) : null}
      {p.gain_tax_by_holding.length ? (
        <>
          <h4>Property-gain tax by holding period</h4>
          <Table label={`Property-gain tax by holding period of ${title}`}>
            <TableHead columns={['Held for', 'Rate', 'Tax on the planned sale']} />
            <tbody>
              {p.gain_tax_by_holding.map((r) => (
                <tr key={r.months_held}>
                  <th scope="row">{heldText(r.months_held)}</th>
                  <td>{r.rate}%</td>
                  <td>{money(cur, r.gain_tax)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      ) : null}
      {readOnly ? null : <Actions loan={loan} onDelete={onDelete} />}
    </Card>
  );
}

/**
 * Debt (each loan with its amortisation schedule and outstanding balance by year) or Property (each property with
 * its sale plan): the engine's figures from the back end, never recomputed here, for the whole loans or one member's
 * share (§6). The advisor adds, edits and deletes; the customer reads.
 */
export function DebtView({ household, mode }: { household: Household; mode: 'debt' | 'property' }) {
  const { readOnly, version, reload } = useHousehold();
  const viewAs = useViewAs(household);
  const { summary: loaded, error } = useDebtSummary(household, version, viewAs);
  // figures for another view than the one asked for are not shown while the right ones load
  const summary = loaded && (loaded.view ?? null) === viewAs ? loaded : null;
  const transactions = useDebtTransactions(household.id, version, mode === 'debt');
  const [actionError, setActionError] = useState<string | null>(null);
  const links = useSectionLinks();
  const removal = useDeleteConfirm<DebtSummaryLoan>({
    title: (l) => `Delete ${loanTitle(l)}?`,
    message: () => 'It is deleted with its owners, instalment transactions and rental incomes.',
    idOf: (l) => l.debt_id,
    remove: (l) => balanceSheetApi.remove('debt', l.debt_id),
    onDone: reload,
    onError: setActionError,
  });
  const items = (summary?.loans ?? []).filter(
    (l) => (mode === 'debt' ? l.loan !== null : l.property !== null) && !removal.hidden(l),
  );
  const headingId = `${mode}-list-h`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{mode === 'debt' ? 'Loans' : 'Properties'}</h2>
      <ViewAsSelect household={household} whole={mode === 'debt' ? 'Whole loans' : 'Whole properties'} />
      {error ? <FormError>{error}</FormError> : null}
      {actionError ? <FormError>{actionError}</FormError> : null}
      {!summary && !error ? (
        <Skeleton rows={4} label={`Loading the ${mode === 'debt' ? 'loans' : 'properties'}`} />
      ) : null}
      {summary && items.length === 0 ? (
        <Card>
          <p>{mode === 'debt' ? 'No loans yet.' : 'No properties yet.'}</p>
        </Card>
      ) : null}
      {items.map((l) =>
        mode === 'debt' ? (
          <LoanCard
            key={l.debt_id}
            loan={l}
            scaled={viewAs !== null}
            readOnly={readOnly}
            onDelete={removal.ask}
            transactions={transactions.get(l.debt_id) ?? []}
          />
        ) : (
          <PropertyCard key={l.debt_id} loan={l} scaled={viewAs !== null} readOnly={readOnly} onDelete={removal.ask} />
        ),
      )}
      {readOnly ? null : (
        <Row style={{ justifyContent: 'flex-start' }}>
          <Link to={links.edit('new', mode === 'property' ? { type: 'property' } : {})} className="kf-button-link">
            {mode === 'debt' ? 'Add loan' : 'Add property'}
          </Link>
        </Row>
      )}
      {removal.dialog}
    </section>
  );
}
