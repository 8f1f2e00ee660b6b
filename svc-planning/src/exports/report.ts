import { exportsContract, reports as R, rateTables as RT, type RecordIssue } from '@kinfolio/contracts';
import { convertAmount, round2 } from '@kinfolio/money';
import type { ServiceContext } from '@kinfolio/service-kit';
import { wholeBalanceSheet } from '../balance-sheet/read';
import { listCurrencyRates } from '../currency/repository';
import { type RateTables, rateTables } from '../domain/calculations/tables/registry';
import type { Version } from '../domain/calculations/tables/versioned';
import { policySummaries } from '../insurance/read';
import type { HouseholdRow } from '../records/access';
import { householdRecordIssues } from '../records/issues';
import { type ReadModel, readModel } from '../reports/read';
import { clientPlanSections } from './client-plan';
import { money as moneyText } from './format';

/**
 * The one model every export kind renders (xlsx, pptx, docx, pdf): sections of titled tables and charts. The
 * cash-flow, net-worth, funds, debt, property and data-table sections take their figures from the household's read
 * model (reports/read.ts `readModel`: the financial report the screens show and the projection it was made from,
 * converted once), so an export cannot show a figure the screen does not (issue 31, observation 4). Amounts are
 * numbers in the report's currency (rounded to cents); the renderers format them.
 */
export type ColumnKind = 'year' | 'money' | 'text' | 'number' | 'percent';
export interface Column {
  label: string;
  kind: ColumnKind;
}
export type Cell = string | number | null;
/**
 * A figure of a row that is arithmetic of the row's other cells (issue 34: the Excel export writes it as a live
 * formula of those cells, with the figure as its result): `sum` is Σ sign × cell, `floor0` is max(Σ sign × cell, 0).
 * The cells are named by their column index in the table.
 */
export interface RowFormula {
  op: 'sum' | 'floor0';
  of: ReadonlyArray<readonly [column: number, sign: 1 | -1]>;
}
export interface Table {
  title: string;
  columns: Column[];
  rows: Cell[][];
  /** By column index: how each row's figure in that column is made of the same row's other figures. */
  formulas?: Readonly<Record<number, RowFormula>>;
  /**
   * A totals row under the rows (label in the first column): by column index, the report's total of that column,
   * the sum of its rows' figures (the Excel export writes it as a SUM of the column).
   */
  totals?: { label: string; values: Readonly<Record<number, number>> };
}
/**
 * A chart: the spec's bar (one series) and multi_bar (several side by side); `line` (one line a series, e.g. net
 * worth by year); `fan` (the Monte Carlo fan chart: the series are percentiles from lowest to highest, P10 … P90, by
 * year, drawn as bands around the median). Every renderer writes `altText(chart)` (format.ts) as its alt text and
 * prints the chart's figures as a table beside it or in the section's tables.
 */
export type ChartKind = 'bar' | 'multi_bar' | 'line' | 'fan';
export interface Chart {
  title: string;
  kind: ChartKind;
  categories: string[];
  series: Array<{ name: string; values: number[] }>;
}
export interface Section {
  id: string;
  title: string;
  summary: string[];
  charts: Chart[];
  tables: Table[];
}
export interface Branding {
  advisor_name: string;
  designation: string | null;
  /** The client plan's cover: the advisor's business e-mail (else their sign-in e-mail) and phone, when known. */
  email?: string | null;
  phone?: string | null;
  /** The advisor's profile photo (a PNG or JPEG), when they have one and it could be read. */
  photo?: { data: Buffer; type: 'png' | 'jpeg' } | null;
}
/** A rate-table version the report's projection used (issue 32), with the years it is in force and its source. */
export interface TableUsed {
  /** `<kind>@<from_year>`, as the projection's reply names it. */
  name: string;
  kind: string;
  /** The table's title (contracts RATE_TABLE_TITLES), e.g. 'Singapore income tax'. */
  title: string;
  from_year: number;
  /** The last year it is in force: its own period's end, else the year before the next version; null: still in force. */
  to_year: number | null;
  /** Null when the version is no longer in the tables in force (an admin's set changed since the figures were made). */
  source: { publisher: string; title: string; url: string } | null;
}
export interface Report {
  /** 'client-plan': the whole plan, with a cover page (branding, family, date) before its sections. */
  kind: 'report' | 'client-plan';
  title: string;
  household: string;
  currency: string;
  as_of: string;
  generated_at: string;
  branding: Branding;
  sections: Section[];
  /** The rate-table versions the figures were computed with (the Excel export's appendix lists them). */
  tables: TableUsed[];
  /** How numbers are written (the household's currency: ms-MY for RM, en-SG for SGD), as on screen. */
  locale: 'ms-MY' | 'en-SG';
  /** The document's language (its text is English): en-MY for an RM household, en-SG for SGD. */
  lang: 'en-MY' | 'en-SG';
}

