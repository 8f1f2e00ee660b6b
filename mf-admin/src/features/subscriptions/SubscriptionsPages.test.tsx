/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from '../../App';

type Call = { method: string; path: string; body?: unknown; query?: Record<string, unknown> };
const calls: Call[] = [];
let handler: (c: Call) => unknown = () => undefined;

jest.mock('@kinfolio/ui-kit', () => {
  const actual = jest.requireActual('@kinfolio/ui-kit');
  const run = (c: Call) => {
    calls.push(c);
    try {
      return Promise.resolve(handler(c));
    } catch (e) {
      return Promise.reject(e);
    }
  };
  return {
    ...actual,
    api: {
      get: (path: string, opts?: { query?: Record<string, unknown> }) =>
        run({ method: 'GET', path, query: opts?.query }),
      post: (path: string, body?: unknown) => run({ method: 'POST', path, body }),
      patch: (path: string, body?: unknown) => run({ method: 'PATCH', path, body }),
      put: (path: string, body?: unknown) => run({ method: 'PUT', path, body }),
      del: (path: string) => run({ method: 'DELETE', path }),
    },
  };
});
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const DANA = '00000000-0000-4000-8000-0000000000a1';
const LEE = '00000000-0000-4000-8000-0000000000a2';
const people: Record<string, { name: string; email: string }> = {
  [DANA]: { name: 'Dana Tan', email: 'dana@kinfolio.test' },
  [LEE]: { name: 'Lee Wong', email: 'lee@kinfolio.test' },
};
const sub = (user_id: string, over: Record<string, unknown> = {}) => ({
  id: `s-${user_id}`,
  user_id,
  plan_id: 'p1',
  plan_name: 'Monthly',
  interval: 'monthly',
  currency: 'SGD',
  amount: 4900,
  status: 'active',
  cancel_at_period_end: false,
  current_period_start: '2026-03-01T00:00:00Z',
  current_period_end: '2026-04-01T00:00:00Z',
  next_charge_at: '2026-04-01T00:00:00Z',
  past_due_since: null,
  grace_ends_at: null,
  card: { id: 'c1', brand: 'visa', last4: '4242' },
  starts_at: '2026-03-01T00:00:00Z',
  ends_at: null,
  ...over,
});
const person = (c: Call) => {
  const id = c.path.slice('users/'.length);
  const p = people[id];
  if (!p) throw new ApiError(404, { message: 'User not found' });
  return { id, ...p };
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin-dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  calls.length = 0;
});

