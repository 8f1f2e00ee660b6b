/** @jest-environment jsdom */
import type { meetings } from '@kinfolio/contracts';
import { ApiError, setSocketOpenerForTests } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import { type MeetingApi, MeetingContext, NO_MEETING } from '../../shared/meeting/context';
import { seriousAxeProblems } from '../../shared/testing/axe';
import { doneJob, fakeLiveSocket } from '../../shared/jobs/fake';
import ScenarioPage from './ScenarioPage';

/**
 * Issue 36 on the Scenario page: named scenarios (the advisor's writes and their bodies, the customer's read-only
 * view with the recommended plan first), comparing two, a property's selling year, and the meeting's live what-if
 * (the presenter publishes and stores nothing; the family applies the view's what-if and runs it; a stale run's
 * reply is dropped). The page is rendered alone with a fake household and, for the meeting, a fake MeetingContext.
 */
const HH = '00000000-0000-4000-8000-0000000000c1';
const ME_ID = '00000000-0000-4000-8000-0000000000d1';
const INC = '00000000-0000-4000-8000-0000000000e1';
const CPF = '00000000-0000-4000-8000-0000000000a1';
const HOUSE = '00000000-0000-4000-8000-0000000000a2';
const EXP = '00000000-0000-4000-8000-0000000000e3';
const N1 = '00000000-0000-4000-8000-0000000000f1';
const N2 = '00000000-0000-4000-8000-0000000000f2';
const N3 = '00000000-0000-4000-8000-0000000000f3';
const { calls } = stub;

const mockHousehold = {
  household: {
    id: HH,
    name: 'Alex Tan',
    currency: 'SGD',
    members: [{ id: ME_ID, household_id: HH, name: 'Alex Tan', relation: 'me', retirement_age: 65 }],
  },
  readOnly: false,
  version: 0,
};
jest.mock('../../shared/household/context', () => ({ useHousehold: () => mockHousehold }));
jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubs());
jest.mock('../../shared/exports/ExportMenu', () => ({ ExportMenu: () => null }));

const inputs = (o: Record<string, unknown> = {}) => ({
  retirement_age: {},
  income_change_percent: {},
  expense_change_percent: {},
  property_sale_year: {},
  ...o,
});
const named = (id: string, name: string, o: Record<string, unknown> = {}) => ({
  id,
  lead_id: HH,
  name,
  description: null,
  inputs: inputs(),
  shared: false,
  recommended: false,
  created_at: '2026-11-20T02:00:00Z',
  updated_at: '2026-11-21T02:00:00Z',
  ...o,
});
const years = (worth: number) =>
  Array.from({ length: 5 }, (_, i) => ({
    year: 2026 + i,
    net_worth: worth + i * 1000,
    net_cash_flow: 1000,
    insurance_payouts: 0,
    asset_sales: 0,
    shortfall: 0,
  }));
const summary = (worth: number, out: number | null) => ({
  money_runs_out_year: out,
  final_net_worth: worth + 4000,
  years: years(worth),
  sold: [],
});
const mcOf = (p: number) => ({
  trials: 2000,
  seed: 42,
  assumptions: {},
  probability_never_runs_out: p,
  bands: Array.from({ length: 5 }, (_, i) => ({
    year: 2026 + i,
    percentiles: { p10: 1, p25: 2, p50: 3, p75: 4, p90: 5 },
  })),
});
const reply = (worth: number, out: number | null, p: number | null) => ({
  currency: 'SGD',
  base: summary(800000, null),
  scenario: summary(worth, out),
  money_runs_out_year: out,
  tables: {},
  monte_carlo: p === null ? null : mcOf(p),
});
let list: Array<ReturnType<typeof named>> = [];
/** The scenario run's answer (by default: deterministic 600,000; with Monte Carlo 91.2%). */
let runReply: (body: Record<string, unknown>) => unknown = () => undefined;
const page = (rows: unknown[]) => ({ rows, total: rows.length, page: 1, page_size: 200 });