export const REPORT_TITLES: Record<exportsContract.ExportReport, string> = {
  'financial-report': 'Financial report',
  cashflow: 'Cash flow',
  networth: 'Net worth',
  insurance: 'Insurance',
  funds: 'Funds',
  debt: 'Debt',
  property: 'Property',
  'data-table': 'Data table',
  scenario: 'Scenario modelling',
  'client-plan': 'Client plan',
};

/** The report tabs the whole financial report is made of, in the dashboard's order. */
export const REPORT_TABS = ['cashflow', 'networth', 'insurance', 'funds', 'debt', 'property'] as const;
type Tab = (typeof REPORT_TABS)[number];

/** What a scenario comparison needs: the reply of POST customer/calculate/scenario-modelling. */
export interface ScenarioReplyLike {
  currency: string;
  base: ScenarioSummaryLike;
  scenario: ScenarioSummaryLike;
  money_runs_out_year: number | null;
  monte_carlo: {
    trials: number;
    probability_never_runs_out: number;
    /** By year, the net worth at each percentile of the trials (p10 … p90). */
    bands?: Array<{ year: number; percentiles: Record<string, number> }>;
  } | null;
  /** The rate-table versions the current plan's and the scenario's projections used. */
  tables?: string[];
}
interface ScenarioSummaryLike {
  money_runs_out_year: number | null;
  final_net_worth: number;
  years: Array<{ year: number; net_worth: number; net_cash_flow: number; shortfall: number; asset_sales: number }>;
}

export const money = (label: string): Column => ({ label, kind: 'money' });
export const YEAR: Column = { label: 'Year', kind: 'year' };
/**
 * A chart of table rows: the categories are the rows' first cells, one series per [name, column] (several series make
 * a multi_bar, one a bar).
 */
export const rowsChart = (title: string, rows: Cell[][], series: Array<[string, number]>): Chart => ({
  title,
  kind: series.length > 1 ? 'multi_bar' : 'bar',
  categories: rows.map((r) => String(r[0])),
  series: series.map(([name, column]) => ({ name, values: rows.map((r) => r[column] as number) })),
});

export interface ReportInput {
  ctx: ServiceContext;
  hh: HouseholdRow;
  report: exportsContract.ExportReport;
  currency?: string;
  asOf?: string;
  branding: Branding;
  /** Only for report 'scenario' and the client plan: the comparison, run the way the scenario-modelling route runs it. */
  scenario?: ScenarioReplyLike;
  /** Only for report 'client-plan': the sections, in order. */
  sections?: readonly exportsContract.ClientPlanSection[];
  /** Told as each section is built (the export job's progress): how many of how many are done. */
  onSection?: (done: number, of: number) => void | Promise<void>;
}

/** The note of an export whose household has records the figures leave out: which, which field, what to do. */
export function skippedSection(issues: RecordIssue[]): Section {
  return {
    id: 'skipped-records',
    title: 'Records left out of these figures',
    summary: [
      `${issues.length} stored record${issues.length === 1 ? ' is' : 's are'} left out of these figures until edited:`,
      ...issues.map((i) => `${i.kind} ${i.id}, ${i.field}: ${i.message}`),
    ],
    charts: [],
    tables: [
      {
        title: 'Skipped records',
        columns: [
          { label: 'Kind', kind: 'text' },
          { label: 'Record', kind: 'text' },
          { label: 'Field', kind: 'text' },
          { label: 'What to do', kind: 'text' },
        ],
        rows: issues.map((i) => [i.kind, i.id, i.field, i.message]),
      },
    ],
  };
}

