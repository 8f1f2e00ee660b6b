import { randomUUID } from 'node:crypto';
import { ApiClient, signUpAndSignIn } from '../support/api';
import { Distributed, eventually } from '../support/distributed';

/**
 * Issue 30 item 4: a write the gateway answers 504 (the service was frozen) is still carried out by the service once
 * it runs again; the client's retry with the same Idempotency-Key then gets that first reply back, marked replayed,
 * and nothing is stored twice.
 */
describe('a write retried after a 504 (distributed)', () => {
  const sys = new Distributed({ env: { PROXY_TIMEOUT_MS: '1500' }, startTimeoutMs: 120_000 });

  beforeAll(() => sys.start(), 300_000);
  afterAll(() => sys.stop());

  it('stores the frozen first attempt once; the retry with the same key replays its reply', async () => {
    const api = new ApiClient(sys.gatewayUrl);
    const { advisor } = await signUpAndSignIn(api, 'idem');
    // a session of our own, so the calls below can carry the header
    const login = await fetch(`${sys.gatewayUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'x-requested-with': 'kinfolio', 'content-type': 'application/json' },
      body: JSON.stringify({ email: advisor.email, password: advisor.password }),
    });
    const cookie = /kf_session=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeDefined();
    const call = async (method: string, path: string, body?: unknown, key?: string) => {
      const res = await fetch(`${sys.gatewayUrl}/api/v1/${path}`, {
        method,
        headers: {
          'x-requested-with': 'kinfolio',
          'authorization-type': 'advisor',
          cookie: cookie as string,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? JSON.parse(text) : null,
        replayed: res.headers.get('idempotent-replayed'),
      };
    };
    const name = `Frozen Household ${Date.now()}`;
    const stored = async () => {
      const list = await call('GET', `leads/lead?search=${encodeURIComponent(name)}&page_size=50`);
      expect(list.status).toBe(200);
      return list.body.data.rows as Array<{ id: string; name: string }>;
    };
    // no e-mail: nothing unique in it, so without the key a second attempt would store a second household
    const lead = { name, age: 41 };
    const key = randomUUID();

    const planning = sys.find('svc-planning');
    const pid = planning.child.pid as number;
    process.kill(pid, 'SIGSTOP');
    let first: Awaited<ReturnType<typeof call>>;
    try {
      first = await call('POST', 'leads', lead, key);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect([first.status, first.body.message]).toEqual([504, expect.stringMatching(/svc-planning/)]);

    // the service reads the request it was sent while frozen and carries it out
    await eventually(async () => (await stored().catch(() => [])).length === 1, 30_000, 200);

    // the client's retry (same key, same body): the first reply, not a second household. While the gateway still
    // counts svc-planning as hung it answers 503; that, and a 409 while the first attempt runs, mean "wait".
    const retry = await eventually(
      async () => {
        const r = await call('POST', 'leads', lead, key);
        return r.status === 503 || r.body?.message === 'A request with this key is in progress' ? undefined : r;
      },
      30_000,
      250,
    );
    expect([retry.status, retry.replayed]).toEqual([201, 'true']);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(retry.body.data.id).toBe(rows[0]?.id);

    // a new user action (a new key) is a new household
    const again = await call('POST', 'leads', lead, randomUUID());
    expect([again.status, again.replayed]).toEqual([201, null]);
    expect(await stored()).toHaveLength(2);
  }, 150_000);
});
