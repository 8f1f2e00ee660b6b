/** @jest-environment jsdom */
import { setSocketOpenerForTests } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';
import type { Job } from '../../shared/jobs/api';
import { doneJob, type FakeLiveSocket, fakeJob, fakeLiveSocket } from '../../shared/jobs/fake';
import { workingMembers } from './ScenarioPage';

const HH = '00000000-0000-4000-8000-0000000000c1';
const ME_ID = '00000000-0000-4000-8000-0000000000d1';
const INC = '00000000-0000-4000-8000-0000000000e1';
const EV = '00000000-0000-4000-8000-0000000000e2';
const CPF = '00000000-0000-4000-8000-0000000000a1';
const HOUSE = '00000000-0000-4000-8000-0000000000a2';
const LOCK = '00000000-0000-4000-8000-0000000000a3';
const EXP = '00000000-0000-4000-8000-0000000000e3';
const { calls } = stub;
stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
let events: Array<Record<string, unknown>> = [];
let locks: Array<Record<string, unknown>> = [];
let settings: Record<string, unknown> = {};

const household = {
  id: HH,
  name: 'Alex Tan',
  gender: 'male',
  age: 42,
  currency: 'SGD',
  marital_status: 'single',
  dependencies: [],
  children_count: 0,
  citizenship: 'citizen',
  members: [{ id: ME_ID, household_id: HH, name: 'Alex Tan', gender: 'male', relation: 'me', retirement_age: 65 }],
};
const years = (worth: number, payout: number) =>
  Array.from({ length: 5 }, (_, i) => ({
    year: 2026 + i,
    net_worth: worth + i,
    net_cash_flow: 1000,
    insurance_payouts: i === 2 ? payout : 0,
    asset_sales: 0,
    shortfall: 0,
  }));
const result = {
  currency: 'SGD',
  base: { money_runs_out_year: null, final_net_worth: 900000, years: years(800000, 0), sold: [] },
  scenario: { money_runs_out_year: 2029, final_net_worth: 450000, years: years(400000, 500000), sold: [] },
  money_runs_out_year: 2029,
  monte_carlo: {
    trials: 10000,
    seed: 42,
    assumptions: {},
    probability_never_runs_out: 0.8734,
    bands: Array.from({ length: 5 }, (_, i) => ({
      year: 2026 + i,
      percentiles: { p10: 100000 + i, p25: 200000, p50: 300000, p75: 400000, p90: 512345 },
    })),
  },
};
const MC_JOB = '00000000-0000-4000-8000-0000000000f1';
/** What POST monte-carlo-jobs answers (default: a job already done, its result one GET away). */
let mcReply: () => Job = () => doneJob({ id: MC_JOB, household_id: HH });
let live: FakeLiveSocket;
const page = (rows: unknown[]) => ({ rows, total: rows.length, page: 1, page_size: 200 });

/** The API as these tests need it (every call is recorded in `calls`). */
function serve(c: StubCall): unknown {
  const { path } = c;
  const body = c.body as Record<string, unknown>;
  if (c.method === 'GET') {
    if (path.startsWith('single-lead/')) return household;
    if (path === `customer/${HH}/monte-carlo-jobs/${MC_JOB}/result`) return result;
    if (path.endsWith('/member-income'))
      return page([{ id: INC, lead_id: HH, member_id: ME_ID, kind: 'gross income', amount: 8000, currency: 'SGD' }]);
    if (path.endsWith('/life-uncertainty/cash-flow')) return page(events);
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
        debts: [{ id: HOUSE, type: 'property', name: 'Condo' }],
        totals: {},
      };
    if (path.endsWith('/scenario-sell-sequence')) return { lead_id: HH, asset_ids: [], updated_at: null };
    if (path.endsWith('/locked-assets')) return page(locks);
    if (path.endsWith('/scenario-settings'))
      return {
        lead_id: HH,
        retirement_age: {},
        income_change_percent: {},
        expense_change_percent: {},
        updated_at: null,
        ...settings,
      };
    return page([]);
  }
  if (c.method === 'POST') {
    if (path === 'customer/calculate/scenario-modelling') {
      // the scenario call without Monte Carlo answers without it (the probability comes from the job)
      const { monte_carlo, ...figures } = result;
      return (body.scenario as { monte_carlo?: unknown }).monte_carlo ? result : { ...figures, monte_carlo: null };
    }
    if (path === `customer/${HH}/monte-carlo-jobs`) return mcReply();
    if (path === `jobs/${MC_JOB}/cancel`) return fakeJob({ id: MC_JOB, household_id: HH, status: 'running' });
    if (path === 'customer/life-uncertainty/cash-flow')
      return { ...body, id: EV, position: 0, created_at: '', updated_at: '' };
    if (path === 'customer/locked-assets') return { ...body, id: LOCK, position: 0, created_at: '', updated_at: '' };
    if (path === 'customer/scenario-settings') return { ...body, updated_at: '2026-11-24T10:00:00Z' };
    if (path === 'customer/scenario-sell-sequence') return { lead_id: HH, asset_ids: body.asset_ids, updated_at: '' };
    return {};
  }
  if (c.method === 'PATCH') return {};
  if (c.method === 'DELETE') return { message: 'Deleted' };
  return undefined;
}
stub.handler = serve;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubs());

