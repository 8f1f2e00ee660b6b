import { exportsContract as X } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
import { debtSummary } from '../balance-sheet/read';
import { PROJECTION_DEFAULTS } from '../domain/calculations';
import { money as moneyText } from './format';
import {
  type Cell,
  type Chart,
  money,
  type Section,
  scenarioSection,
  TAB_BUILDERS,
  type TabInput,
  type TableUsed,
  tablesUsed,
  YEAR,
} from './report';

/**
 * The client plan (issue 35): the household's whole plan in the sections the advisor chose, in their order. Every
 * figure is the read model's (reports/read.ts, the screens' one source) or the stored scenario's run (the scenario
 * screen's), converted once by `m`; the one-page summary picks its figures from the same sections, so the summary
 * and the pages behind it cannot disagree.
 */
export async function clientPlanSections(input: TabInput, chosen: readonly X.ClientPlanSection[]): Promise<Section[]> {
  const out: Section[] = [];
  for (const [k, id] of chosen.entries()) {
    out.push(await SECTION_BUILDERS[id](input));
    await input.onSection?.(k + 1, chosen.length);
  }
  return out;
}

const SECTION_BUILDERS: Record<X.ClientPlanSection, (i: TabInput) => Promise<Section>> = {
  summary: async (i) => summarySection(i),
  cashflow: (i) => TAB_BUILDERS.cashflow(i),
  networth: async (i) => {
    const s = await TAB_BUILDERS.networth(i);
    // the plan shows net worth over the years as a line (its first chart); the bars by class stay
    return { ...s, charts: s.charts.map((c, k) => (k === 0 ? { ...c, kind: 'line' } : c)) };
  },
  insurance: (i) => TAB_BUILDERS.insurance(i),
  funds: async (i) => ({ ...(await TAB_BUILDERS.funds(i)), title: X.CLIENT_PLAN_SECTION_TITLES.funds }),
  debt: async (i) => withSchedules(i, await TAB_BUILDERS.debt(i)),
  property: async (i) => withSalePlans(i, await TAB_BUILDERS.property(i)),
  goals: async (i) => goalsSection(i),
  scenario: async (i) => planScenarioSection(i),
  appendix: async (i) => appendixSection(i),
};

const runsOutText = (year: number | null) =>
  year === null ? 'The plan does not run out of money' : `Money runs out in ${year}`;

/**
 * The one-page summary: net worth now and at retirement, the year money runs out (or that it does not), the
 * probability of success of the saved scenario, the largest insurance gaps and the year each debt ends.
 */
export function summarySection(i: TabInput): Section {
  const { report } = i.model;
  const nw = report.networth;
  const retirement = report.checks.retirement;
  const atRetirement =
    retirement.retirement_year === null
      ? null
      : (nw.years.find((y) => y.year === retirement.retirement_year)?.net_worth ?? null);
  const mc = i.scenario?.monte_carlo ?? null;
  const rows: Cell[][] = [
    ['Net worth today', nw.current.net_worth],
    [
      retirement.retirement_year === null
        ? 'Net worth at retirement'
        : `Net worth at retirement (${retirement.retirement_year})`,
      atRetirement ?? (retirement.retirement_year === null ? 'Retired, or retiring after the plan ends' : '-'),
    ],
    ['Money runs out', report.money_runs_out_year === null ? 'Never' : String(report.money_runs_out_year)],
    [
      'Probability of success',
      mc ? `${round2(mc.probability_never_runs_out * 100)}% of ${mc.trials} trials` : 'No Monte Carlo run',
    ],
  ];
  const gaps = report.insurance.members
    .flatMap((m) => m.rows.map((r) => ({ who: m.name, what: r.label, gap: r.gap ?? 0 })))
    .filter((g) => g.gap > 0)
    .sort((a, b) => b.gap - a.gap)
    .slice(0, 3);
  const loans = report.debt.loans;
  const summary = [
    `${runsOutText(report.money_runs_out_year)}.`,
    gaps.length
      ? `The largest insurance gap: ${gaps[0]?.who}, ${gaps[0]?.what}, ${moneyText(gaps[0]?.gap ?? 0, i.currency)}.`
      : 'No gap to the insurance coverage targets.',
    loans.length
      ? `${loans.length} debt${loans.length === 1 ? '' : 's'}; the last ends in ${Math.max(...loans.map((l) => l.end_year ?? 0)) || 'an unknown year'}.`
      : 'No debts.',
  ];
  const years = nw.years.map((y) => String(y.year));
  const charts: Chart[] = [
    {
      title: 'Net worth by year',
      kind: 'line',
      categories: years,
      series: [{ name: 'Net worth', values: nw.years.map((y) => y.net_worth) }],
    },
  ];
  return {
    id: 'summary',
    title: X.CLIENT_PLAN_SECTION_TITLES.summary,
    summary,
    charts,
    tables: [
      { title: 'Key figures', columns: [{ label: 'Figure', kind: 'text' }, money('Value')], rows },
      {
        title: 'Largest insurance gaps',
        columns: [{ label: 'Member', kind: 'text' }, { label: 'Cover', kind: 'text' }, money('Gap')],
        rows: gaps.map((g) => [g.who, g.what, g.gap]),
      },
      {
        title: 'When each debt ends',
        columns: [{ label: 'Debt', kind: 'text' }, money('Outstanding'), { label: 'Last year', kind: 'year' }],
        rows: loans.map((l) => [l.name ?? l.type, l.outstanding, l.end_year ?? null]),
      },
    ],
  };
}

