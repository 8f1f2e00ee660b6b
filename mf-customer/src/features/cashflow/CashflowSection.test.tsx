/** @jest-environment jsdom */
import { UNDO_DELETE_MS } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

const HH = '00000000-0000-4000-8000-0000000000c1';
const ME_ID = '00000000-0000-4000-8000-0000000000d1';
const SP_ID = '00000000-0000-4000-8000-0000000000d2';
const INC = '00000000-0000-4000-8000-0000000000e1';
stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
let postReply: () => Promise<unknown> = () => Promise.resolve({});
let incomeYears: Record<string, number> = {};

const flow = (monthly: number) => ({ monthly, annual: monthly * 12 });
const member = (id: string, relation: string, name: string) => ({
  id,
  household_id: HH,
  name,
  gender: 'male',
  relation,
  holding_pr: false,
  status: 'active',
  position: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});
const household = {
  id: HH,
  name: 'Alex Tan',
  gender: 'male',
  age: 42,
  currency: 'SGD',
  marital_status: 'married',
  dependencies: [],
  children_count: 0,
  citizenship: 'citizen',
  members: [member(ME_ID, 'me', 'Alex Tan'), member(SP_ID, 'spouse', 'Mei Lin')],
};
const summary = {
  household_id: HH,
  currency: 'SGD',
  members: [],
  household: { expenses: flow(0), living_expenses: flow(0) },
  incomes_by_kind: {},
  expenses_by_category: {},
  totals: {
    income: flow(14700),
    expenses: flow(3480),
    living_expenses: flow(1800),
    savings: flow(1000),
    net: flow(8420),
  },
};
const page = (rows: unknown[]) => ({ rows, total: rows.length, page: 1, page_size: 200 });
const { calls } = stub;

/** The household's API as these tests need it (every call is recorded in `calls`). */
function serve(c: StubCall): unknown {
  if (c.method === 'POST') return postReply();
  if (c.method === 'PATCH') return {};
  if (c.method === 'DELETE') return { message: 'Deleted' };
  if (c.path.startsWith('single-lead/')) return household;
  if (c.path.startsWith('customer/cash-flow/')) return summary;
  if (c.path.endsWith('/member-income'))
    return page([
      {
        id: INC,
        lead_id: HH,
        member_id: ME_ID,
        kind: 'gross income',
        amount: 8500,
        currency: 'SGD',
        frequency: 'monthly',
        position: 0,
        ...incomeYears,
      },
    ]);
  return page([]);
}
stub.handler = serve;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubs());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const flush = () =>
  act(async () => {
    for (let i = 0; i < 4; i++) await Promise.resolve();
  });
