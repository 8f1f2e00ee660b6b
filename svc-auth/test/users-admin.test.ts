import { randomUUID } from 'node:crypto';
import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/module';
import { eventually, outboxTypes, seedUser, uniqueEmail } from './helpers';

jest.setTimeout(60_000);

describe.each(testInfras())('svc-auth users, admin, permissions, membership (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
  });
  afterAll(async () => {
    await t?.stop();
  });

  test('users/:id: self, an advisor for their own customers, admins anyone; everyone else 404', async () => {
    const adv = await seedUser(t, 'advisor');
    const other = await seedUser(t, 'advisor');
    const cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
    const otherCust = await seedUser(t, 'customer', { advisor_id: other.user.id });
    const admin = await seedUser(t, 'admin');
    const get = async (as: typeof adv.as, id: string) => (await t.call('GET', `users/${id}`, { as })).status;
    expect(await get(adv.as, adv.user.id)).toBe(200);
    expect(await get(adv.as, cust.user.id)).toBe(200);
    expect(await get(adv.as, otherCust.user.id)).toBe(404);
    expect(await get(adv.as, other.user.id)).toBe(404);
    expect(await get(cust.as, adv.user.id)).toBe(404);
    expect(await get(cust.as, otherCust.user.id)).toBe(404);
    expect(await get(cust.as, cust.user.id)).toBe(200);
    expect(await get(admin.as, otherCust.user.id)).toBe(200);
    expect(await get(admin.as, randomUUID())).toBe(404);
    expect(await get(admin.as, 'not-a-uuid')).toBe(404);
    const body = (await t.call('GET', `users/${cust.user.id}`, { as: adv.as })).body;
    expect(body.data).toMatchObject({ id: cust.user.id, type: 'customer', advisor_id: adv.user.id });
    expect(body.data.password_hash).toBeUndefined();
  });

  test('user/update applies the username rules and the Expert Positioning basic details', async () => {
    const adv = await seedUser(t, 'advisor');
    const upd = (body: Record<string, unknown>, as = adv.as) =>
      t.call('PATCH', 'user/update', { as, body: { user_id: adv.user.id, ...body } });
    const ok = await upd({ username: '  Jane Doe 2  ' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.username).toBe('jane-doe-2');
    const empty = await upd({ username: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('username: Enter user name');
    expect(empty.body.errors[0]).toEqual({ username: ['Enter user name'] });
    expect((await upd({ username: null })).body.errors[0]).toEqual({ username: ['Enter user name'] });
    for (const bad of ['jane_doe', 'jane.doe', 'jané', 'jane😀', '<b>jane</b>', 'a'.repeat(64)]) {
      const r = await upd({ username: bad });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors[0])).toEqual(['username']);
    }
    const other = await seedUser(t, 'advisor');
    const taken = await upd({ username: 'JANE DOE 2' }, other.as).then(() =>
      t.call('PATCH', 'user/update', { as: other.as, body: { user_id: other.user.id, username: 'Jane Doe 2' } }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This user name is already taken');
    expect(taken.body.errors).toEqual([{ username: ['This user name is already taken'] }]);
    expect(
      (await t.call('PATCH', 'user/update', { as: other.as, body: { user_id: other.user.id, username: 'www' } }))
        .status,
    ).toBe(409);

    const details = await upd({
      name: 'Jane Doe',
      designation: 'Chartered Financial Planner',
      business_email: 'Jane@Advice.SG',
      business_phone: '+65 6123 4567',
      bio: 'Twenty years in practice.',
      gender: 'female',
      profile_image: `storage/user/media/${adv.user.id}/${'a1'.repeat(16)}.png`,
    });
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({
      name: 'Jane Doe',
      designation: 'Chartered Financial Planner',
      business_email: 'jane@advice.sg',
      business_phone: '+65 6123 4567',
      gender: 'female',
      profile_image: `storage/user/media/${adv.user.id}/${'a1'.repeat(16)}.png`,
    });
    const cleared = await upd({ designation: '', business_phone: '' });
    expect(cleared.body.data).toMatchObject({ designation: null, business_phone: null, username: 'jane-doe-2' });
    expect((await upd({ designation: 'Adviser <script>' })).status).toBe(400);
    expect((await upd({ profile_image: '"><img src=x onerror=alert(1)>' })).status).toBe(400);
    expect(await outboxTypes(t, adv.user.id)).toContain('auth.user.updated.v1');
    // the event carries the designation (svc-planning brands reports with it): the details' update, then cleared
    const designations = (
      await t.svc.ctx.db('outbox').where({ type: 'auth.user.updated.v1' }).orderBy('seq').select('payload')
    )
      .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload))
      .filter((p) => p.user_id === adv.user.id)
      .map((p) => p.designation);
    expect(designations.slice(-2)).toEqual(['Chartered Financial Planner', null]);

    // Only self or an admin.
    const forbidden = await t.call('PATCH', 'user/update', {
      as: other.as,
      body: { user_id: adv.user.id, name: 'Hijack' },
    });
    expect(forbidden.status).toBe(403);
    const admin = await seedUser(t, 'admin');
    expect(
      (await t.call('PATCH', 'user/update', { as: admin.as, body: { user_id: adv.user.id, name: 'By Admin' } })).body
        .data.name,
    ).toBe('By Admin');
    // Customers have no username.
    const cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
    const cu = await t.call('PATCH', 'user/update', { as: cust.as, body: { user_id: cust.user.id, username: 'cust' } });
    expect(cu.status).toBe(400);
    expect(
      (await t.call('PATCH', 'user/update', { as: cust.as, body: { user_id: cust.user.id, name: 'New Name' } })).status,
    ).toBe(200);
  });

  test('advisor/public answers the advisor of the sub-domain, 404 without a tenant or for an unknown one', async () => {
    const adv = await seedUser(t, 'advisor', {
      username: `pub-${randomUUID().slice(0, 8)}`,
      designation: 'CFP',
      business_email: 'biz@example.com',
      business_phone: '+6561234567',
      profile_image: 'storage/og.png',
      contact_number: '91234567',
    });
    const r = await t.call('GET', 'advisor/public', { tenant: adv.user.username! });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      name: adv.user.name,
      username: adv.user.username,
      designation: 'CFP',
      business_email: 'biz@example.com',
      email: adv.user.email,
      business_phone: '+6561234567',
      contact_number: '91234567',
      og_image: 'storage/og.png',
      meta: [],
      testimonials: [],
      reviews: [],
      rating: { average: null, count: 0 },
      lead_magnets: [],
    });
    expect((await t.call('GET', 'advisor/public')).status).toBe(404);
    expect((await t.call('GET', 'advisor/public', { tenant: 'nobody-here' })).status).toBe(404);
    const cust = await seedUser(t, 'customer', { username: `cu-${randomUUID().slice(0, 8)}` });
    expect((await t.call('GET', 'advisor/public', { tenant: cust.user.username! })).status).toBe(404);
  });

  test('admins filter and page users, read stats, deactivate (sessions revoked at once), activate and delete', async () => {
    const admin = await seedUser(t, 'admin');
    const tag = randomUUID().slice(0, 8);
    const advs = [];
    for (let i = 0; i < 3; i++) advs.push(await seedUser(t, 'advisor', { name: `Filter ${tag} ${i}` }));
    const list = (body: Record<string, unknown>) => t.call('POST', 'admin/get-filtered-users', { as: admin.as, body });
    const page1 = await list({ search: tag, page_size: 2 });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.body.data.rows).toHaveLength(2);
    const page2 = await list({ search: tag, page_size: 2, page: 2 });
    expect(page2.body.data.rows).toHaveLength(1);
    expect(new Set([...page1.body.data.rows, ...page2.body.data.rows].map((u: { id: string }) => u.id)).size).toBe(3);
    expect((await list({ search: '%' })).body.data.total).toBe(0);
    expect((await list({ type: 'admin' })).body.data.rows.every((u: { type: string }) => u.type === 'admin')).toBe(
      true,
    );

    const statsBefore = (await t.call('GET', 'admin/users-stats', { as: admin.as })).body.data;
    const target = advs[0]!;
    const deact = await t.call('PATCH', `admin/get-filtered-users/${target.user.id}`, {
      as: admin.as,
      body: { status: 'deactivated' },
    });
    expect(deact.status).toBe(200);
    expect(deact.body.data.status).toBe('deactivated');
    expect((await t.call('POST', '/internal/sessions/verify', { body: { token: target.token } })).status).toBe(401);
    expect((await t.call('GET', 'users/me', { as: target.as })).status).toBe(401);
    const statsAfter = (await t.call('GET', 'admin/users-stats', { as: admin.as })).body.data;
    expect(statsAfter.deactivated).toBe(statsBefore.deactivated + 1);
    expect(statsAfter.active).toBe(statsBefore.active - 1);
    expect(statsAfter.total).toBe(statsBefore.total);
    const deactivatedList = await list({ search: tag, status: 'deactivated' });
    expect(deactivatedList.body.data.rows.map((u: { id: string }) => u.id)).toEqual([target.user.id]);

    const act = await t.call('PATCH', `admin/get-filtered-users/${target.user.id}`, {
      as: admin.as,
      body: { status: 'active' },
    });
    expect(act.body.data.status).toBe('active');
    // The old session stays revoked after reactivation.
    expect((await t.call('POST', '/internal/sessions/verify', { body: { token: target.token } })).status).toBe(401);
    // the revocation is announced too, so svc-support closes the user's open sockets (issue 10 item 1)
    expect(await outboxTypes(t, target.user.id)).toEqual([
      'auth.sessions.revoked.v1',
      'auth.user.deactivated.v1',
      'auth.user.activated.v1',
    ]);

    const self = await t.call('PATCH', `admin/get-filtered-users/${admin.user.id}`, {
      as: admin.as,
      body: { status: 'deactivated' },
    });
    expect(self.status).toBe(409);
    expect(
      (await t.call('PATCH', `admin/get-filtered-users/${randomUUID()}`, { as: admin.as, body: { status: 'active' } }))
        .status,
    ).toBe(404);

    const victim = advs[1]!;
    const del = await t.call('DELETE', `admin/get-filtered-users/${victim.user.id}`, { as: admin.as });
    expect(del.status).toBe(200);
    expect(await t.svc.ctx.db('users').where({ id: victim.user.id }).first()).toBeUndefined();
    expect((await t.call('POST', '/internal/sessions/verify', { body: { token: victim.token } })).status).toBe(401);
    expect(await outboxTypes(t, victim.user.id)).toEqual(['auth.sessions.revoked.v1', 'auth.user.deleted.v1']);
    expect((await t.call('DELETE', `admin/get-filtered-users/${victim.user.id}`, { as: admin.as })).status).toBe(404);
    expect((await t.call('DELETE', `admin/get-filtered-users/${admin.user.id}`, { as: admin.as })).status).toBe(409);
  });

  test('permissions: admins upsert, users read their own, lead-magnet permissions follow tenancy', async () => {
    const admin = await seedUser(t, 'admin');
    const adv = await seedUser(t, 'advisor');
    const cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
    const stranger = await seedUser(t, 'advisor');
    const up = await t.call('POST', `admin/permissions/${cust.user.id}/upsert`, {
      as: admin.as,
      body: {
        permissions: [
          { key: 'lm:guide-1', granted: true },
          { key: 'reports', granted: false },
          { key: 'lm:guide-2', granted: false },
        ],
      },
    });
    expect(up.status).toBe(200);
    expect(up.body.data).toEqual([
      { key: 'lm:guide-1', granted: true },
      { key: 'lm:guide-2', granted: false },
      { key: 'reports', granted: false },
    ]);
    const again = await t.call('POST', `admin/permissions/${cust.user.id}/upsert`, {
      as: admin.as,
      body: { permissions: [{ key: 'lm:guide-2', granted: true }] },
    });
    expect(again.body.data).toContainEqual({ key: 'lm:guide-2', granted: true });
    expect(again.body.data).toHaveLength(3);
    expect((await t.call('GET', 'user/permissions', { as: cust.as })).body.data).toHaveLength(3);
    expect((await t.call('GET', 'user/permissions', { as: adv.as })).body.data).toEqual([]);
    const lm = await t.call('GET', `user/permissions/${cust.user.id}/LM`, { as: adv.as });
    expect(lm.status).toBe(200);
    expect(lm.body.data).toEqual([
      { key: 'lm:guide-1', granted: true },
      { key: 'lm:guide-2', granted: true },
    ]);
    expect((await t.call('GET', `user/permissions/${cust.user.id}/LM`, { as: cust.as })).status).toBe(200);
    expect((await t.call('GET', `user/permissions/${cust.user.id}/LM`, { as: stranger.as })).status).toBe(404);
    expect(
      (
        await t.call('POST', `admin/permissions/${randomUUID()}/upsert`, {
          as: admin.as,
          body: { permissions: [{ key: 'x', granted: true }] },
        })
      ).status,
    ).toBe(404);
  });

  test('billing membership events update the advisor and drop the cached sessions', async () => {
    const adv = await seedUser(t, 'advisor');
    const { createHash } = await import('node:crypto');
    const key = `session:${createHash('sha256').update(adv.token).digest('hex')}`;
    expect(await t.ports.cache.get(key)).not.toBeNull();
    const endsAt = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const publish = (type: string, payload: unknown, occurredAt = new Date().toISOString()) =>
      t.ports.bus.publish([{ id: randomUUID(), type, occurredAt, correlationId: randomUUID(), payload }]);
    await publish('billing.trial.started.v1', {
      user_id: adv.user.id,
      trial_id: randomUUID(),
      started_at: new Date().toISOString(),
      ends_at: endsAt,
    });
    await eventually(
      async () => (await t.call('GET', 'users/me', { as: adv.as })).body.data.membership_status === 'trial',
    );
    expect((await t.call('GET', 'users/me', { as: adv.as })).body.data.trial_ends_at).toBe(endsAt);
    expect(await t.ports.cache.get(key)).toBeNull();

    await publish('billing.membership.changed.v1', {
      user_id: adv.user.id,
      membership_status: 'expired',
      trial_ends_at: endsAt,
    });
    await eventually(
      async () => (await t.call('GET', 'users/me', { as: adv.as })).body.data.membership_status === 'expired',
    );
    const v = await t.call('POST', '/internal/sessions/verify', { body: { token: adv.token } });
    expect(v.body.data).toMatchObject({ membership_status: 'expired', trial_ends_at: endsAt });
    // An older event delivered late changes nothing.
    await publish(
      'billing.membership.changed.v1',
      { user_id: adv.user.id, membership_status: 'active', trial_ends_at: endsAt },
      new Date(Date.now() - 60_000).toISOString(),
    );
    await publish('billing.membership.changed.v1', {
      user_id: randomUUID(),
      membership_status: 'active',
      trial_ends_at: null,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.call('GET', 'users/me', { as: adv.as })).body.data.membership_status).toBe('expired');
    await publish('billing.membership.changed.v1', {
      user_id: adv.user.id,
      membership_status: 'active',
      trial_ends_at: endsAt,
    });
    await eventually(
      async () => (await t.call('GET', 'users/me', { as: adv.as })).body.data.membership_status === 'active',
    );
  });

  test('the dev outbox lists sent mail and SMS to the gateway only', async () => {
    const email = uniqueEmail('box');
    await t.ports.mailer.send({ to: email, subject: 'hi', text: 'hello' });
    const r = await t.call('GET', `/internal/dev/outbox?kind=mail&to=${encodeURIComponent(email)}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ to: email, subject: 'hi' });
    expect((await t.call('GET', '/internal/dev/outbox?kind=sms&to=%2B6500000000')).body.data).toEqual([]);
    expect((await t.call('GET', '/internal/dev/outbox?kind=fax')).status).toBe(400);
    expect((await fetch(`${t.svc.url}/internal/dev/outbox?kind=mail`)).status).toBe(403);
  });

  test('the demo seed creates the three accounts once', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual([
      'admin@kinfolio.test',
      'advisor@kinfolio.test',
      'customer@kinfolio.test',
    ]);
    const { seedDemo } = await import('../src/domain/seed');
    await seedDemo(t.svc.ctx);
    await seedDemo(t.svc.ctx);
    const rows = await t.svc.ctx
      .db('users')
      .whereIn(
        'email',
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .orderBy('email');
    expect(rows.map((r: { email: string }) => r.email)).toEqual([
      'admin@kinfolio.test',
      'advisor@kinfolio.test',
      'customer@kinfolio.test',
    ]);
    const advisor = rows.find((r: { type: string }) => r.type === 'advisor');
    expect(advisor).toMatchObject({
      username: 'demo-advisor',
      name: 'Demo Advisor',
      email_verified: true,
      mobile_verified: true,
    });
    expect(rows.find((r: { type: string }) => r.type === 'customer').advisor_id).toBe(advisor.id);
    expect(await outboxTypes(t, advisor.id)).toContain('auth.advisor.registered.v1');
    const login = await t.call('POST', 'auth/login', {
      body: { email: 'advisor@kinfolio.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const cust = await t.call('POST', 'customer/auth/login', {
      body: { email: 'customer@kinfolio.test', password: DEMO_PASSWORD },
    });
    expect(cust.status).toBe(200);
  });
});
