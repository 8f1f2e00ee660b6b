import type { support } from '@kinfolio/contracts';
import { type Identity, startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule } from '@kinfolio/svc-auth';
import { freshIp, lastCode, seedUser } from '../../svc-auth/test/helpers';
import { supportModule } from '../src/module';
import { type ClientSocket, connectAs, connected, join } from './helpers';

jest.setTimeout(60_000);

/** Issue 10 item 1: svc-auth revokes, svc-support closes the sockets (through the bus, as in production). */
describe.each(testInfras())('open sockets end with their session (%s)', (infra) => {
  let auth: TestService;
  let sup: TestService;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    auth = await startTestService(authModule, { infra });
    sup = await startTestService(supportModule, { infra, ports: auth.ports });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await sup?.stop();
    await auth?.stop();
  });

  const socketOf = async (who: Identity) => {
    const s = connectAs(sup.svc.url, sup.secret, who);
    sockets.push(s);
    await connected(s);
    return s;
  };
  /** Resolves with how long after `since` the socket was closed by the server; fails after a second. */
  const closedBy = (s: ClientSocket, since: () => number) =>
    new Promise<number>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('the socket was still open a second later')), 1000 + 200);
      s.once('disconnect', (reason) => {
        clearTimeout(t);
        if (reason === 'io server disconnect') resolve(Date.now() - since());
        else reject(new Error(`closed for another reason: ${reason}`));
      });
    });
  const ticketOf = async (who: Identity) => {
    const res = await sup.call('POST', 'user/query-ticket', { as: who, body: { query: 'Still there?' } });
    expect(res.status).toBe(201);
    return res.body.data as support.Ticket;
  };
  /** A socket of the revoked session can neither come back nor join its ticket room. */
  const expectRefused = async (who: Identity) => {
    const again = connectAs(sup.svc.url, sup.secret, who);
    sockets.push(again);
    await expect(connected(again)).rejects.toThrow('Invalid token');
  };

  it('closes the socket of a session within a second of its sign-out; the user’s other session stays open', async () => {
    const a = await seedUser(auth, 'advisor');
    const ticket = await ticketOf(a.as);
    const s = await socketOf(a.as);
    expect(await join(s, ticket.id)).toEqual({ ok: true });
    const second = await seedUser(auth, 'advisor');
    const otherSession = await socketOf(second.as);
    let at = 0;
    const closed = closedBy(s, () => at);
    at = Date.now();
    expect((await auth.call('GET', 'auth/logout', { as: a.as })).status).toBe(200);
    expect(await closed).toBeLessThan(1000);
    await expectRefused(a.as);
    expect(otherSession.connected).toBe(true);
    expect(await join(otherSession, (await ticketOf(second.as)).id)).toEqual({ ok: true });
  });

  it('closes every socket of the user within a second of a password reset', async () => {
    const a = await seedUser(auth, 'advisor');
    const s1 = await socketOf(a.as);
    const s2 = await socketOf(a.as);
    const ip = freshIp();
    const headers = { 'x-forwarded-for': ip };
    expect((await auth.call('PATCH', 'forget/password', { body: { email: a.user.email }, headers })).status).toBe(200);
    const otp = lastCode(auth, 'mail', a.user.email);
    let at = 0;
    const closed = Promise.all([closedBy(s1, () => at), closedBy(s2, () => at)]);
    at = Date.now();
    const reset = await auth.call('PATCH', 'reset/password', {
      body: { email: a.user.email, otp, password: 'Harbour-Tangerine-93' },
      headers,
    });
    expect(reset.status).toBe(200);
    for (const ms of await closed) expect(ms).toBeLessThan(1000);
    await expectRefused(a.as);
  });

  it('closes the sockets of a user an admin deactivates within a second; the admin’s own stay open', async () => {
    const admin = await seedUser(auth, 'admin');
    const c = await seedUser(auth, 'customer');
    const ticket = await ticketOf(c.as);
    const s = await socketOf(c.as);
    expect(await join(s, ticket.id)).toEqual({ ok: true });
    const adminSocket = await socketOf(admin.as);
    let at = 0;
    const closed = closedBy(s, () => at);
    at = Date.now();
    const res = await auth.call('PATCH', `admin/get-filtered-users/${c.user.id}`, {
      as: admin.as,
      body: { status: 'deactivated' },
    });
    expect(res.status).toBe(200);
    expect(await closed).toBeLessThan(1000);
    await expectRefused(c.as);
    expect(adminSocket.connected).toBe(true);
  });
});
