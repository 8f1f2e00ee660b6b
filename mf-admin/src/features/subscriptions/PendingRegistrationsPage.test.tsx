/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const DANA = '00000000-0000-4000-8000-0000000000a1';
const LEE = '00000000-0000-4000-8000-0000000000a2';
const user = (id: string, over: Record<string, unknown>) => ({
  id,
  name: 'Dana Tan',
  email: 'dana@kinfolio.test',
  email_verified: true,
  mobile_verified: true,
  membership_status: 'none',
  trial_ends_at: null,
  created_at: '2026-03-01T10:00:00Z',
  ...over,
});

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

describe('admin Subscriptions › pending registrations', () => {
  it('lists advisors not verified or not on a plan, filters by which, and reminds one once a day', async () => {
    let sent = 0;
    stub.handler = (c) => {
      if (c.path === 'admin/get-filtered-users') {
        const body = c.body as { pending: string };
        const rows =
          body.pending === 'unverified'
            ? [user(LEE, { name: 'Lee Wong', email: 'lee@kinfolio.test', mobile_verified: false })]
            : [user(DANA, { membership_status: 'expired' })];
        return { rows, total: rows.length, page: 1, page_size: 20 };
      }
      if (c.path === 'admin/notify-user-for-registration') {
        sent += 1;
        if (sent > 1) throw new ApiError(429, { message: 'A reminder was already sent to this user today' });
        return { message: 'Reminder sent' };
      }
      return 0;
    };
    renderAt('/admin-dashboard/pending-registrations');
    expect(screen.getByRole('heading', { name: 'Pending registrations' })).toBeInstanceOf(Element);
    const table = screen.getByRole('region', { name: 'Pending registrations' });
    expect(await within(table).findByText('Dana Tan')).toBeInstanceOf(Element);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('dana@kinfolio.test');
    expect(row.textContent).toContain('1 Mar 2026');
    expect(row.textContent).toContain('Trial or plan ended');
    const first = calls.find((c) => c.path === 'admin/get-filtered-users');
    expect(first?.body).toMatchObject({ type: 'advisor', pending: 'any', page: 1 });

    fireEvent.click(within(row).getByRole('button', { name: 'Notify dana@kinfolio.test to finish registering' }));
    expect((await screen.findByRole('status')).textContent).toBe('Reminder sent (dana@kinfolio.test)');
    expect(calls.find((c) => c.path === 'admin/notify-user-for-registration')?.body).toEqual({ user_id: DANA });
    fireEvent.click(screen.getByRole('button', { name: 'Notify dana@kinfolio.test to finish registering' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A reminder was already sent to this user today');

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'unverified' } });
    expect(await within(table).findByText('Lee Wong')).toBeInstanceOf(Element);
    expect(table.textContent).toContain('Mobile not verified');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'lee' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'admin/get-filtered-users').at(-1)?.body).toMatchObject({
        pending: 'unverified',
        search: 'lee',
      }),
    );
  });
});
