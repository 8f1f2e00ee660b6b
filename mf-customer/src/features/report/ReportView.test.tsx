/** @jest-environment jsdom */
import { CURRENCY_RATES_KEY } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ExplainProvider } from '../../shared/explain/context';
import { fakeCardWidth } from '../../shared/fakeCardWidth';
import { MeetingContext } from '../../shared/meeting/context';
import ReportView, { type ReportTab } from './ReportView';

const HH = '00000000-0000-4000-8000-0000000000c1';
const paths: string[] = [];
let version = 0;
/** Records the service left out of the figures (issue 30 item 2), sent with every report while set. */
let recordIssues: Array<{ kind: string; id: string; field: string; message: string }> | undefined;

jest.mock('@kinfolio/ui-kit', () => ({
  ...jest.requireActual('@kinfolio/ui-kit'),
  api: {
    get: (path: string, opts?: { query?: Record<string, string> }) => {
      paths.push(path);
      if (path.endsWith('/financial-report/explain')) return Promise.resolve(explainReply(opts?.query ?? {}));
      return Promise.resolve(path.includes('currency=RM') ? reportIn('RM', 3.316) : reportIn('SGD', 1));
    },
  },
}));
jest.mock('../../shared/household/context', () => ({
  useHousehold: () => ({ household: { id: HH }, version }),
}));

/** A figure as the explain endpoint answers it (issue 34), in the currency asked for (RM: times the stored rate). */
function explainReply(query: Record<string, string>) {
  const k = query.currency === 'RM' ? 3.316 : 1;
  return {
    customer_id: HH,
    currency: query.currency ?? 'SGD',
    as_of: '2026-11-24',
    explanation: {
      id: query.figure,
      label: 'Income, 2027',
      value: Math.round(150000 * k * 100) / 100,
      unit: 'money',
      kind: 'figure',
      rule: ["the sum of the year's incomes and rent"],
      formula: { op: 'sum' },
      parts: [],
      records: [],
      table: null,
    },
  };
}

/** A report as the service sends it, every amount times `k` (the RM one converted with the stored rate). */
function reportIn(currency: string, k: number) {
  const m = (x: number) => Math.round(x * k * 100) / 100;
  return {
    ...(recordIssues ? { record_issues: recordIssues } : {}),
    customer_id: HH,
    currency,
    household_currency: 'SGD',
    rate: k,
    as_of: '2026-11-24',
    computed_at: '2026-11-24T00:00:00.000Z',
    start_year: 2026,
    end_year: 2027,
    money_runs_out_year: null,
    cashflow: {
      years: [
        {
          year: 2026,
          income: m(180000),
          expenses: m(120000),
          surplus: m(60000),
          shortfall: 0,
          net_cash_flow: m(60000),
        },
        {
          year: 2027,
          income: m(150000),
          expenses: m(170000),
          surplus: 0,
          shortfall: m(20000),
          net_cash_flow: m(-20000),
        },
      ],
      totals: { income: m(330000), expenses: m(290000), surplus: m(60000) },
    },
    networth: {
      years: [
        {
          year: 2026,
          cash: m(10000),
          investments: m(20000),
          pensions: m(70000),
          properties: m(600000),
          insurance: 0,
          loans: m(240000),
          shortfall: 0,
          total_assets: m(700000),
          total_liabilities: m(240000),
          net_worth: m(460000),
        },
      ],
      current: { total_assets: m(700000), total_liabilities: m(240000), net_worth: m(460000) },
    },
    insurance: {
      members: [
        {
          member_id: 'm1',
          name: 'Alex Tan',
          age: 40,
          rows: [
            {
              benefit_type: 'Death',
              label: 'Death',
              cover: m(500000),
              unlimited: false,
              until_age: 99,
              target: m(800000),
              target_source: 'advisor',
              gap: m(300000),
            },
            {
              benefit_type: 'Major Illness',
              label: 'Critical illness',
              cover: m(250000),
              unlimited: false,
              until_age: 99,
              target: m(432000),
              target_source: 'threshold',
              gap: m(182000),
            },
          ],
        },
      ],
      totals: { cover: m(750000), target: m(1232000), gap: m(482000) },
    },
    funds: {
      by_asset_class: [
        { asset_class: 'cash', value: m(10000) },
        { asset_class: 'provident', value: m(70000) },
      ],
      provident: [
        {
          pension_id: 'p1',
          member_id: 'm1',
          member_name: 'Alex Tan',
          scheme: 'CPF',
          name: null,
          balance: m(70000),
          accounts: [
            { account: 'OA', amount: m(50000) },
            { account: 'SA', amount: m(20000) },
          ],
        },
      ],
      total: m(80000),
    },
    debt: {
      loans: [
        {
          debt_id: 'd1',
          type: 'mortgage',
          name: 'Home',
          outstanding: m(240000),
          instalment: m(907.19),
          total_interest: m(130000),
          months_remaining: 380,
          end_year: 2058,
        },
      ],
      years: [{ year: 2026, outstanding: m(240000), payments: m(10886.28) }],
      total_outstanding: m(240000),
      total_monthly_repayment: m(907.19),
      total_monthly_running_costs: m(480),
    },
    property: {
      properties: [
        {
          debt_id: 'd1',
          type: 'mortgage',
          name: 'Home',
          market_value: m(600000),
          outstanding: m(240000),
          equity: m(360000),
          selling_year: null,
          net_proceeds: null,
        },
      ],
      totals: { market_value: m(600000), outstanding: m(240000), equity: m(360000), net_proceeds: 0 },
    },
    checks: checksIn(m),
  };
}

