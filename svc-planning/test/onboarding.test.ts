import { randomUUID } from 'node:crypto';
import { type Identity, startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { ONBOARDING_ADVISOR_NOT_FOUND, ONBOARDING_SUBMITS_PER_HOUR } from '../src/households/onboarding.routes';
import { planningModule } from '../src/module';

/** Issue 11: a visitor's fact-find from an advisor's invitation link, with no session. */
describe.each(testInfras())('svc-planning public on-boarding (%s)', (infra) => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  /** Delivers an event to svc-planning as svc-auth or svc-billing would, and waits until it is handled. */
  const deliver = async (type: string, payload: Record<string, unknown>, occurredAt = new Date()) => {
    const id = randomUUID();
    await t.ports.bus.publish([
      { id, type, occurredAt: occurredAt.toISOString(), correlationId: randomUUID(), payload },
    ]);
    for (let i = 0; i < 100; i++) {
      const [row] = await t.svc.ctx.db('processed_events').where({ event_id: id }).count('* as n');
      if (Number(row?.n) === 1) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${type} was not handled`);
  };
  const membership = (userId: string, membership_status: string, trial_ends_at: string | null, at?: Date) =>
    deliver('billing.membership.changed.v1', { user_id: userId, membership_status, trial_ends_at }, at);
  /** An advisor as svc-planning hears of one: registered (svc-auth), then on a 14-day trial (svc-billing). */
  const registeredAdvisor = async (): Promise<Identity> => {
    const advisor = testIdentity('advisor');
    await deliver('auth.advisor.registered.v1', {
      user_id: advisor.userId,
      email: `${advisor.userId.slice(0, 8)}@example.com`,
      name: 'Ana Adviser',
      registered_at: new Date().toISOString(),
    });
    await membership(advisor.userId, 'trial', new Date(Date.now() + 14 * 86_400_000).toISOString());
    return advisor;
  };

  let n = 0;
  const address = () => `203.0.113.${++n}`;
  const submit = (body: unknown, client = address()) =>
    t.call('POST', 'on-boarding/submit', { as: null, body, client });
  const body = (advisorId: string) => ({
    advisor_id: advisorId,
    referral_id: 'REF42',
    lead: {
      name: 'Nur Aisyah',
      email: 'nur@example.com',
      age: 36,
      gender: 'female',
      currency: 'RM',
      members: [{ name: 'Hafiz', relation: 'spouse', gender: 'male', age: 38 }],
    },
    incomes: [
      { member_index: 0, amount: 7200 },
      { member_index: 1, amount: 5400 },
    ],
    expenses: [
      { category: 'food', amount: 1500 },
      { category: 'transport', amount: 600 },
    ],
  });

  it('creates the lead for that advisor with its members, incomes and expenses, and says nothing else', async () => {
    const advisor = await registeredAdvisor();
    const res = await submit(body(advisor.userId));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data)).toEqual(['id']);
    const id = res.body.data.id as string;

    const leads = await t.call('GET', 'leads/lead', { as: advisor });
    expect(leads.body.data.rows.map((r: { id: string; name: string }) => [r.id, r.name])).toEqual([[id, 'Nur Aisyah']]);
    const hh = await t.call('GET', `single-lead/${id}`, { as: advisor });
    expect(hh.body.data.referral_id).toBe('REF42');
    expect(hh.body.data.members.map((m: { name: string; relation: string }) => [m.relation, m.name])).toEqual([
      ['me', 'Nur Aisyah'],
      ['spouse', 'Hafiz'],
    ]);
    const flow = await t.call('GET', `customer/cash-flow/${id}`, { as: advisor });
    expect(flow.body.data.totals.income.monthly).toBeCloseTo(12600, 2);
    expect(flow.body.data.totals.expenses.monthly).toBeCloseTo(2100, 2);
    const spouse = flow.body.data.members.find((m: { relation: string }) => m.relation === 'spouse');
    expect(spouse.income.monthly).toBeCloseTo(5400, 2);
    // another advisor sees none of it
    expect((await t.call('GET', `single-lead/${id}`, { as: testIdentity('advisor') })).status).toBe(404);
  });

  it('issue 31 (9): a child sent as a child is in the children list and the count, not a member; other family is a member with its income', async () => {
    const advisor = await registeredAdvisor();
    const b = body(advisor.userId);
    const res = await submit({
      ...b,
      lead: {
        ...b.lead,
        children_count: 1,
        dependencies: ['spouse', 'children'],
        members: [...b.lead.members, { name: 'Ah Ma', relation: 'all', gender: 'female', age: 70 }],
        children: [{ name: 'Aiman', age: 8 }],
      },
      incomes: [...b.incomes, { member_index: 2, amount: 500 }],
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    const hh = (await t.call('GET', `single-lead/${id}`, { as: advisor })).body.data;
    expect([hh.children_count, hh.children]).toEqual([1, [{ name: 'Aiman', age: 8 }]]);
    // members in the spec's order (joint/all first, then me, then spouse)
    expect(hh.members.map((m: { name: string; relation: string }) => [m.relation, m.name])).toEqual([
      ['all', 'Ah Ma'],
      ['me', 'Nur Aisyah'],
      ['spouse', 'Hafiz'],
    ]);
    // each income on the member it was sent for (member_index counts the visitor, then lead.members in order)
    const flow = (await t.call('GET', `customer/cash-flow/${id}`, { as: advisor })).body.data;
    expect(flow.members.map((m: { name: string; income: { monthly: number } }) => [m.name, m.income.monthly])).toEqual([
      ['Ah Ma', 500],
      ['Nur Aisyah', 7200],
      ['Hafiz', 5400],
    ]);
  });

  it('refuses a bad body with 400 naming the field, and creates nothing', async () => {
    const advisor = await registeredAdvisor();
    const cases: Array<[unknown, string]> = [
      [{ ...body(advisor.userId), advisor_id: 'not-a-uuid' }, 'advisor_id'],
      [{ ...body(advisor.userId), lead: { ...body(advisor.userId).lead, name: '' } }, 'lead.name'],
      [{ ...body(advisor.userId), expenses: [{ category: 'groceries', amount: 1 }] }, 'expenses.0.category'],
      [{ ...body(advisor.userId), incomes: [{ member_index: 0, amount: -5 }] }, 'incomes.0.amount'],
      [{ ...body(advisor.userId), extra: true }, 'extra'],
    ];
    for (const [b, field] of cases) {
      const res = await submit(b);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field.split('.')[0] as string);
    }
    expect((await t.call('GET', 'leads/lead', { as: advisor })).body.data.total).toBe(0);
  });

  it(`allows ${ONBOARDING_SUBMITS_PER_HOUR} submissions an hour from one address, then answers 429`, async () => {
    const advisor = await registeredAdvisor();
    const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < ONBOARDING_SUBMITS_PER_HOUR; i++)
      expect((await submit(body(advisor.userId), client)).status).toBe(201);
    const over = await submit(body(advisor.userId), client);
    expect(over.status).toBe(429);
    expect((await submit(body(advisor.userId), `192.0.2.${randomUUID().charCodeAt(0) % 200}`)).status).toBe(201);
    expect((await t.call('GET', 'leads/lead', { as: advisor })).body.data.total).toBe(ONBOARDING_SUBMITS_PER_HOUR + 1);
  });

  /** Issue 30 item 3: only a real advisor's id with a live trial or subscription makes a lead. */
  const households = async () => Number((await t.svc.ctx.db('households').count('* as n'))[0]!.n);
  const refused = async (advisorId: string) => {
    const before = await households();
    const res = await submit(body(advisorId));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ONBOARDING_ADVISOR_NOT_FOUND);
    expect(await households()).toBe(before);
  };

  it('answers 404 and stores nothing for an id that is no advisor: unknown, nil, an admin, a customer', async () => {
    await refused(randomUUID());
    await refused('00000000-0000-0000-0000-000000000000');
    for (const type of ['admin', 'customer']) {
      const user = testIdentity(type as 'admin' | 'customer');
      // svc-planning hears of every user's profile change: a non-advisor's never makes them an advisor here
      await deliver('auth.user.updated.v1', {
        user_id: user.userId,
        type,
        name: 'Not An Adviser',
        email: `${user.userId.slice(0, 8)}@example.com`,
        username: null,
      });
      await refused(user.userId);
    }
  });

  it('answers 404 for an advisor whose trial ended or whose subscription expired, 201 once they subscribe', async () => {
    const advisor = await registeredAdvisor();
    await membership(advisor.userId, 'trial', new Date(Date.now() - 86_400_000).toISOString());
    await refused(advisor.userId);
    await membership(advisor.userId, 'expired', null);
    await refused(advisor.userId);
    await membership(advisor.userId, 'active', null);
    expect((await submit(body(advisor.userId))).status).toBe(201);
  });

  it('keeps the newest membership whatever order the events arrive in', async () => {
    const advisor = testIdentity('advisor');
    // billing's word can come before svc-auth's registration event
    await membership(advisor.userId, 'active', null, new Date(Date.now() - 1000));
    await membership(advisor.userId, 'expired', null, new Date(Date.now() - 5000)); // older: changes nothing
    await deliver('auth.advisor.registered.v1', {
      user_id: advisor.userId,
      email: 'late@example.com',
      name: 'Late Registration',
      registered_at: new Date().toISOString(),
    });
    expect((await submit(body(advisor.userId))).status).toBe(201);
    const row = await t.svc.ctx.db('advisors').where({ id: advisor.userId }).first('name', 'membership_status');
    expect(row).toEqual({ name: 'Late Registration', membership_status: 'active' });
  });

  it('takes a newly registered advisor before billing speaks (a pending trial), not one registered long ago', async () => {
    const fresh = testIdentity('advisor');
    await deliver('auth.advisor.registered.v1', {
      user_id: fresh.userId,
      email: 'fresh@example.com',
      name: 'Fresh',
      registered_at: new Date().toISOString(),
    });
    expect((await submit(body(fresh.userId))).status).toBe(201);
    const old = testIdentity('advisor');
    await deliver('auth.advisor.registered.v1', {
      user_id: old.userId,
      email: 'old@example.com',
      name: 'Old',
      registered_at: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    });
    await refused(old.userId);
  });
});
