import { randomUUID } from 'node:crypto';
import { households as H, planning } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';

type Who = ReturnType<typeof testIdentity> | null;

/** A valid body of each generic record kind (member = the household's `me`), and one field made invalid. */
const samples = (
  member: string,
): Record<string, { body: Record<string, unknown>; bad: [string, unknown]; patch: Record<string, unknown> }> => ({
  'member-income': {
    body: { member_id: member, kind: 'gross income', amount: 5000, currency: 'SGD' },
    bad: ['kind', 'salary'],
    patch: { amount: 5500 },
  },
  'member-expense': {
    body: { category: 'food', amount: 800, currency: 'SGD', member_id: member },
    bad: ['category', 'groceries'],
    patch: { amount: 900 },
  },
  'member-living-expense': {
    body: { amount: 1200, currency: 'RM', frequency: 'monthly' },
    bad: ['amount', -1],
    patch: { amount: 1300 },
  },
  'member-saving': {
    body: { member_id: member, amount: 500, currency: 'SGD' },
    bad: ['frequency', 'weekly'],
    patch: { amount: 600 },
  },
  'life-uncertainty/cash-flow': {
    body: { member_id: member, event: 'death', currency: 'SGD', lump_sum_need: 100000 },
    bad: ['event', 'flood'],
    patch: { lump_sum_need: 120000 },
  },
  'retirement-dream-rental': {
    body: { property_value: 500000, monthly_rental: 2000, currency: 'SGD', start_year: 2045 },
    bad: ['start_year', 'soon'],
    patch: { monthly_rental: 2100 },
  },
  'retirement-dream-capital-preservation': {
    body: { capital: 800000, currency: 'SGD', expected_return: 4, withdrawal_rate: 3.5, start_year: 2045 },
    bad: ['withdrawal_rate', 101],
    patch: { capital: 850000 },
  },
  goals: {
    body: { type: 'business', year_from: 2030, year_to: 2033, amount: 50000, currency: 'SGD' },
    bad: ['type', 'yacht'],
    patch: { amount: 60000 },
  },
});

