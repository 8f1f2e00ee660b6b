import type { RecordIssue, reports } from '@kinfolio/contracts';
// the conversion alone, without zod and the report schemas (the currency switch converts in the browser; issue 30)
import { convertReportAmounts } from '@kinfolio/contracts/src/report-amounts';
import { convert, round2 } from '@kinfolio/money';
import {
  api,
  FormError,
  type KeptCurrencyRates,
  Skeleton,
  Table,
  TableHead,
  ToggleGroup,
  useCurrencyRates,
  useResource,
} from '@kinfolio/ui-kit';
import { type ReactNode, useMemo, useState } from 'react';
import styled from 'styled-components';
import { BarChart, type BarKind, type ChartCategory, type ChartSeries } from '../../shared/charts/BarChart';
import { ASSET_CLASS_LABELS, money } from '../../shared/charts/format';
import { Figure } from '../../shared/explain/context';
import { ExportMenu } from '../../shared/exports/ExportMenu';
import { useHousehold } from '../../shared/household/context';
import { useMeeting } from '../../shared/meeting/context';
import { coverTotals, GapDefinition, targetFrom } from '../../shared/terms/cover';
import { TermNotes } from '../../shared/terms/report';
import { type ChecksTab, ReportChecks } from './Checks';
import { RecordIssues } from './RecordIssues';

type Report = reports.FinancialReport;
export type ReportTab = 'cashflow' | 'networth' | 'insurance' | 'funds' | 'debt' | 'property';
type Currency = 'SGD' | 'RM';

const TITLES: Record<ReportTab, string> = {
  cashflow: 'Cashflow',
  networth: 'Net Worth',
  insurance: 'Insurance',
  funds: 'Funds',
  debt: 'Debt',
  property: 'Property',
};

const Card = styled.section`
  background: #fff;
  border: 1px solid #e2e8f0;
  border-radius: 10px;
  padding: 16px 20px;
  margin-bottom: 16px;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  h3 {
    font-size: 1rem;
    margin: 16px 0 8px;
  }
  /* a meeting's year in focus (issue 36): its row in every table of years */
  tr[data-year-focus='true'] > th,
  tr[data-year-focus='true'] > td {
    background: #fdf0c2;
  }
  tr[data-year-focus='true'] > th {
    box-shadow: inset 4px 0 0 #c05621;
  }
`;
const YearFocus = styled.p`
  margin: 0 0 12px;
  font-weight: 600;
  color: #7b341e;
`;
const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin-bottom: 12px;
`;
const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: center;
`;
/** One of the report's choices as a segmented control (the shared toggle buttons, aria-pressed). */
function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (v: T) => void;
}) {
  return (
    <ToggleGroup
      label={label}
      value={value}
      options={options.map(([v, text]) => ({ value: v, label: text }))}
      onChange={onChange}
    />
  );
}

/**
 * A table of figures: a header row and rows whose first cell names the row. A money cell with a figure id (`figures`,
 * by position; contracts explanations.ts) opens "How was this calculated?" on it.
 */