/** Builds the report model of `report` for the stored household. */
export async function buildReport(input: ReportInput): Promise<Report> {
  const { ctx, hh, report } = input;
  const needsProjection = report !== 'scenario' || !input.scenario;
  // the report's currencies (spec §9): the one asked for, else the screen's default (RM for an RM household, else SGD)
  const shown = R.ReportCurrency.safeParse(input.currency ?? hh.currency);
  const currency: R.ReportCurrency = shown.success ? shown.data : 'SGD';
  const [model, rateRows, issues] = await Promise.all([
    needsProjection ? readModel(ctx, hh, { as_of: input.asOf, currency }) : Promise.resolve(null),
    listCurrencyRates(ctx.db),
    householdRecordIssues(ctx.db, hh),
  ]);
  const rates = Object.fromEntries(rateRows.map((r) => [r.code, r.rate]));
  const from = String(model?.projection.household.currency ?? input.scenario?.currency ?? hh.currency).toUpperCase();
  /**
   * A household-currency amount in the report's currency, in cents: the report reply's conversion (packages/money
   * convertAmount: cents, converted to 3 decimals, then 2), so a file and the screen show the same cent.
   */
  const m = (v: number | null | undefined, source = from): number =>
    v === null || v === undefined || !Number.isFinite(v) ? 0 : convertAmount(v, source, currency, rates);
  const asOf = input.asOf ?? new Date().toISOString().slice(0, 10);

  // records the figures leave out (records/issues.ts) come first, so the file says what it is missing
  const sections: Section[] = issues.length ? [skippedSection(issues)] : [];
  const locale = currency === 'RM' ? 'ms-MY' : 'en-SG';
  if (report === 'client-plan') {
    const tabInput: TabInput = { ...input, model: model as ReadModel, m, currency, asOf };
    sections.push(...(await clientPlanSections(tabInput, input.sections ?? exportsContract.CLIENT_PLAN_SECTIONS)));
  }
  const tabs: Tab[] =
    report === 'financial-report'
      ? [...REPORT_TABS]
      : (REPORT_TABS as readonly string[]).includes(report)
        ? [report as Tab]
        : [];
  for (const [k, tab] of tabs.entries()) {
    sections.push(await TAB_BUILDERS[tab]({ ...input, model: model as ReadModel, m, currency, asOf }));
    await input.onSection?.(k + 1, tabs.length);
  }
  if (report === 'data-table') sections.push(dataTableSection(model as ReadModel));
  if (report === 'scenario' && input.scenario)
    sections.push(scenarioSection(input.scenario, (v) => m(v, input.scenario?.currency)));

  return {
    kind: report === 'client-plan' ? 'client-plan' : 'report',
    title: REPORT_TITLES[report],
    household: hh.name,
    currency,
    as_of: asOf,
    generated_at: new Date().toISOString(),
    branding: input.branding,
    sections,
    tables: tablesUsed(model?.report.tables ?? input.scenario?.tables ?? []),
    locale,
    lang: locale === 'ms-MY' ? 'en-MY' : 'en-SG',
  };
}

/**
 * The versions named `<kind>@<from_year>` in the rate tables in force (the set the read model's projection was made
 * with: its cache key holds the set's stamp), with their years and sources; a name no longer in the set keeps its
 * kind and year, without a source.
 */
export function tablesUsed(names: readonly string[], tables: RateTables = rateTables()): TableUsed[] {
  return names.map((name) => {
    const at = name.lastIndexOf('@');
    const kind = name.slice(0, at);
    const from = Number(name.slice(at + 1));
    const list = (tables as unknown as Record<string, readonly Version[] | undefined>)[kind] ?? [];
    const k = list.findIndex((v) => v.fromYear === from);
    const v = k < 0 ? undefined : list[k];
    const next = k < 0 ? undefined : list[k + 1];
    return {
      name,
      kind,
      title: (RT.RATE_TABLE_TITLES as Record<string, string>)[kind] ?? kind,
      from_year: from,
      to_year: v?.toYear ?? (next ? next.fromYear - 1 : null),
      source: v ? { publisher: v.source.publisher, title: v.source.title, url: v.source.url } : null,
    };
  });
}

export interface TabInput extends ReportInput {
  /** The household's read model in the report's currency: the figures of every section but insurance. */
  model: ReadModel;
  m: (v: number | null | undefined, source?: string) => number;
  currency: string;
  asOf: string;
}

/** The report's asset classes (reports/read.ts funds.by_asset_class) as the export labels them. */
const FUND_CLASS_LABELS: Record<string, string> = {
  cash: 'Cash',
  savings: 'Savings',
  equity: 'Equity',
  bond: 'Bonds',
  others: 'Other investments',
  provident: 'Provident funds',
};

