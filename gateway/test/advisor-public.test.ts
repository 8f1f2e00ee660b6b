import { randomBytes } from 'node:crypto';
import { AdvisorDirectory } from '../src/advisor-public';
import { createAgent, ReplicaPool } from '../src/upstreams';
import { FakeService, silent } from './helpers';

const JANE = {
  name: 'Jane Tan',
  username: 'jane',
  designation: 'CFP',
  business_email: null,
  email: 'jane@example.com',
  business_phone: null,
  contact_number: null,
  og_image: null,
};

describe('AdvisorDirectory: the advisor of a sub-domain, from svc-auth, cached briefly', () => {
  const secret = randomBytes(24).toString('hex');
  const agent = createAgent();
  let svc: FakeService;
  let t = 0;
  const directory = (o: { maxEntries?: number } = {}) =>
    new AdvisorDirectory({
      authPool: new ReplicaPool('svc-auth', [svc.url]),
      agent,
      secret,
      connectTimeoutMs: 500,
      logger: silent,
      ttlMs: 60_000,
      failureTtlMs: 5_000,
      now: () => t,
      ...o,
    });

  beforeAll(async () => {
    svc = await new FakeService('svc-auth', secret).start();
    svc.advisors.set('jane', JANE);
    svc.advisors.set('nobody', null);
  });
  afterAll(async () => {
    if (svc.server.listening) await svc.kill();
    agent.destroy();
  });
  beforeEach(() => {
    t = 0;
    svc.advisorCalls = 0;
  });

  it('asks with the tenant in the signed headers, shares one call between concurrent requests, and reuses it', async () => {
    const d = directory();
    const answers = await Promise.all([d.get('jane', 'c-1'), d.get('JANE', 'c-2'), d.get('jane', 'c-3')]);
    expect(answers).toEqual([JANE, JANE, JANE]);
    expect(svc.advisorCalls).toBe(1);
    t = 59_999;
    expect(await d.get('jane', 'c-4')).toEqual(JANE);
    expect(svc.advisorCalls).toBe(1);
    t = 60_000;
    expect(await d.get('jane', 'c-5')).toEqual(JANE);
    expect(svc.advisorCalls).toBe(2);
  });

  it('answers null for an unknown sub-domain (remembered as long as an advisor) and for an unexpected reply (briefly)', async () => {
    const d = directory();
    expect(await d.get('nobody', 'c')).toBeNull();
    // the fake echoes anything else: not an advisor's shape
    expect(await d.get('someone', 'c')).toBeNull();
    expect(svc.advisorCalls).toBe(2);
    t = 5_000;
    await d.get('nobody', 'c');
    await d.get('someone', 'c');
    expect(svc.advisorCalls).toBe(3);
  });

  it('keeps at most maxEntries sub-domains, dropping the oldest', async () => {
    const d = directory({ maxEntries: 2 });
    await d.get('jane', 'c');
    await d.get('nobody', 'c');
    await d.get('third', 'c');
    expect(svc.advisorCalls).toBe(3);
    await d.get('nobody', 'c');
    expect(svc.advisorCalls).toBe(3);
    await d.get('jane', 'c');
    expect(svc.advisorCalls).toBe(4);
  });

  it('answers null when svc-auth cannot be reached, never throws', async () => {
    const d = directory();
    await svc.kill();
    await expect(d.get('jane', 'c')).resolves.toBeNull();
  });
});
