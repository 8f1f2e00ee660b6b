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
import type { SimEvent } from '../src/payments/simulator';
import { eventually, registeredEvent, waitForConsumerQueue } from './helpers';

jest.setTimeout(120_000);

const MONTHLY = SEEDED_PLANS[0].id;
const VISA = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const MASTERCARD = { card_number: '5555555555554444', exp_month: 6, exp_year: 2033, cvc: '321' };
const FAILS_CHARGES = { card_number: '4000000000000341', exp_month: 12, exp_year: 2034, cvc: '123' };

interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

/** A small RFC 4180 reader (quoted fields, doubled quotes, CRLF and line breaks inside quotes). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return rows;
}

describe.each(testInfras())('svc-billing admin search, CSV export and receipts (%s)', (infra) => {
  let t: TestService;
  let provider: OfflineProvider;
  const admin = testIdentity('admin');
  const tag = `kf${randomUUID().slice(0, 8)}`;
  const today = new Date().toISOString().slice(0, 10);
  const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  // three advisors whose names and e-mails would be formulas, break lines or carry commas and quotes in a CSV
  const people = {
    formula: { name: `=SUM(1+1) ${tag}`, email: `${tag}-one@example.com` },
    comma: { name: `Ng, "Ben" ${tag}`, email: `${tag}-two@example.com` },
    lines: { name: `Line\nBreak ${tag}`, email: `+${tag}@example.com` },
  };
  const ids: Record<keyof typeof people, Identity> = {
    formula: testIdentity('advisor'),
    comma: testIdentity('advisor'),
    lines: testIdentity('advisor'),
  };
  let ownPlan = '';
  const charges: Record<string, billing.SubscriptionTransaction> = {};

  const addCard = (as: Identity, card: Record<string, unknown>) => t.call('POST', 'auth/card', { as, body: card });
  const subscribe = (as: Identity, body: Record<string, unknown>) =>
    t.call('POST', 'trial/membership-plans', { as, body });
  const history = async (as: Identity) =>
    (await t.call('GET', 'subscription-transactions?page_size=200', { as })).body
      .data as Page<billing.SubscriptionTransaction>;

  /** The raw bytes of a reply (the harness reads text). */
  async function fetchRaw(path: string, as: Identity | null) {
    const res = await fetch(`${t.svc.url}/api/v1/${path}`, {
      headers: {
        ...signIdentityHeaders(t.secret, as, undefined, randomUUID(), { client: '127.0.0.1' }),
        'x-requested-with': 'kinfolio',
        ...(as ? { 'authorization-type': as.type } : {}),
      },
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const pdfText = async (b: Buffer) => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const doc = await getDocumentProxy(new Uint8Array(b));
    const { text } = await extractText(doc, { mergePages: true });
    return (text as string).replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    provider = new OfflineProvider();
    t = await startTestService(createBillingModule({ trialSweepMs: 0, provider }), { infra });
    await waitForConsumerQueue(t, 'svc-billing');
    // the contacts come the way they come in production: auth.advisor.registered.v1
    await t.ports.bus.publish(
      (Object.keys(people) as Array<keyof typeof people>).map((k) => {
        const e = registeredEvent(ids[k].userId, new Date().toISOString());
        return { ...e, payload: { ...(e.payload as object), ...people[k] } };
      }),
    );
    await eventually(
      async () =>
        (
          await t.svc.ctx.db('billing_contacts').whereIn(
            'user_id',
            Object.values(ids).map((i) => i.userId),
          )
        ).length === 3,
    );
    const plan = await t.call('POST', 'membership-plans', {
      as: admin,
      body: { name: `Plan ${tag}`, interval: 'monthly', price_sgd: 12900, price_rm: 39900, features: [] },
    });
    ownPlan = plan.body.data.id;

    expect((await addCard(ids.formula, VISA)).status).toBe(201);
    expect((await subscribe(ids.formula, { plan_id: MONTHLY, currency: 'SGD' })).status).toBe(201);
    expect((await addCard(ids.comma, MASTERCARD)).status).toBe(201);
    expect((await subscribe(ids.comma, { plan_id: MONTHLY, currency: 'RM' })).status).toBe(201);
    expect((await addCard(ids.lines, VISA)).status).toBe(201);
    expect((await subscribe(ids.lines, { plan_id: ownPlan, currency: 'SGD' })).status).toBe(201);
    await provider.flush();
    for (const k of Object.keys(ids) as Array<keyof typeof ids>) {
      const rows = (await history(ids[k])).rows.filter((r) => r.kind === 'charge');
      expect(rows).toHaveLength(1);
      charges[k] = rows[0] as billing.SubscriptionTransaction;
    }
  });

  afterAll(async () => {
    await provider?.close();
    await t?.stop();
  });

  describe('search, paging and sorting', () => {
    const subscribers = async (query: string) => {
      const res = await t.call('GET', `admin/subscribers-list?${query}`, { as: admin });
      expect(res.status).toBe(200);
      return res.body.data as Page<billing.Subscription>;
    };

    it('finds subscribers by name, e-mail or plan name, case-insensitively, and pages and sorts the result', async () => {
      const all = await subscribers(`search=${tag.toUpperCase()}&sort=amount&order=asc`);
      expect(all.total).toBe(3);
      // 49.00 SGD, 129.00 SGD, 159.00 RM (minor units, whatever the currency)
      expect(all.rows.map((r) => r.user_id)).toEqual([ids.formula.userId, ids.lines.userId, ids.comma.userId]);
      const desc = await subscribers(`search=${tag}&sort=amount&order=desc&page_size=2`);
      expect([desc.total, desc.page, desc.page_size]).toEqual([3, 1, 2]);
      expect(desc.rows.map((r) => r.user_id)).toEqual([ids.comma.userId, ids.lines.userId]);
      const page2 = await subscribers(`search=${tag}&sort=amount&order=desc&page_size=2&page=2`);
      expect(page2.rows.map((r) => r.user_id)).toEqual([ids.formula.userId]);

      expect((await subscribers(`search=${encodeURIComponent(`${tag}-two@`)}`)).rows.map((r) => r.user_id)).toEqual([
        ids.comma.userId,
      ]);
      expect((await subscribers(`search=${encodeURIComponent(`Plan ${tag}`)}`)).rows.map((r) => r.user_id)).toEqual([
        ids.lines.userId,
      ]);
      expect((await subscribers(`search=${tag}&plan_id=${ownPlan}`)).total).toBe(1);
      expect((await subscribers(`search=${tag}&status=expired`)).total).toBe(0);
      // LIKE's wildcards are searched for literally
      expect((await subscribers('search=%25')).total).toBe(0);
      expect((await subscribers(`search=${tag.slice(0, 4)}_${tag.slice(5)}`)).total).toBe(0);
    });

    it('finds transactions by name, e-mail, plan and date range', async () => {
      const list = async (query: string) => {
        const res = await t.call('GET', `admin/subscription-transactions-list?${query}`, { as: admin });
        expect(res.status).toBe(200);
        return res.body.data as Page<billing.SubscriptionTransaction>;
      };
      expect((await list(`search=${tag}&from=${today}&to=${today}`)).total).toBe(3);
      expect((await list(`search=${tag}&to=${dayOffset(-1)}`)).total).toBe(0);
      expect((await list(`search=${tag}&from=${dayOffset(1)}`)).total).toBe(0);
      const byAmount = await list(`search=${tag}&sort=amount&order=desc&page_size=1`);
      expect([byAmount.total, byAmount.rows[0]?.id]).toEqual([3, charges.comma?.id]);
      expect((await list(`search=${encodeURIComponent(`Plan ${tag}`)}`)).rows.map((r) => r.id)).toEqual([
        charges.lines?.id,
      ]);
      expect((await list(`search=${tag}&user_id=${ids.formula.userId}`)).rows.map((r) => r.id)).toEqual([
        charges.formula?.id,
      ]);
    });

    it.each([
      ['admin/subscribers-list', 'sort=name', 'sort'],
      ['admin/subscribers-list', 'order=up', 'order'],
      ['admin/subscribers-list', 'plan_id=monthly', 'plan_id'],
      ['admin/subscribers-list', `search=${'x'.repeat(101)}`, 'search'],
      ['admin/subscribers-list', 'page=0', 'page'],
      ['admin/subscribers-list/export', 'status=gone', 'status'],
      ['admin/subscription-transactions-list', 'from=2026-13-01', 'from'],
      ['admin/subscription-transactions-list', 'from=2026-02-30', 'from'],
      ['admin/subscription-transactions-list', 'to=yesterday', 'to'],
      ['admin/subscription-transactions-list', 'from=2026-05-02&to=2026-05-01', 'to'],
      ['admin/subscription-transactions-list', 'sort=plan', 'sort'],
      ['admin/subscription-transactions-list/export', 'kind=gift', 'kind'],
      ['admin/subscription-transactions-list/export', `search=${encodeURIComponent('a\u0000b')}`, 'search'],
    ])('GET %s?%s is a 400 naming %s', async (path, query, field) => {
      const res = await t.call('GET', `${path}?${query}`, { as: admin });
      expect(res.status).toBe(400);
      expect(Object.keys(Object.assign({}, ...(res.body.errors as object[])))).toContain(field);
    });
  });

  describe('CSV export', () => {
    it('streams the filtered subscribers as CSV: escaped, formula-guarded, amounts in major units', async () => {
      const res = await fetchRaw(`admin/subscribers-list/export?search=${tag}&sort=amount&order=asc`, admin);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="subscribers-active-${today}.csv"`);
      const text = res.bytes.toString('utf8');
      expect(text.startsWith('\uFEFFSubscription id,Advisor,E-mail,User id,Plan,')).toBe(true);
      // the escaping, byte for byte
      expect(text).toContain(
        `,'=SUM(1+1) ${tag},${tag}-one@example.com,${ids.formula.userId},Monthly,monthly,49.00,SGD,active,`,
      );
      expect(text).toContain(`,"Ng, ""Ben"" ${tag}",${tag}-two@example.com,`);
      expect(text).toContain(`,"Line\nBreak ${tag}",'+${tag}@example.com,`);
      const rows = readCsv(text.slice(1));
      expect(rows[0]).toEqual([
        'Subscription id',
        'Advisor',
        'E-mail',
        'User id',
        'Plan',
        'Interval',
        'Amount',
        'Currency',
        'Status',
        'Started',
        'Current period end',
        'Cancels at period end',
        'Past due since',
        'Ended',
      ]);
      expect(rows.slice(1).map((r) => [r[1], r[2], r[4], r[6], r[7], r[8], r[11]])).toEqual([
        [`'=SUM(1+1) ${tag}`, `${tag}-one@example.com`, 'Monthly', '49.00', 'SGD', 'active', 'no'],
        [`Line\nBreak ${tag}`, `'+${tag}@example.com`, `Plan ${tag}`, '129.00', 'SGD', 'active', 'no'],
        [`Ng, "Ben" ${tag}`, `${tag}-two@example.com`, 'Monthly', '159.00', 'RM', 'active', 'no'],
      ]);
    });

    it('streams the filtered transactions with a receipt link for each charge', async () => {
      const res = await fetchRaw(
        `admin/subscription-transactions-list/export?search=${tag}&kind=charge&from=${today}&sort=amount&order=asc`,
        admin,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="subscription-transactions-charge-${today}.csv"`,
      );
      const rows = readCsv(res.bytes.toString('utf8').slice(1));
      expect(rows[0]).toEqual([
        'Date',
        'Transaction id',
        'Advisor',
        'E-mail',
        'User id',
        'Type',
        'Description',
        'Plan',
        'Card brand',
        'Card last 4',
        'Amount',
        'Currency',
        'Receipt',
      ]);
      const publicUrl = t.svc.ctx.config.PUBLIC_URL.replace(/\/+$/, '');
      expect(rows.slice(1).map((r) => [r[1], r[2], r[5], r[7], r[8], r[9], r[10], r[11], r[12]])).toEqual(
        (['formula', 'lines', 'comma'] as const).map((k) => {
          const c = charges[k] as billing.SubscriptionTransaction;
          return [
            c.id,
            k === 'formula' ? `'${people[k].name}` : people[k].name,
            'charge',
            c.plan_name,
            k === 'comma' ? 'mastercard' : 'visa',
            k === 'comma' ? '4444' : '4242',
            { formula: '49.00', lines: '129.00', comma: '159.00' }[k],
            k === 'comma' ? 'RM' : 'SGD',
            `${publicUrl}/api/v1/subscription-transactions/${c.id}/receipt`,
          ];
        }),
      );
      // nothing matches: the header alone
      const none = await fetchRaw(
        `admin/subscription-transactions-list/export?search=${tag}&to=${dayOffset(-1)}`,
        admin,
      );
      expect(readCsv(none.bytes.toString('utf8').slice(1))).toHaveLength(1);
    });

    it('exports more rows than one batch, each once, in order', async () => {
      const many = `${tag}many`;
      const userId = randomUUID();
      await t.svc.ctx.db('billing_contacts').insert({
        user_id: userId,
        email: `${many}@example.com`,
        name: `Bulk ${many}`,
        registered_at: new Date(),
      });
      const n = 1234;
      const base = Date.parse('2026-01-01T00:00:00Z');
      const rows = Array.from({ length: n }, (_, i) => ({
        id: randomUUID(),
        user_id: userId,
        subscription_id: null,
        kind: 'charge',
        amount: 100 + i,
        currency: 'SGD',
        description: `Bulk ${i}`,
        plan_name: 'Monthly',
        provider_ref: `bulk:${many}:${i}`,
        occurred_at: new Date(base + i * 60_000),
      }));
      for (let i = 0; i < n; i += 200) await t.svc.ctx.db('transactions').insert(rows.slice(i, i + 200));
      const started = Date.now();
      const res = await fetchRaw(`admin/subscription-transactions-list/export?search=${many}&order=asc`, admin);
      const ms = Date.now() - started;
      expect(res.status).toBe(200);
      const out = readCsv(res.bytes.toString('utf8').slice(1)).slice(1);
      expect(out).toHaveLength(n);
      expect(out.map((r) => r[6])).toEqual(rows.map((r) => r.description));
      expect(out.map((r) => r[10])).toEqual(rows.map((r) => (r.amount / 100).toFixed(2)));
      expect(out[n - 1]?.[10]).toBe('13.33');
      // a measurement for the report, not a target
      console.info(`[${infra}] exported ${n} transactions in ${ms} ms (${res.bytes.length} bytes)`);
    });

    it('is for admins only', async () => {
      expect((await fetchRaw('admin/subscribers-list/export', ids.formula)).status).toBe(403);
      expect((await fetchRaw('admin/subscription-transactions-list/export', testIdentity('customer'))).status).toBe(
        403,
      );
      expect((await fetchRaw('admin/subscribers-list/export', null)).status).toBe(401);
    });
  });

  describe('receipts', () => {
    it("a charge's receipt is a PDF with the advisor, plan, period, amount, card and transaction", async () => {
      const c = charges.formula as billing.SubscriptionTransaction;
      expect(c.receipt_url).toBe(`/api/v1/subscription-transactions/${c.id}/receipt`);
      const res = await fetchRaw(`subscription-transactions/${c.id}/receipt`, ids.formula);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="kinfolio-receipt-${c.id.slice(0, 8)}.pdf"`,
      );
      expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(res.bytes);
      const sub = (await t.call('GET', `admin/subscribers-list?search=${tag}-one`, { as: admin })).body.data
        .rows[0] as billing.Subscription;
      const day = (iso: string) =>
        new Date(iso).toLocaleDateString('en-SG', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'Asia/Singapore',
        });
      expect(text).toContain('Receipt');
      expect(text).toContain(`=SUM(1+1) ${tag} (${tag}-one@example.com)`);
      expect(text).toContain('Monthly (monthly)');
      expect(text).toContain(`${day(sub.current_period_start)} to ${day(sub.current_period_end)}`);
      expect(text).toContain('Amount paid SGD 49.00');
      expect(text).toContain('Visa ending 4242');
      expect(text).toContain(c.id);
      expect(text).toContain(`Date ${day(c.occurred_at)}`);

      // an admin may read it too
      const asAdmin = await fetchRaw(`subscription-transactions/${c.id}/receipt`, admin);
      expect(asAdmin.status).toBe(200);
      expect(await pdfText(asAdmin.bytes)).toContain(c.id);
    });

    it('is a 404 for another advisor, an unknown id and a failed payment; 403 for customers', async () => {
      const c = charges.formula as billing.SubscriptionTransaction;
      const other = await fetchRaw(`subscription-transactions/${c.id}/receipt`, ids.comma);
      expect(other.status).toBe(404);
      expect(JSON.parse(other.bytes.toString('utf8')).message).toBe('Receipt not found');
      expect((await fetchRaw(`subscription-transactions/${randomUUID()}/receipt`, admin)).status).toBe(404);
      expect((await fetchRaw('subscription-transactions/not-an-id/receipt', admin)).status).toBe(404);
      expect((await fetchRaw(`subscription-transactions/${c.id}/receipt`, testIdentity('customer'))).status).toBe(403);
      expect((await fetchRaw(`subscription-transactions/${c.id}/receipt`, null)).status).toBe(401);

      const declined = testIdentity('advisor');
      expect((await addCard(declined, FAILS_CHARGES)).status).toBe(201);
      expect((await subscribe(declined, { plan_id: MONTHLY, currency: 'SGD' })).status).toBe(400);
      const failure = (await history(declined)).rows.find(
        (r) => r.kind === 'failure',
      ) as billing.SubscriptionTransaction;
      expect(failure.receipt_url).toBeNull();
      expect((await fetchRaw(`subscription-transactions/${failure.id}/receipt`, declined)).status).toBe(404);
    });

    it("a refund's receipt says so, with the card that paid", async () => {
      const c = charges.comma as billing.SubscriptionTransaction;
      const invoice = provider.sent.find(
        (e: SimEvent) =>
          e.type === 'invoice.paid' && e.data.object.currency === 'myr' && Number(e.data.object.amount_paid) === 15900,
      ) as SimEvent;
      provider.sim.refundInvoice(String(invoice.data.object.id), `refund-${tag}`);
      await provider.flush();
      const refund = (await history(ids.comma)).rows.find(
        (r) => r.kind === 'refund',
      ) as billing.SubscriptionTransaction;
      expect(refund).toMatchObject({ amount: 15900, currency: 'RM' });
      expect(refund.receipt_url).toBe(`/api/v1/subscription-transactions/${refund.id}/receipt`);
      const text = await pdfText((await fetchRaw(`subscription-transactions/${refund.id}/receipt`, ids.comma)).bytes);
      expect(text).toContain('Refund receipt');
      expect(text).toContain('Amount refunded RM 159.00');
      expect(text).toContain('Mastercard ending 4444');
      expect(text).toContain(`Ng, "Ben" ${tag}`);
      expect(c.id).not.toBe(refund.id);
    });
  });
});
