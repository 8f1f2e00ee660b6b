/** @jest-environment jsdom */
import {
  ApiError,
  api,
  applyCatalogue,
  errorMessage,
  fieldErrors,
  IN_PROGRESS_MESSAGE,
  pickMessage,
  WRITE_RETRY_DELAYS_MS,
} from './api';
import { readCookie } from './cookies';
import { setNavigator } from './navigation';

// jsdom has no Response: the client reads only ok, status and text().
const fakeResponse = (status: number, text: string) =>
  ({ ok: status >= 200 && status < 300, status, text: async () => text }) as unknown as Response;

type Reply = { status: number; body: unknown };
let replies: Reply[] = [];
const calls: Array<{ url: string; init: RequestInit }> = [];
const navigations: string[] = [];

beforeEach(() => {
  replies = [];
  calls.length = 0;
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    if (init?.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    const r = replies.shift() ?? { status: 200, body: { data: null } };
    return fakeResponse(r.status, r.body === undefined ? '' : JSON.stringify(r.body));
  }) as typeof fetch;
});

describe('message picking (spec §8)', () => {
  it('reads data.error first', () => {
    expect(pickMessage({ error: 'E', errors: [{ a: ['x'] }], message: 'M' })).toBe('E');
  });
  it("then data.errors' first entry's first value", () => {
    expect(pickMessage({ errors: [{ email: ['Email taken', 'other'] }, { b: ['y'] }], message: 'M' })).toBe(
      'Email taken',
    );
    expect(pickMessage({ errors: [{ email: 'As string' }], message: 'M' })).toBe('As string');
  });
  it('then data.message, else Something went wrong', () => {
    expect(pickMessage({ errors: [], message: 'M' })).toBe('M');
    expect(pickMessage({})).toBe('Something went wrong');
    expect(pickMessage(null)).toBe('Something went wrong');
    expect(errorMessage(new TypeError('x is undefined'))).toBe('Something went wrong');
    expect(errorMessage(new ApiError(400, { message: 'Bad' }))).toBe('Bad');
  });
  it('maps field errors for inline tooltips', () => {
    expect(fieldErrors({ errors: [{ email: ['Taken'] }, { name: ['Enter name'] }] })).toEqual({
      email: 'Taken',
      name: 'Enter name',
    });
  });
});

