import { ApiClient, signUpAndSignIn } from '../support/api';
import { Distributed, eventually } from '../support/distributed';
import { freePort, TcpProxy } from '../support/tcp-proxy';

/**
 * Issue 2 §5/§8: registration succeeds while RabbitMQ is unreachable; the trial opens once the broker is back,
 * exactly once. The services reach RabbitMQ through a proxy the test cuts and restores.
 */
describe('the 14-day trial when RabbitMQ is unreachable at registration (distributed)', () => {
  let proxy: TcpProxy;
  let sys: Distributed;

  beforeAll(async () => {
    proxy = new TcpProxy(await freePort(), '127.0.0.1', 5672);
    sys = new Distributed({ amqpUrl: `amqp://guest:guest@127.0.0.1:${proxy.port}` });
    await sys.start();
  }, 120_000);

  afterAll(async () => {
    await sys?.stop();
    await proxy?.close();
  });

  it('registers while the broker is down, then opens exactly one trial once it is back', async () => {
    const api = new ApiClient(sys.gatewayUrl);
    const { user } = await signUpAndSignIn(api, 'outage');
    expect(user.membership_status).toBe('none');

    // The registration event waits in svc-auth's outbox; nothing can reach billing yet.
    await new Promise((r) => setTimeout(r, 2000));
    const before = await api.call('GET', 'users/me');
    expect(before.body.data.membership_status).toBe('none');
    // A pending trial still lets the new advisor work (membershipAllows treats 'none' as a pending trial).
    expect((await api.call('GET', `users/${user.id}`)).status).toBe(200);

    await proxy.open();
    const after = await eventually(async () => {
      const me = await api.call('GET', 'users/me');
      return me.body?.data?.membership_status === 'trial' ? me.body.data : undefined;
    }, 40_000);
    const days = (Date.parse(after.trial_ends_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const membership = await api.call('GET', `membership/${user.id}`);
    expect(membership.status).toBe(200);
    expect(membership.body.data).toHaveLength(1);
    expect(membership.body.data[0].status).toBe('activated');
  }, 120_000);
});