export const TAB_BUILDERS: Record<Tab, (i: TabInput) => Promise<Section>> = {
  async cashflow({ model }) {
    const { report } = model;
    const rows = report.cashflow.years.map((y) => [
      y.year,
      y.income,
      y.expenses,
      y.surplus,
      y.shortfall,
      y.net_cash_flow,
    ]);
    const years = rows.map((r) => String(r[0]));
    return {
      id: 'cashflow',
      title: 'Cash flow by year',
      summary: [
        report.money_runs_out_year === null
          ? 'The plan does not run out of money.'
          : `Money runs out in ${report.money_runs_out_year}.`,
      ],
      charts: [
        {
          title: 'Incomes and expenses by year',
          kind: 'multi_bar',
          categories: years,
          series: [
            { name: 'Incomes', values: rows.map((r) => r[1] as number) },
            { name: 'Expenses', values: rows.map((r) => r[2] as number) },
          ],
        },
        {
          title: 'Surplus and shortfall by year',
          kind: 'multi_bar',
          categories: years,
          series: [
            { name: 'Surplus', values: rows.map((r) => r[3] as number) },
            { name: 'Shortfall', values: rows.map((r) => r[4] as number) },
          ],
        },
      ],
      tables: [
        {
          title: 'Cash flow by year',
          columns: [
            YEAR,
            money('Incomes'),
            money('Expenses'),
            money('Surplus'),
            money('Shortfall'),
            money('Net cash flow'),
          ],
          rows,
          // Net cash flow = Incomes − Expenses, Surplus = max(Net cash flow, 0) (reports/read.ts)
          formulas: {
            5: {
              op: 'sum',
              of: [
                [1, 1],
                [2, -1],
              ],
            },
            3: { op: 'floor0', of: [[5, 1]] },
          },
          totals: {
            label: 'Total',
            values: {
              1: report.cashflow.totals.income,
              2: report.cashflow.totals.expenses,
              3: report.cashflow.totals.surplus,
            },
          },
        },
      ],
    };
  },
  async networth({ model, currency }) {
    const rows = model.report.networth.years.map((r) => [
      r.year,
      r.cash,
      r.investments,
      r.pensions,
      r.properties,
      r.insurance,
      r.loans,
      r.total_assets,
      r.total_liabilities,
      r.net_worth,
      r.shortfall,
    ]);
    const first = rows[0] ?? [];
    const classes = ['Cash', 'Investments', 'Pensions', 'Properties', 'Insurance'];
    return {
      id: 'networth',
      title: 'Net worth',
      summary: [
        first.length ? `Net worth in ${first[0]}: ${moneyText(first[9] as number, currency)}.` : 'No years to project.',
      ],
      charts: [
        rowsChart('Net worth by year', rows, [['Net worth', 9]]),
        {
          title: `Assets by class in ${first[0] ?? ''}`,
          kind: 'bar',
          categories: classes,
          series: [{ name: 'Value', values: classes.map((_, k) => (first[k + 1] as number) ?? 0) }],
        },
      ],
      tables: [
        {
          title: 'Net worth by year and asset class',
          columns: [
            YEAR,
            money('Cash'),
            money('Investments'),
            money('Pensions'),
            money('Properties'),
            money('Insurance'),
            money('Loans'),
            money('Total assets'),
            money('Total liabilities'),
            money('Net worth'),
            money('Shortfall'),
          ],
          rows,
          // the engine's row (projection.ts): total assets the sum of the rounded classes, total liabilities the loans
          // and the shortfall, net worth the one less the other
          formulas: {
            7: {
              op: 'sum',
              of: [
                [1, 1],
                [2, 1],
                [3, 1],
                [4, 1],
                [5, 1],
              ],
            },
            8: {
              op: 'sum',
              of: [
                [6, 1],
                [10, 1],
              ],
            },
            9: {
              op: 'sum',
              of: [
                [7, 1],
                [8, -1],
              ],
            },
          },
        },
      ],
    };
  },
  async insurance({ ctx, hh, model, m, currency }): Promise<Section> {
    // the insurance tab's one story (issue 31): the read model's coverage rows (insurance/coverage.ts: the advisor's
    // target, else the planning threshold; the same gaps as the screen and the report's checks), already in the
    // report's currency, and every policy with its premiums
    const cover = model.report.insurance;
    const policies = await policySummaries(ctx.db, hh);
    const rows: Cell[][] = [];
    for (const member of cover.members)
      for (const r of member.rows)
        rows.push([
          member.name,
          r.label,
          r.unlimited ? 'Unlimited' : r.cover,
          r.target,
          r.gap,
          r.until_age,
          TARGET_FROM[r.target_source ?? 'none'] ?? null,
        ]);
    const labelled = rows.map((r) => `${r[0]}: ${r[1]}`);
    const num = (v: Cell | undefined) => (typeof v === 'number' ? v : 0);
    const t = cover.totals;
    const targeted = rows.some((r) => r[3] !== null);
    // two tables, so that each fits a portrait page's columns: the policies, then their premiums
    const policyRows: Cell[][] = policies.map((p) => [
      p.plan_name ?? 'Policy',
      p.company,
      p.insured,
      p.plan_type,
      m(p.sum_assured, p.currency),
      p.premium_end,
    ]);
    const premiumRows: Cell[][] = policies.map((p) => [
      p.plan_name ?? 'Policy',
      m(p.premium, p.currency),
      FREQUENCY_TEXT[p.frequency] ?? p.frequency,
      m(p.annualised_premium, p.currency),
      m(p.premiums_paid_to_date, p.currency),
    ]);
    const cents = (xs: Cell[]) => xs.reduce<number>((a, x) => a + Math.round(num(x) * 100), 0) / 100;
    const annualised = cents(premiumRows.map((r) => r[3] ?? null));
    const paid = cents(premiumRows.map((r) => r[4] ?? null));
    return {
      id: 'insurance',
      title: 'Insurance coverage',
      summary: [
        `Cover ${moneyText(t.cover, currency)}, targets ${moneyText(t.target, currency)}, gap ${moneyText(t.gap, currency)}.`,
        !targeted
          ? 'No coverage target: no advisor target is set and no member earns an income to measure against.'
          : t.gap === 0
            ? 'No gap to the coverage targets.'
            : 'Some members are covered below their target: see the gaps.',
        "Targets: the advisor's where set, else the planning thresholds (life cover and critical-illness cover, each a multiple of the member's annual earned income). Critical illness counts Major Illness and Early Critical Illness benefits.",
        `${policies.length} polic${policies.length === 1 ? 'y' : 'ies'}: annualised premiums ${moneyText(annualised, currency)}, premiums paid to date ${moneyText(paid, currency)}.`,
      ],
      charts: [
        {
          title: 'Coverage, target and gap by member and benefit',
          kind: 'multi_bar',
          categories: labelled,
          series: [
            { name: 'Cover', values: rows.map((r) => num(r[2])) },
            { name: 'Target', values: rows.map((r) => num(r[3])) },
            { name: 'Gap', values: rows.map((r) => num(r[4])) },
          ],
        },
      ],
      tables: [
        {
          title: 'Coverage by member and benefit',
          columns: [
            { label: 'Member', kind: 'text' },
            { label: 'Benefit', kind: 'text' },
            money('Cover'),
            money('Target'),
            money('Gap'),
            { label: 'Until age', kind: 'number' },
            { label: 'Target from', kind: 'text' },
          ],
          rows,
          // gap = max(target − cover, 0) (insurance/coverage.ts); a row without a target or with unlimited cover has
          // no arithmetic to show
          formulas: {
            4: {
              op: 'floor0',
              of: [
                [3, 1],
                [2, -1],
              ],
            },
          },
          totals: { label: 'Total', values: { 2: t.cover, 3: t.target, 4: t.gap } },
        },
        {
          title: 'Policies',
          columns: [
            { label: 'Policy', kind: 'text' },
            { label: 'Company', kind: 'text' },
            { label: 'Insured', kind: 'text' },
            { label: 'Type', kind: 'text' },
            money('Sum assured'),
            { label: 'Premium end', kind: 'text' },
          ],
          rows: policyRows,
        },
        {
          title: 'Premiums',
          columns: [
            { label: 'Policy', kind: 'text' },
            money('Premium'),
            { label: 'Frequency', kind: 'text' },
            money('Annualised premium'),
            money('Premiums paid to date'),
          ],
          rows: premiumRows,
          totals: { label: 'Total', values: { 3: annualised, 4: paid } },
        },
      ],
    };
  },
  async funds({ ctx, hh, m, asOf, model }) {
    const { funds: f } = model.report;
    const classes: Array<[string, number]> = f.by_asset_class.map((c) => [
      FUND_CLASS_LABELS[c.asset_class] ?? c.asset_class,
      c.value,
    ]);
    const pensions: Cell[][] = f.provident.map((p) => [
      p.name ?? `${p.member_name} ${p.scheme}`.trim(),
      p.scheme,
      p.balance,
    ]);
    // the list of funds by name (the report holds their classes' sums, not each fund)
    const bs = await wholeBalanceSheet(ctx.db, hh, { as_of: asOf });
    const funds = [
      ...bs.saving_funds.map((f) => {
        const r = f as Record<string, unknown>;
        return [
          fundName(r, 'saving'),
          r.kind === 'savings' ? 'Savings' : 'Cash',
          m(Number(f.view_value), String(r.currency)),
        ];
      }),
      ...bs.portfolio_funds.map((f) => {
        const r = f as Record<string, unknown>;
        return [fundName(r, 'portfolio'), 'Investments', m(Number(f.view_value), String(r.currency))];
      }),
    ] as Cell[][];
    return {
      id: 'funds',
      title: 'Funds',
      summary: [`Funds and provident-fund accounts as of ${asOf}.`],
      charts: [
        {
          title: 'Funds by asset class',
          kind: 'bar',
          categories: classes.map((c) => c[0]),
          series: [{ name: 'Value', values: classes.map((c) => c[1]) }],
        },
        rowsChart('Provident-fund balances by account', pensions, [['Balance', 2]]),
      ],
      tables: [
        {
          title: 'Funds by asset class',
          columns: [{ label: 'Asset class', kind: 'text' }, money('Value')],
          rows: classes,
          totals: { label: 'Total', values: { 1: f.total } },
        },
        {
          title: 'Provident-fund balances by account',
          columns: [{ label: 'Account', kind: 'text' }, { label: 'Type', kind: 'text' }, money('Balance')],
          rows: pensions,
        },
        {
          title: 'Funds',
          columns: [{ label: 'Fund', kind: 'text' }, { label: 'Asset class', kind: 'text' }, money('Value')],
          rows: funds,
        },
      ],
    };
  },
  async debt({ model, asOf }) {
    const { debt } = model.report;
    const loans = debt.loans;
    const loanRows = loans.map((l) => [
      l.name ?? l.type,
      l.type,
      l.instalment,
      l.outstanding,
      l.total_interest,
      l.end_year ?? null,
    ]);
    const byYear = debt.years.map((r) => [r.year, r.outstanding, r.payments]);
    return {
      id: 'debt',
      title: 'Debt',
      summary: [`${loans.length} loan${loans.length === 1 ? '' : 's'} as of ${asOf}.`],
      charts: [
        rowsChart('Debt balance and payments by year', byYear, [
          ['Balance', 1],
          ['Payments', 2],
        ]),
        rowsChart('Outstanding by loan', loanRows, [['Outstanding', 3]]),
      ],
      tables: [
        {
          title: 'Loans',
          columns: [
            { label: 'Loan', kind: 'text' },
            { label: 'Type', kind: 'text' },
            money('Monthly instalment'),
            money('Outstanding'),
            money('Total interest'),
            { label: 'Last year', kind: 'year' },
          ],
          rows: loanRows,
          // the outstanding is the sum of the loans'; the instalments a month (debt.total_monthly_repayment) count
          // only the loans still running, so they are no total of this column
          totals: { label: 'Total', values: { 3: debt.total_outstanding } },
        },
        { title: 'Debt by year', columns: [YEAR, money('Balance'), money('Payments')], rows: byYear },
      ],
    };
  },
  async property({ model, asOf }) {
    const props = model.report.property.properties;
    const pt = model.report.property.totals;
    const rows = props.map((x) => [
      x.name ?? x.type,
      x.market_value,
      x.outstanding,
      x.equity,
      x.selling_year,
      x.net_proceeds,
    ]);
    const { amount } = model;
    const byYear = model.projection.dataTables.rows.map((r) => [
      r.year,
      amount(r.assets.properties),
      amount(r.property_sales),
    ]);
    return {
      id: 'property',
      title: 'Property',
      summary: [`${props.length} propert${props.length === 1 ? 'y' : 'ies'} as of ${asOf}.`],
      charts: [
        rowsChart('Value, loan and equity by property', rows, [
          ['Value', 1],
          ['Loan', 2],
          ['Equity', 3],
        ]),
        rowsChart('Property value by year', byYear, [['Value', 1]]),
      ],
      tables: [
        {
          title: 'Properties',
          columns: [
            { label: 'Property', kind: 'text' },
            money('Value'),
            money('Loan'),
            money('Equity'),
            { label: 'Sale year', kind: 'year' },
            money('Sale proceeds'),
          ],
          rows,
          // equity = value − loan (reports/read.ts)
          formulas: {
            3: {
              op: 'sum',
              of: [
                [1, 1],
                [2, -1],
              ],
            },
          },
          totals: {
            label: 'Total',
            values: { 1: pt.market_value, 2: pt.outstanding, 3: pt.equity, 5: pt.net_proceeds },
          },
        },
        { title: 'Property by year', columns: [YEAR, money('Value'), money('Sale proceeds')], rows: byYear },
      ],
    };
  },
};

