/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError, setSocketOpenerForTests } = jest.requireActual(
  '@kinfolio/ui-kit',
) as typeof import('@kinfolio/ui-kit');

const id = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;
const T = '2026-01-01T00:00:00.000Z';
const named = (k: number, name: string) => ({ id: id(k), name, created_at: T, updated_at: T });
const fund = (k: number, name: string, over: Record<string, unknown> = {}) => ({
  id: id(k),
  code: `KF${k}`,
  name,
  company: 'Straits Capital',
  currency: 'SGD',
  risk_level: 'medium',
  price: 1.2345,
  price_date: '2026-01-02',
  asset_class: { equity: 60, bond: 30, others: 10 },
  updated_at: T,
  ...over,
});
const run = (over: Record<string, unknown> = {}) => ({
  id: id(900),
  state: 'done',
  trigger: 'demand',
  source: 'https://feed.example/funds.csv',
  total: 5003,
  done: 5003,
  created: 5000,
  updated: 0,
  unchanged: 0,
  failed: 0,
  failures: [],
  resumed: 0,
  error: null,
  started_at: T,
  finished_at: T,
  ...over,
});

let companies: Array<ReturnType<typeof named>>;
let banks: Array<ReturnType<typeof named>>;
let plans: Array<Record<string, unknown>>;
let funds: Array<ReturnType<typeof fund>>;
let statuses: unknown[];
/** The page's live socket, faked: the test sends `job:progress` as svc-support does to admins. */
let pushProgress: (msg: { job: unknown }) => void = () => undefined;
const importJob = (over: Record<string, unknown> = {}) => ({
  id: id(900),
  kind: 'fund_import',
  household_id: null,
  status: 'running',
  progress: 0,
  stage: 'Starting',
  ahead: null,
  created_at: T,
  started_at: T,
  finished_at: null,
  result_path: null,
  ...over,
});
let preview: unknown;

function serve(c: Call): unknown {
  const [path, query = ''] = c.path.split('?');
  const q = new URLSearchParams(query);
  if (c.method === 'GET' && path === 'admin/investment/company') return companies;
  if (c.method === 'GET' && path === 'admin/investment/bank') return banks;
  if (c.method === 'POST' && path === 'admin/investment/company') {
    const b = c.body as { name: string };
    if (companies.some((x) => x.name.toLowerCase() === b.name.toLowerCase()))
      throw new ApiError(400, {
        message: 'This company is already listed',
        errors: [{ name: ['This company is already listed'] }],
      });
    const row = named(50, b.name);
    companies.push(row);
    return row;
  }
  if (c.method === 'POST' && path === 'admin/investment/bank') {
    const row = named(60, (c.body as { name: string }).name);
    banks.push(row);
    return row;
  }
  const put = /^admin\/investment\/(company|bank)\/(.+)$/.exec(path ?? '');
  if (put && c.method === 'PUT') {
    const list = put[1] === 'company' ? companies : banks;
    const row = list.find((x) => x.id === put[2])!;
    row.name = (c.body as { name: string }).name;
    return row;
  }
  if (put && c.method === 'DELETE') {
    if (put[1] === 'company') companies = companies.filter((x) => x.id !== put[2]);
    else banks = banks.filter((x) => x.id !== put[2]);
    return undefined;
  }
  if (c.method === 'GET' && path === 'admin/investment/plan')
    return plans.filter((p) => !q.get('company_id') || p.company_id === q.get('company_id'));
  if (c.method === 'POST' && path === 'admin/investment/plan') {
    const b = c.body as { name: string; company_id: string; type: string };
    const row = {
      id: id(70),
      ...b,
      company_name: companies.find((x) => x.id === b.company_id)?.name,
      created_at: T,
      updated_at: T,
    };
    plans.push(row);
    return row;
  }
  if (c.method === 'GET' && path === 'admin/investment-funds') {
    const s = (q.get('search') ?? '').toLowerCase();
    const hits = funds.filter((f) => !s || f.name.toLowerCase().includes(s) || f.code.toLowerCase() === s);
    const page = Number(q.get('page') ?? 1);
    const size = Number(q.get('page_size') ?? 20);
    return { rows: hits.slice((page - 1) * size, page * size), total: hits.length, page, page_size: size };
  }
  const f = /^investment-funds\/(.+)$/.exec(path ?? '');
  if (f && c.method === 'PATCH') {
    const row = funds.find((x) => x.id === f[1])!;
    Object.assign(row, c.body);
    return row;
  }
  if (f && c.method === 'DELETE') {
    funds = funds.filter((x) => x.id !== f[1]);
    return undefined;
  }
  if (c.method === 'GET' && path === 'scraping-funds-status')
    return statuses.length > 1 ? statuses.shift() : statuses[0];
  if (c.method === 'GET' && path === 'scrap-all-funds') return statuses.length > 1 ? statuses.shift() : statuses[0];
  if (c.method === 'GET' && path === 'scrap-all-funds/preview') return preview;
  if (c.method === 'POST' && path === `jobs/${id(900)}/cancel`) {
    statuses = [{ configured: true, running: false, interval_ms: 0, run: run({ done: 2250, finished_at: T }) }];
    return importJob({ status: 'cancelled', progress: 45, stage: 'Cancelled' });
  }
  throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
}