describe('the client', () => {
  it('calls /api/v1/ with the custom header, Authorization-Type and cookies, and resolves to data', async () => {
    replies.push({ status: 200, body: { message: 'ok', data: { id: 1 } } });
    await expect(api.get('users/me', { query: { a: 1, b: undefined, c: true } })).resolves.toEqual({ id: 1 });
    const call = calls[0]!;
    expect(call.url).toBe('/api/v1/users/me?a=1&c=true');
    expect(call.init.credentials).toBe('same-origin');
    const h = call.init.headers as Record<string, string>;
    expect(h['x-requested-with']).toBe('kinfolio');
    expect(h['Authorization-Type']).toBe('advisor');
    expect(h.Authorization).toBeUndefined();
  });
  it('sends the user type from the user cookie and a bearer from a readable token cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify({ id: 'u1', type: 'customer' }))}; Path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = 'kf_token=abc; Path=/';
    await api.post('x', { a: 1 });
    const h = calls[0]!.init.headers as Record<string, string>;
    expect(h['Authorization-Type']).toBe('customer');
    expect(h.Authorization).toBe('Bearer abc');
    expect(h['content-type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });
  it('throws ApiError with status, body and the picked message', async () => {
    replies.push({ status: 422, body: { message: 'Invalid', errors: [{ email: ['Enter a valid e-mail address'] }] } });
    const err = await api.post('register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).message).toBe('Enter a valid e-mail address');
    expect(navigations).toEqual([]);
  });
  it('cancels an earlier request with the same key', async () => {
    let release: (() => void) | undefined;
    (global.fetch as jest.Mock).mockImplementationOnce(
      (_u: string, init: RequestInit) =>
        new Promise((_res, rej) => {
          init.signal?.addEventListener('abort', () =>
            rej(Object.assign(new Error('aborted'), { name: 'AbortError' })),
          );
          release = () => undefined;
        }),
    );
    const first = api.get('search', { key: 'faq' }).catch((e: unknown) => e);
    const second = api.get('search', { key: 'faq' });
    const e = await first;
    expect((e as ApiError).aborted).toBe(true);
    await expect(second).resolves.toBeNull();
    expect(release).toBeDefined();
  });
});

// issue 30 item 4: a retried write must not be stored twice; the services replay the first reply for the same key
describe('idempotency keys', () => {
  const keyOf = (i: number) => (calls[i]?.init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
  const signIn = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify({ id: 'u1', type: 'advisor' }))}; Path=/`;
  };
  afterEach(() => jest.useRealTimers());

  it('sends a new key with every write (one call, one user action) and none with a read', async () => {
    await api.post('notes', { a: 1 });
    await api.post('notes', { a: 1 });
    await api.patch('notes/1', { a: 2 });
    await api.del('notes/1');
    await api.get('notes');
    const keys = [0, 1, 2, 3].map(keyOf);
    for (const k of keys) expect(k).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(new Set(keys).size).toBe(4);
    expect(keyOf(4)).toBeUndefined();
  });

  it('uses the key the caller gives (two calls that are one action)', async () => {
    await api.put('notes/1', { a: 1 }, { idempotencyKey: 'action-42' });
    expect(keyOf(0)).toBe('action-42');
  });

  it("retries a signed-in user's write that timed out (504) or got no answer with the same key, and resolves to the reply", async () => {
    signIn();
    jest.useFakeTimers();
    replies.push({
      status: 504,
      body: { message: 'Service timed out: svc-planning did not answer in time. Please try again.' },
    });
    (global.fetch as jest.Mock).mockImplementationOnce(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return fakeResponse(504, JSON.stringify(replies.shift()?.body));
    });
    (global.fetch as jest.Mock).mockImplementationOnce(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      throw new TypeError('Failed to fetch');
    });
    replies.push({ status: 201, body: { data: { id: 'n1' } } });
    const done = api.post('notes', { a: 1 });
    await jest.advanceTimersByTimeAsync(WRITE_RETRY_DELAYS_MS[0] as number);
    await jest.advanceTimersByTimeAsync(WRITE_RETRY_DELAYS_MS[1] as number);
    await expect(done).resolves.toEqual({ id: 'n1' });
    expect(calls).toHaveLength(3);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).toBe(keyOf(0));
    expect(calls[2]?.init.body).toBe('{"a":1}');
  });

  it('waits for a first attempt still in progress (409) and gives up after the last retry', async () => {
    signIn();
    jest.useFakeTimers();
    for (let i = 0; i <= WRITE_RETRY_DELAYS_MS.length; i++)
      replies.push({ status: 409, body: { message: IN_PROGRESS_MESSAGE } });
    const done = api.post('notes', { a: 1 }).catch((e: unknown) => e);
    for (const ms of WRITE_RETRY_DELAYS_MS) await jest.advanceTimersByTimeAsync(ms);
    const err = (await done) as ApiError;
    expect([err.status, err.message]).toEqual([409, IN_PROGRESS_MESSAGE]);
    expect(calls).toHaveLength(WRITE_RETRY_DELAYS_MS.length + 1);
    expect(new Set(calls.map((_, i) => keyOf(i))).size).toBe(1);
  });

  it('does not retry reads, other errors, or writes of a signed-out caller (their key is not kept by the services)', async () => {
    replies.push({ status: 504, body: { message: 'Service timed out' } });
    await expect(api.post('auth/login', { a: 1 })).rejects.toMatchObject({ status: 504 });
    signIn();
    replies.push({ status: 504, body: { message: 'Service timed out' } }, { status: 409, body: { message: 'Taken' } });
    await expect(api.get('notes')).rejects.toMatchObject({ status: 504 });
    await expect(api.post('notes', {})).rejects.toMatchObject({ status: 409 });
    expect(calls).toHaveLength(3);
  });
});

describe('the error catalogue (spec §8)', () => {
  it("'Invalid token' clears the token and user cookies and goes to the login route", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify({ id: 'u1', type: 'advisor' }))}; Path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = 'kf_token=abc; Path=/';
    replies.push({ status: 401, body: { message: 'Invalid token' } });
    await expect(api.get('leads')).rejects.toBeInstanceOf(ApiError);
    expect(readCookie('kf_user')).toBeUndefined();
    expect(readCookie('kf_token')).toBeUndefined();
    expect(navigations).toEqual(['/auth/login']);
  });
  it("'Invalid token' sends a customer to the customer login", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test
    document.cookie = `kf_user=${encodeURIComponent(JSON.stringify({ id: 'u1', type: 'customer' }))}; Path=/`;
    expect(applyCatalogue({ message: 'Invalid token' })).toBe('login');
    expect(navigations).toEqual(['/customer/auth/login']);
  });
  it('a message containing subscription goes to /subscription', async () => {
    replies.push({ status: 403, body: { message: 'Your trial has ended. Choose a subscription to continue.' } });
    await expect(api.get('leads')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/subscription']);
  });
  it("action 'redirect' with a route navigates there", async () => {
    replies.push({
      status: 409,
      body: { message: 'Finish your profile', action: 'redirect', route: '/advisor/auth/verification' },
    });
    await expect(api.get('x')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/advisor/auth/verification']);
  });
  it('leaves other errors alone, and can be switched off per call', async () => {
    replies.push({ status: 400, body: { message: 'Bad' } }, { status: 401, body: { message: 'Invalid token' } });
    await expect(api.get('x')).rejects.toThrow('Bad');
    await expect(api.get('auth/logout', { catalogue: false })).rejects.toThrow('Invalid token');
    expect(navigations).toEqual([]);
    expect(applyCatalogue({ action: 'redirect', route: 'https://evil.example' })).toBeNull();
  });
  it('reports an unreachable server as status 0', async () => {
    (global.fetch as jest.Mock).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const e = (await api.get('x').catch((x: unknown) => x)) as ApiError;
    expect(e.status).toBe(0);
    expect(e.message).toMatch(/could not be reached/);
  });
});
