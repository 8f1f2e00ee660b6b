import { Button, errorMessage, FormError, Skeleton, Table, TableHead, theme } from '@kinfolio/ui-kit';
import { useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AmountBars, money, shareText, ViewAsSelect } from '../../shared/charts/charts';
import { MoveButtons, useReorder } from '../../shared/form/reorder';
import { formatAmount } from '../../shared/format';
import { type BalanceSheetData, balanceSheetApi, type Household } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { memberLabel, useViewAs } from '../../shared/household/members';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { Card, Row } from '../../shared/ui/layout';
import { ChildTables } from './ChildTables';
import { type SheetRow, useSectionLinks } from './data';
import { FUND_TABS, type FundTab, fundsQuery, fundTabOf } from './model';

/** The term's one-line definition where the figure appears (terms of the plan, "Contribution"). */
export const CONTRIBUTION_NOTE =
  "Contributions a month: employer + employee on the wage up to the scheme's wage ceiling of the year (CPF ordinary wage ceiling), at the rates for the member's age; the employee part is the plan's expense, the same figure as the data table.";

const TabList = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0 0 12px;
  a {
    padding: 6px 14px;
    border-radius: 999px;
    border: 1px solid #cbd5e0;
    background: #fff;
    color: #2d3748;
    text-decoration: none;
  }
  a[aria-current='page'] { background: ${theme.colors.primaryDark}; border-color: ${theme.colors.primaryDark}; color: #fff; }
  a:focus-visible { outline: 2px solid #2c7a7b; outline-offset: 2px; }
`;
const DragRow = styled.tr`
  &[data-drag-over] td { box-shadow: inset 0 2px 0 ${theme.colors.primaryDark}; }
  td:first-child { cursor: grab; color: ${theme.colors.muted}; }
`;

type Rows = BalanceSheetData['saving_funds'];
const str = (v: unknown) => (typeof v === 'string' && v ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const pctText = (v: unknown) => (typeof v === 'number' ? `${v}%` : 'NA');

/** The records a tab lists, from the one balance-sheet read. */
export function tabRows(sheet: BalanceSheetData, tab: FundTab): SheetRow[] {
  const rows = (r: Rows) => r as SheetRow[];
  if (tab.editor === 'cash') return rows(sheet.saving_funds).filter((f) => f.kind !== 'savings');
  if (tab.editor === 'savings') return rows(sheet.saving_funds).filter((f) => f.kind === 'savings');
  if (tab.editor === 'pension') return rows(sheet.pensions);
  return rows(sheet.portfolio_funds);
}

/** A record's title in the lists. */
export function rowTitle(tab: FundTab, r: SheetRow, household: Household): string {
  if (tab.editor === 'cash')
    return str(r.name) || [str(r.bank_name), str(r.cash_type)].filter(Boolean).join(' ') || 'Cash';
  if (tab.editor === 'savings') return str(r.name) || str(r.bank_name) || 'Savings fund';
  if (tab.editor === 'pension')
    return str(r.name) || `${String(r.type ?? 'Pension')} of ${memberLabel(household, r.member_id) || 'member'}`;
  return str(r.plan_name) || str(r.company_name) || 'Portfolio';
}

/** Who owns a record: its owners with their shares, else its owner member. */
function ownersText(r: SheetRow, household: Household): string {
  const owners = Array.isArray(r.owners) ? (r.owners as Array<Record<string, unknown>>) : [];
  if (owners.length)
    return owners
      .map((o) => `${str(o.name) || memberLabel(household, o.owner_id) || 'Owner'} ${num(o.percentage)}%`)
      .join(', ');
  const one = r.owner ?? r.member_id;
  return memberLabel(household, one) || 'Household';
}

/** The value a row shows: the whole record's, or the member's share of it (§6, from the back end). */
const shownValue = (tab: FundTab, r: SheetRow, scaled: boolean) =>
  scaled ? num(r.view_value) : tab.editor === 'pension' ? num(r.balance) : num(r.current_value);

const TOTAL_KEY = { cash: 'cash', savings: 'savings', pension: 'pensions', portfolio: 'investments' } as const;

/** What a pension account holds, by its scheme's accounts. */
function pensionAccounts(r: SheetRow): string {
  const cur = String(r.currency ?? '');
  const parts: Array<[string, string]> =
    r.type === 'CPF'
      ? [
          ['cpf_oa', 'OA'],
          ['special', 'SA'],
          ['cpf_ra', 'RA'],
          ['medisave', 'MA'],
        ]
      : r.type === 'EPF'
        ? [
            ['account1_amount', 'Account 1'],
            ['account2_amount', 'Account 2'],
            ['account3_amount', 'Account 3'],
          ]
        : [['value', 'Value']];
  const given = parts.filter(([k]) => typeof r[k] === 'number');
  return given.length ? given.map(([k, l]) => `${l} ${money(cur, num(r[k]))}`).join(', ') : 'None given';
}

function Holdings({ portfolio, title }: { portfolio: SheetRow; title: string }) {
  const holdings = Array.isArray(portfolio.holdings) ? (portfolio.holdings as SheetRow[]) : [];
  if (!holdings.length) return <p>No holdings yet.</p>;
  return (
    <Table label={`Holdings of ${title}`}>
      <TableHead columns={['Holding', 'Units', 'Unit price', 'Value', 'Equity / bonds / others']} />
      <tbody>
        {holdings.map((h) => {
          const ac = (h.asset_class ?? null) as Record<string, number> | null;
          const cur = String(h.currency ?? portfolio.currency ?? '');
          return (
            <tr key={h.id}>
              <th scope="row">
                {str(h.name) || 'Holding'}
                {h.holding_type === 'stock' ? ' (stock)' : ''}
              </th>
              <td>{typeof h.units === 'number' ? formatAmount(h.units) : 'NA'}</td>
              <td>{typeof h.price === 'number' ? `${cur} ${h.price}` : 'NA'}</td>
              <td>{typeof h.value === 'number' ? money(cur, h.value) : 'NA'}</td>
              <td>{ac ? `${ac.equity}% / ${ac.bond}% / ${ac.others}%` : 'NA'}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Holdings value</th>
          <td />
          <td />
          <td>{money(String(portfolio.currency ?? ''), num(portfolio.holdings_value))}</td>
          <td />
        </tr>
      </tfoot>
    </Table>
  );
}

/**
 * One funds tab: its records in a table (values whole or a member's share, §6), a graph of the values when they are
 * in one currency, and for investment the portfolios' holdings and drag (or ↑ ↓) to reorder them.
 */
function TabBody({
  household,
  tab,
  sheet,
  scaled,
  onChanged,
  setSheet,
}: {
  household: Household;
  tab: FundTab;
  sheet: BalanceSheetData;
  scaled: boolean;
  onChanged: () => void;
  setSheet: (s: BalanceSheetData) => void;
}) {
  const { readOnly } = useHousehold();
  const links = useSectionLinks();
  const headingId = useId();
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allRows = tabRows(sheet, tab);
  const kind =
    tab.editor === 'cash' || tab.editor === 'savings'
      ? 'savingFund'
      : tab.editor === 'pension'
        ? 'pension'
        : 'portfolioFund';
  const removal = useDeleteConfirm<SheetRow>({
    title: (r) => `Delete ${rowTitle(tab, r, household)}?`,
    message: () => 'It is deleted with everything recorded under it.',
    remove: (r) => balanceSheetApi.remove(kind, r.id),
    onDone: onChanged,
    onError: setActionError,
  });
  // a row deleted a moment ago is left out while its Undo toast shows
  const rows = allRows.filter((r) => !removal.hidden(r));
  const reorderable = tab.editor === 'portfolio' && !readOnly;
  const { move, dragProps } = useReorder(rows, (next) => {
    setSheet({ ...sheet, portfolio_funds: next });
    setBusy(true);
    setActionError(null);
    balanceSheetApi
      .positions(
        'portfolioFund',
        household.id,
        next.map((r) => r.id),
      )
      .then(
        () => setBusy(false),
        (e: unknown) => {
          setBusy(false);
          setActionError(errorMessage(e));
          onChanged();
        },
      );
  });
  const currencies = new Set(rows.map((r) => String(r.currency ?? '')));
  const total = sheet.totals[TOTAL_KEY[tab.editor]];
  const table = (
    <Table label={`${tab.label} accounts`}>
      <thead>
        <tr>
          {reorderable ? (
            <th scope="col">
              <span className="kf-sr">Order</span>
              <span aria-hidden="true">⇅</span>
            </th>
          ) : null}
          <th scope="col">
            {tab.editor === 'portfolio' ? 'Portfolio' : tab.editor === 'pension' ? 'Account' : 'Name'}
          </th>
          {tab.editor === 'cash' ? <th scope="col">Account number</th> : null}
          {tab.editor === 'pension' ? <th scope="col">Accounts</th> : null}
          {tab.editor === 'pension' ? <th scope="col">Contributions a month</th> : null}
          {tab.editor === 'savings' || tab.editor === 'portfolio' ? <th scope="col">Capital invested</th> : null}
          {tab.editor === 'portfolio' ? <th scope="col">Risk level</th> : null}
          {tab.editor === 'cash' || tab.editor === 'savings' ? <th scope="col">Growth rate</th> : null}
          <th scope="col">Owners</th>
          <th scope="col">{scaled ? 'Their value' : 'Value'}</th>
          {scaled ? <th scope="col">Share</th> : null}
          {readOnly ? null : <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => {
          const title = rowTitle(tab, r, household);
          const cur = String(r.currency ?? '');
          const capital = (r.more_info as Record<string, unknown> | undefined)?.capital_invested;
          const contrib = r.monthly_contributions as { total?: number; employee?: number } | undefined;
          const cells = (
            <>
              <th scope="row">{title}</th>
              {tab.editor === 'cash' ? <td>{str(r.account_number) || 'NA'}</td> : null}
              {tab.editor === 'pension' ? <td>{pensionAccounts(r)}</td> : null}
              {tab.editor === 'pension' ? (
                <td data-testid="pension-contribution">
                  <span>{money(cur, num(contrib?.total))}</span>
                  <br />
                  <small>Employee {money(cur, num(contrib?.employee))}</small>
                </td>
              ) : null}
              {tab.editor === 'savings' || tab.editor === 'portfolio' ? (
                <td>{typeof capital === 'number' ? money(cur, capital) : 'NA'}</td>
              ) : null}
              {tab.editor === 'portfolio' ? <td>{str(r.risk_level) || 'NA'}</td> : null}
              {tab.editor === 'cash' || tab.editor === 'savings' ? <td>{pctText(r.growth_rate)}</td> : null}
              <td>{ownersText(r, household)}</td>
              <td data-testid="fund-value">{money(cur, shownValue(tab, r, scaled))}</td>
              {scaled ? <td>{shareText(num(r.share))}</td> : null}
            </>
          );
          const actions = readOnly ? null : (
            <td style={{ whiteSpace: 'nowrap' }}>
              {reorderable ? (
                <MoveButtons index={i} count={rows.length} label={title} onMove={move} disabled={busy} />
              ) : null}
              <Link to={links.edit(r.id)} aria-label={`Edit ${title}`}>
                Edit
              </Link>{' '}
              <Button variant="link" onClick={() => removal.ask(r)} aria-label={`Delete ${title}`}>
                Delete
              </Button>
            </td>
          );
          if (!reorderable)
            return (
              <tr key={r.id}>
                {cells}
                {actions}
              </tr>
            );
          return (
            <DragRow key={r.id} {...dragProps(i)} data-fund-row={title}>
              <td aria-hidden="true" title="Drag to reorder">
                ⠿
              </td>
              {cells}
              {actions}
            </DragRow>
          );
        })}
      </tbody>
    </Table>
  );
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{tab.label}</h3>
      {actionError ? <FormError>{actionError}</FormError> : null}
      <p>
        Total{scaled ? ' (their share)' : ''}: <strong data-testid="tab-total">{money(sheet.currency, total)}</strong>
      </p>
      {rows.length === 0 ? (
        <Card>
          <p>Nothing recorded here yet.</p>
        </Card>
      ) : (
        <>
          {reorderable && rows.length > 1 ? (
            <p style={{ color: theme.colors.muted, fontSize: '0.9rem' }}>
              Drag a row, or use its ↑ and ↓ buttons, to change the order.
            </p>
          ) : null}
          {currencies.size === 1 ? (
            <AmountBars
              label={`${tab.label}: value of each account`}
              currency={[...currencies][0] ?? ''}
              bars={rows.map((r) => ({
                key: r.id,
                label: rowTitle(tab, r, household),
                value: shownValue(tab, r, scaled),
              }))}
            />
          ) : null}
          {table}
          {tab.editor === 'pension' ? (
            <p style={{ color: theme.colors.muted, fontSize: '0.9rem' }}>{CONTRIBUTION_NOTE}</p>
          ) : null}
        </>
      )}
      {tab.editor === 'portfolio'
        ? rows.map((r) => {
            const title = rowTitle(tab, r, household);
            return (
              <Card key={r.id} data-testid="portfolio-holdings">
                <h4>Holdings of {title}</h4>
                <Holdings portfolio={r} title={title} />
                <ChildTables record={r} title={title} household={household} />
              </Card>
            );
          })
        : rows
            .filter((r) =>
              ['transactions', 'beneficiaries', 'contingent_owners'].some(
                (k) => Array.isArray(r[k]) && (r[k] as unknown[]).length > 0,
              ),
            )
            .map((r) => {
              const title = rowTitle(tab, r, household);
              return (
                <Card key={r.id} data-testid="fund-records">
                  <h4>Transactions and beneficiaries of {title}</h4>
                  <ChildTables record={r} title={title} household={household} />
                </Card>
              );
            })}
      {readOnly ? null : (
        <Row style={{ justifyContent: 'flex-start' }}>
          <Link to={links.to(Object.fromEntries(fundsQuery(tab.activeTab, true)))} className="kf-button-link">
            {tab.add}
          </Link>
        </Row>
      )}
      {removal.dialog}
    </section>
  );
}

/** The funds tabs (§2: ?activeTab= cash equivalent, pension, long term, investment), keeping the other query. */
export function FundsTabs({ active }: { active: FundTab }) {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  return (
    <TabList aria-label="Funds tabs">
      {FUND_TABS.map((t) => {
        const q = new URLSearchParams();
        for (const k of ['on_boarding', 'view']) {
          const v = search.get(k);
          if (v !== null) q.set(k, v);
        }
        q.set('activeTab', t.activeTab);
        return (
          <Link key={t.activeTab} to={`${pathname}?${q.toString()}`} aria-current={t === active ? 'page' : undefined}>
            {t.label}
          </Link>
        );
      })}
    </TabList>
  );
}

/** The Funds screen: its tabs, the member's-share select and the tab's records. */
export function FundsView({
  household,
  sheet: loaded,
  error,
  setSheet,
}: {
  household: Household;
  sheet: BalanceSheetData | null;
  error: string | null;
  setSheet: (s: BalanceSheetData) => void;
}) {
  const { reload } = useHousehold();
  const [search] = useSearchParams();
  const tab = fundTabOf(search.get('activeTab'));
  const viewAs = useViewAs(household);
  const scaled = viewAs !== null;
  // figures for another view than the one asked for are not shown while the right ones load
  const sheet = loaded && (loaded.view ?? null) === viewAs ? loaded : null;
  return (
    <section aria-labelledby="funds-h">
      <h2 id="funds-h">Funds</h2>
      <FundsTabs active={tab} />
      <ViewAsSelect household={household} whole="Whole accounts" />
      {error ? <FormError>{error}</FormError> : null}
      {!sheet && !error ? <Skeleton rows={4} label="Loading the funds" /> : null}
      {sheet ? (
        <TabBody household={household} tab={tab} sheet={sheet} scaled={scaled} onChanged={reload} setSheet={setSheet} />
      ) : null}
    </section>
  );
}