beforeEach(() => {
  calls.length = 0;
  companies = [named(1, 'Kinfolio Asset Management'), named(2, 'Straits Capital')];
  banks = [named(11, 'DBS')];
  plans = [
    {
      id: id(21),
      name: 'Wealth Builder',
      company_id: id(2),
      company_name: 'Straits Capital',
      type: 'Unit trust',
      created_at: T,
      updated_at: T,
    },
  ];
  funds = Array.from({ length: 25 }, (_, k) => fund(100 + k, `Fund ${String(k + 1).padStart(2, '0')}`));
  statuses = [{ configured: true, running: false, interval_ms: 21_600_000, run: null }];
  preview = { configured: true, sample: false, source: 'https://feed.example/funds.csv', new_funds: null };
  stub.handler = serve;
  pushProgress = () => undefined;
  setSocketOpenerForTests(async () => ({
    on: (event: string, l: (msg: { job: unknown }) => void) => {
      if (event === 'job:progress') pushProgress = l;
    },
    disconnect: () => undefined,
  }));
});
afterEach(() => setSocketOpenerForTests(null));

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}
function open(path: string) {
  render(
    <MemoryRouter initialEntries={[`/admin-dashboard/${path}`]}>
      <Routes>
        <Route
          path="/admin-dashboard/*"
          element={
            <>
              <App />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}
const cells = (table: HTMLElement, col: number) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[col]?.textContent);

describe('admin Investment › Company and Bank', () => {
  it('lists companies in place of the later-release placeholder; adds one; a duplicate is named on the field', async () => {
    open('investment/company');
    expect(screen.getByRole('heading', { name: 'Investment Companies' })).toBeInstanceOf(Element);
    const table = await screen.findByRole('region', { name: 'Investment Companies' });
    expect(cells(table, 0)).toEqual(['Kinfolio Asset Management', 'Straits Capital']);

    fireEvent.click(screen.getByRole('button', { name: 'Add company' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add company' });
    fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'straits capital' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save company' }));
    });
    expect(within(dialog).getAllByText('This company is already listed').length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Merlion Investors' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save company' }));
    });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'straits capital' },
      { name: 'Merlion Investors' },
    ]);
    expect(screen.getByRole('status').textContent).toBe("Added the company 'Merlion Investors'.");
    expect(cells(screen.getByRole('region', { name: 'Investment Companies' }), 0)).toContain('Merlion Investors');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Straits Capital' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit company' });
    fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Straits Capital Partners' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save company' }));
    });
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `admin/investment/company/${id(2)}`,
      body: { name: 'Straits Capital Partners' },
    });
  });

  it('the bank page (and its bare alias) adds and deletes banks after a confirmation', async () => {
    open('bank');
    const table = await screen.findByRole('region', { name: 'Banks' });
    expect(cells(table, 0)).toEqual(['DBS']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete DBS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this bank?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `admin/investment/bank/${id(11)}`)).toBe(true);
    expect(await screen.findByText('No banks yet')).toBeInstanceOf(Element);
  });

  it('an unknown investment path leads to the company page', async () => {
    open('investment/elsewhere');
    expect(await screen.findByRole('heading', { name: 'Investment Companies' })).toBeInstanceOf(Element);
    expect(screen.getByTestId('where').textContent).toBe('/admin-dashboard/investment/company');
  });
});

