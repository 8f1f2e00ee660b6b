import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Identity,
  signIdentityHeaders,
  startTestService,
  type TestService,
  testInfras,
} from '@kinfolio/service-kit';
import { USERS_EXPORT_BATCH } from '../src/domain/admin';
import { authModule } from '../src/module';
import { type Seeded, seedUser } from './helpers';

jest.setTimeout(90_000);

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

const HEADER = [
  'Name',
  'E-mail',
  'Phone',
  'Registered at',
  'E-mail verified',
  'Mobile verified',
  'Plan',
  'Trial ends',
  'Status',
];

/** POST admin/get-filtered-users/export: the Pending Registrations list as CSV (issue 16, follow-up). */
describe.each(testInfras())('svc-auth users CSV export (%s)', (infra) => {
  let t: TestService;
  let admin: Seeded;
  const today = new Date().toISOString().slice(0, 10);
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
    admin = await seedUser(t, 'admin');
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** The raw bytes of a reply (the harness decodes text, which drops the byte-order mark). */
  async function exportRaw(body: unknown, as: Identity | null) {
    const res = await fetch(`${t.svc.url}/api/v1/admin/get-filtered-users/export`, {
      method: 'POST',
      headers: {
        ...signIdentityHeaders(t.secret, as, undefined, randomUUID(), { client: '127.0.0.1' }),
        'x-requested-with': 'kinfolio',
        'content-type': 'application/json',
        ...(as ? { 'authorization-type': as.type } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  test('streams the filtered advisors as CSV: BOM, CRLF, quoting and the formula guard, every column', async () => {
    const tag = `exp${randomBytes(3).toString('hex')}`;
    const trialEnds = new Date('2026-12-01T00:00:00.000Z');
    const formula = await seedUser(t, 'advisor', {
      name: `=HYPERLINK("http://x","y") ${tag}`,
      email: `${tag}-one@example.com`,
      email_verified: false,
      country_code: '+65',
      contact_number: '91234567',
      membership_status: 'none',
    });
    const comma = await seedUser(t, 'advisor', {
      name: `Ng, "Ben" ${tag}`,
      email: `${tag}-two@example.com`,
      membership_status: 'trial',
      trial_ends_at: trialEnds,
    });
    const lines = await seedUser(t, 'advisor', {
      name: `Line\nBreak ${tag}`,
      email: `${tag}-three@example.com`,
      mobile_verified: false,
      membership_status: 'expired',
    });
    const minus = await seedUser(t, 'advisor', { name: `-1 @home ${tag}`, email: `${tag}-four@example.com` });
    const tab = await seedUser(t, 'advisor', { name: `\tTab ${tag}`, email: `${tag}-five@example.com` });
    // on a plan: not pending; a customer: not an advisor
    await seedUser(t, 'advisor', { name: `Paying ${tag}`, membership_status: 'active' });
    await seedUser(t, 'customer', { name: `Customer ${tag}`, email_verified: false });

    const res = await exportRaw({ type: 'advisor', pending: 'any', search: tag }, admin.as);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="pending-registrations-any-${today}.csv"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = res.bytes.toString('utf8');
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith(`\uFEFF${HEADER.join(',')}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    // the escaping, byte for byte
    const iso = (u: Seeded) => new Date(u.user.created_at).toISOString();
    expect(text).toContain(
      `\r\n"'=HYPERLINK(""http://x"",""y"") ${tag}",${tag}-one@example.com,'+65 91234567,${iso(formula)},no,yes,none,,active\r\n`,
    );
    expect(text).toContain(
      `\r\n"Ng, ""Ben"" ${tag}",${tag}-two@example.com,,${iso(comma)},yes,yes,trial,${trialEnds.toISOString()},active\r\n`,
    );
    expect(text).toContain(
      `\r\n"Line\nBreak ${tag}",${tag}-three@example.com,,${iso(lines)},yes,no,expired,,active\r\n`,
    );
    expect(text).toContain(`\r\n'-1 @home ${tag},${tag}-four@example.com,`);
    expect(text).toContain(`\r\n'\tTab ${tag},${tag}-five@example.com,`);

    const rows = readCsv(text.slice(1));
    expect(rows[0]).toEqual(HEADER);
    // newest first, like the list; the paying advisor and the customer are left out
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      tab.user.email,
      minus.user.email,
      lines.user.email,
      comma.user.email,
      formula.user.email,
    ]);
    expect(rows.every((r) => r.length === HEADER.length)).toBe(true);
  });

  test('applies the filters: pending kind, search, type and status', async () => {
    const tag = `flt${randomBytes(3).toString('hex')}`;
    const unverified = await seedUser(t, 'advisor', { name: `Unverified ${tag}`, email_verified: false });
    const noPlan = await seedUser(t, 'advisor', { name: `No plan ${tag}`, membership_status: 'trial' });
    const off = await seedUser(t, 'advisor', {
      name: `Deactivated ${tag}`,
      membership_status: 'none',
      status: 'deactivated',
    });
    await seedUser(t, 'advisor', { name: `Other ${randomBytes(3).toString('hex')}`, email_verified: false });
    const emails = async (body: Record<string, unknown>) => {
      const res = await exportRaw({ type: 'advisor', search: tag, ...body }, admin.as);
      expect(res.status).toBe(200);
      return readCsv(res.bytes.toString('utf8').slice(1))
        .slice(1)
        .map((r) => r[1])
        .sort();
    };
    expect(await emails({ pending: 'unverified' })).toEqual([unverified.user.email]);
    expect(await emails({ pending: 'no_plan' })).toEqual([noPlan.user.email, off.user.email].sort());
    expect(await emails({ pending: 'no_plan', status: 'deactivated' })).toEqual([off.user.email]);
    expect(await emails({ pending: 'any', search: `No plan ${tag}` })).toEqual([noPlan.user.email]);
    // the list and its export agree (the list's page_size is not a limit on the export)
    const list = await t.call('POST', 'admin/get-filtered-users', {
      as: admin.as,
      body: { type: 'advisor', search: tag, pending: 'any', page_size: 1 },
    });
    expect(list.body.data.total).toBe(3);
    expect(await emails({ pending: 'any', page_size: 1 })).toEqual(
      [unverified.user.email, noPlan.user.email, off.user.email].sort(),
    );
    // without `pending`: the plain users export, named so
    const plain = await exportRaw({ type: 'advisor', search: tag }, admin.as);
    expect(plain.headers.get('content-disposition')).toBe(`attachment; filename="users-${today}.csv"`);
  });

  test('reads every batch: more rows than one batch, each once', async () => {
    const tag = `big${randomBytes(3).toString('hex')}`;
    const n = USERS_EXPORT_BATCH + 7;
    const now = Date.now();
    const rows = Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      type: 'advisor',
      name: `Bulk ${tag} ${i}`,
      email: `${tag}-${i}@example.com`,
      referral_id: `R${randomBytes(6).toString('hex')}`,
      email_verified: false,
      created_at: new Date(now - 60_000 - i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 200) await t.svc.ctx.db('users').insert(rows.slice(i, i + 200));
    const res = await exportRaw({ type: 'advisor', pending: 'unverified', search: tag }, admin.as);
    expect(res.status).toBe(200);
    const emails = readCsv(res.bytes.toString('utf8').slice(1))
      .slice(1)
      .map((r) => r[1]);
    expect(emails).toHaveLength(n);
    expect(new Set(emails).size).toBe(n);
    expect(emails[0]).toBe(`${tag}-0@example.com`);
    expect(emails.at(-1)).toBe(`${tag}-${n - 1}@example.com`);
  });

  test('a bad filter is a 400 naming the field; advisors and customers get 403, nobody 401', async () => {
    for (const [body, field] of [
      [{ pending: 'soon' }, 'pending'],
      [{ status: 'gone' }, 'status'],
      [{ type: 'robot' }, 'type'],
      [{ search: 'x'.repeat(101) }, 'search'],
      [{ page_size: 0 }, 'page_size'],
    ] as const) {
      const bad = await t.call('POST', 'admin/get-filtered-users/export', { as: admin.as, body });
      expect(bad.status).toBe(400);
      expect(Object.keys(Object.assign({}, ...(bad.body.errors as object[])))).toEqual([field]);
      expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const adv = await seedUser(t, 'advisor');
    const cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
    for (const who of [adv, cust]) {
      const res = await t.call('POST', 'admin/get-filtered-users/export', { as: who.as, body: { pending: 'any' } });
      expect(res.status).toBe(403);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await t.call('POST', 'admin/get-filtered-users/export', { as: null, body: {} })).status).toBe(401);
  });
});
