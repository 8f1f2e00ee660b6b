/** @jest-environment jsdom */
import { UNDO_DELETE_MS } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

const HH = '00000000-0000-4000-8000-0000000000c1';
const ME_ID = '00000000-0000-4000-8000-0000000000d1';
const SP_ID = '00000000-0000-4000-8000-0000000000d2';
const { calls } = stub;
let patchReply: () => Promise<unknown> = () => Promise.resolve({});
let cashFlowReply: unknown = null;
stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };

const member = (id: string, relation: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  household_id: HH,
  name,
  gender: relation === 'me' ? 'male' : 'female',
  relation,
  age: relation === 'me' ? 42 : 40,
  holding_pr: false,
  status: 'active',
  position: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...extra,
});
const household = () => ({
  id: HH,
  type: 'customer',
  name: 'Alex Tan',
  email: 'alex@example.com',
  phone: null,
  country_code: null,
  gender: 'male',
  age: 42,
  currency: 'SGD',
  members_count: 2,
  customer_user_id: null,
  shared_at: null,
  converted_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  advisor_id: 'a1',
  date_of_birth: null,
  marital_status: 'married',
  dependencies: ['spouse'],
  children_count: 1,
  citizenship: 'citizen',
  holding_pr: false,
  country_pr: null,
  referral_id: null,
  inflation_rate: null,
  members: [
    member(ME_ID, 'me', 'Alex Tan', { income: { currency: 'SGD', amount: 8500 } }),
    member(SP_ID, 'spouse', 'Mei Lin'),
  ],
});

