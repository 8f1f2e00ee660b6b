/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
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
    stub.handler = (c) => {
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
    stub.handler = (c) => {
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
    stub.handler = (c) => {
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

  it('searches and sorts subscribers on the server, and exports the same filtered list as CSV', async () => {
    stub.handler = (c) => {
      if (c.path.startsWith('users/')) return person(c);
      if (c.path === 'admin/subscribers-list')
        return c.query?.search === 'lee'
          ? { rows: [sub(LEE)], total: 1, page: 1, page_size: 20 }
          : { rows: [sub(DANA), sub(LEE)], total: 2, page: 1, page_size: 20 };
      return 0;
    };
    renderAt('/admin-dashboard/active-subscribers');
    const table = screen.getByRole('region', { name: 'Active subscribers' });
    expect(await within(table).findByText('Dana Tan')).toBeInstanceOf(Element);
    const csv = screen.getByRole('link', { name: 'Export CSV of active subscribers' });
    expect(csv.textContent).toBe('Export CSV');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(csv.getAttribute('href')).toBe('/api/v1/admin/subscribers-list/export?status=active');

    fireEvent.change(screen.getByRole('searchbox', { name: /Search/ }), { target: { value: 'lee' } });
    await waitFor(() => expect(within(table).queryByText('Dana Tan')).toBeNull());
    expect(within(table).getByText('Lee Wong')).toBeInstanceOf(Element);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'amount:desc' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'admin/subscribers-list').at(-1)?.query).toEqual({
        status: 'active',
        search: 'lee',
        sort: 'amount',
        order: 'desc',
        page: 1,
        page_size: 20,
      }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV of active subscribers' }).getAttribute('href')).toBe(
      '/api/v1/admin/subscribers-list/export?status=active&search=lee&sort=amount&order=desc',
    );
  });

  it('sorts expired subscribers by end date by default, and says when a search matches nobody', async () => {
    stub.handler = (c) => {
      if (c.path === 'admin/subscribers-list') return { rows: [], total: 0, page: 1, page_size: 20 };
      return 0;
    };
    renderAt('/admin-dashboard/expired-subscribers');
    fireEvent.change(screen.getByRole('searchbox', { name: /Search/ }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No expired subscribers match “nobody”.')).toBeInstanceOf(Element);
    expect(calls.filter((c) => c.path === 'admin/subscribers-list').at(-1)?.query).toMatchObject({
      status: 'expired',
      search: 'nobody',
      sort: 'ends_at',
      order: 'desc',
    });
    expect(screen.getByRole('link', { name: 'Export CSV of expired subscribers' }).getAttribute('href')).toBe(
      '/api/v1/admin/subscribers-list/export?status=expired&search=nobody&sort=ends_at&order=desc',
    );
  });

  it('filters transactions by search and date range, exports them, and links our own receipts as downloads', async () => {
    stub.handler = (c) => {
      if (c.path.startsWith('users/')) return person(c);
      if (c.path === 'admin/subscription-transactions-list')
        return {
          rows: [
            {
              id: 't1',
              user_id: DANA,
              kind: 'charge',
              amount: 4900,
              currency: 'SGD',
              description: 'Subscription: Monthly',
              plan_name: 'Monthly',
              card_brand: 'visa',
              card_last4: '4242',
              receipt_url: '/api/v1/subscription-transactions/t1/receipt',
              occurred_at: '2026-03-01T10:00:00Z',
            },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        };
      return 0;
    };
    renderAt('/admin-dashboard/subscription-transactions');
    const table = screen.getByRole('region', { name: 'Subscription transactions' });
    const receipt = await within(table).findByRole('link', { name: /Receipt/ });
    expect(receipt.getAttribute('href')).toBe('/api/v1/subscription-transactions/t1/receipt');
    expect(receipt.hasAttribute('download')).toBe(true);
    expect(receipt.getAttribute('target')).toBeNull();
    expect(receipt.textContent).toContain('PDF download');

    fireEvent.change(screen.getByRole('searchbox', { name: /Search/ }), { target: { value: 'dana' } });
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'admin/subscription-transactions-list').at(-1)?.query).toEqual({
        page: 1,
        page_size: 20,
        search: 'dana',
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV of subscription transactions' }).getAttribute('href')).toBe(
      '/api/v1/admin/subscription-transactions-list/export?search=dana&from=2026-03-01&to=2026-03-31',
    );

    // an end before the start is said at the field, and not asked for
    const before = calls.length;
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-02-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The end date must not be before the start date');
    expect(screen.getByLabelText(/^To/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.slice(before).filter((c) => c.path === 'admin/subscription-transactions-list')).toEqual([]);
  });

  it('shows the list error as an alert', async () => {
    stub.handler = (c) => {
      if (c.path === 'admin/subscribers-list') throw new ApiError(500, { message: 'Something went wrong' });
      return 0;
    };
    renderAt('/admin-dashboard/active-subscribers');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });

  describe('pending registrations CSV export', () => {
    type Sent = { resolve: (v: unknown) => void; url: string; init: RequestInit };
    let sent: Sent[] = [];
    const saved: string[] = [];
    const realFetch = global.fetch;
    const reg = (id: string, name: string, email: string) => ({
      id,
      name,
      email,
      email_verified: false,
      mobile_verified: true,
      membership_status: 'none',
      trial_ends_at: null,
      created_at: '2026-03-01T00:00:00Z',
    });
    beforeEach(() => {
      sent = [];
      saved.length = 0;
      global.fetch = jest.fn(
        (url: string, init: RequestInit) => new Promise((resolve) => sent.push({ resolve, url, init })),
      ) as unknown as typeof fetch;
      URL.createObjectURL = jest.fn(() => 'blob:csv');
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(`${this.download} ${this.href}`);
      });
      stub.handler = (c) => {
        if (c.path === 'admin/get-filtered-users')
          return { rows: [reg(DANA, 'Dana Tan', 'dana@kinfolio.test')], total: 1, page: 1, page_size: 20 };
        return 0;
      };
    });
    afterEach(() => {
      global.fetch = realFetch;
      jest.restoreAllMocks();
    });

    it('posts the on-screen filters, is busy while the file downloads, then saves it under its name', async () => {
      renderAt('/admin-dashboard/pending-registrations');
      const table = screen.getByRole('region', { name: 'Pending registrations' });
      expect(await within(table).findByText('Dana Tan')).toBeInstanceOf(Element);
      const button = screen.getByRole('button', { name: 'Export CSV of pending registrations' });
      expect(button.textContent).toBe('Export CSV');
      expect(button.tagName).toBe('BUTTON');

      fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'unverified' } });
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  dana ' } });
      fireEvent.click(button);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]?.url).toBe('/api/v1/admin/get-filtered-users/export');
      expect(sent[0]?.init.method).toBe('POST');
      expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
        type: 'advisor',
        pending: 'unverified',
        search: 'dana',
      });
      const headers = sent[0]?.init.headers as Record<string, string>;
      expect(headers['x-requested-with']).toBe('kinfolio');
      expect(headers['content-type']).toBe('application/json');
      // busy: marked, disabled, says so; a second press does not start a second download
      const busy = screen.getByRole('button', { name: 'Export CSV of pending registrations' });
      expect(busy.getAttribute('aria-busy')).toBe('true');
      expect(busy).toHaveProperty('disabled', true);
      expect(busy.textContent).toContain('Exporting…');
      fireEvent.click(busy);
      expect(sent).toHaveLength(1);
      expect(saved).toEqual([]);

      await act(async () =>
        sent[0]?.resolve({
          ok: true,
          status: 200,
          headers: {
            get: (h: string) =>
              h.toLowerCase() === 'content-disposition'
                ? 'attachment; filename="pending-registrations-unverified-2026-11-24.csv"'
                : null,
          },
          blob: async () => new Blob(['\uFEFFName\r\n'], { type: 'text/csv' }),
          text: async () => '',
        }),
      );
      await waitFor(() => expect(saved).toEqual(['pending-registrations-unverified-2026-11-24.csv blob:csv']));
      const idle = screen.getByRole('button', { name: 'Export CSV of pending registrations' });
      expect(idle.getAttribute('aria-busy')).toBeNull();
      expect(idle).toHaveProperty('disabled', false);
      expect(idle.textContent).toBe('Export CSV');
      expect(screen.queryByRole('alert')).toBeNull();
      // the list itself stays on get-filtered-users
      expect(calls.some((c) => c.path === 'admin/get-filtered-users/export')).toBe(false);
    });

    it('is a real button the keyboard reaches, and says why an export failed', async () => {
      renderAt('/admin-dashboard/pending-registrations');
      const button = await screen.findByRole('button', { name: 'Export CSV of pending registrations' });
      button.focus();
      expect(document.activeElement).toBe(button);
      expect(button.getAttribute('type') === null || button.getAttribute('type') === 'button').toBe(true);
      fireEvent.click(button);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ type: 'advisor', pending: 'any' });
      await act(async () =>
        sent[0]?.resolve({
          ok: false,
          status: 400,
          headers: { get: () => null },
          blob: async () => new Blob([]),
          text: async () => JSON.stringify({ message: 'search: Too long', errors: [{ search: ['Too long'] }] }),
        }),
      );
      // the field's own message, as the API client shows any 400
      expect((await screen.findByRole('alert')).textContent).toBe('Too long');
      expect(saved).toEqual([]);
      expect(screen.getByRole('button', { name: 'Export CSV of pending registrations' })).toHaveProperty(
        'disabled',
        false,
      );
    });
  });
});