describe.each(testInfras())('svc-planning stored households on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const customer = testIdentity('customer');
  const otherCustomer = testIdentity('customer');
  const admin = testIdentity('admin');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const newLead = async (extra: Record<string, unknown> = {}, as = advisor) => {
    const res = await call('POST', 'leads', as, {
      name: 'Alex Tan',
      email: `${randomUUID().slice(0, 8)}@example.com`,
      age: 35,
      gender: 'male',
      currency: 'SGD',
      members: [
        { name: 'Sam Tan', relation: 'spouse', age: 33, gender: 'female' },
        { name: 'Joint', relation: 'joint' },
      ],
      ...extra,
    });
    expect(res.status).toBe(201);
    return H.Household.parse(res.body.data);
  };
  const me = (h: H.Household) => h.members.find((m) => m.relation === 'me')?.id as string;
  const linkCustomer = (householdId: string, user = customer) =>
    t.svc.ctx.db('households').where({ id: householdId }).update({ customer_user_id: user.userId });
  const outbox = async (type: string) =>
    (await t.svc.ctx.db('outbox').where({ type })).map((r) =>
      typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    );

  it('POST leads stores a lead with its me member from the profile; single-lead orders members joint/all, me, spouse', async () => {
    const h = await newLead({
      marital_status: 'married',
      dependencies: ['children'],
      children_count: 2,
      citizenship: 'pr',
    });
    expect(h.type).toBe('lead');
    expect(h.members.map((m) => m.relation)).toEqual(['joint', 'me', 'spouse']);
    const mine = h.members.find((m) => m.relation === 'me');
    expect(mine).toMatchObject({ name: 'Alex Tan', age: 35, status: 'active', holding_pr: false });
    const read = await call('GET', `single-lead/${h.id}`, advisor);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: h.id,
      children_count: 2,
      dependencies: ['children'],
      citizenship: 'pr',
      marital_status: 'married',
    });
  });

  it('POST leads: a bad body is a 400 naming the field, and nothing is stored', async () => {
    const before = await t.svc.ctx
      .db('households')
      .where({ advisor_id: advisor.userId })
      .count<{ n: string }[]>({ n: '*' });
    for (const [body, field] of [
      [{ email: 'a@b.co' }, 'name'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'A<b>' }, 'name'],
      [{ name: 'A', marital_status: 'complicated' }, 'marital_status'],
      [JSON.parse('{"name":"A","__proto__":{"x":1}}'), 'body'],
      [{ name: 'A', members: [{ relation: 'spouse', age: 300 }] }, 'members.0.age'],
    ] as const) {
      const res = await call('POST', 'leads', advisor, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain(field === 'body' ? '' : `"${field}"`);
    }
    const after = await t.svc.ctx
      .db('households')
      .where({ advisor_id: advisor.userId })
      .count<{ n: string }[]>({ n: '*' });
    expect(after).toEqual(before);
  });

  it('GET leads/:type pages, sorts and searches on the server; leads/add turns a lead into a customer', async () => {
    const a = testIdentity('advisor');
    for (const name of ['Carol Lim', 'alice Ong', 'Bob Ng']) await newLead({ name }, a);
    const page1 = await call('GET', 'leads/lead?sort=name&order=asc&page_size=2', a, undefined);
    expect(page1.status).toBe(200);
    expect(page1.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['alice Ong', 'Bob Ng']);
    expect(page1.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.body.data.rows[0].members_count).toBe(3);
    const page2 = await call('GET', 'leads/lead?sort=name&order=asc&page_size=2&page=2', a);
    expect(page2.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Carol Lim']);
    const found = await call('GET', 'leads/lead?search=ONG', a);
    expect(found.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['alice Ong']);
    const bob = page1.body.data.rows[1].id;
    const add = await call('POST', `leads/add/${bob}`, a);
    expect(add.status).toBe(200);
    expect(add.body.data.type).toBe('customer');
    expect((await call('GET', 'leads/customer', a)).body.data.rows.map((r: { id: string }) => r.id)).toEqual([bob]);
    expect((await call('GET', 'leads/lead', a)).body.data.total).toBe(2);
    expect((await call('GET', 'leads/lead?sort=age', a)).status).toBe(400);
    expect((await call('GET', 'leads/prospect', a)).status).toBe(404);
    // another advisor sees none of them
    expect((await call('GET', 'leads/lead', testIdentity('advisor'))).body.data.total).toBe(0);
  });

  it('PATCH leads/:id updates the profile and the me member; check-email-availability is per advisor', async () => {
    const h = await newLead({ email: 'taken@example.com' });
    const res = await call('PATCH', `leads/${h.id}`, advisor, { name: 'Alexandra Tan', age: 36, children_count: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Alexandra Tan', age: 36, children_count: 1 });
    expect(res.body.data.members.find((m: H.Member) => m.relation === 'me')).toMatchObject({
      name: 'Alexandra Tan',
      age: 36,
    });
    expect((await call('PATCH', `leads/${h.id}`, advisor, { children_count: 'two' })).body.errors[0]).toHaveProperty(
      'children_count',
    );
    expect(
      (await call('POST', 'leads/check-email-availability', advisor, { email: 'TAKEN@example.com' })).body.data
        .available,
    ).toBe(false);
    expect(
      (await call('POST', 'leads/check-email-availability', advisor, { email: 'taken@example.com', exclude_id: h.id }))
        .body.data.available,
    ).toBe(true);
    expect(
      (await call('POST', 'leads/check-email-availability', other, { email: 'taken@example.com' })).body.data.available,
    ).toBe(true);
    expect(
      (await call('POST', 'leads/check-email-availability', advisor, { email: 'nope' })).body.errors[0],
    ).toHaveProperty('email');
    expect((await call('POST', 'leads', advisor, { name: 'Twin', email: 'taken@example.com' })).status).toBe(409);
  });

  it('members: earning-member create/update, members/:a/:b, DELETE members/:id removes its records; a failed members-update loses nothing', async () => {
    const h = await newLead();
    const created = await call('POST', 'earning-member', advisor, {
      lead_id: h.id,
      name: 'Kid',
      relation: 'all',
      age: 5,
      income: { currency: 'SGD', amount: 0 },
      user_info: { email: 'kid@example.com' },
    });
    expect(created.status).toBe(201);
    const kid = created.body.data.id;
    expect(
      (
        await call('POST', 'earning-member', advisor, {
          lead_id: h.id,
          id: kid,
          name: 'Kiddo',
          relation: 'all',
          age: 6,
        })
      ).body.data,
    ).toMatchObject({ id: kid, name: 'Kiddo', age: 6 });
    expect(
      (await call('POST', 'earning-member', advisor, { lead_id: h.id, name: 'Second me', relation: 'me' })).body
        .errors[0],
    ).toHaveProperty('relation');
    expect((await call('GET', `members/${h.id}/${kid}`, advisor)).body.data.name).toBe('Kiddo');
    const list = await call('GET', `earning-member?lead_id=${h.id}`, advisor);
    expect(list.body.data.map((m: H.Member) => m.relation)).toEqual(['joint', 'all', 'me', 'spouse']);
    const income = await call('POST', 'customer/member-income', advisor, {
      lead_id: h.id,
      member_id: kid,
      kind: 'dividend',
      amount: 10,
      currency: 'SGD',
    });
    expect(income.status).toBe(201);
    expect((await call('DELETE', `members/${me(h)}`, advisor)).status).toBe(400);
    expect((await call('DELETE', `members/${kid}`, other)).status).toBe(404);
    expect((await call('DELETE', `members/${kid}`, advisor)).status).toBe(200);
    expect((await call('GET', `customer/${h.id}/member-income`, advisor)).body.data.total).toBe(0);

    // members-update: the second member is invalid, so nothing of the first one's change is kept
    const before = (await call('GET', `single-lead/${h.id}`, advisor)).body.data.members;
    const bad = await call('POST', `leads/${h.id}/members-update`, advisor, {
      members: [
        { id: me(h), name: 'Changed', relation: 'me' },
        { name: 'X', relation: 'spouse', gender: 'other' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toHaveProperty(['members.1.gender']);
    const twoMes = await call('POST', `leads/${h.id}/members-update`, advisor, {
      members: [
        { id: me(h), name: 'Changed', relation: 'me' },
        { name: 'Y', relation: 'me' },
      ],
    });
    expect(twoMes.status).toBe(400);
    expect((await call('GET', `single-lead/${h.id}`, advisor)).body.data.members).toEqual(before);
    const ok = await call('POST', `leads/${h.id}/members-update`, advisor, {
      members: [
        { id: me(h), name: 'Alex T', relation: 'me', age: 40 },
        { name: 'Pat', relation: 'spouse', age: 38 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.members.map((m: H.Member) => [m.relation, m.name])).toEqual([
      ['me', 'Alex T'],
      ['spouse', 'Pat'],
    ]);
    expect(ok.body.data).toMatchObject({ name: 'Alex T', age: 40 });
  });

  it.each(Object.keys(samples('x')))(
    'record kind %s: create, list, patch, positions, delete; 400 names the field; a failed save loses nothing; 404 across tenants',
    async (path) => {
      const h = await newLead();
      const s = samples(me(h))[path] as ReturnType<typeof samples>[string];
      const a = await call('POST', `customer/${path}`, advisor, { lead_id: h.id, ...s.body });
      expect(a.status).toBe(201);
      expect(a.body.data).toMatchObject({ ...s.body, lead_id: h.id, position: 0 });
      const b = await call('POST', `customer/${path}`, advisor, { lead_id: h.id, ...s.body });
      expect(b.body.data.position).toBe(1);
      const [field, value] = s.bad;
      const bad = await call('POST', `customer/${path}`, advisor, { lead_id: h.id, ...s.body, [field]: value });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toHaveProperty([field]);
      expect((await call('POST', `customer/${path}`, advisor, { ...s.body })).body.errors[0]).toHaveProperty([
        'lead_id',
      ]);
      expect(
        (await call('POST', `customer/${path}`, advisor, { lead_id: h.id, ...s.body, currency: 'XYZ' })).body.errors[0],
      ).toHaveProperty(['currency']);
      expect((await call('POST', `customer/${path}`, other, { lead_id: h.id, ...s.body })).status).toBe(404);

      const patched = await call('PATCH', `customer/${path}/${a.body.data.id}`, advisor, s.patch);
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ ...s.body, ...s.patch });
      const failed = await call('PATCH', `customer/${path}/${a.body.data.id}`, advisor, { ...s.patch, [field]: value });
      expect(failed.status).toBe(400);
      expect((await call('PATCH', `customer/${path}/${a.body.data.id}`, other, s.patch)).status).toBe(404);
      expect((await call('PATCH', `customer/${path}/${a.body.data.id}`, advisor, { lead_id: h.id })).status).toBe(400);

      const positions = await call('PATCH', `customer/bulk-update/${path}/positions`, advisor, {
        lead_id: h.id,
        positions: [
          { id: a.body.data.id, position: 5 },
          { id: b.body.data.id, position: 2 },
        ],
      });
      expect(positions.status).toBe(200);
      expect(
        (
          await call('PATCH', `customer/bulk-update/${path}/positions`, advisor, {
            lead_id: h.id,
            positions: [{ id: randomUUID(), position: 1 }],
          })
        ).status,
      ).toBe(404);
      const list = await call('GET', `customer/${h.id}/${path}`, advisor);
      expect(list.status).toBe(200);
      expect(list.body.data.rows.map((r: { id: string }) => r.id)).toEqual([b.body.data.id, a.body.data.id]);
      expect(list.body.data.rows[1]).toMatchObject({ ...s.body, ...s.patch, position: 5 }); // the failed patch changed nothing
      expect((await call('GET', `customer/${h.id}/${path}`, other)).status).toBe(404);

      expect((await call('DELETE', `customer/${path}/${a.body.data.id}`, other)).status).toBe(404);
      expect((await call('DELETE', `customer/${path}/${a.body.data.id}`, advisor)).status).toBe(200);
      expect((await call('DELETE', `customer/${path}/${a.body.data.id}`, advisor)).status).toBe(404);
      expect((await call('GET', `customer/${h.id}/${path}`, advisor)).body.data.total).toBe(1);
    },
  );

  it('a goal keeps its cross-field rules on create and on patch', async () => {
    const h = await newLead();
    expect(
      (await call('POST', 'customer/goals', advisor, { lead_id: h.id, type: 'education', currency: 'SGD' })).body
        .errors[0],
    ).toHaveProperty('member_id');
    const g = await call('POST', 'customer/goals', advisor, {
      lead_id: h.id,
      type: 'retirement',
      living_expense: 3000,
      play_expense: 1000,
      legacy_amount: 200000,
      inflation_rate: 3,
      growth_rate: 4,
      currency: 'SGD',
    });
    expect(g.status).toBe(201);
    expect(
      (await call('PATCH', `customer/goals/${g.body.data.id}`, advisor, { type: 'custom' })).body.errors[0],
    ).toHaveProperty('year_from');
    expect(
      (
        await call('POST', 'customer/member-income', advisor, {
          lead_id: h.id,
          member_id: randomUUID(),
          kind: 'bonus',
          amount: 1,
          currency: 'SGD',
        })
      ).body.errors[0],
    ).toHaveProperty('member_id');
  });

  it('customer/cash-flow/:id sums by member, kind and category, monthly and annual, in the household currency', async () => {
    const h = await newLead();
    const spouse = h.members.find((m) => m.relation === 'spouse')?.id;
    const post = (path: string, body: Record<string, unknown>) =>
      call('POST', `customer/${path}`, advisor, { lead_id: h.id, ...body });
    await post('member-income', { member_id: me(h), kind: 'gross income', amount: 6000, currency: 'SGD' });
    await post('member-income', {
      member_id: spouse,
      kind: 'bonus',
      amount: 12000,
      currency: 'SGD',
      frequency: 'annual',
    });
    await post('member-expense', { member_id: me(h), category: 'food', amount: 600, currency: 'SGD' });
    await post('member-living-expense', { amount: 1000, currency: 'RM' }); // 1000 RM = 301.60 SGD
    await post('member-saving', { member_id: me(h), amount: 500, currency: 'SGD' });
    const res = await call('GET', `customer/cash-flow/${h.id}`, advisor);
    expect(res.status).toBe(200);
    const d = H.CashFlowSummary.parse(res.body.data);
    expect(d.currency).toBe('SGD');
    expect(d.totals.income).toEqual({ monthly: 7000, annual: 84000 });
    expect(d.household.living_expenses).toEqual({ monthly: 301.6, annual: 3619.2 });
    expect(d.totals.net).toEqual({ monthly: 7000 - 600 - 301.6 - 500, annual: 84000 - 7200 - 3619.2 - 6000 });
    expect(d.members.find((m) => m.relation === 'me')?.net).toEqual({ monthly: 4900, annual: 58800 });
    expect(d.incomes_by_kind.bonus).toEqual({ monthly: 1000, annual: 12000 });
    expect(d.expenses_by_category['living expense']).toEqual({ monthly: 301.6, annual: 3619.2 });
    expect((await call('GET', `customer/cash-flow/${h.id}`, other)).status).toBe(404);
  });

  it('dreams and concerns with their meta-data questions', async () => {
    const h = await newLead();
    const meta = await call('GET', 'meta-data/dream', advisor);
    expect(meta.status).toBe(200);
    expect(meta.body.data[0]).toMatchObject({ title: 'Retirement', position: 0 });
    expect(
      (await call('GET', 'meta-data/concern', customer)).body.data.map((c: { title: string }) => c.title),
    ).toContain('Critical illness');
    const metaId = meta.body.data[0].id;
    expect((await call('GET', `advisor/leads/${h.id}/dream-by-dreams-id/${metaId}`, advisor)).body.data).toBeNull();
    const d = await call('POST', `advisor/leads/${h.id}/dreams`, advisor, {
      dream_id: metaId,
      title: 'Retire at 60',
      question_answers: [{ question: 'Where?', answer: 'Penang' }],
    });
    expect(d.status).toBe(201);
    expect((await call('POST', `advisor/leads/${h.id}/dreams`, advisor, { title: '' })).body.errors[0]).toHaveProperty(
      'title',
    );
    expect(
      (
        await call('POST', `advisor/leads/${h.id}/dreams`, advisor, {
          title: 'x',
          question_answers: [{ question: 'q', answer: 1 }],
        })
      ).body.errors[0],
    ).toHaveProperty(['question_answers.0.answer']);
    expect((await call('GET', `advisor/leads/${h.id}/dreams`, advisor)).body.data.rows).toHaveLength(1);
    expect((await call('GET', `advisor/leads/${h.id}/dreams/${d.body.data.id}`, advisor)).body.data.title).toBe(
      'Retire at 60',
    );
    expect((await call('GET', `advisor/leads/${h.id}/dream-by-dreams-id/${metaId}`, advisor)).body.data.id).toBe(
      d.body.data.id,
    );
    expect((await call('GET', `advisor/leads/${h.id}/dreams/${d.body.data.id}`, other)).status).toBe(404);
    expect(
      (
        await call('POST', `advisor/leads/${h.id}/concerns`, advisor, {
          title: 'If I fall ill',
          question_answers: [{ question: 'Cover?', answer: 'Some' }],
        })
      ).status,
    ).toBe(201);
    expect((await call('GET', `advisor/leads/${h.id}/concerns`, advisor)).body.data.total).toBe(1);
    expect((await call('DELETE', `advisor/leads/${h.id}/dreams/${d.body.data.id}`, other)).status).toBe(404);
    expect((await call('DELETE', `advisor/leads/${h.id}/dreams/${d.body.data.id}`, advisor)).status).toBe(200);
    expect((await call('GET', `advisor/leads/${h.id}/dreams`, advisor)).body.data.total).toBe(0);
  });

  it('form-step drafts: create, update, read, delete; only the owner sees them; bad data is a 400', async () => {
    const h = await newLead();
    const c = await call('POST', 'user/form-steps-draft/create', advisor, {
      step: 'on-boarding/members',
      lead_id: h.id,
      data: { members: [{ name: 'A' }] },
    });
    expect(c.status).toBe(201);
    const id = c.body.data.id;
    expect(
      (
        await call('POST', 'user/form-steps-draft/create', advisor, {
          id,
          step: 'on-boarding/incomes',
          data: { incomes: [] },
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', `user/form-steps-draft/${id}/read`, advisor)).body.data).toMatchObject({
      step: 'on-boarding/incomes',
      data: { incomes: [] },
    });
    expect((await call('GET', `user/form-steps-draft/${id}/read`, other)).status).toBe(404);
    expect(
      (await call('POST', 'user/form-steps-draft/create', other, { step: 's', lead_id: h.id, data: {} })).status,
    ).toBe(404);
    for (const data of [
      JSON.parse('{"__proto__":{"polluted":1}}'),
      { a: 'x\u0000y' },
      { a: [[[[[[[[[[1]]]]]]]]]] },
      'text',
    ]) {
      const res = await call('POST', 'user/form-steps-draft/create', advisor, { step: 's', data });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors[0])[0]).toMatch(/^data/);
    }
    expect((await call('DELETE', `user/form-steps-draft/${id}`, other)).status).toBe(404);
    expect((await call('DELETE', `user/form-steps-draft/${id}`, advisor)).status).toBe(200);
    expect((await call('GET', `user/form-steps-draft/${id}/read`, advisor)).status).toBe(404);
  });

  it('DELETE leads/:id/destroy removes the household, members, records and drafts and writes planning.household.deleted.v1', async () => {
    const h = await newLead();
    await linkCustomer(h.id, otherCustomer);
    await call('POST', 'customer/member-income', advisor, {
      lead_id: h.id,
      member_id: me(h),
      kind: 'bonus',
      amount: 1,
      currency: 'SGD',
    });
    await call('POST', `advisor/leads/${h.id}/dreams`, advisor, { title: 'D' });
    const draft = await call('POST', 'user/form-steps-draft/create', advisor, { step: 's', lead_id: h.id, data: {} });
    expect((await call('DELETE', `leads/${h.id}/destroy`, other)).status).toBe(404);
    expect((await call('DELETE', `leads/${h.id}/destroy`, advisor)).status).toBe(200);
    expect((await call('GET', `single-lead/${h.id}`, advisor)).status).toBe(404);
    expect((await call('GET', `single-lead/${h.id}`, otherCustomer)).status).toBe(404);
    expect((await call('GET', `user/form-steps-draft/${draft.body.data.id}/read`, advisor)).status).toBe(404);
    const db = t.svc.ctx.db;
    for (const table of ['members', 'member_incomes', 'dreams'])
      expect(await db(table).where({ household_id: h.id })).toEqual([]);
    expect(await outbox('planning.household.deleted.v1')).toContainEqual(
      expect.objectContaining({
        household_id: h.id,
        advisor_id: advisor.userId,
        customer_user_id: otherCustomer.userId,
      }),
    );
  });

  it('POST customer/share-profile/:id writes planning.customer.shared.v1 with the me member; needs an e-mail', async () => {
    const h = await newLead({ email: 'share@example.com' });
    const res = await call('POST', `customer/share-profile/${h.id}`, advisor);
    expect(res.status).toBe(200);
    expect(res.body.data.shared_at).not.toBeNull();
    expect(await outbox('planning.customer.shared.v1')).toContainEqual({
      household_id: h.id,
      advisor_id: advisor.userId,
      name: 'Alex Tan',
      email: 'share@example.com',
    });
    const noMail = await newLead({ email: undefined });
    expect((await call('POST', `customer/share-profile/${noMail.id}`, advisor)).body.errors[0]).toHaveProperty('email');
    expect((await call('POST', `customer/share-profile/${h.id}`, other)).status).toBe(404);
  });

  it('POST customer/duplicate/:id copies the household, members and records with new ids', async () => {
    const h = await newLead();
    await call('POST', 'customer/member-income', advisor, {
      lead_id: h.id,
      member_id: me(h),
      kind: 'bonus',
      amount: 7,
      currency: 'SGD',
    });
    const res = await call('POST', `customer/duplicate/${h.id}`, advisor);
    expect(res.status).toBe(201);
    const copy = H.Household.parse(res.body.data);
    expect(copy.id).not.toBe(h.id);
    expect(copy.name).toBe('Alex Tan (copy)');
    expect(copy.members.map((m) => m.relation)).toEqual(h.members.map((m) => m.relation));
    const incomes = (await call('GET', `customer/${copy.id}/member-income`, advisor)).body.data.rows;
    expect(incomes).toHaveLength(1);
    expect(incomes[0].member_id).toBe(me(copy));
    expect((await call('POST', `customer/duplicate/${h.id}`, other)).status).toBe(404);
  });

  it('the engine on stored data: a stored household and the same household posted inline give identical results', async () => {
    const h = await newLead({ inflation_rate: 3, age: 35 });
    const spouse = h.members.find((m) => m.relation === 'spouse')?.id as string;
    await call('POST', `leads/${h.id}/members-update`, advisor, {
      members: [
        { id: me(h), name: 'Alex Tan', relation: 'me', age: 35, retirement_age: 60 },
        { id: spouse, name: 'Sam Tan', relation: 'spouse', age: 33, gender: 'female' },
      ],
    });
    const post = async (path: string, body: Record<string, unknown>) =>
      (await call('POST', `customer/${path}`, advisor, { lead_id: h.id, ...body })).body.data.id as string;
    const i1 = await post('member-income', {
      member_id: me(h),
      kind: 'gross income',
      amount: 6000,
      currency: 'SGD',
      growth_rate: 3,
    });
    const i2 = await post('member-income', {
      member_id: spouse,
      kind: 'bonus',
      amount: 10000,
      currency: 'USD',
      frequency: 'annual',
    });
    const e1 = await post('member-expense', { category: 'food', amount: 700, currency: 'SGD', inflation_rate: 2 });
    const l1 = await post('member-living-expense', { member_id: spouse, amount: 1500, currency: 'SGD' });
    const g1 = await post('goals', {
      type: 'retirement',
      living_expense: 3000,
      play_expense: 500,
      legacy_amount: 100000,
      currency: 'SGD',
    });
    const g2 = await post('goals', { type: 'car', year_from: 2030, year_to: 2030, amount: 80000, currency: 'SGD' });
    await post('member-saving', { member_id: me(h), amount: 100, currency: 'SGD' });
    const inline = {
      customer_id: h.id,
      as_of: '2025-06-30',
      currency: 'SGD',
      inflation_rate: 3,
      members: [
        { id: me(h), name: 'Alex Tan', relation: 'me', age: 35, gender: 'male', retirement_age: 60 },
        { id: spouse, name: 'Sam Tan', relation: 'spouse', age: 33, gender: 'female' },
      ],
      incomes: [
        {
          id: i1,
          member_id: me(h),
          kind: 'gross income',
          amount: 6000,
          currency: 'SGD',
          frequency: 'monthly',
          growth_rate: 3,
        },
        { id: i2, member_id: spouse, kind: 'bonus', amount: 10000, currency: 'USD', frequency: 'annual' },
      ],
      expenses: [
        { id: e1, category: 'food', amount: 700, currency: 'SGD', frequency: 'monthly', inflation_rate: 2 },
        { id: l1, member_id: spouse, category: 'living expense', amount: 1500, currency: 'SGD', frequency: 'monthly' },
      ],
      goals: [
        { id: g1, type: 'retirement', living_expense: 3000, play_expense: 500, legacy_amount: 100000, currency: 'SGD' },
        { id: g2, type: 'car', year_from: 2030, year_to: 2030, amount: 80000, currency: 'SGD' },
      ],
    };
    for (const endpoint of ['finance', 'data-tables', 'debt']) {
      const fromInline = await call('POST', `customer/calculate/${endpoint}`, advisor, inline);
      const fromStored = await call('POST', `customer/calculate/${endpoint}`, advisor, {
        household_id: h.id,
        as_of: '2025-06-30',
      });
      expect(fromInline.status).toBe(200);
      expect(fromStored.status).toBe(200);
      expect(fromStored.body.data).toEqual(fromInline.body.data);
    }
    const scenario = { events: [{ member_id: me(h), type: 'death', year: 2030 }] };
    const sInline = await call('POST', 'customer/calculate/scenario-modelling', advisor, { ...inline, scenario });
    const sStored = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      as_of: '2025-06-30',
      scenario,
    });
    expect(sStored.status).toBe(200);
    expect(sStored.body.data).toEqual(sInline.body.data);
    // the customer of the household calculates it too; nobody else can
    await linkCustomer(h.id);
    expect(
      (await call('POST', 'customer/calculate/finance', customer, { household_id: h.id, as_of: '2025-06-30' })).body
        .data,
    ).toEqual((await call('POST', 'customer/calculate/finance', advisor, inline)).body.data);
    expect((await call('POST', 'customer/calculate/finance', other, { household_id: h.id })).status).toBe(404);
    expect((await call('POST', 'customer/calculate/finance', otherCustomer, { household_id: h.id })).status).toBe(404);
    expect((await call('POST', 'customer/calculate/finance', advisor, { household_id: h.id, extra: 1 })).status).toBe(
      400,
    );

    const nw = await call('GET', `customer/${h.id}/net-worth`, advisor);
    expect(nw.status).toBe(200);
    const data = planning.NetWorthReply.parse(nw.body.data);
    expect(data.customer_id).toBe(h.id);
    const today = (await call('POST', 'customer/calculate/finance', advisor, { household_id: h.id })).body.data;
    expect(data.years.map((y) => y.net_worth)).toEqual(today.years.map((y: { net_worth: number }) => y.net_worth));
    expect((await call('GET', `customer/${h.id}/net-worth`, customer)).status).toBe(200);
    expect((await call('GET', `customer/${h.id}/net-worth`, other)).status).toBe(404);
    expect((await call('GET', `customer/${randomUUID()}/net-worth`, advisor)).status).toBe(404);
  });

  it('access sweep: no session 401, owning advisor ok, second advisor 404, its customer reads only, another customer 404, admin 403', async () => {
    const h = await newLead();
    await linkCustomer(h.id);
    const member = me(h);
    const income = (
      await call('POST', 'customer/member-income', advisor, {
        lead_id: h.id,
        member_id: member,
        kind: 'bonus',
        amount: 1,
        currency: 'SGD',
      })
    ).body.data.id;
    const meta = (await call('GET', 'meta-data/dream', advisor)).body.data[0].id;
    const dream = (await call('POST', `advisor/leads/${h.id}/dreams`, advisor, { title: 'D', dream_id: meta })).body
      .data.id;
    // [method, path, body, customer may read]
    const reads: Array<[string, string]> = [
      ['GET', `single-lead/${h.id}`],
      ['GET', `earning-member?lead_id=${h.id}`],
      ['GET', `members/${h.id}/${member}`],
      ['GET', `customer/cash-flow/${h.id}`],
      ['GET', `customer/${h.id}/net-worth`],
      ['GET', `advisor/leads/${h.id}/dreams`],
      ['GET', `advisor/leads/${h.id}/dreams/${dream}`],
      ['GET', `advisor/leads/${h.id}/dream-by-dreams-id/${meta}`],
      ['GET', `advisor/leads/${h.id}/concerns`],
      ...Object.keys(samples(member)).map((p): [string, string] => ['GET', `customer/${h.id}/${p}`]),
    ];
    const writes: Array<[string, string, unknown]> = [
      ['PATCH', `leads/${h.id}`, { children_count: 3 }],
      [
        'POST',
        `leads/${h.id}/members-update`,
        { members: [{ id: member, name: 'Alex Tan', relation: 'me', user_info: { email: 'alex@example.com' } }] },
      ],
      ['POST', 'earning-member', { lead_id: h.id, name: 'Kid', relation: 'all' }],
      ['PATCH', `customer/member-income/${income}`, { amount: 2 }],
      [
        'PATCH',
        'customer/bulk-update/member-income/positions',
        { lead_id: h.id, positions: [{ id: income, position: 3 }] },
      ],
      ['POST', `advisor/leads/${h.id}/concerns`, { title: 'C' }],
      ['POST', `customer/share-profile/${h.id}`, undefined],
      ['POST', `customer/duplicate/${h.id}`, undefined],
      ['POST', `leads/add/${h.id}`, undefined],
      ...Object.entries(samples(member)).map(([p, s]): [string, string, unknown] => [
        'POST',
        `customer/${p}`,
        { lead_id: h.id, ...s.body },
      ]),
      ['DELETE', `customer/member-income/${income}`, undefined],
      ['DELETE', `advisor/leads/${h.id}/dreams/${dream}`, undefined],
    ];
    const status = async (m: string, p: string, who: Who, body?: unknown) => (await call(m, p, who, body)).status;
    for (const [m, p] of reads) {
      expect([p, await status(m, p, null)]).toEqual([p, 401]);
      expect([p, await status(m, p, other)]).toEqual([p, 404]);
      expect([p, await status(m, p, otherCustomer)]).toEqual([p, 404]);
      expect([p, await status(m, p, admin)]).toEqual([p, 403]);
      expect([p, await status(m, p, customer)]).toEqual([p, 200]);
      expect([p, await status(m, p, advisor)]).toEqual([p, 200]);
    }
    for (const [m, p, body] of writes) {
      expect([p, await status(m, p, null, body)]).toEqual([p, 401]);
      expect([p, await status(m, p, other, body)]).toEqual([p, 404]);
      expect([p, await status(m, p, customer, body)]).toEqual([p, 403]);
      expect([p, await status(m, p, admin, body)]).toEqual([p, 403]);
      const st = await status(m, p, advisor, body);
      expect([p, st === 201 ? 200 : st]).toEqual([p, 200]);
    }
    // lists and the advisor-only calls that name no household
    for (const [m, p, body] of [
      ['GET', 'leads/lead', undefined],
      ['GET', 'leads/customer', undefined],
      ['POST', 'leads', { name: 'N' }],
      ['POST', 'leads/check-email-availability', { email: 'a@b.co' }],
    ] as const) {
      expect(await status(m, p, null, body)).toBe(401);
      expect(await status(m, p, customer, body)).toBe(403);
      expect(await status(m, p, admin, body)).toBe(403);
      expect([200, 201]).toContain(await status(m, p, advisor, body));
    }
    // the customer's household stays readable to them after all that; and they can never delete it
    expect(await status('DELETE', `leads/${h.id}/destroy`, customer)).toBe(403);
    expect(await status('DELETE', `members/${member}`, customer)).toBe(403);
    expect(await status('GET', `single-lead/${h.id}`, customer)).toBe(200);
  });
});