const GOAL_TYPES: Record<string, string> = {
  retirement: 'Retirement',
  education: 'Education',
  car: 'Car',
  property: 'Property',
  business: 'Business',
  custom: 'Other goal',
};

/** The household's goals (their years and amounts, in the report's currency) and what they cost each year. */
export function goalsSection(i: TabInput): Section {
  const { projection, amount } = i.model;
  const h = projection.household;
  const from = String(h.currency ?? PROJECTION_DEFAULTS.currency).toUpperCase();
  const names = new Map(h.members.map((m) => [m.id, m.name ?? '']));
  const goals = h.goals ?? [];
  const rows: Cell[][] = goals.map((g) => [
    GOAL_TYPES[g.type] ?? g.type,
    g.member_id ? (names.get(g.member_id) ?? '') : 'Household',
    g.year_from ?? null,
    g.year_to ?? g.year_from ?? null,
    i.m(g.amount ?? g.living_expense ?? g.legacy_amount ?? 0, String(g.currency ?? from).toUpperCase()),
  ]);
  const byYear = projection.dataTables.rows.filter((r) => r.goals > 0).map((r) => [r.year, amount(r.goals)]);
  return {
    id: 'goals',
    title: X.CLIENT_PLAN_SECTION_TITLES.goals,
    summary: [
      goals.length
        ? `${goals.length} goal${goals.length === 1 ? '' : 's'}; the plan pays for them in the years below.`
        : 'No goals are recorded.',
    ],
    charts: byYear.length
      ? [
          {
            title: 'Goals paid by year',
            kind: 'bar',
            categories: byYear.map((r) => String(r[0])),
            series: [{ name: 'Goals', values: byYear.map((r) => r[1] as number) }],
          },
        ]
      : [],
    tables: [
      {
        title: 'Goals',
        columns: [
          { label: 'Goal', kind: 'text' },
          { label: 'For', kind: 'text' },
          { label: 'From', kind: 'year' },
          { label: 'To', kind: 'year' },
          money('Amount'),
        ],
        rows,
      },
      { title: 'Goals paid by year', columns: [YEAR, money('Goals')], rows: byYear },
    ],
  };
}

/**
 * The saved scenario beside the current plan (the scenario screen's stored run) with, when Monte Carlo ran, its fan
 * chart and its table (report.ts scenarioSection).
 */
export { FAN_PERCENTILES } from './report';

export function planScenarioSection(i: TabInput): Section {
  const s = i.scenario;
  if (!s)
    return {
      id: 'scenario',
      title: X.CLIENT_PLAN_SECTION_TITLES.scenario,
      summary: ['No scenario was run.'],
      charts: [],
      tables: [],
    };
  return { ...scenarioSection(s, (v) => i.m(v, s.currency)), title: X.CLIENT_PLAN_SECTION_TITLES.scenario };
}

/** The appendix: the assumptions the projection ran on, and every rate table it used with its years and source. */
export function appendixSection(i: TabInput): Section {
  const h = i.model.projection.household;
  const pct = (v: number) => `${v}%`;
  const assumptions: Cell[][] = [
    [
      'Inflation',
      pct(h.inflation_rate ?? PROJECTION_DEFAULTS.inflation_rate),
      h.inflation_rate === undefined ? 'Default' : 'Household',
    ],
    [
      'Growth of cash',
      pct(h.cash_growth_rate ?? PROJECTION_DEFAULTS.cash_growth_rate),
      h.cash_growth_rate === undefined ? 'Default' : 'Household',
    ],
    [
      'Cost of borrowing a shortfall',
      pct(h.borrowing_rate ?? PROJECTION_DEFAULTS.borrowing_rate),
      h.borrowing_rate === undefined ? 'Default' : 'Household',
    ],
    ['Growth of investments without a rate of their own', pct(PROJECTION_DEFAULTS.growth_rate), 'Default'],
    ['Retirement age without one of the member', String(PROJECTION_DEFAULTS.retirement_age), 'Default'],
    ['Projection ends at age', String(PROJECTION_DEFAULTS.maturity_age), 'Default'],
  ];
  for (const [cls, a] of Object.entries(i.scenario?.monte_carlo ? monteCarloAssumptions(i) : {}))
    assumptions.push([`Monte Carlo ${cls}: mean return, volatility`, `${a.mean}%, ${a.volatility}%`, 'Scenario']);
  const used: TableUsed[] = i.model.report.tables.length ? tablesUsed(i.model.report.tables) : [];
  return {
    id: 'appendix',
    title: X.CLIENT_PLAN_SECTION_TITLES.appendix,
    summary: [
      'The assumptions the projection ran on, and the rate tables its figures were computed with: each version, the years it is in force and where its figures come from.',
    ],
    charts: [],
    tables: [
      {
        title: 'Assumptions',
        columns: [
          { label: 'Assumption', kind: 'text' },
          { label: 'Value', kind: 'text' },
          { label: 'Set by', kind: 'text' },
        ],
        rows: assumptions,
      },
      {
        title: 'Rate tables used',
        columns: [
          { label: 'Table', kind: 'text' },
          { label: 'From', kind: 'year' },
          { label: 'To', kind: 'text' },
          { label: 'Publisher', kind: 'text' },
          { label: 'Document', kind: 'text' },
          { label: 'Address', kind: 'text' },
        ],
        rows: used.map((v) => [
          v.title,
          v.from_year,
          v.to_year === null ? 'onwards' : String(v.to_year),
          v.source?.publisher ?? 'Not in the tables in force now',
          v.source?.title ?? '-',
          v.source?.url ?? '-',
        ]),
      },
    ],
  };
}

