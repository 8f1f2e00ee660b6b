import { randomUUID } from 'node:crypto';
import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { findUserByEmail } from '../src/data/user.repository';
import { authModule } from '../src/module';
import { cookieToken, eventually, GOOD_PASSWORD, lastCode, seedUser, uniqueEmail } from './helpers';

/** Issue 11: a shared household profile gives its `me` member a customer login; deleting the household removes it. */
describe.each(testInfras())('svc-auth customer logins from planning events (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  const envelope = (type: string, payload: unknown, id = randomUUID()) => ({
    id,
    type,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload,
  });
  const publish = (e: ReturnType<typeof envelope>) => t.ports.bus.publish([e]);
  const mails = (to: string) => t.ports.offline!.mail.list(to);
  const outbox = async (type: string) =>
    (await t.svc.ctx.db('outbox').where({ type })).map((r) =>
      typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    );

  it('shared → a customer of the advisor (id = household id), a create-password mail, auth.customer.linked.v1; redelivery does nothing twice; a re-share mails a fresh code to the same user', async () => {
    const adv = await seedUser(t, 'advisor');
    const householdId = randomUUID();
    const email = uniqueEmail('cust');
    const shared = envelope('planning.customer.shared.v1', {
      household_id: householdId,
      advisor_id: adv.user.id,
      name: 'Alex Tan',
      email: email.toUpperCase(),
    });
    await publish(shared);
    await eventually(async () => Boolean(await findUserByEmail(t.svc.ctx.db, email)) && mails(email).length === 1);
    const user = (await findUserByEmail(t.svc.ctx.db, email))!;
    expect(user).toMatchObject({
      id: householdId,
      type: 'customer',
      advisor_id: adv.user.id,
      name: 'Alex Tan',
      password_hash: null,
    });
    expect(mails(email)[0]!.subject).toBe('Create your Kinfolio password');
    expect(mails(email)[0]!.text).toContain('/customer/auth/login');
    expect(await outbox('auth.customer.linked.v1')).toContainEqual({
      household_id: householdId,
      advisor_id: adv.user.id,
      customer_user_id: user.id,
    });
    expect((await outbox('auth.customer.created.v1')).filter((p) => p.user_id === user.id)).toHaveLength(1);

    // the same event again (redelivery): no second mail, no second link
    await publish(shared);
    await eventually(
      async () =>
        Number((await t.svc.ctx.db('processed_events').where({ event_id: shared.id }).count('* as n'))[0]!.n) === 1,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(mails(email)).toHaveLength(1);
    expect((await outbox('auth.customer.linked.v1')).filter((p) => p.household_id === householdId)).toHaveLength(1);

    // a re-share (a new event): the same user, a fresh mail whose code creates the password; the customer signs in
    await publish(
      envelope('planning.customer.shared.v1', {
        household_id: householdId,
        advisor_id: adv.user.id,
        name: 'Alex Tan',
        email,
      }),
    );
    // The mail goes out inside the handler, before its transaction (and so the outbox row) commits: wait for both.
    await eventually(
      async () =>
        mails(email).length === 2 &&
        (await outbox('auth.customer.linked.v1')).filter((p) => p.household_id === householdId).length === 2,
    );
    expect(await t.svc.ctx.db('users').where({ email })).toHaveLength(1);
    expect((await outbox('auth.customer.created.v1')).filter((p) => p.user_id === user.id)).toHaveLength(1);
    expect((await outbox('auth.customer.linked.v1')).filter((p) => p.household_id === householdId)).toHaveLength(2);
    const created = await t.call('PATCH', 'customer/create/password', {
      body: { email, otp: lastCode(t, 'mail', email), password: GOOD_PASSWORD },
    });
    expect(created.status).toBe(200);
    const login = await t.call('POST', 'customer/auth/login', { body: { email, password: GOOD_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ id: householdId, type: 'customer' });
    expect(cookieToken(login)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("shared with an e-mail of an advisor or of another advisor's customer creates nothing and takes over nobody", async () => {
    const adv = await seedUser(t, 'advisor');
    const otherAdv = await seedUser(t, 'advisor');
    const theirs = await seedUser(t, 'customer', { advisor_id: otherAdv.user.id });
    for (const email of [otherAdv.user.email, theirs.user.email]) {
      const householdId = randomUUID();
      const e = envelope('planning.customer.shared.v1', {
        household_id: householdId,
        advisor_id: adv.user.id,
        name: 'X',
        email,
      });
      await publish(e);
      await eventually(
        async () =>
          Number((await t.svc.ctx.db('processed_events').where({ event_id: e.id }).count('* as n'))[0]!.n) === 1,
      );
      expect(await outbox('auth.customer.linked.v1')).not.toContainEqual(
        expect.objectContaining({ household_id: householdId }),
      );
      expect(mails(email)).toHaveLength(0);
    }
    expect((await findUserByEmail(t.svc.ctx.db, theirs.user.email))!.advisor_id).toBe(otherAdv.user.id);
  });

  it('household deleted → the customer login, its sessions (announced) and codes are gone; another advisor cannot delete it; redelivery is harmless', async () => {
    const adv = await seedUser(t, 'advisor');
    const cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
    const householdId = randomUUID();
    const payload = (advisor_id: string) => ({
      household_id: householdId,
      advisor_id,
      customer_user_id: cust.user.id,
      deleted_at: new Date().toISOString(),
    });
    // another advisor's household event names this login: nothing happens
    const wrong = envelope('planning.household.deleted.v1', payload(randomUUID()));
    await publish(wrong);
    await eventually(
      async () =>
        Number((await t.svc.ctx.db('processed_events').where({ event_id: wrong.id }).count('* as n'))[0]!.n) === 1,
    );
    expect(await t.svc.ctx.db('users').where({ id: cust.user.id }).first()).toMatchObject({ id: cust.user.id });
    expect((await t.call('GET', 'users/me', { as: cust.as })).status).toBe(200);

    const deleted = envelope('planning.household.deleted.v1', payload(adv.user.id));
    await publish(deleted);
    await eventually(async () => !(await t.svc.ctx.db('users').where({ id: cust.user.id }).first()));
    expect(await outbox('auth.sessions.revoked.v1')).toContainEqual({
      user_id: cust.user.id,
      session_ids: [cust.as.sessionId],
      reason: 'deleted',
    });
    expect(await outbox('auth.user.deleted.v1')).toContainEqual({ user_id: cust.user.id, type: 'customer' });
    const verify = await t.call('POST', '/internal/sessions/verify', { body: { token: cust.token } });
    expect(verify.status).toBe(401);
    const login = await t.call('POST', 'customer/auth/login', {
      body: { email: cust.user.email, password: GOOD_PASSWORD },
    });
    expect(login.status).toBe(401);

    await publish(deleted);
    await publish(envelope('planning.household.deleted.v1', payload(adv.user.id)));
    await new Promise((r) => setTimeout(r, 300));
    expect((await outbox('auth.user.deleted.v1')).filter((p) => p.user_id === cust.user.id)).toHaveLength(1);
  });
});