describe('admin Investment › Investment Plans', () => {
  it('lists plans, filters by company and adds a plan with its company and type', async () => {
    open('investment/investment-plans');
    const table = await screen.findByRole('region', { name: 'Investment plans' });
    expect(cells(table, 0)).toEqual(['Wealth Builder']);
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: id(1) } });
    expect(await screen.findByText('No investment plans yet')).toBeInstanceOf(Element);
    expect(calls.some((c) => c.path === `admin/investment/plan?company_id=${id(1)}`)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add plan' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    });
    expect(within(dialog).getByText('Enter name')).toBeInstanceOf(Element);
    expect(within(dialog).getByText('Choose a plan type')).toBeInstanceOf(Element);
    fireEvent.change(within(dialog).getByLabelText('Plan name'), { target: { value: 'Global Saver' } });
    fireEvent.change(within(dialog).getByLabelText('Plan type'), { target: { value: 'Robo-advisor' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'admin/investment/plan',
      body: { name: 'Global Saver', company_id: id(1), type: 'Robo-advisor' },
    });
    expect(cells(await screen.findByRole('region', { name: 'Investment plans' }), 2)).toEqual(['Robo-advisor']);
  });
});

describe('admin Investment › Funds', () => {
  it('pages and searches the fund list', async () => {
    open('investment/funds');
    let table = await screen.findByRole('region', { name: 'Funds' });
    expect(cells(table, 0)).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2 · 25 funds')).toBeInstanceOf(Element);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    });
    table = await screen.findByRole('region', { name: 'Funds' });
    await waitFor(() =>
      expect(cells(screen.getByRole('region', { name: 'Funds' }), 0)).toEqual([
        'Fund 21',
        'Fund 22',
        'Fund 23',
        'Fund 24',
        'Fund 25',
      ]),
    );
    fireEvent.change(screen.getByLabelText('Search funds'), { target: { value: 'Fund 07' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    await waitFor(() => expect(cells(screen.getByRole('region', { name: 'Funds' }), 0)).toEqual(['Fund 07']));
    expect(calls.some((c) => c.path === 'admin/investment-funds?page=1&page_size=20&search=Fund+07')).toBe(true);
  });

  it("edits a fund's price and asset split; a split that does not total 100 is refused before any call", async () => {
    open('investment/funds');
    await screen.findByRole('region', { name: 'Funds' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Fund 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit fund' });
    fireEvent.change(within(dialog).getByLabelText('Price(Optional)'), { target: { value: '1.5' } });
    fireEvent.change(within(dialog).getByLabelText('Equity %'), { target: { value: '70' } });
    expect(within(dialog).getByText('Total: 110%')).toBeInstanceOf(Element);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save fund' }));
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Equity, bond and others total 110; they must total 100',
    );
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Bond %'), { target: { value: '20' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save fund' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `investment-funds/${id(100)}`,
      body: {
        name: 'Fund 01',
        company: 'Straits Capital',
        currency: 'SGD',
        risk_level: 'medium',
        price: 1.5,
        price_date: '2026-01-02',
        asset_class: { equity: 70, bond: 20, others: 10 },
      },
    });
    expect(screen.getByRole('status').textContent).toBe("Saved the fund 'Fund 01'.");
  });

  it('deletes a fund after a confirmation that says holdings keep it', async () => {
    open('funds');
    await screen.findByRole('region', { name: 'Funds' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Fund 02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this fund?' });
    expect(within(dialog).getByText(/holdings that name it keep their name and figures/)).toBeInstanceOf(Element);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `investment-funds/${id(101)}`)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Fund 02' })).toBeNull());
  });

  it('"Import prices" starts the import, shows its progress bar, then the outcome with the funds that failed', async () => {
    const failures = [
      { code: 'BAD1', name: 'Broken Price Fund', field: 'price', message: "Not a valid price: 'abc'" },
      { code: 'BAD2', name: 'Unknown Currency Fund', field: 'currency', message: "Unknown currency 'XYZ'" },
    ];
    open('investment/funds');
    expect(await screen.findByText('No price import has run yet.')).toBeInstanceOf(Element);
    statuses = [
      {
        configured: true,
        running: true,
        interval_ms: 0,
        run: run({ state: 'running', done: 1500, finished_at: null }),
      },
      {
        configured: true,
        running: true,
        interval_ms: 0,
        run: run({ state: 'running', done: 3000, finished_at: null }),
      },
      { configured: true, running: false, interval_ms: 0, run: run({ failed: 2, failures, created: 5001 }) },
    ];
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import prices' }));
    });
    // it asks first, naming the feed (issue 31 item 8)
    const ask = await screen.findByRole('dialog', { name: 'Import prices?' });
    expect(ask.textContent).toContain('Prices are read from https://feed.example/funds.csv.');
    expect(calls.some((c) => c.path === 'scrap-all-funds')).toBe(false);
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Import prices' }));
    });
    expect(calls.some((c) => c.path === 'scrap-all-funds')).toBe(true);
    const bar = screen.getByRole('progressbar', { name: 'Price import progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1500, 5003]);
    expect(screen.getByText(/1,500 of 5,003 funds/)).toBeInstanceOf(Element);
    expect((screen.getByRole('button', { name: 'Import prices' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByText(/3,000 of 5,003 funds/)).toBeInstanceOf(Element), { timeout: 3000 });
    const failed = await screen.findByRole('region', { name: 'Funds that failed to import' }, { timeout: 3000 });
    expect(cells(failed, 3)).toEqual(["Not a valid price: 'abc'", "Unknown currency 'XYZ'"]);
    expect(screen.getByText(/5,003 funds read, 5,001 added, 0 updated, 0 unchanged, 2 failed/)).toBeInstanceOf(Element);
    // the fund list is read again once the run ends
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('admin/investment-funds')).length).toBe(2));
  });

  it('issue 31 item 8: the sample feed is named as one and asks before it adds, saying how many funds; Cancel adds nothing; sample funds are marked in the list', async () => {
    statuses = [{ configured: true, sample: true, running: false, interval_ms: 0, run: null }];
    preview = { configured: true, sample: true, source: 'bundled sample feed (5,000 funds)', new_funds: 5000 };
    funds[0] = { ...funds[0], sample: true } as (typeof funds)[number];
    open('investment/funds');
    expect(await screen.findByRole('heading', { name: 'Sample prices' })).toBeInstanceOf(Element);
    expect(screen.getByText(/this installation has a sample feed of made-up funds/)).toBeInstanceOf(Element);
    expect(await screen.findByText(`${funds[0]?.name} (sample)`)).toBeInstanceOf(Element);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import sample prices' }));
    });
    let dialog = await screen.findByRole('dialog', { name: 'Add 5,000 sample funds?' });
    expect(dialog.textContent).toContain(
      '5,000 made-up funds from the sample feed will be added to the list advisors pick from, marked "Sample fund", and their fund houses to Investment › Company.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'scrap-all-funds')).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import sample prices' }));
    });
    dialog = await screen.findByRole('dialog', { name: 'Add 5,000 sample funds?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add 5,000 sample funds' }));
    });
    expect(calls.filter((c) => c.path === 'scrap-all-funds')).toHaveLength(1);
  });

  it('issue 37: the import shows its progress from job:progress live and is cancelled with Cancel', async () => {
    open('investment/funds');
    expect(await screen.findByText('No price import has run yet.')).toBeInstanceOf(Element);
    statuses = [
      { configured: true, running: true, interval_ms: 0, run: run({ state: 'running', done: 0, finished_at: null }) },
    ];
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Import prices' }));
    });
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Import prices' }));
    });
    // another kind of job (an advisor's, had it come) changes nothing here
    act(() => pushProgress({ job: importJob({ kind: 'monte_carlo', progress: 90, stage: 'Running' }) }));
    act(() => pushProgress({ job: importJob({ progress: 45, stage: 'Importing 2,250 of 5,003 funds' }) }));
    const bar = screen.getByRole('progressbar', { name: 'Price import progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([45, 100]);
    expect(bar.getAttribute('aria-valuetext')).toBe('Importing 2,250 of 5,003 funds');
    expect(screen.getByText('Importing 2,250 of 5,003 funds')).toBeInstanceOf(Element);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === `jobs/${id(900)}/cancel`)).toBe(true);
    expect(await screen.findByText('The price import was cancelled.')).toBeInstanceOf(Element);
    expect(screen.queryByRole('progressbar', { name: 'Price import progress' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Import prices' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when no price feed is configured', async () => {
    statuses = [{ configured: false, running: false, interval_ms: 0, run: null }];
    open('investment/funds');
    expect(await screen.findByText('No price feed is configured for this installation.')).toBeInstanceOf(Element);
    expect((screen.getByRole('button', { name: 'Import prices' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
