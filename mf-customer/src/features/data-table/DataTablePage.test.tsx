/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';
import { ROW_HEIGHT } from './DataTablePage';

const HH = '00000000-0000-4000-8000-0000000000c1';
const ME_ID = '00000000-0000-4000-8000-0000000000d1';
const F1 = '00000000-0000-4000-8000-0000000000f1';
const { calls } = stub;
stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
let filters: Array<Record<string, unknown>> = [];

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
  members: [{ id: ME_ID, household_id: HH, name: 'Alex Tan', gender: 'male', relation: 'me', holding_pr: false }],
};
/** 60 years of rows: more than the scroll box shows, so the body is windowed. */
const row = (i: number) => ({
  year: 2026 + i,
  ages: { [ME_ID]: 42 + i },
  income: 120000 + i,
  tax: 8000,
  employee_contribution: 0,
  expenses: 60000,
  premiums: 0,
  loan_repayments: 0,
  goals: 0,
  investment_contributions: 0,
  insurance_payouts: 0,
  pension_payouts: 0,
  property_sales: 0,
  asset_sales: 0,
  net_cash_flow: 52000,
  assets: { cash: 1000, investments: 0, pensions: 0, properties: 0, insurance: 0 },
  liabilities: { loans: 0, shortfall: 0 },
  total_assets: 1000 * i,
  total_liabilities: 0,
  net_worth: 1234567 + i,
});
const tables = {
  currency: 'SGD',
  start_year: 2026,
  end_year: 2085,
  money_runs_out_year: null,
  rows: Array.from({ length: 60 }, (_, i) => row(i)),
};
/** A data-table figure as the explain endpoint answers it (issue 34): the tax of a year, from the income. */
const explainReply = (figure: string) => ({
  customer_id: HH,
  currency: 'SGD',
  as_of: '2026-11-28',
  explanation: {
    id: figure,
    label: `Income tax, ${figure.split(':')[1]}`,
    value: 8000,
    unit: 'money',
    kind: 'figure',
    rule: ['bands of YA 2027 on ', { value: 96000, unit: 'money' }, ' chargeable income'],
    formula: { op: 'bands' },
    parts: [],
    records: [],
    table: null,
  },
});
const page = (rows: unknown[]) => ({ rows, total: rows.length, page: 1, page_size: 200 });