/** The API as these tests need it (every call is recorded in `calls`). */
function serve(c: StubCall): unknown {
  const { path } = c;
  if (c.method === 'GET') {
    if (path.startsWith('customer/cash-flow/') && cashFlowReply) return cashFlowReply;
    return path.startsWith('single-lead/') ? Promise.resolve(household()) : Promise.reject(new Error('unexpected'));
  }
  if (c.method === 'POST') return {};
  if (c.method === 'PATCH') return patchReply();
  if (c.method === 'DELETE') return { message: 'Removed' };
  return undefined;
}
stub.handler = serve;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubs());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/customers/:customerId/*" element={<App />} />
        <Route path="/customer/dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}
const flush = () =>
  act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });

beforeEach(() => {
  calls.length = 0;
  patchReply = () => Promise.resolve({});
  cashFlowReply = null;
  stub.user = { id: 'a1', type: 'advisor', name: 'Dana' };
});

describe('Profile tab', () => {
  it('shows the stored profile and members, and saves only what changed', async () => {
    await renderAt(`/advisor/customers/${HH}/profile`);
    expect(calls[0]).toEqual({ method: 'GET', path: `single-lead/${HH}` });
    const form = screen.getByRole('form', { name: 'Household profile' });
    expect((within(form).getByLabelText('Name', { exact: false }) as HTMLInputElement).value).toBe('Alex Tan');
    expect((within(form).getByLabelText('Number of children', { exact: false }) as HTMLInputElement).value).toBe('1');
    const members = screen.getByRole('table');
    expect(within(members).getByText('SGD 8,500').tagName).toBe('TD');
    expect(within(members).getByText('Mei Lin').tagName).toBe('TD');

    fireEvent.change(within(form).getByLabelText('Number of children', { exact: false }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Children' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await flush();
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `leads/${HH}`,
      body: { dependencies: ['spouse', 'children'], children_count: 2 },
    });
    expect(screen.getByRole('dialog', { name: 'Saved Successfully!' }).textContent).toContain('Stay on This Page');
  });

  it('lists children with a date of birth or an age, and refuses a child with neither', async () => {
    await renderAt(`/advisor/customers/${HH}/profile`);
    const form = screen.getByRole('form', { name: 'Household profile' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add child' }));
    fireEvent.change(within(form).getByLabelText('Child 1 name', { exact: false }), { target: { value: 'Mei' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await flush();
    expect(within(form).getAllByText('Enter date of birth or age').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'PATCH')).toBeUndefined();

    fireEvent.change(within(form).getByLabelText('Child 1 age', { exact: false }), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add child' }));
    fireEvent.change(within(form).getByLabelText('Child 2 date of birth', { exact: false }), {
      target: { value: '2019-04-02' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await flush();
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `leads/${HH}`,
      body: { children: [{ name: 'Mei', age: 5 }, { date_of_birth: '2019-04-02' }] },
    });
  });

  it('shows a refused field under its field', async () => {
    patchReply = () =>
      Promise.reject(new ApiError(400, { message: 'Invalid input', errors: [{ email: ['Use a valid e-mail'] }] }));
    await renderAt(`/advisor/customers/${HH}/profile`);
    const form = screen.getByRole('form', { name: 'Household profile' });
    fireEvent.change(within(form).getByLabelText('Email', { exact: false }), { target: { value: 'alex@example.org' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await flush();
    expect(within(form).getAllByText('Use a valid e-mail').length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: 'Saved Successfully!' })).toBeNull();
  });

  it('adds a family member with the household id, and removes one only after confirming', async () => {
    await renderAt(`/advisor/customers/${HH}/profile`);
    fireEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a family member' });
    fireEvent.change(within(dialog).getByLabelText('Name', { exact: false }), { target: { value: 'Ethan' } });
    fireEvent.change(within(dialog).getByLabelText('Relation', { exact: false }), { target: { value: 'all' } });
    fireEvent.change(within(dialog).getByLabelText('Age', { exact: false }), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save member' }));
    await flush();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'earning-member',
      body: { lead_id: HH, name: 'Ethan', relation: 'all', gender: 'female', age: 9 },
    });
    expect(screen.queryByRole('button', { name: 'Remove Alex Tan' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Mei Lin' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    jest.useFakeTimers();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove Mei Lin?' })).getByRole('button', { name: 'Remove' }),
    );
    // issue 30 item 14: gone from the list at once with an Undo toast; the DELETE goes when the toast expires
    expect(screen.getByRole('button', { name: 'Undo' }).closest('[role="status"]')?.textContent).toContain(
      'Removed Mei Lin.',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS);
    });
    jest.useRealTimers();
    await flush();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`members/${SP_ID}`]);
  });

  it('closing a changed member form asks first', async () => {
    await renderAt(`/advisor/customers/${HH}/profile`);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Mei Lin' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Mei Lin' });
    fireEvent.change(within(dialog).getByLabelText('Age', { exact: false }), { target: { value: '41' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Discard unsaved changes?');
  });

  it('the customer reads the same household without a single input or button to change it', async () => {
    stub.user = { id: 'u9', type: 'customer', name: 'Alex Tan', gender: 'male', profile_image: null };
    await renderAt('/customer/dashboard/profile');
    expect(calls[0]).toEqual({ method: 'GET', path: 'single-lead/u9' });
    expect(screen.getByText('Married').tagName).toBe('DD');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Save|Add|Edit|Remove/ })).toBeNull();
    expect(within(screen.getByRole('table')).getByText('Mei Lin').tagName).toBe('TD');
  });
  it("issue 31 (9): the members table shows each member's monthly income from their income records; the children count and list agree", async () => {
    const flow = (monthly: number) => ({ monthly, annual: monthly * 12 });
    const row = (member_id: string, name: string, relation: string, income: number) => ({
      member_id,
      name,
      relation,
      income: flow(income),
      expenses: flow(0),
      living_expenses: flow(0),
      savings: flow(0),
      net: flow(income),
    });
    // the me member has no income typed on the member here: only records
    cashFlowReply = {
      household_id: HH,
      currency: 'SGD',
      members: [row(ME_ID, 'Alex Tan', 'me', 8500), row(SP_ID, 'Mei Lin', 'spouse', 7000)],
      household: { expenses: flow(0), living_expenses: flow(0) },
      incomes_by_kind: {},
      expenses_by_category: {},
      totals: { income: flow(15500), expenses: flow(0), living_expenses: flow(0), savings: flow(0), net: flow(15500) },
    };
    stub.user = { id: 'u9', type: 'customer', name: 'Alex Tan', gender: 'male', profile_image: null };
    await renderAt('/customer/dashboard/profile');
    await flush();
    expect(calls.map((c) => c.path)).toContain(`customer/cash-flow/${HH}`);
    const incomes = within(screen.getByRole('table')).getAllByTestId('member-income');
    expect(incomes.map((c) => c.textContent)).toEqual(['SGD 8,500', 'SGD 7,000']);
    // one child counted and none listed by name: the two facts say the same
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Number of children')).toBe('1');
    expect(fact('Children')).toBe('1 not yet listed by name');
  });
});