/** A policy's premium frequency in words. */
const FREQUENCY_TEXT: Record<string, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semi_annual: 'Half-yearly',
  annual: 'Yearly',
  single: 'Single premium',
};

/** Where a coverage row's target comes from (insurance/coverage.ts): short, to fit a table's column. */
const TARGET_FROM: Record<string, string | null> = { advisor: 'Advisor', threshold: 'Threshold', none: null };

/**
 * A fund's name as the Funds tab shows it (mf-customer balance-sheet FundsView `rowTitle`): a portfolio's plan name
 * (portfolios store `plan_name`, not `name`), else its company; a cash account's name, else its bank and cash type;
 * a savings fund's name, else its bank.
 */
export function fundName(r: Record<string, unknown>, family: 'saving' | 'portfolio'): string {
  const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  if (family === 'portfolio') return s(r.plan_name) || s(r.company_name) || 'Portfolio';
  if (r.kind === 'savings') return s(r.name) || s(r.bank_name) || 'Savings fund';
  return s(r.name) || [s(r.bank_name), s(r.cash_type)].filter(Boolean).join(' ') || 'Cash';
}

/** The data table: every yearly row of the read model's projection, every money column (its one conversion). */
export function dataTableSection(model: ReadModel): Section {
  const { projection: p, amount: m } = model;
  const cols: Array<[string, (r: (typeof p.dataTables.rows)[number]) => number]> = [
    ['Income', (r) => r.income],
    ['Tax', (r) => r.tax],
    ['Employee contribution', (r) => r.employee_contribution],
    ['Expenses', (r) => r.expenses],
    ['Premiums', (r) => r.premiums],
    ['Loan repayments', (r) => r.loan_repayments],
    ['Goals', (r) => r.goals],
    ['Investment contributions', (r) => r.investment_contributions],
    ['Insurance payouts', (r) => r.insurance_payouts],
    ['Pension payouts', (r) => r.pension_payouts],
    ['Property sales', (r) => r.property_sales],
    ['Asset sales', (r) => r.asset_sales],
    ['Net cash flow', (r) => r.net_cash_flow],
    ['Cash', (r) => r.assets.cash],
    ['Investments', (r) => r.assets.investments],
    ['Pensions', (r) => r.assets.pensions],
    ['Properties', (r) => r.assets.properties],
    ['Insurance', (r) => r.assets.insurance],
    ['Loans', (r) => r.liabilities.loans],
    ['Shortfall', (r) => r.liabilities.shortfall],
    ['Total assets', (r) => r.total_assets],
    ['Total liabilities', (r) => r.total_liabilities],
    ['Net worth', (r) => r.net_worth],
  ];
  /** A column's index in the table (the year is column 0). */
  const col = (label: string): number => {
    const k = cols.findIndex(([l]) => l === label);
    if (k < 0) throw new Error(`No data-table column ${label}`);
    return k + 1;
  };
  return {
    id: 'data-table',
    title: 'Data table',
    summary: [`Years ${p.dataTables.start_year} to ${p.dataTables.end_year}.`],
    charts: [],
    tables: [
      {
        title: 'Year by year',
        columns: [YEAR, ...cols.map(([label]) => money(label))],
        rows: p.dataTables.rows.map((r) => [r.year, ...cols.map(([, f]) => m(f(r)))]),
        formulas: {
          // net cash flow: the row's inflows less its outflows (projection.ts, in cents); asset sales are not a flow
          [col('Net cash flow')]: {
            op: 'sum',
            of: [
              ...(['Income', 'Insurance payouts', 'Pension payouts', 'Property sales'] as const).map(
                (l) => [col(l), 1] as const,
              ),
              ...(
                [
                  'Tax',
                  'Employee contribution',
                  'Expenses',
                  'Premiums',
                  'Loan repayments',
                  'Goals',
                  'Investment contributions',
                ] as const
              ).map((l) => [col(l), -1] as const),
            ],
          },
          [col('Total assets')]: {
            op: 'sum',
            of: (['Cash', 'Investments', 'Pensions', 'Properties', 'Insurance'] as const).map(
              (l) => [col(l), 1] as const,
            ),
          },
          [col('Total liabilities')]: {
            op: 'sum',
            of: [
              [col('Loans'), 1],
              [col('Shortfall'), 1],
            ],
          },
          [col('Net worth')]: {
            op: 'sum',
            of: [
              [col('Total assets'), 1],
              [col('Total liabilities'), -1],
            ],
          },
        },
      },
    ],
  };
}

