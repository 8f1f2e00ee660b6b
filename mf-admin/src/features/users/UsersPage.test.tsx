/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');
const fail = (message: string, status = 400) => new ApiError(status, { message });

const stats = { total: 3, active: 2, deactivated: 1, admins: 1, advisors: 1, customers: 1, on_trial: 1 };
function user(id: string, name: string, status: 'active' | 'deactivated', type = 'advisor') {
  return {
    id,
    type,
    name,
    email: `${name.toLowerCase().replace(/ /g, '.')}@kinfolio.test`,
    username: null,
    profile_image: null,
    gender: 'male',
    referral_id: null,
    contact_number: null,
    country_code: null,
    bio: null,
    designation: null,
    business_email: null,
    business_phone: null,
    status,
    email_verified: true,
    mobile_verified: true,
    advisor_id: null,
    membership_status: 'trial',
    trial_ends_at: null,
    created_at: '2026-01-05T10:00:00.000Z',
  };
}

let db: ReturnType<typeof user>[];

function serve(c: Call): unknown {
  if (c.method === 'GET' && c.path === 'admin/users-stats') return stats;
  if (c.method === 'POST' && c.path === 'admin/get-filtered-users') {
    const b = c.body as { status: string; type?: string; search?: string; page: number; page_size: number };
    const rows = db.filter(
      (u) =>
        u.status === b.status &&
        (!b.type || u.type === b.type) &&
        (!b.search || u.name.toLowerCase().includes(b.search.toLowerCase())),
    );
    return { rows, total: rows.length, page: b.page, page_size: b.page_size };
  }
  const m = /^admin\/get-filtered-users\/(.+)$/.exec(c.path);
  if (m && c.method === 'PATCH') {
    const u = db.find((x) => x.id === m[1]);
    if (!u) throw fail('User not found', 404);
    u.status = (c.body as { status: 'active' | 'deactivated' }).status;
    return u;
  }
  if (m && c.method === 'DELETE') {
    db = db.filter((x) => x.id !== m[1]);
    return { message: 'Deleted' };
  }
  throw fail(`unexpected ${c.method} ${c.path}`);
}

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
  db = [
    user('00000000-0000-4000-8000-000000000001', 'Alice Tan', 'active'),
    user('00000000-0000-4000-8000-000000000002', 'Bob Lim', 'active', 'customer'),
    user('00000000-0000-4000-8000-000000000003', 'Carol Ng', 'deactivated'),
  ];
  stub.handler = serve;
});