/** The report's checks against the planning thresholds (issue 15): money times `k`, months and percentages not. */
function checksIn(m: (x: number) => number) {
  const th = (key: string, label: string, unit: string, value: number, is_default = true) => ({
    key,
    label,
    unit,
    value,
    is_default,
  });
  const life = th('life_cover_multiple', 'Life cover (multiple of annual income)', 'multiple', 9);
  const ci = th('critical_illness_cover_multiple', 'Critical illness cover (multiple of annual income)', 'multiple', 4);
  return {
    emergency_fund: {
      threshold: th('emergency_fund_months', 'Emergency fund', 'months', 6, false),
      liquid: m(10000),
      monthly_expenses: m(4000),
      months_covered: 2.5,
      target_months: 6,
      target_amount: m(24000),
      shortfall: m(14000),
      met: false,
    },
    cover: [
      {
        member_id: 'm1',
        name: 'Alex Tan',
        annual_income: m(108000),
        life: {
          threshold: life,
          target_source: 'advisor',
          cover: m(500000),
          unlimited: false,
          target: m(800000),
          gap: m(300000),
          met: false,
        },
        critical_illness: {
          threshold: ci,
          target_source: 'threshold',
          cover: m(250000),
          unlimited: false,
          target: m(432000),
          gap: m(182000),
          met: false,
        },
      },
    ],
    debt_service: {
      threshold: th('debt_service_ratio_max', 'Debt service ratio, maximum', 'percent', 55),
      year: 2026,
      loan_repayments: m(10886.28),
      gross_income: m(180000),
      ratio_percent: 6.05,
      max_percent: 55,
      met: true,
    },
    retirement: {
      threshold: th('retirement_income_replacement', 'Retirement income replacement', 'percent', 70),
      member_id: 'm1',
      name: 'Alex Tan',
      retirement_year: 2041,
      last_working_year: 2040,
      last_working_income: m(180000),
      retirement_income: m(72000),
      replacement_percent: 40,
      target_percent: 70,
      met: false,
    },
  };
}

async function open(tab: ReportTab) {
  const view = render(<ReportView tab={tab} />);
  await act(async () => {});
  return view;
}
const rowsOf = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('row')
    .map((r) => r.textContent);

/** The rates the browser keeps (GET currency-rates, base RM): 1 SGD = 3.316 RM, as the fake service converts. */
function keepRates() {
  const data = {
    base: 'RM',
    rates: [{ code: 'SGD', rate: 1 / 3.316, base: 'RM', updated_at: '2026-11-01T00:00:00.000Z' }],
  };
  localStorage.setItem(CURRENCY_RATES_KEY, JSON.stringify({ data, fetchedAt: Date.now() }));
}
const ratesCalls: string[] = [];

beforeEach(() => {
  paths.length = 0;
  ratesCalls.length = 0;
  version = 0;
  localStorage.clear();
  keepRates();
  // the kept table is fresh, so no test reaches the network for rates unless it clears it
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    ratesCalls.push(String(url));
    throw new TypeError('offline');
  }) as typeof fetch;
});

