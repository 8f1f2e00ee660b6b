import { randomUUID } from 'node:crypto';
import type { billing } from '@kinfolio/contracts';
import {
  type Identity,
  signIdentityHeaders,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { SEEDED_PLANS } from '../migrations/002_payments';
import { createBillingModule } from '../src/module';
import { OfflineProvider } from '../src/payments/offline';

jest.setTimeout(120_000);

const MONTHLY = SEEDED_PLANS[0].id;
const VISA = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

/**
 * Issue 35: the seller's details an invoice needs, set by an admin through svc-billing's API, printed on every
 * receipt made after, the tax number only when registered; a receipt keeps the details in force when its transaction
 * was recorded (none for one recorded before they were first set).
 */
describe.each(testInfras())("svc-billing seller's details on receipts (%s)", (infra) => {
  let t: TestService;
  let provider: OfflineProvider;
  const admin = testIdentity('admin');
  const otherAdmin = testIdentity('admin');

  const registered = {
    business_name: 'Kinfolio Sdn. Bhd.',
    address: '  Level 12, Menara Kinfolio \r\n\r\n 8 Jalan Sultan Ismail\n50250 Kuala Lumpur  ',
    registration_number: '202301012345 (1234567-A)',
    tax_registered: true,
    tax_number: 'W10-1808-31000000',
  };
  const unregistered = {
    business_name: 'Kinfolio Pte. Ltd.',
    address: '1 Raffles Place #20-01\nSingapore 048616',
    registration_number: '201912345K',
    tax_registered: false,
  };

  beforeAll(async () => {
    provider = new OfflineProvider();
    t = await startTestService(createBillingModule({ trialSweepMs: 0, provider }), { infra });
  });
  afterAll(async () => {
    await provider?.close();
    await t?.stop();
  });

  const put = (body: unknown, as: Identity | null = admin) => t.call('PUT', 'admin/billing/seller', { as, body });
  const get = (as: Identity | null = admin) => t.call('GET', 'admin/billing/seller', { as });

  /** A new advisor subscribes (monthly, SGD): their charge. */
  async function newCharge(): Promise<{ advisor: Identity; charge: billing.SubscriptionTransaction }> {
    const advisor = testIdentity('advisor');
    expect((await t.call('POST', 'auth/card', { as: advisor, body: VISA })).status).toBe(201);
    const sub = await t.call('POST', 'trial/membership-plans', {
      as: advisor,
      body: { plan_id: MONTHLY, currency: 'SGD' },
    });
    expect(sub.status).toBe(201);
    await provider.flush();
    const rows = (await t.call('GET', 'subscription-transactions', { as: advisor })).body.data
      .rows as billing.SubscriptionTransaction[];
    const charge = rows.find((r) => r.kind === 'charge');
    expect(charge?.kind).toBe('charge');
    return { advisor, charge: charge as billing.SubscriptionTransaction };
  }

  /** The receipt's text, read back from the PDF. */
  async function receiptText(id: string, as: Identity): Promise<string> {
    const res = await fetch(`${t.svc.url}/api/v1/subscription-transactions/${id}/receipt`, {
      headers: {
        ...signIdentityHeaders(t.secret, as, undefined, randomUUID(), { client: '127.0.0.1' }),
        'x-requested-with': 'kinfolio',
        'authorization-type': as.type,
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const doc = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const { text } = await extractText(doc, { mergePages: true });
    return (text as string).replace(/\s+/g, ' ');
  }

  let before: { advisor: Identity; charge: billing.SubscriptionTransaction };
  let whileRegistered: { advisor: Identity; charge: billing.SubscriptionTransaction };

  it('has no details until an admin sets them, and a receipt made then names no seller details', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    before = await newCharge();
    const text = await receiptText(before.charge.id, before.advisor);
    expect(text).toContain('Receipt');
    expect(text).toContain('Amount paid SGD 49.00');
    expect(text).not.toContain('Registration no.');
    expect(text).not.toContain('Tax registration no.');
  });

  it.each([
    ['no business name', 'business_name', { ...registered, business_name: '   ' }],
    ['a business name with a forbidden character', 'business_name', { ...registered, business_name: 'Kin<folio>' }],
    ['no address', 'address', { ...registered, address: ' \n \n ' }],
    ['an address of seven lines', 'address', { ...registered, address: '1\n2\n3\n4\n5\n6\n7' }],
    ['an address too long', 'address', { ...registered, address: 'x'.repeat(501) }],
    ['no registration number', 'registration_number', { ...registered, registration_number: undefined }],
    ['a registration number with a symbol', 'registration_number', { ...registered, registration_number: '2023#1' }],
    ['a registration number too long', 'registration_number', { ...registered, registration_number: '1'.repeat(51) }],
    ['tax registered as text', 'tax_registered', { ...registered, tax_registered: 'yes' }],
    ['tax registered without a tax number', 'tax_number', { ...registered, tax_number: undefined }],
    ['tax registered with a null tax number', 'tax_number', { ...registered, tax_number: null }],
    ['tax registered with an empty tax number', 'tax_number', { ...registered, tax_number: '' }],
    ['a tax number when not registered', 'tax_number', { ...unregistered, tax_number: 'W10-1808-31000000' }],
    ['an unknown field', 'gst_rate', { ...registered, gst_rate: 9 }],
  ])('PUT with %s is a 400 naming %s, and stores nothing', async (_what, field, body) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(Object.keys(Object.assign({}, ...(res.body.errors as object[])))).toContain(field);
    expect((await get()).body.data).toBeNull();
  });

  it('is for admins only: 403 for advisors and customers, 401 signed out', async () => {
    for (const as of [testIdentity('advisor'), testIdentity('customer')]) {
      expect((await get(as)).status).toBe(403);
      expect((await put(registered, as)).status).toBe(403);
    }
    expect((await get(null)).status).toBe(401);
    expect((await put(registered, null)).status).toBe(401);
    expect(Number((await t.svc.ctx.db('seller_details').count({ n: '*' }))[0]?.n)).toBe(0);
  });

  it('an admin sets them (address lines tidied); GET shows them with who saved them and when', async () => {
    const startedAt = Date.now();
    const res = await put(registered);
    expect(res.status).toBe(200);
    const expected = {
      business_name: 'Kinfolio Sdn. Bhd.',
      address: 'Level 12, Menara Kinfolio\n8 Jalan Sultan Ismail\n50250 Kuala Lumpur',
      registration_number: '202301012345 (1234567-A)',
      tax_registered: true,
      tax_number: 'W10-1808-31000000',
      updated_by: admin.userId,
    };
    expect(res.body.data).toMatchObject(expected);
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(startedAt - 5_000);
    expect((await get()).body.data).toEqual(res.body.data);
  });

  it("a receipt made after carries the seller's name, address, registration and tax numbers", async () => {
    whileRegistered = await newCharge();
    const text = await receiptText(whileRegistered.charge.id, whileRegistered.advisor);
    expect(text).toContain('Kinfolio Sdn. Bhd.');
    expect(text).toContain('Level 12, Menara Kinfolio 8 Jalan Sultan Ismail 50250 Kuala Lumpur');
    expect(text).toContain('Registration no.: 202301012345 (1234567-A)');
    expect(text).toContain('Tax registration no.: W10-1808-31000000');
    expect(text).toContain('Amount paid SGD 49.00');
    // an admin reads the same receipt
    expect(await receiptText(whileRegistered.charge.id, admin)).toContain('Tax registration no.: W10-1808-31000000');
  });

  it('a receipt made while not tax registered has no tax number; older receipts keep their details', async () => {
    const res = await put(unregistered, otherAdmin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ tax_registered: false, tax_number: null, updated_by: otherAdmin.userId });

    const after = await newCharge();
    const text = await receiptText(after.charge.id, after.advisor);
    expect(text).toContain('Kinfolio Pte. Ltd.');
    expect(text).toContain('1 Raffles Place #20-01 Singapore 048616');
    expect(text).toContain('Registration no.: 201912345K');
    expect(text).not.toContain('Tax registration no.');
    expect(text).not.toContain('W10-1808-31000000');
    expect(text).not.toContain('Sdn. Bhd.');

    // issued receipts do not change: the one made while registered still says so, the first still names none
    const old = await receiptText(whileRegistered.charge.id, whileRegistered.advisor);
    expect(old).toContain('Kinfolio Sdn. Bhd.');
    expect(old).toContain('Tax registration no.: W10-1808-31000000');
    expect(old).not.toContain('Pte. Ltd.');
    const first = await receiptText(before.charge.id, before.advisor);
    expect(first).not.toContain('Registration no.');
    expect(first).not.toContain('Kinfolio Pte. Ltd.');
  });

  it('keeps every change with who made it and when (the audit)', async () => {
    const rows = await t.svc.ctx.db('seller_details').select('*').orderBy('id');
    expect(rows.map((r) => [r.business_name, r.tax_registered, r.tax_number, r.changed_by])).toEqual([
      ['Kinfolio Sdn. Bhd.', true, 'W10-1808-31000000', admin.userId],
      ['Kinfolio Pte. Ltd.', false, null, otherAdmin.userId],
    ]);
    expect(new Date(rows[0].changed_at).getTime()).toBeLessThanOrEqual(new Date(rows[1].changed_at).getTime());
    expect((await get()).body.data).toMatchObject({
      business_name: 'Kinfolio Pte. Ltd.',
      updated_by: otherAdmin.userId,
    });
  });
});