describe('admin Subscriptions', () => {
  it('lists active subscribers with name, plan, amount, next charge and card; past due by the status filter', async () => {
    handler = (c) => {
      if (c.path.startsWith('users/')) return person(c);
      if (c.path === 'admin/subscribers-list')
        return c.query?.status === 'past_due'
          ? {
              rows: [sub(LEE, { status: 'past_due', grace_ends_at: '2026-04-04T00:00:00Z' })],
              total: 1,
              page: 1,
              page_size: 20,
            }
          : { rows: [sub(DANA)], total: 1, page: 1, page_size: 20 };
      if (c.path === 'admin/query-tickets') return 0;
      return undefined;
    };
    renderAt('/admin-dashboard/active-subscribers');
    expect(screen.getByRole('heading', { name: 'Active subscribers' })).toBeInstanceOf(Element);
    const table = screen.getByRole('region', { name: 'Active subscribers' });
    expect(await within(table).findByText('Dana Tan')).toBeInstanceOf(Element);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('SGD 49.00 per month');
    expect(row.textContent).toContain('Visa •••• 4242');
    expect(row.textContent).toContain('1 Apr 2026');
    expect(within(row).getByRole('link', { name: 'Transactions' }).getAttribute('href')).toBe(
      `/admin-dashboard/subscription-transactions?user_id=${DANA}`,
    );
    expect(within(row).queryByRole('button', { name: /Notify|Remind/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'past_due' } });
    expect(await within(table).findByText('Lee Wong')).toBeInstanceOf(Element);
    expect(table.textContent).toContain('Grace until 4 Apr 2026');
    expect(calls.filter((c) => c.path === 'admin/subscribers-list').map((c) => c.query?.status)).toEqual([
      'active',
      'past_due',
    ]);
  });

  it('reminds an expired subscriber to subscribe, and shows the once-a-day refusal', async () => {
    let sent = 0;
    handler = (c) => {
      if (c.path.startsWith('users/')) return person(c);
      if (c.path === 'admin/subscribers-list')
        return {
          rows: [sub(DANA, { status: 'expired', ends_at: '2026-03-20T00:00:00Z' })],
          total: 1,
          page: 1,
          page_size: 20,
        };
      if (c.path === 'admin/notify-user-for-subscription') {
        sent += 1;
        if (sent > 1) throw new ApiError(429, { message: 'A reminder was already sent to this user today' });
        return { message: 'Reminder sent' };
      }
      return 0;
    };
    renderAt('/admin-dashboard/expired-subscribers');
    expect(screen.getByRole('heading', { name: 'Expired subscribers' })).toBeInstanceOf(Element);
    const notify = await screen.findByRole('button', { name: 'Notify dana@kinfolio.test to subscribe' });
    expect(screen.getByRole('region', { name: 'Expired subscribers' }).textContent).toContain('20 Mar 2026');
    fireEvent.click(notify);
    expect((await screen.findByRole('status')).textContent).toBe('Reminder sent (dana@kinfolio.test)');
    expect(calls.find((c) => c.path === 'admin/notify-user-for-subscription')?.body).toEqual({ user_id: DANA });
    fireEvent.click(screen.getByRole('button', { name: 'Notify dana@kinfolio.test to subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A reminder was already sent to this user today');
  });

  it('lists subscription transactions by kind and advisor, with paging', async () => {
    const tx = (i: number, over: Record<string, unknown> = {}) => ({
      id: `t${i}`,
      user_id: DANA,
      kind: 'charge',
      amount: 4900,
      currency: 'SGD',
      description: 'Monthly plan',
      plan_name: 'Monthly',
      card_brand: 'visa',
      card_last4: '4242',
      receipt_url: null,
      occurred_at: '2026-03-01T10:00:00Z',
      ...over,
    });
    handler = (c) => {
      if (c.path.startsWith('users/')) return person(c);
      if (c.path === 'admin/subscription-transactions-list') {
        const page = Number(c.query?.page ?? 1);
        return {
          rows: page === 1 ? [tx(1, { receipt_url: 'https://pay.example/r/1' })] : [tx(2, { kind: 'failure' })],
          total: 21,
          page,
          page_size: 20,
        };
      }
      return 0;
    };
    renderAt(`/admin-dashboard/subscription-transactions?user_id=${DANA}`);
    expect(screen.getByRole('heading', { name: 'Subscription transactions' })).toBeInstanceOf(Element);
    expect(await screen.findByText('Showing dana@kinfolio.test.', { exact: false })).toBeInstanceOf(Element);
    const table = screen.getByRole('region', { name: 'Subscription transactions' });
    expect(
      within(table)
        .getByRole('link', { name: /Receipt/ })
        .getAttribute('href'),
    ).toBe('https://pay.example/r/1');
    expect(table.textContent).toContain('SGD 49.00');
    expect(screen.getByText(/Page 1 of 2 · 21 transactions/)).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Failed')).toBeInstanceOf(Element);
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'refund' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'admin/subscription-transactions-list').at(-1)?.query).toEqual({
        page: 1,
        page_size: 20,
        kind: 'refund',
        user_id: DANA,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show all advisors' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === 'admin/subscription-transactions-list').at(-1)?.query?.user_id,
      ).toBeUndefined(),
    );
  });

  it('shows the list error as an alert', async () => {
    handler = (c) => {
      if (c.path === 'admin/subscribers-list') throw new ApiError(500, { message: 'Something went wrong' });
      return 0;
    };
    renderAt('/admin-dashboard/active-subscribers');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