describe('financial report', () => {
  it('a record the service left out: a warning names it, its field and what to do; the figures still show', async () => {
    const RENTAL = '00000000-0000-4000-8000-0000000000d7';
    recordIssues = [
      {
        kind: 'debt-mortgage-rental-income',
        id: RENTAL,
        field: 'transaction_start_date',
        message: 'Edit this record: 2025-02-30 is not a date',
      },
    ];
    try {
      const first = await open('cashflow');
      const banner = screen.getByRole('alert', { name: 'Records left out of these figures' });
      expect(banner.textContent).toBe(
        'One record is left out of these figures until edited' +
          `Debt mortgage rental income record ${RENTAL}, field transaction_start_date: Edit this record: 2025-02-30 is not a date`,
      );
      expect(screen.getByText(/income SGD 330,000, expenses SGD 290,000/).tagName).toBe('P');
      first.unmount();
    } finally {
      recordIssues = undefined;
    }
    // a report without issues shows no warning
    await open('networth');
    expect(screen.queryByRole('alert', { name: 'Records left out of these figures' })).toBeNull();
  });

  it('cashflow: the figures, a chart with a text summary and a keyboard tooltip, and the same figures as a table', async () => {
    await open('cashflow');
    expect(paths).toEqual([`customer/${HH}/financial-report`]);
    expect(screen.getByText(/income SGD 330,000, expenses SGD 290,000/).tagName).toBe('P');
    const chart = screen.getByRole('img', { name: /^Cash flow by year, in SGD: Income, Expenses, Surplus, Shortfall/ });
    expect(chart.querySelectorAll('[data-value]')).toHaveLength(8);
    // keyboard: focus shows the first bar's figure, the arrow key the next one
    // (the chart's tooltip is the status beside it; the export menu has its own)
    const tip = () => within(chart.parentElement as HTMLElement).getByRole('status');
    fireEvent.focus(chart);
    expect(tip().textContent).toBe('2026 · Income: SGD 180,000');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(tip().textContent).toBe('2026 · Expenses: SGD 120,000');
    // the legend names each series (patterns, not colour alone)
    expect(
      within(screen.getByRole('list', { name: 'Cash flow by year: legend' }))
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Income', 'Expenses', 'Surplus', 'Shortfall']);
    // the tab's export menu offers the four kinds
    const exportAs = screen.getByRole('group', { name: 'Export' });
    expect(
      within(exportAs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Excel', 'PowerPoint', 'Word', 'PDF']);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.queryByRole('img', { name: /^Cash flow by year/ })).toBeNull();
    expect(rowsOf('Cash flow by year')).toEqual([
      'YearIncomeExpensesNet cash flowSurplusShortfall',
      '2026SGD 180,000SGD 120,000SGD 60,000SGD 60,000SGD 0',
      '2027SGD 150,000SGD 170,000SGD -20,000SGD 0SGD 20,000',
    ]);
    // each term's definition where it appears (docs/planning-model.md "Terms of the plan")
    const notes = screen.getAllByRole('definition')[0]?.closest('dl') as HTMLElement;
    expect(notes.getAttribute('aria-label')).toBe('What the terms mean');
    expect(notes.textContent).toContain(
      'Shortfall: what the household owes at the year end because the plan could not pay',
    );
    expect(notes.textContent).toContain('Income: every inflow of the year');
  });

  it('the choices are segmented toggle groups named by their visible labels, the arrow keys moving within', async () => {
    await open('cashflow');
    const currency = screen.getByRole('group', { name: 'Currency' });
    expect(document.getElementById(currency.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Currency');
    const sgd = within(currency).getByRole('button', { name: 'SGD', pressed: true });
    sgd.focus();
    fireEvent.keyDown(sgd, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(within(currency).getByRole('button', { name: 'RM', pressed: false }));
    const show = screen.getByRole('group', { name: 'Show as' });
    expect(
      within(show)
        .getAllByRole('button')
        .map((b) => `${b.textContent}:${b.getAttribute('aria-pressed')}`),
    ).toEqual(['Graph:true', 'Table:false']);
  });

  it('draws the chart at the width of its card, with 12 px axis labels and fewer of them when narrow', async () => {
    const card = fakeCardWidth(1000);
    try {
      await open('cashflow');
      const chart = () => screen.getByRole('img', { name: /^Cash flow by year/ });
      expect([chart().getAttribute('width'), chart().getAttribute('viewBox')]).toEqual(['1000', '0 0 1000 320']);
      const fonts = [...chart().querySelectorAll('text')].map((t) => t.getAttribute('font-size'));
      expect(fonts.length).toBeGreaterThan(0);
      expect(new Set(fonts)).toEqual(new Set(['12']));
      const ticks = () => chart().querySelectorAll('.visx-axis-left .visx-axis-tick').length;
      const wide = ticks();
      card.resize(320);
      expect(chart().getAttribute('width')).toBe('320');
      expect(ticks()).toBeLessThan(wide);
    } finally {
      card.restore();
    }
  });

  it('the bar kinds: side by side bars start at zero, stacked bars sit on one another', async () => {
    await open('cashflow');
    const heights = () =>
      [...screen.getByRole('img', { name: /^Cash flow by year/ }).querySelectorAll('[data-value]')].map((b) =>
        Number(b.getAttribute('x')),
      );
    const grouped = heights();
    expect(new Set(grouped.slice(0, 4)).size).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Stacked' }));
    expect(screen.getByRole('img', { name: /stacked/ }).getAttribute('aria-label')).toContain('stacked');
    expect(new Set(heights().slice(0, 4)).size).toBe(1);
  });

  it('the currency switch converts with the kept rates and makes no network call (planning spec §7)', async () => {
    await open('networth');
    expect(screen.getByText(/Today \(2026-11-24\): assets SGD 700,000/).tagName).toBe('P');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'RM' }));
    });
    expect(paths).toEqual([`customer/${HH}/financial-report`]);
    expect(ratesCalls).toEqual([]);
    expect(screen.getByText(/Today \(2026-11-24\): assets RM 2,321,200/).tagName).toBe('P');
    expect(screen.getByRole('button', { name: 'RM' }).getAttribute('aria-pressed')).toBe('true');
    // back to SGD: the report first fetched, again without a call
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'SGD' }));
    });
    expect(screen.getByText(/Today \(2026-11-24\): assets SGD 700,000/).tagName).toBe('P');
    expect(paths).toHaveLength(1);
  });

  it('without kept rates (none could be fetched) the switch asks the service for the report in RM', async () => {
    localStorage.clear();
    await open('networth');
    expect(ratesCalls).toEqual(['/api/v1/currency-rates']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'RM' }));
    });
    expect(paths[paths.length - 1]).toBe(`customer/${HH}/financial-report?currency=RM`);
    expect(screen.getByText(/Today \(2026-11-24\): assets RM 2,321,200/).tagName).toBe('P');
  });

  it('insurance, funds, debt and property show their own figures and tables', async () => {
    const ins = await open('insurance');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(rowsOf('Insurance cover by member and benefit')).toEqual([
      'Member and benefitCoverTargetGapCovered until ageTarget from',
      "Alex Tan: DeathSGD 500,000SGD 800,000SGD 300,00099Advisor's target",
      'Alex Tan: Critical illnessSGD 250,000SGD 432,000SGD 182,00099Planning threshold',
    ]);
    ins.unmount();
    const funds = await open('funds');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(rowsOf('Funds by asset class')).toEqual(['Asset classValue', 'CashSGD 10,000', 'Provident fundSGD 70,000']);
    expect(rowsOf('Provident fund balances by account')).toEqual([
      'AccountBalance',
      'Alex Tan CPF OASGD 50,000',
      'Alex Tan CPF SASGD 20,000',
    ]);
    funds.unmount();
    const debt = await open('debt');
    expect(rowsOf('Loans')).toEqual([
      'LoanOutstandingInstalmentTotal interestMonths leftEnds',
      'HomeSGD 240,000SGD 907SGD 130,0003802058',
    ]);
    debt.unmount();
    await open('property');
    expect(screen.getByText(/equity/).textContent).toContain('SGD 360,000');
    expect(screen.getByRole('img', { name: /^Property values, equity and sale proceeds, in SGD/ })).toBeInstanceOf(
      Element,
    );
  });

  it('shows the checks against the planning thresholds on their tabs, met or not met in words', async () => {
    const cash = await open('cashflow');
    const checks = 'Checks against the planning thresholds';
    expect(rowsOf(checks)).toEqual([
      'CheckThis householdTargetResult',
      "Emergency fund2.5 months of expenses (SGD 10,000 in cash and savings, expenses SGD 4,000 a month)6 months: SGD 24,000 (your planner's threshold)Not met: short by SGD 14,000",
      "Retirement income replacement (Alex Tan)40% (SGD 72,000 in 2041 vs SGD 180,000 in 2040)at least 70% (your planner's threshold)Not met",
    ]);
    // RM: the amounts converted, the months and the threshold as they are
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'RM' }));
    });
    expect(rowsOf(checks)[1]).toContain('2.5 months of expenses (RM 33,160 in cash and savings');
    expect(rowsOf(checks)[1]).toContain("6 months: RM 79,584 (your planner's threshold)");
    cash.unmount();
    const ins = await open('insurance');
    // issue 31: the checks are the table's rows: the advisor's Death target, the threshold for critical illness
    expect(rowsOf(checks)).toEqual([
      'CheckThis householdTargetResult',
      "Alex Tan: life coverSGD 500,000SGD 800,000 (the advisor's target)Not met: gap SGD 300,000",
      "Alex Tan: critical illness coverSGD 250,0004 × annual income SGD 108,000 = SGD 432,000 (your planner's threshold)Not met: gap SGD 182,000",
    ]);
    // one story: the headline is the sum of the table's rows, the gap's definition beside it
    expect(screen.getByText(/^Cover SGD/).textContent).toBe(
      'Cover SGD 750,000, targets SGD 1,232,000, gap SGD 482,000.',
    );
    expect(screen.getByTestId('gap-definition').textContent).toContain("The target is the advisor's target");
    ins.unmount();
    const debt = await open('debt');
    expect(rowsOf(checks)).toEqual([
      'CheckThis householdTargetResult',
      "Debt service ratio6.05% (SGD 10,886 repaid of SGD 180,000 gross income in 2026)at most 55% (your planner's threshold)Met",
    ]);
    debt.unmount();
    // the other tabs have no checks
    await open('funds');
    expect(screen.queryByRole('region', { name: checks })).toBeNull();
  });

  it("issue 31 (10): the debt tab's repaid a month is the loans' instalments; running costs are shown apart", async () => {
    const debt = await open('debt');
    expect(screen.getByTestId('debt-instalments').textContent).toBe('SGD 907');
    expect(screen.getByTestId('debt-running-costs').textContent).toBe('SGD 480');
    expect(screen.getByText(/Loan instalments a month/).textContent).toContain('running costs a month, not repayments');
    debt.unmount();
  });

  it('fetches again when the household changes (live refresh)', async () => {
    const view = await open('debt');
    expect(paths).toHaveLength(1);
    version = 1;
    view.rerender(<ReportView tab="debt" />);
    await act(async () => {});
    expect(paths).toEqual([`customer/${HH}/financial-report`, `customer/${HH}/financial-report`]);
  });

  describe('every figure opens "How was this calculated?" (issue 34)', () => {
    async function openExplained(tab: ReportTab) {
      render(
        <MemoryRouter>
          <ExplainProvider base={`/advisor/customers/${HH}`}>
            <ReportView tab={tab} />
          </ExplainProvider>
        </MemoryRouter>,
      );
      await act(async () => {});
      fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    }
    const ids = () => [...document.querySelectorAll('button[data-figure]')].map((b) => b.getAttribute('data-figure'));

    it('names each figure of each tab by its id in the contract', async () => {
      await openExplained('cashflow');
      expect(ids()).toEqual([
        'cashflow:total:income',
        'cashflow:total:expenses',
        'cashflow:total:surplus',
        'cashflow:2026:income',
        'cashflow:2026:expenses',
        'cashflow:2026:net_cash_flow',
        'cashflow:2026:surplus',
        'cashflow:2026:shortfall',
        'cashflow:2027:income',
        'cashflow:2027:expenses',
        'cashflow:2027:net_cash_flow',
        'cashflow:2027:surplus',
        'cashflow:2027:shortfall',
      ]);
      // the table reads as it did: the buttons are the figures' text
      expect(rowsOf('Cash flow by year')[1]).toBe('2026SGD 180,000SGD 120,000SGD 60,000SGD 60,000SGD 0');
    });

    it('networth, insurance, funds, debt and property', async () => {
      const expected: Record<Exclude<ReportTab, 'cashflow'>, string[]> = {
        networth: [
          'networth:today:total_assets',
          'networth:today:total_liabilities',
          'networth:today:net_worth',
          'networth:2026:cash',
          'networth:2026:investments',
          'networth:2026:pensions',
          'networth:2026:properties',
          'networth:2026:insurance',
          'networth:2026:total_liabilities',
          'networth:2026:net_worth',
        ],
        insurance: [
          'insurance:total:cover',
          'insurance:total:target',
          'insurance:total:gap',
          'insurance:m1:Death:cover',
          'insurance:m1:Death:target',
          'insurance:m1:Death:gap',
          'insurance:m1:Major Illness:cover',
          'insurance:m1:Major Illness:target',
          'insurance:m1:Major Illness:gap',
        ],
        funds: ['funds:total', 'funds:cash', 'funds:provident', 'provident:p1:OA', 'provident:p1:SA'],
        debt: [
          'debt:total:outstanding',
          'debt:total:monthly_repayment',
          'debt:total:monthly_running_costs',
          'debt:2026:outstanding',
          'debt:2026:payments',
          'debt:d1:outstanding',
          'debt:d1:instalment',
          'debt:d1:total_interest',
        ],
        property: [
          'property:total:market_value',
          'property:total:outstanding',
          'property:total:equity',
          'property:total:net_proceeds',
          'property:d1:market_value',
          'property:d1:outstanding',
          'property:d1:equity',
        ],
      };
      for (const tab of Object.keys(expected) as Array<keyof typeof expected>) {
        const view = render(
          <MemoryRouter>
            <ExplainProvider base={`/advisor/customers/${HH}`}>
              <ReportView tab={tab} />
            </ExplainProvider>
          </MemoryRouter>,
        );
        await act(async () => {});
        fireEvent.click(screen.getByRole('button', { name: 'Table' }));
        expect({ tab, ids: ids() }).toEqual({ tab, ids: expected[tab] });
        view.unmount();
      }
    });

    it('asks for the figure in the currency the report shows', async () => {
      await openExplained('cashflow');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'RM' }));
      });
      const income2027 = document.querySelector('button[data-figure="cashflow:2027:income"]') as HTMLElement;
      expect(income2027.textContent).toBe('RM 497,400');
      fireEvent.click(income2027);
      // the figure's name on the screen titles the panel while it loads
      const dialog = await screen.findByRole('dialog', { name: 'Income, 2027' });
      // the service answered in RM: it was asked in RM
      expect((await within(dialog).findByTestId('explain-value')).textContent).toBe('RM 497,400.00');
      expect(paths.filter((x) => x.endsWith('/explain'))).toEqual([`customer/${HH}/financial-report/explain`]);
    });
  });
});

describe("a meeting's year in focus (issue 36)", () => {
  it('marks the year’s row in the tables of years and says it above the chart', async () => {
    const view = {
      path: 'financial-report/dashboard/cashflow',
      search: '',
      year: 2027,
      highlight: null,
      explain: null,
      scenario: null,
    };
    render(
      <MeetingContext.Provider
        value={{ active: true, role: 'family', inControl: false, view, publish: () => undefined }}
      >
        <ReportView tab="cashflow" />
      </MeetingContext.Provider>,
    );
    await act(async () => {});
    expect(screen.getByTestId('year-focus').textContent).toBe('Year in focus: 2027');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const rows = within(screen.getByRole('region', { name: 'Cash flow by year' })).getAllByRole('row');
    expect(
      rows.map((r) => [
        r.querySelector('th')?.textContent,
        r.getAttribute('aria-current'),
        r.getAttribute('data-year-focus'),
      ]),
    ).toEqual([
      ['Year', null, null],
      ['2026', null, null],
      ['2027', 'true', 'true'],
    ]);
  });

  it('marks nothing outside a meeting', async () => {
    await open('cashflow');
    expect(screen.queryByTestId('year-focus')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(document.querySelectorAll('tr[aria-current]')).toHaveLength(0);
  });
});
