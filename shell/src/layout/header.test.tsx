/** @jest-environment jsdom */
import { api, SessionProvider, type SessionUser } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Header } from './Header';
import { AdminSidebar, AdvisorSidebar } from './Sidebars';

const advisor = (over: Partial<SessionUser> = {}): SessionUser =>
  ({
    id: 'a1',
    type: 'advisor',
    name: 'Ada Lee',
    email: 'ada@example.com',
    username: 'ada-lee',
    profile_image: null,
    gender: 'female',
    referral_id: 'REF9',
    status: 'active',
    ...over,
  }) as SessionUser;

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderAt(path: string, user: SessionUser | null, ui = <Header />) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider initialUser={user}>
        {ui}
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

let written: string[] = [];
beforeEach(() => {
  jest.useFakeTimers();
  written = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: jest.fn(async (t: string) => void written.push(t)) },
  });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('public header (spec §2.2)', () => {
  it('shows the trial and sign-in buttons when signed out, each hidden on its own route', () => {
    renderAt('/home', null);
    expect(screen.getByRole('link', { name: '14-Day Free Trial' }).getAttribute('href')).toBe('/subscription');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Kinfolio home' }).getAttribute('href')).toBe('/home');
  });
  it('hides Sign In on login routes and the trial on subscription routes', () => {
    const a = renderAt('/auth/login', null);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('link', { name: '14-Day Free Trial' })).toBeTruthy();
    a.unmount();
    renderAt('/subscription', null);
    expect(screen.queryByRole('link', { name: '14-Day Free Trial' })).toBeNull();
  });
  it('hides the actions on the on-boarding page when signed out', () => {
    renderAt('/on-boarding?referral_id=R', null);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('link', { name: '14-Day Free Trial' })).toBeNull();
  });
});

describe('profile dropdown (spec §2.6)', () => {
  it("copies the invitation link and shows 'Link copied' for 3000 ms", async () => {
    renderAt('/advisor/customers', advisor());
    fireEvent.click(screen.getByRole('button', { name: /Ada Lee/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Invitation link' }));
    });
    expect(written).toEqual([`${location.protocol}//ada-lee.${location.host}`]);
    expect(screen.getByRole('menuitem', { name: 'Link copied' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('menuitem', { name: 'Link copied' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('menuitem', { name: 'Invitation link' })).toBeTruthy();
  });
  it('goes to the on-boarding entry with the referral and advisor id', () => {
    renderAt('/advisor/customers', advisor());
    fireEvent.click(screen.getByRole('button', { name: /Ada Lee/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Add customer' }));
    expect(screen.getByTestId('where').textContent).toBe('/on-boarding?referral_id=REF9&advisor_id=a1');
  });
  it('shows admins neither the invitation link nor Add customer', () => {
    renderAt('/admin-dashboard/active-users', advisor({ type: 'admin', name: 'Root' }));
    fireEvent.click(screen.getByRole('button', { name: /Root/ }));
    expect(screen.queryByRole('menuitem', { name: 'Invitation link' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Add customer' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });
});

describe('Add User Name modal (spec §2.7)', () => {
  const open = async () => {
    renderAt('/advisor/customers', advisor({ username: null }));
    fireEvent.click(screen.getByRole('button', { name: /Ada Lee/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Invitation link' }));
    });
    return screen.getByRole('dialog', { name: 'Add User Name' });
  };

  it('opens instead of copying when there is no username, with a static backdrop', async () => {
    const dialog = await open();
    expect(written).toEqual([]);
    expect(screen.getByText('* Only alpha and numeric characters are allowed.')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Add User Name' })).toBeTruthy();
  });
  it("says 'Enter user name' when empty and calls nothing", async () => {
    const patch = jest.spyOn(api, 'patch');
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(screen.getByText('Enter user name')).toBeTruthy();
    expect(patch).not.toHaveBeenCalled();
  });
  it("rejects other characters, saves the hyphenated name, shows 'Link Copied' for 2 s and closes", async () => {
    const patch = jest.spyOn(api, 'patch').mockResolvedValue({ ...advisor(), username: 'ada-lee' });
    await open();
    const input = screen.getByLabelText('User Name', { exact: true }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Ada!' } });
    expect(input.value).toBe('');
    expect(input.getAttribute('data-flash')).toBe('true');
    act(() => jest.advanceTimersByTime(200));
    expect(input.getAttribute('data-flash')).toBeNull();
    fireEvent.change(input, { target: { value: 'Ada Lee' } });
    expect(input.value).toBe('ada-lee');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(patch).toHaveBeenCalledWith('user/update', { user_id: 'a1', username: 'ada-lee' });
    expect(written).toEqual([`${location.protocol}//ada-lee.${location.host}`]);
    expect(screen.getByRole('status').textContent).toBe('Link Copied');
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.queryByRole('dialog')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
  it('shows the server error and stays open', async () => {
    const { ApiError } = await import('@kinfolio/ui-kit');
    jest
      .spyOn(api, 'patch')
      .mockRejectedValue(
        new ApiError(409, { message: 'Invalid', errors: [{ username: ['This user name is taken'] }] }),
      );
    await open();
    fireEvent.change(screen.getByLabelText('User Name', { exact: true }), { target: { value: 'taken' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(screen.getByText('This user name is taken')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('sidebars', () => {
  it('renders the advisor menu, and nothing when the route id is not the user', () => {
    const a = renderAt('/advisor/profile/a1', advisor(), <AdvisorSidebar />);
    expect(screen.getByRole('navigation', { name: 'Advisor menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Expert Positioning' }).getAttribute('href')).toBe('/advisor/profile/a1');
    a.unmount();
    renderAt('/advisor/profile/someone-else', advisor(), <AdvisorSidebar />);
    expect(screen.queryByRole('navigation', { name: 'Advisor menu' })).toBeNull();
  });
  it('shows the admin pending-ticket alert while the count is above 0 and live updates', async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValue(2);
    renderAt('/admin-dashboard/active-users', advisor({ type: 'admin' }), <AdminSidebar />);
    await act(async () => undefined);
    expect(get).toHaveBeenCalledWith(
      'admin/query-tickets',
      expect.objectContaining({ query: { have_pending_tickets: true } }),
    );
    expect(screen.getByTestId('pending-alert')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new CustomEvent('kf:pending-tickets', { detail: { count: 0 } }));
    });
    expect(screen.queryByTestId('pending-alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Investment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logs' })).toBeTruthy();
  });
  it('hides the alert when the count call fails', async () => {
    jest.spyOn(api, 'get').mockRejectedValue(new Error('down'));
    renderAt('/admin-dashboard/active-users', advisor({ type: 'admin' }), <AdminSidebar />);
    await act(async () => undefined);
    expect(screen.queryByTestId('pending-alert')).toBeNull();
  });
});