/** The bodies of the Monte Carlo jobs made, by job id. */
const mcBodies = new Map<string, Record<string, unknown>>();
/** The scenario call's answer to `body` (with Monte Carlo: the job's result). */
function answer(body: Record<string, unknown>): unknown {
  const custom = runReply(body);
  if (custom !== undefined) return custom;
  const mc = (body.scenario as { monte_carlo?: unknown }).monte_carlo;
  return reply(600000, null, mc ? 0.912 : null);
}

function serve(c: StubCall): unknown {
  const { path } = c;
  const body = (c.body ?? {}) as Record<string, unknown>;
  if (c.method === 'GET') {
    if (path.endsWith('/member-income'))
      return page([{ id: INC, lead_id: HH, member_id: ME_ID, kind: 'gross income', amount: 8000, currency: 'SGD' }]);
    if (path.endsWith('/member-expense'))
      return page([{ id: EXP, lead_id: HH, category: 'food', amount: 900, currency: 'SGD' }]);
    if (path.endsWith('/balance-sheet'))
      return {
        lead_id: HH,
        currency: 'SGD',
        view: null,
        saving_funds: [],
        pensions: [{ id: CPF, type: 'CPF-OA', name: 'CPF' }],
        portfolio_funds: [],
        debts: [{ id: HOUSE, type: 'property', name: 'Condo', future_selling_year: 2040 }],
        totals: {},
      };
    if (path.endsWith('/scenario-sell-sequence')) return { lead_id: HH, asset_ids: [], updated_at: null };
    if (path.endsWith('/scenario-settings'))
      return {
        lead_id: HH,
        retirement_age: {},
        income_change_percent: {},
        expense_change_percent: {},
        updated_at: null,
      };
    if (path === `customer/${HH}/named-scenarios`) return list;
    // a Monte Carlo job's result: the scenario call's answer to the job's body
    const job = /^customer\/[^/]+\/monte-carlo-jobs\/([^/]+)\/result$/.exec(path)?.[1];
    if (job) return answer(mcBodies.get(job) ?? {});
    return page([]);
  }
  if (c.method === 'POST') {
    if (path === 'customer/calculate/scenario-modelling') return answer(body);
    // the Monte Carlo runs as a job (issue 37): done at once here, its result one GET away
    if (path === `customer/${HH}/monte-carlo-jobs`) {
      const id = `00000000-0000-4000-8000-${String(mcBodies.size + 1).padStart(12, '0')}`;
      mcBodies.set(id, body);
      return doneJob({ id, household_id: HH });
    }
    if (path === `customer/${HH}/named-scenarios`)
      return named(N3, String(body.name), { inputs: body.inputs, updated_at: '2026-11-28T02:00:00Z' });
    if (path === `customer/${HH}/named-scenarios/compare`)
      return {
        a: { ref: body.a, name: 'Working scenario', inputs: inputs(), result: reply(500000, 2031, 0.64) },
        b: { ref: body.b, name: 'Retire at 60', inputs: inputs(), result: reply(700000, null, 0.875) },
      };
    return {};
  }
  if (c.method === 'PATCH') {
    const id = path.split('/').pop() as string;
    // the server's copy changes (a recommended one unmarks the others)
    list = list.map((s) =>
      s.id === id
        ? { ...s, ...body, updated_at: '2026-11-28T03:00:00Z' }
        : body.recommended
          ? { ...s, recommended: false }
          : s,
    );
    return list.find((s) => s.id === id);
  }
  if (c.method === 'DELETE') return { message: 'Deleted' };
  return undefined;
}

const isMcJob = (c: StubCall) => c.method === 'POST' && c.path === `customer/${HH}/monte-carlo-jobs`;
/** The scenario runs in the order made: the scenario calls and the Monte Carlo jobs. */
const runs = () => calls.filter((c) => c.path === 'customer/calculate/scenario-modelling' || isMcJob(c));
const writes = () =>
  calls.filter(
    (c) =>
      c.method !== 'GET' &&
      c.path !== 'customer/calculate/scenario-modelling' &&
      !isMcJob(c) &&
      !/^jobs\/[^/]+\/cancel$/.test(c.path) &&
      !c.path.endsWith('/named-scenarios/compare'),
  );