describe('admin Users', () => {
  it('lists active users with skeleton rows first, then rows and the stats cards', async () => {
    renderAt('/admin-dashboard/active-users');
    expect(screen.getByRole('heading', { name: 'Active users' })).toBeTruthy();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(await screen.findByText('Alice Tan')).toBeTruthy();
    expect(screen.getByText('Bob Lim')).toBeTruthy();
    expect(screen.queryByText('Carol Ng')).toBeNull();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    const statsList = screen.getByLabelText('User statistics');
    expect(within(statsList).getByText('Total users').nextSibling?.textContent).toBe('3');
    expect(within(statsList).getByText('On trial').nextSibling?.textContent).toBe('1');
    const listCall = calls.find((c) => c.path === 'admin/get-filtered-users');
    expect(listCall?.body).toEqual({ status: 'active', page: 1, page_size: 10 });
  });

  it('filters by type and by search text (debounced) in the request body', async () => {
    renderAt('/admin-dashboard/active-users');
    await screen.findByText('Alice Tan');
    fireEvent.change(screen.getByLabelText('User type'), { target: { value: 'customer' } });
    await waitFor(() => expect(screen.queryByText('Alice Tan')).toBeNull());
    expect(screen.getByText('Bob Lim')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'admin/get-filtered-users').at(-1)?.body).toEqual({
      status: 'active',
      type: 'customer',
      page: 1,
      page_size: 10,
    });

    fireEvent.change(screen.getByLabelText('User type'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  alice ' } });
    await waitFor(() => expect(calls.some((c) => (c.body as { search?: string })?.search === 'alice')).toBe(true), {
      timeout: 2000,
    });
    expect(await screen.findByText('Alice Tan')).toBeTruthy();
    expect(screen.queryByText('Bob Lim')).toBeNull();
    expect(calls.filter((c) => c.path === 'admin/get-filtered-users').at(-1)?.body).toEqual({
      status: 'active',
      search: 'alice',
      page: 1,
      page_size: 10,
    });
  });

  it('deactivates a user after confirmation, then refreshes the list and the stats', async () => {
    renderAt('/admin-dashboard/active-users');
    await screen.findByText('Alice Tan');
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Alice Tan' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate user' });
    expect(within(dialog).getByText(/Deactivate Alice Tan\?/)).toBeTruthy();
    const statsCallsBefore = calls.filter((c) => c.path === 'admin/users-stats').length;
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Deactivate' }));
    });
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: 'admin/get-filtered-users/00000000-0000-4000-8000-000000000001',
      body: { status: 'deactivated' },
    });
    await waitFor(() => expect(screen.queryByText('Alice Tan')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Alice Tan was deactivated.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path === 'admin/users-stats').length).toBeGreaterThan(statsCallsBefore);
  });

  it("offers no Deactivate or Delete on the signed-in admin's own row", async () => {
    const me = user('00000000-0000-4000-8000-0000000000aa', 'Root Admin', 'active', 'admin');
    db.push(me);
    const { SessionProvider } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');
    render(
      <SessionProvider initialUser={me as never}>
        <MemoryRouter initialEntries={['/admin-dashboard/active-users']}>
          <Routes>
            <Route path="/admin-dashboard/*" element={<App />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    const own = (await screen.findByText('Root Admin')).closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByText('You').textContent).toBe('You');
    const other = screen.getByText('Alice Tan').closest('tr') as HTMLElement;
    expect(within(other).getByRole('button', { name: 'Deactivate Alice Tan' })).toHaveProperty('disabled', false);
    expect(within(other).getByRole('button', { name: 'Delete Alice Tan' })).toHaveProperty('disabled', false);
  });

  it('cancelling the confirmation changes nothing', async () => {
    renderAt('/admin-dashboard/active-users');
    await screen.findByText('Alice Tan');
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Alice Tan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('activates a deactivated user from the deactivated list', async () => {
    renderAt('/admin-dashboard/deactivated-users');
    expect(screen.getByRole('heading', { name: 'Deactivated users' })).toBeTruthy();
    await screen.findByText('Carol Ng');
    fireEvent.click(screen.getByRole('button', { name: 'Activate Carol Ng' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, Activate' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'active' });
    expect(await screen.findByRole('heading', { name: 'No users found' })).toBeTruthy();
  });

  it('deletes a user after confirmation', async () => {
    renderAt('/admin-dashboard/active-users');
    await screen.findByText('Bob Lim');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Bob Lim' }));
    expect(screen.getByText('Delete Bob Lim? This cannot be undone.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('000000000002'))).toBe(true);
    await waitFor(() => expect(screen.queryByText('Bob Lim')).toBeNull());
  });

  it('shows a failed action in the dialog and keeps it open', async () => {
    renderAt('/admin-dashboard/active-users');
    await screen.findByText('Alice Tan');
    stub.handler = (c) => {
      if (c.method === 'PATCH') throw fail('You cannot deactivate yourself');
      return serve(c);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Alice Tan' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, Deactivate' }));
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe('You cannot deactivate yourself');
    expect(screen.getByText('Alice Tan')).toBeTruthy();
  });

  it('shows the list error from the API client as an alert', async () => {
    stub.handler = (c) => {
      if (c.path === 'admin/get-filtered-users') throw new Error('network down');
      return serve(c);
    };
    renderAt('/admin-dashboard/active-users');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through the list', async () => {
    db = Array.from({ length: 23 }, (_, i) =>
      user(`00000000-0000-4000-8000-${String(i + 100).padStart(12, '0')}`, `User ${i + 1}`, 'active'),
    );
    stub.handler = (c) => {
      if (c.path !== 'admin/get-filtered-users') return serve(c);
      const b = c.body as { page: number; page_size: number };
      const rows = db.slice((b.page - 1) * b.page_size, b.page * b.page_size);
      return { rows, total: db.length, page: b.page, page_size: b.page_size };
    };
    renderAt('/admin-dashboard/active-users');
    expect(await screen.findByText('Page 1 of 3 · 23 users')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('User 11')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3 · 23 users')).toBeTruthy();
  });

  it('answers an address no menu offers with a page-not-found panel', async () => {
    renderAt('/admin-dashboard/no-such-section');
    expect(screen.getByRole('heading', { name: 'Page not found' }).tagName).toBe('H1');
    expect(screen.getByText('There is no admin page at this address.').tagName).toBe('P');
  });

  it('sends the index to active users', async () => {
    renderAt('/admin-dashboard');
    expect(await screen.findByRole('heading', { name: 'Active users' })).toBeTruthy();
  });
});