/** The Monte Carlo run's assumptions by asset class (mean and volatility, percent), as the scenario reply has them. */
function monteCarloAssumptions(i: TabInput): Record<string, { mean: number; volatility: number }> {
  const a = (i.scenario?.monte_carlo as { assumptions?: Record<string, { mean?: number; volatility?: number }> })
    ?.assumptions;
  if (!a) return {};
  return Object.fromEntries(
    Object.entries(a).map(([k, v]) => [k, { mean: Number(v.mean ?? 0), volatility: Number(v.volatility ?? 0) }]),
  );
}

/**
 * The debt section with each loan's schedule by year (the Debt screen's: balance-sheet/read.ts debtSummary, the
 * engine's monthly schedule): what is paid in each year, of it interest and principal, and the balance at the year's
 * end, in the report's currency. A year is the loan's 12 months from its starting year, as the screen's
 * outstanding-by-year counts them.
 */
export async function withSchedules(i: TabInput, s: Section): Promise<Section> {
  const summary = await debtSummary(i.ctx.db, i.hh, { as_of: i.asOf });
  const tables = summary.loans.flatMap((l) => {
    if (!l.loan) return [];
    const cur = String(l.currency).toUpperCase();
    const rows: Cell[][] = scheduleYears(l.loan.outstanding_by_year[0]?.year ?? 0, l.loan.schedule).map((y) => [
      y.year,
      i.m(y.paid, cur),
      i.m(y.interest, cur),
      i.m(y.principal, cur),
      i.m(y.balance, cur),
    ]);
    return [
      {
        title: `Schedule: ${l.name ?? l.type}`,
        columns: [YEAR, money('Paid in the year'), money('Interest'), money('Principal'), money('Balance at year end')],
        rows,
      },
    ];
  });
  return { ...s, title: X.CLIENT_PLAN_SECTION_TITLES.debt, tables: [...s.tables, ...tables] };
}

/** The property section with each planned sale's figures (the projection's own, as the Property screen shows them). */
export function withSalePlans(i: TabInput, s: Section): Section {
  const sales = i.model.report.property.properties.filter((p) => p.sale);
  if (!sales.length) return s;
  return {
    ...s,
    tables: [
      ...s.tables,
      {
        title: 'Sale plans',
        columns: [
          { label: 'Property', kind: 'text' },
          { label: 'Sale year', kind: 'year' },
          money('Selling price'),
          money('Transaction fee'),
          money('Loan repaid'),
          money('Pension refund'),
          money('Gain tax'),
          money('Net proceeds'),
        ],
        rows: sales.map((p) => {
          const f = p.sale as NonNullable<typeof p.sale>;
          return [
            p.name ?? p.type,
            p.selling_year,
            f.selling_price,
            f.transaction_fee,
            f.outstanding_loan,
            f.pension_refund,
            f.gain_tax,
            f.net_proceeds,
          ];
        }),
      },
    ],
  };
}

/**
 * A loan's monthly schedule by year: year k (from `startYear`) is the schedule's months 12k+1 … 12k+12, as the Debt
 * screen's outstanding-by-year counts them; what was paid, of it interest and principal (summed in cents), and the
 * balance after the year's last month (docs/planning-model.md "The client plan").
 */
export function scheduleYears(
  startYear: number,
  schedule: ReadonlyArray<{ payment: number; interest: number; principal: number; balance: number }>,
): Array<{ year: number; paid: number; interest: number; principal: number; balance: number }> {
  const out: Array<{ year: number; paid: number; interest: number; principal: number; balance: number }> = [];
  for (let k = 0; k * 12 < schedule.length; k++) {
    const months = schedule.slice(k * 12, k * 12 + 12);
    const cents = (f: (r: (typeof months)[number]) => number) =>
      months.reduce((a, r) => a + Math.round(f(r) * 100), 0) / 100;
    out.push({
      year: startYear + k,
      paid: cents((r) => r.payment),
      interest: cents((r) => r.interest),
      principal: cents((r) => r.principal),
      balance: (months[months.length - 1] as { balance: number }).balance,
    });
  }
  return out;
}
