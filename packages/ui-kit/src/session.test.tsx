/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { api } from './api';
import { readCookie } from './cookies';
import { setNavigator } from './navigation';
import { SessionProvider, useSession } from './session';

const user = {
  id: 'u1',
  type: 'advisor',
  name: 'Ada',
  username: null,
  profile_image: null,
  gender: 'female',
  referral_id: 'R1',
};
const navigations: string[] = [];

function Probe() {
  const s = useSession();
  return (
    <div>
      <span data-testid="status">{s.status}</span>
      <span data-testid="user">{s.user?.name ?? 'none'}</span>
      <button type="button" onClick={() => void s.logout()}>
        logout
      </button>
    </div>
  );
}

beforeEach(() => {
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('session (spec §4)', () => {
  it('is loaded with no user when no user cookie is held, without calling the API', async () => {
    const get = jest.spyOn(api, 'get');
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByTestId('status').textContent).toBe('loaded');
    expect(screen.getByTestId('user').textContent).toBe('none');
    expect(get).not.toHaveBeenCalled();
  });

  it('hydrates the user from users/me when the user cookie is present', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify(user))}; Path=/`;
    let resolve: (u: unknown) => void = () => undefined;
    const get = jest.spyOn(api, 'get').mockImplementation(() => new Promise((ok) => (resolve = ok)) as never);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByTestId('status').textContent).toBe('loading');
    await act(async () => resolve({ ...user, name: 'Ada Lee' }));
    expect(get).toHaveBeenCalledWith('users/me', expect.anything());
    expect(screen.getByTestId('status').textContent).toBe('loaded');
    expect(screen.getByTestId('user').textContent).toBe('Ada Lee');
  });

  it('moves to error when users/me fails for another reason', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify(user))}; Path=/`;
    jest.spyOn(api, 'get').mockRejectedValue(Object.assign(new Error('x'), { status: 500 }));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByTestId('status').textContent).toBe('error');
  });

  it('logs out: calls the server, clears cookies and local data, resets and goes to login, even when the call fails', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify(user))}; Path=/`;
    localStorage.setItem('currency-rates', '{}');
    const get = jest.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === 'users/me') return user as never;
      throw new Error('network down');
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByTestId('user').textContent).toBe('Ada');
    await act(async () => screen.getByText('logout').click());
    expect(get).toHaveBeenCalledWith('auth/logout', { catalogue: false });
    expect(readCookie('kf_user')).toBeUndefined();
    expect(localStorage.getItem('currency-rates')).toBeNull();
    expect(screen.getByTestId('user').textContent).toBe('none');
    expect(navigations).toEqual(['/auth/login']);
  });

  it('uses the customer logout and login for customers', async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValue(null);
    render(
      <SessionProvider initialUser={{ ...user, type: 'customer' } as never}>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => screen.getByText('logout').click());
    expect(get).toHaveBeenCalledWith('customer/auth/logout', { catalogue: false });
    expect(navigations).toEqual(['/customer/auth/login']);
  });

  it('notices a sign-out in another tab through the cookie poll (300 ms)', async () => {
    jest.useFakeTimers();
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify(user))}; Path=/`;
    jest.spyOn(api, 'get').mockResolvedValue(user as never);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByTestId('user').textContent).toBe('Ada');
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = 'kf_user=; Path=/; Max-Age=0';
    act(() => jest.advanceTimersByTime(300));
    expect(screen.getByTestId('user').textContent).toBe('none');
    jest.useRealTimers();
  });
});

describe('stale session at load', () => {
  it("clears the cookies on 'Invalid token' without leaving the page", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify(user))}; Path=/`;
    const { ApiError } = await import('./api');
    const get = jest.spyOn(api, 'get').mockRejectedValue(new ApiError(401, { message: 'Invalid token' }));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => undefined);
    expect(get).toHaveBeenCalledWith('users/me', expect.objectContaining({ catalogue: false }));
    expect(screen.getByTestId('status').textContent).toBe('loaded');
    expect(screen.getByTestId('user').textContent).toBe('none');
    expect(readCookie('kf_user')).toBeUndefined();
    expect(navigations).toEqual([]);
  });
});