/** The percentiles of the fan chart, lowest first, as the Monte Carlo run names them. */
export const FAN_PERCENTILES = ['p10', 'p25', 'p50', 'p75', 'p90'] as const;

/**
 * Current plan vs the scenario, side by side; when Monte Carlo ran, its fan chart (the net worth at the 10th, 25th,
 * 50th, 75th and 90th percentile of the trials by year) and its table: the scenario export and the client plan alike.
 */
export function scenarioSection(s: ScenarioReplyLike, m: (v: number) => number): Section {
  const scen = new Map(s.scenario.years.map((y) => [y.year, y]));
  const rows = s.base.years.map((b) => {
    const y = scen.get(b.year);
    return [
      b.year,
      m(b.net_worth),
      m(y?.net_worth ?? 0),
      m(b.net_cash_flow),
      m(y?.net_cash_flow ?? 0),
      m(b.shortfall),
      m(y?.shortfall ?? 0),
    ];
  });
  const runsOut = (v: number | null) => (v === null ? 'Never' : String(v));
  const summaryRows: Cell[][] = [
    ['Money runs out', runsOut(s.base.money_runs_out_year), runsOut(s.scenario.money_runs_out_year)],
    ['Final net worth', m(s.base.final_net_worth), m(s.scenario.final_net_worth)],
  ];
  const summary = [
    `Current plan: money ${s.base.money_runs_out_year === null ? 'never runs out' : `runs out in ${s.base.money_runs_out_year}`}.`,
    `Scenario: money ${s.scenario.money_runs_out_year === null ? 'never runs out' : `runs out in ${s.scenario.money_runs_out_year}`}.`,
  ];
  if (s.monte_carlo)
    summary.push(
      `Probability of success: ${round2(s.monte_carlo.probability_never_runs_out * 100)}% over ${s.monte_carlo.trials} trials.`,
    );
  const section: Section = {
    id: 'scenario',
    title: 'Current plan vs scenario',
    summary,
    charts: [
      rowsChart('Net worth: current plan vs scenario', rows, [
        ['Current plan', 1],
        ['Scenario', 2],
      ]),
    ],
    tables: [
      {
        title: 'Summary',
        columns: [
          { label: 'Figure', kind: 'text' },
          { label: 'Current plan', kind: 'money' },
          { label: 'Scenario', kind: 'money' },
        ],
        rows: summaryRows,
      },
      {
        title: 'Current plan vs scenario by year',
        columns: [
          YEAR,
          money('Net worth (current)'),
          money('Net worth (scenario)'),
          money('Net cash flow (current)'),
          money('Net cash flow (scenario)'),
          money('Shortfall (current)'),
          money('Shortfall (scenario)'),
        ],
        rows,
      },
    ],
  };
  const bands = s.monte_carlo?.bands ?? [];
  if (!bands.length) return section;
  const names = FAN_PERCENTILES.map((p) => p.toUpperCase());
  const fanRows: Cell[][] = bands.map((b) => [b.year, ...FAN_PERCENTILES.map((p) => m(b.percentiles[p] ?? 0))]);
  section.charts.push({
    title: 'Monte Carlo: net worth by percentile',
    kind: 'fan',
    categories: bands.map((b) => String(b.year)),
    series: names.map((name, n) => ({ name, values: fanRows.map((r) => r[n + 1] as number) })),
  });
  section.tables.push({
    title: 'Monte Carlo: net worth by percentile',
    columns: [YEAR, ...names.map((n) => money(n))],
    rows: fanRows,
  });
  return section;
}