function Figures({
  label,
  currency,
  head,
  rows,
}: {
  label: string;
  currency: string;
  head: string[];
  rows: Array<{ key: string; name: ReactNode; cells: Array<number | string | null>; figures?: Array<string | null> }>;
}) {
  // the year a meeting puts in focus: its row is marked (a table of years keys its rows by the year)
  const year = useMeeting().view?.year ?? null;
  return (
    <Table label={label}>
      <TableHead columns={[...head]} />
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.key}
            data-year-focus={year !== null && r.key === String(year) ? 'true' : undefined}
            aria-current={year !== null && r.key === String(year) ? 'true' : undefined}
          >
            <th scope="row">{r.name}</th>
            {r.cells.map((c, i) => {
              const id = typeof c === 'number' ? r.figures?.[i] : null;
              const text = c === null ? '-' : typeof c === 'number' ? money(currency, c) : c;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are positional
                <td key={i}>
                  {id ? (
                    <Figure id={id} label={`${head[i + 1] ?? ''}, ${String(r.name)}`} currency={currency}>
                      {text}
                    </Figure>
                  ) : (
                    text
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A headline amount that opens its explanation. */
function Amount({ id, label, currency, value }: { id: string; label: string; currency: string; value: number }) {
  return (
    <Figure id={id} label={label} currency={currency}>
      {money(currency, value)}
    </Figure>
  );
}

/** A chart of the figures or their table, as the report's chart type says. */
function Chart({
  type,
  kind,
  title,
  currency,
  series,
  categories,
  table,
}: {
  type: 'graph' | 'table';
  kind: BarKind;
  title: string;
  currency: string;
  series: ChartSeries[];
  categories: ChartCategory[];
  table: ReactNode;
}) {
  if (categories.length === 0) return <p>There is nothing to show yet.</p>;
  return type === 'graph' ? (
    <BarChart title={title} currency={currency} series={series} categories={categories} kind={kind} />
  ) : (
    table
  );
}

/** GET customer/{id}/financial-report (in `currency`, else the household's default) while `enabled`. */
/** What a report reply that is no report shows (a message the fetch hook shows as it is). */
const REPORT_UNREADABLE = 'The financial report could not be read. Try again.';

function useFetchedReport(currency: Currency | null, enabled: boolean) {
  const { household, version } = useHousehold();
  const id = household?.id;
  const { data, error, loading } = useResource(
    id && enabled && ([id, version, currency] as const),
    ([hid, , cur], signal) =>
      api
        .get<Report>(`customer/${encodeURIComponent(hid)}/financial-report${cur ? `?currency=${cur}` : ''}`, { signal })
        .then((d) => {
          // a reply without the report's tabs is no report (an older service, a proxy's page): say so, never crash
          if (d && typeof d === 'object' && 'cashflow' in d && 'networth' in d) return d;
          throw REPORT_UNREADABLE;
        }),
  );
  // a new load hides the last failure
  return { data: enabled ? data : null, error: enabled && !loading ? error : null };
}

/** The report in `to`, converted here with the kept rates exactly as the service converts (§7: no network call). */
function convertedLocally(r: Report, to: Currency, rates: KeptCurrencyRates): Report | null {
  // only a report in its household's own currency converts in one step, as the service does (no double rounding)
  if (r.currency !== r.household_currency) return null;
  try {
    const f = (x: number) => round2(convert(x, r.currency, to, rates.rates));
    return { ...convertReportAmounts(r, f), currency: to, rate: convert(1, r.currency, to, rates.rates) };
  } catch {
    return null; // a currency the kept table lacks: the service converts
  }
}

/**
 * The report in the chosen currency: fetched once in the household's currency, and on a switch converted with the
 * rates the browser keeps (planning spec §7); the service converts only when this cannot (no kept rates yet, or a
 * household in a third currency, whose default report is already converted).
 */
function useReport(currency: Currency | null) {
  const base = useFetchedReport(null, true);
  const { rates, loading } = useCurrencyRates();
  const want = currency && base.data && currency !== base.data.currency ? currency : null;
  const local = useMemo(
    () => (want && base.data && rates ? convertedLocally(base.data, want, rates) : null),
    [want, base.data, rates],
  );
  // the service converts when the kept table cannot (none to be had, or this report not convertible here)
  const remote = useFetchedReport(want, want !== null && !local && !(loading && rates === null));
  if (!want) return base;
  if (local) return { data: local, error: null };
  return remote.data || remote.error ? remote : { data: null, error: base.error };
}

/**
 * The financial report (planning spec §2): the sub-tab's charts and tables from GET customer/{id}/financial-report,
 * in SGD or RM (the stored rates convert), a chart or a table (chart types), grouped or stacked bars (bar kinds).
 * Refetches when the household changes (the household context's version follows the household-changed events).
 */
export default function ReportView({ tab }: { tab: ReportTab }) {
  const [currency, setCurrency] = useState<Currency | null>(null);
  const [type, setType] = useState<'graph' | 'table'>('graph');
  const [kind, setKind] = useState<BarKind>('multi_bar');
  const { data, error } = useReport(currency);
  const shown = (currency ?? data?.currency ?? 'SGD') as Currency;
  const title = `Financial report: ${TITLES[tab]}`;
  const focusYear = useMeeting().view?.year ?? null;
  return (
    <Card aria-label={title}>
      <Header>
        <h2>{title}</h2>
        <Controls>
          <Choice
            label="Currency"
            value={shown}
            options={[
              ['SGD', 'SGD'],
              ['RM', 'RM'],
            ]}
            onChange={setCurrency}
          />
          <Choice
            label="Show as"
            value={type}
            options={[
              ['graph', 'Graph'],
              ['table', 'Table'],
            ]}
            onChange={setType}
          />
          {type === 'graph' ? (
            <Choice
              label="Bars"
              value={kind}
              options={[
                ['multi_bar', 'Side by side'],
                ['bar', 'Stacked'],
              ]}
              onChange={setKind}
            />
          ) : null}
          <ExportMenu report={tab} currency={shown} />
        </Controls>
      </Header>
      {focusYear !== null ? <YearFocus data-testid="year-focus">Year in focus: {focusYear}</YearFocus> : null}
      {error ? <FormError>{error}</FormError> : null}
      {!data && !error ? <Skeleton rows={6} label="Loading the financial report" /> : null}
      {data ? <RecordIssues issues={(data as Report & { record_issues?: RecordIssue[] }).record_issues} /> : null}
      {data ? <TabBody tab={tab} r={data} type={type} kind={kind} /> : null}
    </Card>
  );
}

function TabBody({ tab, r, type, kind }: { tab: ReportTab; r: Report; type: 'graph' | 'table'; kind: BarKind }) {
  const c = r.currency;
  const common = { type, kind, currency: c };
  // the checks against the planning thresholds (issue 15); a reply from an older service has none
  const checks = (t: ChecksTab) => (r.checks ? <ReportChecks tab={t} checks={r.checks} currency={c} /> : null);
  if (tab === 'cashflow') {
    const t = r.cashflow.totals;
    return (
      <>
        <p>
          {r.start_year}–{r.end_year}: income{' '}
          <Amount id="cashflow:total:income" label="Income, all years" currency={c} value={t.income} />, expenses{' '}
          <Amount id="cashflow:total:expenses" label="Expenses, all years" currency={c} value={t.expenses} />, surplus{' '}
          <Amount id="cashflow:total:surplus" label="Surplus, all years" currency={c} value={t.surplus} />
          {r.money_runs_out_year ? `; money runs out in ${r.money_runs_out_year}` : '; money does not run out'}.
        </p>
        <Chart
          {...common}
          title="Cash flow by year"
          series={[
            { key: 'income', label: 'Income' },
            { key: 'expenses', label: 'Expenses' },
            { key: 'surplus', label: 'Surplus' },
            { key: 'shortfall', label: 'Shortfall' },
          ]}
          categories={r.cashflow.years.map((y) => ({
            label: String(y.year),
            values: { income: y.income, expenses: y.expenses, surplus: y.surplus, shortfall: y.shortfall },
          }))}
          table={
            <Figures
              label="Cash flow by year"
              currency={c}
              head={['Year', 'Income', 'Expenses', 'Net cash flow', 'Surplus', 'Shortfall']}
              rows={r.cashflow.years.map((y) => ({
                key: String(y.year),
                name: y.year,
                cells: [y.income, y.expenses, y.net_cash_flow, y.surplus, y.shortfall],
                figures: ['income', 'expenses', 'net_cash_flow', 'surplus', 'shortfall'].map(
                  (f) => `cashflow:${y.year}:${f}`,
                ),
              }))}
            />
          }
        />
        <TermNotes terms={['plan', 'income', 'expenses', 'net', 'surplus', 'shortfall', 'runsOut']} />
        {checks('cashflow')}
      </>
    );
  }
  if (tab === 'networth') {
    const now = r.networth.current;
    return (
      <>
        <p>
          Today ({r.as_of}): assets{' '}
          <Amount id="networth:today:total_assets" label="Assets today" currency={c} value={now.total_assets} />,
          liabilities{' '}
          <Amount
            id="networth:today:total_liabilities"
            label="Liabilities today"
            currency={c}
            value={now.total_liabilities}
          />
          , net worth{' '}
          <strong>
            <Amount id="networth:today:net_worth" label="Net worth today" currency={c} value={now.net_worth} />
          </strong>
          . Later figures are year ends.
        </p>
        <Chart
          {...common}
          title="Net worth by asset class and year"
          series={[
            { key: 'cash', label: 'Cash' },
            { key: 'investments', label: 'Investments' },
            { key: 'pensions', label: 'Provident funds' },
            { key: 'properties', label: 'Properties' },
            { key: 'insurance', label: 'Insurance' },
            { key: 'liabilities', label: 'Liabilities' },
          ]}
          categories={r.networth.years.map((y) => ({
            label: String(y.year),
            values: {
              cash: y.cash,
              investments: y.investments,
              pensions: y.pensions,
              properties: y.properties,
              insurance: y.insurance,
              liabilities: -y.total_liabilities,
            },
          }))}
          table={
            <Figures
              label="Net worth by asset class and year"
              currency={c}
              head={[
                'Year end',
                'Cash',
                'Investments',
                'Provident funds',
                'Properties',
                'Insurance',
                'Liabilities',
                'Net worth',
              ]}
              rows={r.networth.years.map((y) => ({
                key: String(y.year),
                name: y.year,
                cells: [y.cash, y.investments, y.pensions, y.properties, y.insurance, y.total_liabilities, y.net_worth],
                figures: [
                  'cash',
                  'investments',
                  'pensions',
                  'properties',
                  'insurance',
                  'total_liabilities',
                  'net_worth',
                ].map((f) => `networth:${y.year}:${f}`),
              }))}
            />
          }
        />
        <TermNotes terms={['today', 'plan', 'shortfall']} />
      </>
    );
  }
  if (tab === 'insurance') {
    const cells = r.insurance.members.flatMap((m) =>
      m.rows.map((x) => ({
        ...x,
        member: m.name,
        key: `${m.member_id}-${x.benefit_type}`,
        fig: `insurance:${m.member_id}:${x.benefit_type}`,
      })),
    );
    // the headline is the sum of the table's rows (issue 31: one story), the same rows the checks below read
    const t = coverTotals(cells);
    return (
      <>
        <p>
          Cover <Amount id="insurance:total:cover" label="Cover, all members" currency={c} value={t.cover} />, targets{' '}
          <Amount id="insurance:total:target" label="Targets, all members" currency={c} value={t.target} />, gap{' '}
          <strong>
            <Amount id="insurance:total:gap" label="Gap, all members" currency={c} value={t.gap} />
          </strong>
          .
        </p>
        <GapDefinition />
        <Chart
          {...common}
          title="Insurance cover by member and benefit"
          series={[
            { key: 'cover', label: 'Cover' },
            { key: 'target', label: 'Target' },
            { key: 'gap', label: 'Gap' },
          ]}
          categories={cells.map((x) => ({
            label: `${x.member}: ${x.label}`,
            values: { cover: x.cover, target: x.target ?? 0, gap: x.gap ?? 0 },
          }))}
          table={
            <Figures
              label="Insurance cover by member and benefit"
              currency={c}
              head={['Member and benefit', 'Cover', 'Target', 'Gap', 'Covered until age', 'Target from']}
              rows={cells.map((x) => ({
                key: x.key,
                name: `${x.member}: ${x.label}`,
                cells: [
                  x.unlimited ? 'Unlimited' : x.cover,
                  x.target,
                  x.gap,
                  x.until_age === null ? null : String(x.until_age),
                  targetFrom(x, (n) => money(c, n)),
                ],
                figures: [`${x.fig}:cover`, `${x.fig}:target`, `${x.fig}:gap`],
              }))}
            />
          }
        />
        {checks('insurance')}
      </>
    );
  }
  if (tab === 'funds') {
    const accounts = r.funds.provident.flatMap((p) =>
      p.accounts.map((a) => ({
        key: `${p.pension_id}-${a.account}`,
        fig: `provident:${p.pension_id}:${a.account}`,
        name: `${p.member_name} ${p.scheme} ${a.account}`,
        amount: a.amount,
      })),
    );
    return (
      <>
        <p>
          Funds in all:{' '}
          <strong>
            <Amount id="funds:total" label="Funds in all" currency={c} value={r.funds.total} />
          </strong>
          .
        </p>
        <Chart
          {...common}
          title="Funds by asset class"
          series={[{ key: 'value', label: 'Value' }]}
          categories={r.funds.by_asset_class.map((x) => ({
            label: ASSET_CLASS_LABELS[x.asset_class] ?? x.asset_class,
            values: { value: x.value },
          }))}
          table={
            <Figures
              label="Funds by asset class"
              currency={c}
              head={['Asset class', 'Value']}
              rows={r.funds.by_asset_class.map((x) => ({
                key: x.asset_class,
                name: ASSET_CLASS_LABELS[x.asset_class] ?? x.asset_class,
                cells: [x.value],
                figures: [`funds:${x.asset_class}`],
              }))}
            />
          }
        />
        <h3>Provident fund balances by account</h3>
        <Chart
          {...common}
          title="Provident fund balances by account"
          series={[{ key: 'amount', label: 'Balance' }]}
          categories={accounts.map((a) => ({ label: a.name, values: { amount: a.amount } }))}
          table={
            <Figures
              label="Provident fund balances by account"
              currency={c}
              head={['Account', 'Balance']}
              rows={accounts.map((a) => ({ key: a.key, name: a.name, cells: [a.amount], figures: [a.fig] }))}
            />
          }
        />
      </>
    );
  }
  if (tab === 'debt') {
    return (
      <>
        <p>
          Outstanding today ({r.as_of}){' '}
          <strong>
            <Amount
              id="debt:total:outstanding"
              label="Outstanding today"
              currency={c}
              value={r.debt.total_outstanding}
            />
          </strong>
          . Loan instalments a month{' '}
          <strong data-testid="debt-instalments">
            <Amount
              id="debt:total:monthly_repayment"
              label="Loan instalments a month"
              currency={c}
              value={r.debt.total_monthly_repayment}
            />
          </strong>
          {r.debt.total_monthly_running_costs > 0 ? (
            <>
              ; running costs a month, not repayments (a vehicle's fuel, insurance and road tax, servicing){' '}
              <strong data-testid="debt-running-costs">
                <Amount
                  id="debt:total:monthly_running_costs"
                  label="Running costs a month"
                  currency={c}
                  value={r.debt.total_monthly_running_costs}
                />
              </strong>
            </>
          ) : null}
          .
        </p>
        <Chart
          {...common}
          title="Debt balances and payments by year"
          series={[
            { key: 'outstanding', label: 'Outstanding' },
            { key: 'payments', label: 'Payments' },
          ]}
          categories={r.debt.years
            .filter((y) => y.outstanding > 0 || y.payments > 0)
            .map((y) => ({ label: String(y.year), values: { outstanding: y.outstanding, payments: y.payments } }))}
          table={
            <Figures
              label="Debt balances and payments by year"
              currency={c}
              head={['Year', 'Outstanding at year end', 'Payments']}
              rows={r.debt.years
                .filter((y) => y.outstanding > 0 || y.payments > 0)
                .map((y) => ({
                  key: String(y.year),
                  name: y.year,
                  cells: [y.outstanding, y.payments],
                  figures: [`debt:${y.year}:outstanding`, `debt:${y.year}:payments`],
                }))}
            />
          }
        />
        <Figures
          label="Loans"
          currency={c}
          head={['Loan', 'Outstanding', 'Instalment', 'Total interest', 'Months left', 'Ends']}
          rows={r.debt.loans.map((l) => ({
            key: l.debt_id,
            name: l.name ?? l.type,
            cells: [l.outstanding, l.instalment, l.total_interest, String(l.months_remaining), String(l.end_year)],
            figures: [
              `debt:${l.debt_id}:outstanding`,
              `debt:${l.debt_id}:instalment`,
              `debt:${l.debt_id}:total_interest`,
            ],
          }))}
        />
        <TermNotes terms={['today']} />
        {checks('debt')}
      </>
    );
  }
  const t = r.property.totals;
  return (
    <>
      <p>
        Property value{' '}
        <Amount id="property:total:market_value" label="Property value" currency={c} value={t.market_value} />, owed{' '}
        <Amount id="property:total:outstanding" label="Owed on the properties" currency={c} value={t.outstanding} />,
        equity{' '}
        <strong>
          <Amount id="property:total:equity" label="Equity" currency={c} value={t.equity} />
        </strong>
        , sale proceeds{' '}
        <Amount id="property:total:net_proceeds" label="Sale proceeds" currency={c} value={t.net_proceeds} />.
      </p>
      <Chart
        {...common}
        title="Property values, equity and sale proceeds"
        series={[
          { key: 'market_value', label: 'Value' },
          { key: 'outstanding', label: 'Owed' },
          { key: 'equity', label: 'Equity' },
          { key: 'net_proceeds', label: 'Sale proceeds' },
        ]}
        categories={r.property.properties.map((p) => ({
          label: p.name ?? p.type,
          values: {
            market_value: p.market_value,
            outstanding: p.outstanding,
            equity: p.equity,
            net_proceeds: p.net_proceeds ?? 0,
          },
        }))}
        table={
          <Figures
            label="Property values, equity and sale proceeds"
            currency={c}
            head={[
              'Property',
              'Value',
              'Owed',
              'Equity',
              'Sale year',
              'Selling price',
              'Fee',
              'Loan repaid',
              'Pension refund',
              'Sale tax (SSD / RPGT)',
              'Sale proceeds',
            ]}
            rows={r.property.properties.map((p) => ({
              key: p.debt_id,
              name: p.name ?? p.type,
              // the sale's figures are the plan's own (the data table's sale-year row and the exports read the same)
              cells: [
                p.market_value,
                p.outstanding,
                p.equity,
                p.selling_year === null ? null : String(p.selling_year),
                p.sale?.selling_price ?? null,
                p.sale?.transaction_fee ?? null,
                p.sale?.outstanding_loan ?? null,
                p.sale?.pension_refund ?? null,
                p.sale?.gain_tax ?? null,
                p.net_proceeds,
              ],
              figures: [
                `property:${p.debt_id}:market_value`,
                `property:${p.debt_id}:outstanding`,
                `property:${p.debt_id}:equity`,
                null,
                null,
                null,
                null,
                null,
                null,
                `property:${p.debt_id}:net_proceeds`,
              ],
            }))}
          />
        }
      />
    </>
  );
}