function meetingOf(o: Partial<MeetingApi> & { scenario?: meetings.MeetingScenario | null }): MeetingApi {
  const view = {
    path: 'scenario-modelling',
    search: '',
    year: null,
    highlight: null,
    explain: null,
    scenario: o.scenario ?? null,
  } as meetings.MeetingView;
  return { active: true, role: 'advisor', inControl: true, view, publish: jest.fn(), ...o };
}
const wrap = (m: MeetingApi, node: ReactNode) => (
  <MemoryRouter>
    <MeetingContext.Provider value={m}>{node}</MeetingContext.Provider>
  </MemoryRouter>
);
async function renderPage(m: MeetingApi = NO_MEETING) {
  const r = render(wrap(m, <ScenarioPage />));
  await screen.findByRole('heading', { name: 'Named scenarios' });
  return r;
}

beforeEach(() => {
  calls.length = 0;
  mcBodies.clear();
  fakeLiveSocket();
  stub.handler = serve;
  mockHousehold.readOnly = false;
  runReply = () => undefined;
  list = [
    named(N1, 'Retire at 60', { inputs: inputs({ retirement_age: { [ME_ID]: 60 } }), shared: true }),
    named(N2, 'Sell the condo in 2035', {
      inputs: inputs({ property_sale_year: { [HOUSE]: 2035 }, sell_sequence: [HOUSE, CPF], locked_assets: [CPF] }),
      recommended: true,
    }),
  ];
});
afterEach(() => {
  jest.useRealTimers();
  setSocketOpenerForTests(null);
});

const item = (name: string) =>
  screen.getAllByRole('listitem').find((li) => li.querySelector('.name')?.textContent === name) as HTMLElement;