async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/customers/:customerId/*" element={<App />} />
        <Route path="/customer/dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  await flush();
}
const CASHFLOW = `/advisor/customers/${HH}/financial-report/dashboard/cashflow`;

beforeEach(() => {
  calls.length = 0;
  stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
  postReply = () => Promise.resolve({});
  incomeYears = {};
});

describe('Income & Expenses', () => {
  it('shows the summary figures of customer/cash-flow and the stored incomes', async () => {
    await renderAt(CASHFLOW);
    expect(calls.map((c) => c.path)).toContain(`customer/cash-flow/${HH}`);
    const table = screen.getByRole('region', { name: 'Cash flow summary' });
    const net = within(table).getByRole('rowheader', { name: 'Net cash flow' }).closest('tr') as HTMLElement;
    expect([...net.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['8,420', '101,040']);
    // the report's chart (visx, loaded lazily): one bar a line of the summary, each carrying its figure
    const chart = await screen.findByRole('img', { name: /^Cash flow a year, in SGD/ });
    expect(chart.querySelectorAll('[data-value]')).toHaveLength(5);
    const incomes = screen.getByRole('region', { name: 'Incomes' });
    expect(within(incomes).getByText('SGD 8,500').tagName).toBe('TD');
    expect(within(incomes).getByText('Gross income').tagName).toBe('TD');
    expect(screen.getByText('No expenses yet').tagName).toBe('P');
  });

  it('adds an income for a member with its kind, amount, currency and frequency, then confirms', async () => {
    await renderAt(CASHFLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Add income' }));
    const dialog = screen.getByRole('dialog', { name: 'Add income' });
    fireEvent.change(within(dialog).getByLabelText('Member', { exact: false }), { target: { value: SP_ID } });
    fireEvent.change(within(dialog).getByLabelText('Income kind', { exact: false }), { target: { value: 'bonus' } });
    fireEvent.change(within(dialog).getByLabelText('Amount', { exact: false }), { target: { value: '12000' } });
    fireEvent.change(within(dialog).getByLabelText('Entered as', { exact: false }), { target: { value: 'annual' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save income' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'customer/member-income',
      body: { amount: 12000, currency: 'SGD', frequency: 'annual', member_id: SP_ID, kind: 'bonus', lead_id: HH },
    });
    expect(screen.getByRole('dialog', { name: 'Saved Successfully!' }).textContent).toContain('Stay on This Page');
  });

  it('an expense takes optional start and end years (a university cost 2036-2039); an end before the start is refused', async () => {
    await renderAt(CASHFLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    const dialog = screen.getByRole('dialog', { name: 'Add expense' });
    fireEvent.change(within(dialog).getByLabelText('Category', { exact: false }), { target: { value: 'education' } });
    fireEvent.change(within(dialog).getByLabelText('Amount', { exact: false }), { target: { value: '30000' } });
    fireEvent.change(within(dialog).getByLabelText('Entered as', { exact: false }), { target: { value: 'annual' } });
    fireEvent.change(within(dialog).getByLabelText('Start year', { exact: false }), { target: { value: '2039' } });
    fireEvent.change(within(dialog).getByLabelText('End year', { exact: false }), { target: { value: '2036' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save expense' }));
    await flush();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(dialog).getAllByText('The end year is before the start year').length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText('Start year', { exact: false }), { target: { value: '2036' } });
    fireEvent.change(within(dialog).getByLabelText('End year', { exact: false }), { target: { value: '2039' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save expense' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: 30000,
      currency: 'SGD',
      frequency: 'annual',
      category: 'education',
      start_year: 2036,
      end_year: 2039,
      lead_id: HH,
    });
  });

  it('an income’s years show in the list; clearing its end year on edit removes it', async () => {
    incomeYears = { start_year: 2027, end_year: 2030 };
    await renderAt(CASHFLOW);
    const incomes = screen.getByRole('region', { name: 'Incomes' });
    expect(within(incomes).getByText('2027–2030').tagName).toBe('TD');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Gross income' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit income' });
    expect((within(dialog).getByLabelText('Start year', { exact: false }) as HTMLInputElement).value).toBe('2027');
    fireEvent.change(within(dialog).getByLabelText('End year', { exact: false }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save income' }));
    await flush();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ start_year: 2027, end_year: null });
  });

  it('a household expense has no member; a refused amount shows under the field', async () => {
    postReply = () =>
      Promise.reject(new ApiError(400, { message: 'Invalid input', errors: [{ amount: ['Enter an amount'] }] }));
    await renderAt(CASHFLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    const dialog = screen.getByRole('dialog', { name: 'Add expense' });
    fireEvent.change(within(dialog).getByLabelText('Category', { exact: false }), { target: { value: 'food' } });
    fireEvent.change(within(dialog).getByLabelText('Amount', { exact: false }), { target: { value: '900' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save expense' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: 900,
      currency: 'SGD',
      frequency: 'monthly',
      category: 'food',
      lead_id: HH,
    });
    expect(within(dialog).getAllByText('Enter an amount').length).toBeGreaterThan(0);
  });

  it('deletes an income after confirming', async () => {
    await renderAt(CASHFLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gross income' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    jest.useFakeTimers();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this income?' })).getByRole('button', { name: 'Delete' }),
    );
    // issue 30 item 14: gone from the list at once with an Undo toast; the DELETE goes when the toast expires
    expect(screen.getByRole('button', { name: 'Undo' }).closest('[role="status"]')?.textContent).toContain(
      'Deleted Gross income',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS);
    });
    jest.useRealTimers();
    await flush();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`customer/member-income/${INC}`]);
  });

  it('Undo within the toast keeps the income: no DELETE is sent, the row is back', async () => {
    await renderAt(CASHFLOW);
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Gross income' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this income?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(screen.queryByRole('button', { name: 'Delete Gross income' })).toBeNull();
    // the deleted row had the focus: it moves to Undo, so the keyboard reaches it at once
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS - 1_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS * 2);
    });
    jest.useRealTimers();
    await flush();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('button', { name: 'Delete Gross income' })).toBeInstanceOf(Element);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('the customer sees the same figures and no way to change them', async () => {
    stub.user = { id: 'u9', type: 'customer', name: 'Alex Tan', gender: 'male', profile_image: null };
    await renderAt('/customer/dashboard/financial-report/dashboard/cashflow');
    // asked for by the customer's own id, then read by the household's id the server answered with
    const asked = calls.map((c) => c.path).filter((path) => path !== 'currency-rates'); // (ui-kit's own read of the rates)
    expect(asked[0]).toBe('single-lead/u9');
    expect(asked).toEqual(expect.arrayContaining([`customer/${HH}/member-income`, `customer/${HH}/financial-report`]));
    expect(within(screen.getByRole('region', { name: 'Incomes' })).getByText('SGD 8,500').tagName).toBe('TD');
    expect(screen.queryByRole('button', { name: /Add|Edit|Delete/ })).toBeNull();
  });
});