async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/customers/:customerId/*" element={<App />} />
        <Route path="/customer/dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByTestId('probability', {}, { timeout: 5000 });
}
const runs = () => calls.filter((c) => c.path === 'customer/calculate/scenario-modelling');
const mcRuns = () => calls.filter((c) => c.method === 'POST' && c.path === `customer/${HH}/monte-carlo-jobs`);
const ADVISOR = `/advisor/customers/${HH}/scenario-modelling`;

beforeEach(() => {
  calls.length = 0;
  events = [];
  locks = [];
  settings = {};
  stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
  mcReply = () => doneJob({ id: MC_JOB, household_id: HH });
  live = fakeLiveSocket();
});
afterEach(() => setSocketOpenerForTests(null));

describe('Scenario modelling tab', () => {
  it('shows the current plan and the scenario side by side with the probability of success', async () => {
    await renderAt(ADVISOR);
    // the figures from the scenario call without Monte Carlo; the Monte Carlo run as a job
    expect(runs()[0]?.body).toMatchObject({ household_id: HH });
    expect((runs()[0]?.body as { scenario?: object } | undefined)?.scenario).not.toHaveProperty('monte_carlo');
    expect(mcRuns()[0]?.body).toMatchObject({
      household_id: HH,
      scenario: { monte_carlo: { enabled: true, trials: 10000 } },
    });
    const base = screen.getByRole('region', { name: 'Current plan' });
    const scen = screen.getByRole('region', { name: 'Scenario' });
    expect(within(base).getByText('Beyond 2030')).toBeInstanceOf(Element);
    expect(within(scen).getByText('Runs out in 2029')).toBeInstanceOf(Element);
    expect(within(scen).getByText('500,000')).toBeInstanceOf(Element); // insurance payouts, ms-MY grouping
    expect(screen.getByTestId('probability').textContent).toBe('87.3%');
    // the fan chart has a text alternative and a legend not relying on colour; the table view has the figures
    expect(screen.getByRole('img', { name: /median 300,000 in 2030/ })).toBeInstanceOf(Element);
    expect(screen.getByText('Hatched band: 10th to 90th percentile')).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const pct = screen.getByRole('region', { name: 'Percentiles by year' });
    expect(within(pct).getAllByText('512,345', { selector: 'td' })).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('runs a scenario retiring earlier with income and expense changes and a stored death event', async () => {
    await renderAt(ADVISOR);
    // "As planned" names the member's retirement age, the one the plan uses (issue 31 observation 6)
    expect(screen.getByLabelText('Retirement age of Alex Tan').getAttribute('placeholder')).toBe('As planned: 65');
    fireEvent.change(screen.getByLabelText('Retirement age of Alex Tan'), { target: { value: '55' } });
    fireEvent.change(screen.getByLabelText(/Gross income of Alex Tan/), { target: { value: '-20' } });
    fireEvent.change(screen.getByLabelText('Food expense, change in %'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: ME_ID } });
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'death' } });
    fireEvent.change(screen.getByLabelText('Event year'), { target: { value: '2031' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add event' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: 'customer/life-uncertainty/cash-flow',
        body: { lead_id: HH, member_id: ME_ID, event: 'death', year: 2031, currency: 'SGD' },
      }),
    );
    expect(await screen.findByText('Death of Alex Tan in 2031')).toBeInstanceOf(Element);
    // the new event runs the scenario again: Run scenario is back once that run's figures are in
    fireEvent.click(await screen.findByRole('button', { name: 'Run scenario' }));
    const scenario = {
      overrides: { retirement_age: { [ME_ID]: 55 }, income_change_percent: { [INC]: -20 } },
      events: [{ member_id: ME_ID, type: 'death', year: 2031 }],
    };
    await waitFor(() =>
      expect(runs().at(-1)?.body).toEqual({ household_id: HH, scenario, expense_change_percent: { [EXP]: 15 } }),
    );
    expect(mcRuns().at(-1)?.body).toEqual({
      household_id: HH,
      scenario: { ...scenario, monte_carlo: { enabled: true, trials: 10000 } },
      expense_change_percent: { [EXP]: 15 },
    });
  });

  it('orders the assets to sell and locks one, stored for the household', async () => {
    await renderAt(ADVISOR);
    const order = screen.getByRole('list', { name: 'Sell order' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual(['Pension: CPF', 'Property: Condo']);
    // compact arrow buttons named for the asset, not a long link-like sentence per asset (issue 30 item 12)
    const up = screen.getByRole('button', { name: 'Move Property: Condo up' });
    expect([up.textContent, up.getAttribute('title')]).toEqual(['↑', 'Move up']);
    expect(screen.getByRole('button', { name: 'Move Pension: CPF down' }).textContent).toBe('↓');
    fireEvent.click(up);
    fireEvent.click(screen.getByRole('button', { name: 'Save sell order' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: 'customer/scenario-sell-sequence',
        body: { lead_id: HH, asset_ids: [HOUSE, CPF] },
      }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lock Pension: CPF' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: 'customer/locked-assets',
        body: { lead_id: HH, asset_id: CPF, label: 'Pension: CPF' },
      }),
    );
    expect(await screen.findByText(/Pension: CPF \(locked: never sold\)/)).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lock Pension: CPF' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: `customer/locked-assets/${LOCK}` }));
  });

  it('shows the customer the stored inputs and the results read-only', async () => {
    stub.user = { id: 'c1', type: 'customer', name: 'Alex' };
    events = [{ id: EV, lead_id: HH, member_id: ME_ID, event: 'disability', year: 2030, currency: 'SGD' }];
    locks = [{ id: LOCK, lead_id: HH, asset_id: CPF, label: 'Pension: CPF' }];
    await renderAt('/customer/dashboard/scenario-modelling');
    expect(screen.getByText('Disability of Alex Tan in 2030')).toBeInstanceOf(Element);
    expect(screen.getByText(/Pension: CPF \(locked: never sold\)/)).toBeInstanceOf(Element);
    expect(runs()[0]?.body).toMatchObject({
      scenario: { events: [{ member_id: ME_ID, type: 'disability', year: 2030 }] },
    });
    expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).matches(':disabled')).toBe(true);
    for (const name of ['Run scenario', 'Save scenario', 'Add event', 'Remove event', 'Save sell order', /Move/])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Lock/ })).toBeNull();
    expect(screen.getByTestId('probability').textContent).toBe('87.3%');
  });

  it('saves the scenario for the household, and the customer then sees the saved changes and their result', async () => {
    await renderAt(ADVISOR);
    expect(screen.getByText('Not saved: your customer sees the scenario once you save it.')).toBeInstanceOf(Element);
    fireEvent.change(screen.getByLabelText('Retirement age of Alex Tan'), { target: { value: '58' } });
    fireEvent.change(screen.getByLabelText('Food expense, change in %'), { target: { value: '-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save scenario' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: 'customer/scenario-settings',
        body: {
          lead_id: HH,
          retirement_age: { [ME_ID]: 58 },
          income_change_percent: {},
          expense_change_percent: { [EXP]: -10 },
          trials: 10000,
        },
      }),
    );
    expect(await screen.findByText(/^Scenario saved /)).toBeInstanceOf(Element);

    // the customer's screen starts from what was saved, read-only, and runs it
    calls.length = 0;
    settings = { retirement_age: { [ME_ID]: 58 }, expense_change_percent: { [EXP]: -10 }, trials: 2000 };
    stub.user = { id: 'c1', type: 'customer', name: 'Alex' };
    document.body.innerHTML = '';
    await renderAt('/customer/dashboard/scenario-modelling');
    expect((screen.getByLabelText('Retirement age of Alex Tan') as HTMLInputElement).value).toBe('58');
    expect(runs()[0]?.body).toEqual({
      household_id: HH,
      scenario: { overrides: { retirement_age: { [ME_ID]: 58 } }, events: [] },
      expense_change_percent: { [EXP]: -10 },
    });
    expect(mcRuns()[0]?.body).toMatchObject({ scenario: { monte_carlo: { enabled: true, trials: 2000 } } });
  });

  it("shows the Monte Carlo job's progress from the live socket, cancels it, runs it again and shows the probability", async () => {
    mcReply = () => fakeJob({ id: MC_JOB, household_id: HH });
    render(
      <MemoryRouter initialEntries={[ADVISOR]}>
        <Routes>
          <Route path="/advisor/customers/:customerId/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    // the figures come at once; the probability's place shows the job's progress, in words
    expect(await screen.findByRole('region', { name: 'Scenario' })).toBeInstanceOf(Element);
    const bar = await screen.findByRole('progressbar', { name: 'Monte Carlo progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Queued: 2 ahead');
    expect(screen.queryByTestId('probability')).toBeNull();
    act(() =>
      live.progress(
        fakeJob({
          id: MC_JOB,
          household_id: HH,
          status: 'running',
          progress: 40,
          ahead: null,
          stage: 'Running 4,000 of 10,000 trials',
        }),
      ),
    );
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('Running 4,000 of 10,000 trials');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: `jobs/${MC_JOB}/cancel`, body: {} }));
    expect(await screen.findByText('Monte Carlo cancelled.')).toBeInstanceOf(Element);
    expect(screen.queryByRole('progressbar', { name: 'Monte Carlo progress' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(mcRuns()).toHaveLength(2));
    expect(mcRuns()[1]?.body).toEqual(mcRuns()[0]?.body);
    await screen.findByRole('progressbar', { name: 'Monte Carlo progress' });
    act(() => live.progress(doneJob({ id: MC_JOB, household_id: HH })));
    expect((await screen.findByTestId('probability')).textContent).toBe('87.3%');
    expect(screen.queryByRole('progressbar', { name: 'Monte Carlo progress' })).toBeNull();
  });
});

describe('issue 31 (9): who is asked for a retirement age', () => {
  const m = (id: string, relation: string, age?: number) => ({ id, relation, ...(age === undefined ? {} : { age }) });
  it('me and spouse, and other family with an income, never a member below working age', () => {
    const list = [
      m('me', 'me', 42),
      m('sp', 'spouse', 40),
      m('kid', 'all', 8),
      m('ma', 'all', 70),
      m('aunt', 'all', 50),
    ];
    expect(workingMembers(list, [{ member_id: 'ma' }, { member_id: 'kid' }]).map((x) => x.id)).toEqual([
      'me',
      'sp',
      'ma',
    ]);
  });

  it('the scenario screen does not ask an 8-year-old', async () => {
    const kept = household.members;
    household.members = [
      ...kept,
      {
        id: '00000000-0000-4000-8000-0000000000d3',
        household_id: HH,
        name: 'Kai Tan',
        gender: 'male',
        relation: 'all',
        age: 8,
      } as unknown as (typeof kept)[number],
    ];
    try {
      await renderAt(ADVISOR);
      expect(screen.getByLabelText('Retirement age of Alex Tan')).toBeInstanceOf(HTMLInputElement);
      expect(screen.queryByLabelText('Retirement age of Kai Tan')).toBeNull();
    } finally {
      household.members = kept;
    }
  });

  it('opens how the probability of success was reached from the tree the reply carries (issue 34)', async () => {
    const mc = result.monte_carlo as Record<string, unknown>;
    mc.probability_explanation = {
      root: 'mc:probability',
      nodes: [
        {
          id: 'mc:probability',
          label: 'Probability the money never runs out',
          value: 0.8734,
          unit: 'factor',
          kind: 'figure',
          rule: [
            { value: 8734, unit: 'count' },
            ' of ',
            { value: 10000, unit: 'count' },
            ' trials never ran out of money',
          ],
          formula: { op: 'quotient' },
          parts: [
            {
              id: 'mc:seed',
              label: 'Seed of the trials',
              value: 42,
              unit: 'count',
              sign: 1,
              explainable: false,
              kind: 'assumption',
            },
          ],
          records: [],
          table: null,
        },
      ],
    };
    try {
      await renderAt(ADVISOR);
      const probability = within(screen.getByTestId('probability')).getByRole('button', { name: '87.3%' });
      fireEvent.click(probability);
      const dialog = await screen.findByRole('dialog', { name: 'Probability the money never runs out' });
      expect(within(dialog).getByTestId('explain-value').textContent).toBe('87.34%');
      expect(within(dialog).getByTestId('explain-rule').textContent).toBe(
        '8,734 of 10,000 trials never ran out of money',
      );
      expect(calls.filter((c) => c.path.endsWith('/explain'))).toEqual([]);
    } finally {
      delete mc.probability_explanation;
    }
  });
});