describe('named scenarios (advisor)', () => {
  it('lists them with their badges and date, and saves the page inputs under a name', async () => {
    await renderPage();
    const rec = item('Sell the condo in 2035');
    expect(within(rec).getByText('Recommended').textContent).toBe('Recommended');
    expect(within(item('Retire at 60')).getByText('Shared with customer').textContent).toBe('Shared with customer');
    expect(within(item('Retire at 60')).queryByText('Recommended')).toBeNull();
    expect(within(rec).getByText(/^Updated /).textContent).toMatch(/2026/);

    // a name is needed: nothing is posted without one
    fireEvent.click(screen.getByRole('button', { name: 'Save as named scenario' }));
    expect(await screen.findByText('Enter a name')).toBeInstanceOf(Element);
    expect(writes()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Retirement age of Alex Tan'), { target: { value: '58' } });
    fireEvent.change(screen.getByLabelText('Sell Condo in year'), { target: { value: '2033' } });
    fireEvent.change(screen.getByLabelText('Name of the scenario'), { target: { value: 'Early and sell' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as named scenario' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'POST',
          path: `customer/${HH}/named-scenarios`,
          body: {
            name: 'Early and sell',
            inputs: {
              retirement_age: { [ME_ID]: 58 },
              income_change_percent: {},
              expense_change_percent: {},
              property_sale_year: { [HOUSE]: 2033 },
              sell_sequence: [CPF, HOUSE],
              locked_assets: [],
              events: [],
              trials: 10000,
            },
          },
        },
      ]),
    );
    await waitFor(() => expect(item('Early and sell')).toBeInstanceOf(HTMLLIElement));
  });

  it('renames, marks recommended, shares and stops sharing, and deletes after a confirmation', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Retire at 60' }));
    fireEvent.change(screen.getByLabelText('New name of Retire at 60'), { target: { value: 'Retire at 61' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(item('Retire at 61')).toBeInstanceOf(HTMLLIElement));
    fireEvent.click(screen.getByRole('button', { name: 'Mark Retire at 61 as recommended' }));
    // the recommended badge moves: one recommended scenario at a time
    await waitFor(() => expect(within(item('Retire at 61')).getByText('Recommended').textContent).toBe('Recommended'));
    expect(within(item('Sell the condo in 2035')).queryByText('Recommended')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Share Sell the condo in 2035 with customer' }));
    await screen.findByRole('button', { name: 'Stop sharing Sell the condo in 2035' });
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing Retire at 61' }));
    await screen.findByRole('button', { name: 'Share Retire at 61 with customer' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sell the condo in 2035' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sell the condo in 2035?' });
    expect(writes().some((c) => c.method === 'DELETE')).toBe(false); // not before the confirmation
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Sell the condo in 2035')).toBeNull());
    expect(writes()).toEqual([
      { method: 'PATCH', path: `customer/${HH}/named-scenarios/${N1}`, body: { name: 'Retire at 61' } },
      { method: 'PATCH', path: `customer/${HH}/named-scenarios/${N1}`, body: { recommended: true } },
      { method: 'PATCH', path: `customer/${HH}/named-scenarios/${N2}`, body: { shared: true } },
      { method: 'PATCH', path: `customer/${HH}/named-scenarios/${N1}`, body: { shared: false } },
      { method: 'DELETE', path: `customer/${HH}/named-scenarios/${N2}` },
    ]);
  });

  it('says in words when a write fails and keeps the list', async () => {
    await renderPage();
    stub.handler = (c) => {
      if (c.method === 'PATCH') throw new ApiError(409, { message: 'The scenario could not be saved' });
      return serve(c);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Mark Retire at 60 as recommended' }));
    expect(await screen.findByText('The scenario could not be saved')).toBeInstanceOf(Element);
    expect(within(item('Sell the condo in 2035')).getByText('Recommended').textContent).toBe('Recommended');
  });

  it('opens one: its inputs on the page, run without saving (deterministic first, then the probability)', async () => {
    await renderPage();
    await screen.findByTestId('probability');
    calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Open Sell the condo in 2035' }));
    await waitFor(() => expect(screen.getByTestId('probability').textContent).toBe('91.2%'));
    expect((screen.getByLabelText('Sell Condo in year') as HTMLInputElement).value).toBe('2035');
    expect(screen.getByTestId('on-screen').textContent).toMatch(/^On screen: Sell the condo in 2035/);
    const bodies = runs().map((c) => c.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      household_id: HH,
      // "as planned" is posted as empty: a named scenario never takes the working scenario's changes
      scenario: {
        overrides: { retirement_age: {}, income_change_percent: {} },
        events: [],
        sell_sequence: [HOUSE, CPF],
        locked_assets: [CPF],
      },
      expense_change_percent: {},
      property_sale_year: { [HOUSE]: 2035 },
    });
    expect(bodies[1]).toMatchObject({ scenario: { monte_carlo: { enabled: true } } });
    expect(screen.getByText(/Pension: CPF \(locked: never sold\)/).textContent).toBe(
      'Pension: CPF (locked: never sold)',
    );
    // locking in an open named scenario is the page's own: nothing stored for the household
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lock Pension: CPF' }));
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes to Sell the condo in 2035' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'PATCH',
          path: `customer/${HH}/named-scenarios/${N2}`,
          body: {
            inputs: expect.objectContaining({
              property_sale_year: { [HOUSE]: 2035 },
              sell_sequence: [HOUSE, CPF],
              locked_assets: [],
            }),
          },
        },
      ]),
    );
  });

  it('runs the working scenario with a property selling year', async () => {
    await renderPage();
    await screen.findByTestId('probability');
    expect((screen.getByLabelText('Sell Condo in year') as HTMLInputElement).placeholder).toBe('As recorded: 2040');
    fireEvent.change(screen.getByLabelText('Sell Condo in year'), { target: { value: '2030' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run scenario' }));
    await waitFor(() =>
      expect(runs().at(-1)?.body).toEqual({
        household_id: HH,
        scenario: { overrides: {}, events: [], monte_carlo: { enabled: true, trials: 10000 } },
        property_sale_year: { [HOUSE]: 2030 },
      }),
    );
  });
});

describe('comparing two scenarios', () => {
  it('shows both sides: when money runs out, final net worth, probability, a chart and a table', async () => {
    await renderPage();
    const form = screen.getByRole('form', { name: 'Compare scenarios' });
    fireEvent.change(within(form).getByLabelText('First scenario'), { target: { value: 'working' } });
    fireEvent.change(within(form).getByLabelText('Second scenario'), { target: { value: N1 } });
    fireEvent.click(within(form).getByRole('button', { name: 'Compare' }));
    const a = await screen.findByRole('region', { name: 'Working scenario' });
    const b = screen.getByRole('region', { name: 'Retire at 60' });
    expect(calls.find((c) => c.path.endsWith('/compare'))?.body).toEqual({ a: 'working', b: N1, monte_carlo: {} });
    const figures = (r: HTMLElement) =>
      within(r)
        .getAllByRole('definition')
        .map((d) => d.textContent);
    expect(figures(a)).toEqual(['2031', '504,000', '64%']);
    expect(figures(b)).toEqual(['Never', '704,000', '87.5%']);
    expect(
      screen.getByRole('img', {
        name: 'Net worth of both scenarios, SGD: Current plan 804,000 in 2030; Working scenario 504,000 in 2030; Retire at 60 704,000 in 2030',
      }),
    ).toBeInstanceOf(Element);
    fireEvent.click(within(a.parentElement?.parentElement as HTMLElement).getByRole('button', { name: 'Table' }));
    const table = screen.getByRole('region', { name: 'Net worth of both scenarios by year' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Year', 'Current plan', 'Working scenario', 'Retire at 60']);
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('2026800,000500,000700,000');
  });

  it('refuses the same scenario twice in words, without a call', async () => {
    await renderPage();
    const form = screen.getByRole('form', { name: 'Compare scenarios' });
    fireEvent.change(within(form).getByLabelText('First scenario'), { target: { value: N1 } });
    fireEvent.change(within(form).getByLabelText('Second scenario'), { target: { value: N1 } });
    fireEvent.click(within(form).getByRole('button', { name: 'Compare' }));
    expect(await screen.findByText('Choose two different scenarios')).toBeInstanceOf(Element);
    expect(calls.filter((c) => c.path.endsWith('/compare'))).toEqual([]);
  });
});

describe('the customer', () => {
  it('sees the recommended plan first with its figures, the shared ones, and no write control', async () => {
    mockHousehold.readOnly = true;
    await renderPage();
    const card = await screen.findByRole('heading', { name: 'Recommended plan: Sell the condo in 2035' });
    const rec = await screen.findByRole('region', { name: 'Recommended plan' });
    await waitFor(() =>
      expect(
        within(rec)
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual(['Never', '604,000', '91.2%']),
    );
    expect(card.compareDocumentPosition(screen.getByRole('heading', { name: 'Named scenarios' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const names = [...document.querySelectorAll('[aria-label="Named scenarios"] .name')].map((n) => n.textContent);
    expect(names).toEqual(['Sell the condo in 2035', 'Retire at 60']);
    for (const name of [
      /Rename/,
      /Mark .* as recommended/,
      /Share/,
      /Stop sharing/,
      /Delete/,
      'Save as named scenario',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByLabelText('Name of the scenario')).toBeNull();
    // the customer may compare the scenarios they see (not the working one)
    const form = screen.getByRole('form', { name: 'Compare scenarios' });
    expect(
      [...(within(form).getByLabelText('First scenario') as HTMLSelectElement).options].map((o) => o.text),
    ).toEqual(['Retire at 60', 'Sell the condo in 2035']);
    expect(writes()).toEqual([]);
  });
});

describe('a live what-if in a meeting', () => {
  it('the presenter publishes every change (debounced) and runs it, storing nothing', async () => {
    const m = meetingOf({});
    await renderPage(m);
    await screen.findByTestId('probability');
    const publish = m.publish as jest.Mock;
    publish.mockClear();
    calls.length = 0;
    fireEvent.change(screen.getByLabelText('Retirement age of Alex Tan'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Retirement age of Alex Tan'), { target: { value: '57' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lock Property: Condo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Property: Condo up' }));
    expect(screen.getByTestId('what-if').textContent).toBe('What if — not saved');
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1)); // one publish for the burst of changes
    const whatIf = {
      retirement_age: { [ME_ID]: 57 },
      income_change_percent: {},
      expense_change_percent: {},
      property_sale_year: {},
      sell_sequence: [HOUSE, CPF],
      locked_assets: [HOUSE],
      events: [],
      trials: 10000,
    };
    expect(publish).toHaveBeenCalledWith({
      scenario: { named_scenario_id: null, what_if: whatIf, compare_with: null },
    });
    await waitFor(() => expect(runs()).toHaveLength(2));
    expect(runs()[0]?.body).toMatchObject({
      scenario: { overrides: { retirement_age: { [ME_ID]: 57 } }, sell_sequence: [HOUSE, CPF], locked_assets: [HOUSE] },
    });
    expect(writes()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Save scenario' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save sell order' })).toBeNull();

    // Discard: every screen back to the stored inputs
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(publish).toHaveBeenLastCalledWith({
      scenario: { named_scenario_id: null, what_if: null, compare_with: null },
    });
    expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('what-if')).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('Keep stores the what-if as a named scenario and shows it on every screen', async () => {
    const m = meetingOf({});
    await renderPage(m);
    await screen.findByTestId('probability');
    fireEvent.change(screen.getByLabelText('Food expense, change in %'), { target: { value: '-5' } });
    await waitFor(() => expect(m.publish).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep this what-if' });
    fireEvent.change(within(dialog).getByLabelText('Name of the scenario'), { target: { value: 'Spend less' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() =>
      expect(m.publish).toHaveBeenLastCalledWith({
        scenario: { named_scenario_id: N3, what_if: null, compare_with: null },
      }),
    );
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: `customer/${HH}/named-scenarios`,
        body: { name: 'Spend less', inputs: expect.objectContaining({ expense_change_percent: { [EXP]: -5 } }) },
      },
    ]);
    expect(screen.getByTestId('on-screen').textContent).toMatch(/^On screen: Spend less/);
  });

  it("the family applies the view's what-if read-only, runs it, and drops a stale run's reply", async () => {
    mockHousehold.readOnly = true;
    const slow: Array<(v: unknown) => void> = [];
    runReply = (body) => {
      const { overrides } = body.scenario as { overrides: { retirement_age?: Record<string, number> } };
      const age = overrides.retirement_age?.[ME_ID];
      const mc = Boolean((body.scenario as { monte_carlo?: unknown }).monte_carlo);
      // the first view's runs answer late (after the second view's)
      if (age === 55) return new Promise((r) => slow.push(() => r(reply(111000, 2029, mc ? 0.1 : null))));
      return reply(age === 62 ? 622000 : 600000, null, mc ? 0.95 : null);
    };
    const first = meetingOf({
      role: 'family',
      inControl: false,
      scenario: { named_scenario_id: null, what_if: inputs({ retirement_age: { [ME_ID]: 55 } }), compare_with: null },
    });
    const r = await renderPage(first);
    await waitFor(() =>
      expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).value).toBe('55'),
    );
    expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(screen.getByTestId('what-if').textContent).toBe('What if — not saved');
    const second = meetingOf({
      role: 'family',
      inControl: false,
      scenario: { named_scenario_id: N1, what_if: inputs({ retirement_age: { [ME_ID]: 62 } }), compare_with: null },
    });
    r.rerender(wrap(second, <ScenarioPage />));
    await waitFor(() => expect(screen.getByTestId('probability').textContent).toBe('95%'));
    expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).value).toBe('62');
    // the first view's reply arrives now: dropped, the screen keeps the newer view's figures
    await act(async () => {
      for (const f of slow) f(undefined);
      await Promise.resolve();
    });
    expect(screen.getByTestId('probability').textContent).toBe('95%');
    expect(screen.getByRole('region', { name: 'Scenario' }).textContent).toContain('626,000');
    const bodies = runs().map((c) => (c.body as { scenario: { overrides: unknown } }).scenario.overrides);
    expect(bodies).toContainEqual({ retirement_age: { [ME_ID]: 62 }, income_change_percent: {} });
    expect(writes()).toEqual([]);
    expect(first.publish).not.toHaveBeenCalled();
    expect(second.publish).not.toHaveBeenCalled();

    // the advisor discards: the family is back on the named scenario as stored, no banner
    r.rerender(
      wrap(
        meetingOf({
          role: 'family',
          inControl: false,
          scenario: { named_scenario_id: N1, what_if: null, compare_with: null },
        }),
        <ScenarioPage />,
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('what-if')).toBeNull());
    expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).value).toBe('60');
    expect(screen.getByTestId('on-screen').textContent).toBe('On screen: Retire at 60');
  });

  it('a what-if kept into a scenario the family may not see stays on their screen, not run again', async () => {
    mockHousehold.readOnly = true;
    const view = (scenario: meetings.MeetingScenario) => meetingOf({ role: 'family', inControl: false, scenario });
    const r = await renderPage(
      view({ named_scenario_id: null, what_if: inputs({ retirement_age: { [ME_ID]: 55 } }), compare_with: null }),
    );
    await waitFor(() => expect(screen.getByTestId('probability').textContent).toBe('91.2%'));
    const before = runs().length;
    const lists = () => calls.filter((c) => c.method === 'GET' && c.path === `customer/${HH}/named-scenarios`).length;
    const listed = lists();
    r.rerender(wrap(view({ named_scenario_id: N3, what_if: null, compare_with: null }), <ScenarioPage />));
    await waitFor(() => expect(lists()).toBe(listed + 1)); // the list is read again: the scenario may be new
    await waitFor(() =>
      expect(screen.getByTestId('on-screen').textContent).toBe(
        "On screen: a scenario of your advisor's, not shared with you",
      ),
    );
    expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).value).toBe('55');
    expect(screen.queryByTestId('what-if')).toBeNull();
    expect(runs().length).toBe(before);
  });

  it('outside a meeting a change publishes nothing and the page works as before', async () => {
    const publish = jest.fn();
    await renderPage({ ...NO_MEETING, publish });
    await screen.findByTestId('probability');
    fireEvent.change(screen.getByLabelText('Retirement age of Alex Tan'), { target: { value: '57' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(publish).not.toHaveBeenCalled();
    expect(screen.queryByTestId('what-if')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save scenario' }).textContent).toBe('Save scenario');
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe problem on the named scenarios, the comparison and the recommended plan', async () => {
    await renderPage();
    const form = screen.getByRole('form', { name: 'Compare scenarios' });
    fireEvent.change(within(form).getByLabelText('Second scenario'), { target: { value: N1 } });
    fireEvent.click(within(form).getByRole('button', { name: 'Compare' }));
    await screen.findByRole('region', { name: 'Retire at 60' });
    const check = () => seriousAxeProblems();
    expect(await check()).toEqual([]);
    document.body.innerHTML = '';
    mockHousehold.readOnly = true;
    await renderPage();
    await screen.findByRole('region', { name: 'Recommended plan' });
    expect(await check()).toEqual([]);
  });
});

describe('the end of a meeting', () => {
  it('returns the page to the stored working scenario; a lock is then stored for the household again', async () => {
    const m = meetingOf({
      scenario: { named_scenario_id: null, what_if: inputs({ retirement_age: { [ME_ID]: 55 } }), compare_with: null },
    });
    const r = await renderPage(m);
    // the presenter reloaded mid-meeting: it lands on the meeting's what-if
    await waitFor(() =>
      expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).value).toBe('55'),
    );
    expect(screen.getByTestId('what-if').textContent).toBe('What if — not saved');
    expect(screen.queryByRole('button', { name: 'Save as named scenario' })).toBeNull();
    r.rerender(wrap(NO_MEETING, <ScenarioPage />));
    await waitFor(() =>
      expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).value).toBe(''),
    );
    expect(screen.queryByTestId('what-if')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lock Pension: CPF' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        { method: 'POST', path: 'customer/locked-assets', body: { lead_id: HH, asset_id: CPF, label: 'Pension: CPF' } },
      ]),
    );
  });
});