/** The API as these tests need it (every call is recorded in `calls`). */
function serve(c: StubCall): unknown {
  const { path } = c;
  const body = c.body as Record<string, unknown>;
  if (c.method === 'GET') {
    if (path.startsWith('single-lead/')) return household;
    if (path === `customer/${HH}/financial-report/explain`) return explainReply(String(c.query?.figure));
    if (path.endsWith('/saved-filters')) return page(filters);
    return page([]);
  }
  if (c.method === 'POST') {
    if (path === 'customer/calculate/data-tables') return tables;
    if (path === 'customer/saved-filters') {
      const { lead_id: _l, ...fields } = body;
      return { ...fields, id: F1, lead_id: HH, position: 0, created_at: '', updated_at: '' };
    }
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
  await screen.findByRole('region', { name: /year by year, in SGD/i }, { timeout: 5000 });
}
const ADVISOR = `/advisor/customers/${HH}/data-table`;

beforeEach(() => {
  calls.length = 0;
  filters = [];
  stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
});

describe('Data table tab', () => {
  it("shows the engine's rows of the stored household in the household's currency, windowed, with sticky headers", async () => {
    await renderAt(ADVISOR);
    expect(calls).toContainEqual({
      method: 'POST',
      path: 'customer/calculate/data-tables',
      body: { household_id: HH },
    });
    const box = screen.getByRole('region', { name: /year by year, in SGD/i });
    expect(box.tabIndex).toBe(0); // keyboard scrolls it
    const table = within(box).getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('61');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Year',
      'Age (Alex Tan)',
      // the row's own parts (the plan's Income and Expenses also count payouts, sales and the other outflows)
      'Incomes and rental',
      'Living and other expenses',
      'Net cash flow',
      'Total assets',
      'Total liabilities',
      'Net worth',
    ]);
    // amounts in the money package's ms-MY grouping
    const first = within(table).getByRole('rowheader', { name: '2026' }).closest('tr') as HTMLElement;
    expect(within(first).getByText('1,234,567')).toBeInstanceOf(Element);
    // only a window of the 60 rows is in the page; scrolling moves it
    const shown = () =>
      within(table)
        .queryAllByRole('rowheader')
        .map((h) => Number(h.textContent));
    expect(shown().length).toBeLessThan(30);
    expect(shown()).not.toContain(2085);
    act(() => {
      box.scrollTop = 50 * ROW_HEIGHT;
      fireEvent.scroll(box);
    });
    expect(shown()).toContain(2085);
    expect(shown()).not.toContain(2026);
  });

  it('chooses columns and years, and saves the choice as a named filter', async () => {
    await renderAt(ADVISOR);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Net worth' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tax' }));
    const table = screen.getByRole('table');
    const heads = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(heads()).toContain('Tax');
    expect(heads()).not.toContain('Net worth');
    fireEvent.change(screen.getByLabelText('From year'), { target: { value: '2030' } });
    expect(within(table).queryByRole('rowheader', { name: '2026' })).toBeNull();
    expect(within(table).getByRole('rowheader', { name: '2030' })).toBeInstanceOf(Element);

    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(await screen.findByText('Enter a name')).toBeInstanceOf(Element);
    fireEvent.change(screen.getByLabelText('Filter name'), { target: { value: 'Tax view' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: 'customer/saved-filters',
        body: {
          lead_id: HH,
          name: 'Tax view',
          columns: ['ages', 'income', 'tax', 'expenses', 'net_cash_flow', 'total_assets', 'total_liabilities'],
          year_from: 2030,
          year_to: undefined,
        },
      }),
    );
    const select = screen.getByLabelText('Saved filter') as HTMLSelectElement;
    expect(within(select).getByRole('option', { name: 'Tax view' })).toBeInstanceOf(Element);
    expect(select.value).toBe(F1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete filter' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: `customer/saved-filters/${F1}` }));
    await waitFor(() => expect(within(select).queryByRole('option', { name: 'Tax view' })).toBeNull());
  });

  it('applies a saved filter picked from the list; the customer picks but cannot save or delete', async () => {
    filters = [
      { id: F1, lead_id: HH, name: 'Wealth', columns: ['net_worth'], year_from: 2040, year_to: 2042, position: 0 },
    ];
    stub.user = { id: 'c1', type: 'customer', name: 'Alex' };
    await renderAt('/customer/dashboard/data-table');
    expect(screen.queryByRole('button', { name: 'Save filter' })).toBeNull();
    expect(screen.queryByLabelText('Filter name')).toBeNull();
    fireEvent.change(screen.getByLabelText('Saved filter'), { target: { value: F1 } });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Year', 'Net worth']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['2040', '2041', '2042']);
    expect(screen.queryByRole('button', { name: 'Delete filter' })).toBeNull();
  });

  it('opens "How was this calculated?" on a figure with Enter; Escape closes it, the focus back on the figure', async () => {
    const user = userEvent.setup();
    await renderAt(ADVISOR);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tax' }));
    const table = screen.getByRole('table');
    const row2027 = within(table).getByRole('rowheader', { name: '2027' }).closest('tr') as HTMLElement;
    // the figure is a button drawn as the figure was: its text is the figure
    const tax = within(row2027).getByRole('button', { name: '8,000' });
    expect(tax.getAttribute('data-figure')).toBe('row:2027:tax');
    expect(tax.closest('td')?.textContent).toBe('8,000');
    tax.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Income tax, 2027' });
    expect(calls.filter((c) => c.path.endsWith('/explain'))).toEqual([
      {
        method: 'GET',
        path: `customer/${HH}/financial-report/explain`,
        query: { figure: 'row:2027:tax', currency: 'SGD' },
      },
    ]);
    expect(within(dialog).getByTestId('explain-rule').textContent).toBe(
      'bands of YA 2027 on SGD 96,000.00 chargeable income',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(tax);
  });

  it("opens a figure on the customer's own dashboard with Space", async () => {
    const user = userEvent.setup();
    stub.user = { id: 'c1', type: 'customer', name: 'Alex' };
    await renderAt('/customer/dashboard/data-table');
    const row2026 = within(screen.getByRole('table'))
      .getByRole('rowheader', { name: '2026' })
      .closest('tr') as HTMLElement;
    const worth = within(row2026).getByRole('button', { name: '1,234,567' });
    worth.focus();
    await user.keyboard(' ');
    await screen.findByRole('dialog', { name: 'Income tax, 2026' });
    expect(calls.filter((c) => c.path.endsWith('/explain')).map((c) => c.query)).toEqual([
      { figure: 'row:2026:net_worth', currency: 'SGD' },
    ]);
  });
});
