import { meetings as M } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras, verifyPass } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';

jest.setTimeout(120_000);
type Who = ReturnType<typeof testIdentity> | null;

/** Issue 36: GET customer/{id}/meeting-pass, the pass svc-support's live socket trusts. */
describe.each(testInfras())('svc-planning meeting pass on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const nameless = testIdentity('advisor');
  const customer = testIdentity('customer');
  const otherCustomer = testIdentity('customer');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
    await t.svc.ctx.db('advisors').insert({ id: advisor.userId, name: 'Dana Lim' });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const call = (path: string, as: Who) => t.call('GET', path, { as });
  const secret = () => t.svc.ctx.config.INTERNAL_SECRET;
  const newHousehold = async (as: Who, linked: Who, name = 'Alex Tan') => {
    const res = await t.call('POST', 'leads', {
      as,
      body: {
        name,
        age: 40,
        currency: 'SGD',
        members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    if (linked) await t.svc.ctx.db('households').where({ id }).update({ customer_user_id: linked.userId });
    return id;
  };

  it("answers the household's advisor and its customer a signed pass naming the household and its people", async () => {
    const id = await newHousehold(advisor, customer);
    const before = Date.now();
    const res = await call(`customer/${id}/meeting-pass`, advisor);
    expect(res.status).toBe(200);
    const pass = M.MeetingPassReply.parse(res.body).data;
    expect([pass.household_id, pass.role]).toEqual([id, 'advisor']);
    const payload = verifyPass(secret(), 'meeting', pass.pass, M.MeetingPassPayload);
    expect(payload).toEqual({
      v: 1,
      household_id: id,
      advisor_id: advisor.userId,
      customer_user_ids: [customer.userId],
      user_id: advisor.userId,
      role: 'advisor',
      name: 'Dana Lim',
      household_name: 'Alex Tan',
      exp: expect.any(Number),
    });
    // it lives MEETING_PASS_TTL_MS, and the reply says until when
    expect(payload?.exp).toBeGreaterThanOrEqual(before + M.MEETING_PASS_TTL_MS);
    expect(payload?.exp).toBeLessThanOrEqual(Date.now() + M.MEETING_PASS_TTL_MS);
    expect(pass.expires_at).toBe(new Date(payload?.exp as number).toISOString());
    // refused after its expiry, for another purpose, with another secret, or changed
    expect(verifyPass(secret(), 'meeting', pass.pass, M.MeetingPassPayload, (payload?.exp as number) + 1)).toBeNull();
    expect(verifyPass(secret(), 'other', pass.pass, M.MeetingPassPayload)).toBeNull();
    expect(verifyPass('y'.repeat(32), 'meeting', pass.pass, M.MeetingPassPayload)).toBeNull();
    const [body, mac] = pass.pass.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...payload, user_id: customer.userId, role: 'family' }),
      'utf8',
    ).toString('base64url');
    expect(body).not.toBe(forged);
    expect(verifyPass(secret(), 'meeting', `${forged}.${mac}`, M.MeetingPassPayload)).toBeNull();

    // the customer: by the household's id or their own user id, role family, their own name
    for (const ref of [id, customer.userId]) {
      const mine = await call(`customer/${ref}/meeting-pass`, customer);
      expect(mine.status).toBe(200);
      const p = verifyPass(secret(), 'meeting', mine.body.data.pass, M.MeetingPassPayload);
      expect(p).toMatchObject({
        household_id: id,
        advisor_id: advisor.userId,
        customer_user_ids: [customer.userId],
        user_id: customer.userId,
        role: 'family',
        name: 'Alex Tan',
        household_name: 'Alex Tan',
      });
      expect(mine.body.data.role).toBe('family');
    }
  });

  it('names an advisor svc-planning has not heard of "Your advisor", and a household without a customer has none', async () => {
    const id = await newHousehold(nameless, null, 'Bea Ong');
    const res = await call(`customer/${id}/meeting-pass`, nameless);
    expect(res.status).toBe(200);
    expect(verifyPass(secret(), 'meeting', res.body.data.pass, M.MeetingPassPayload)).toMatchObject({
      advisor_id: nameless.userId,
      customer_user_ids: [],
      name: 'Your advisor',
      household_name: 'Bea Ong',
    });
  });

  it('answers 404 to anyone else: another advisor, a customer of another household, a malformed id', async () => {
    const id = await newHousehold(advisor, customer);
    await newHousehold(advisor, otherCustomer, 'Chris Koh');
    expect((await call(`customer/${id}/meeting-pass`, nameless)).status).toBe(404);
    expect((await call(`customer/${id}/meeting-pass`, otherCustomer)).status).toBe(404);
    expect((await call('customer/not-an-id/meeting-pass', advisor)).status).toBe(404);
    expect((await call(`customer/${id}/meeting-pass`, testIdentity('admin'))).status).toBe(403);
    expect((await call(`customer/${id}/meeting-pass`, null)).status).toBe(401);
  });
});
