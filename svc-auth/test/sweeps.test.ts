import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, CSRF_VALUE } from '@kinfolio/contracts';
import {
  type Identity,
  signIdentityHeaders,
  startTestService,
  type TestService,
  testInfras,
} from '@kinfolio/service-kit';
import { authModule } from '../src/module';
import { countRows, expectErrorShape, type Seeded, seedUser } from './helpers';

jest.setTimeout(60_000);

/** A small deterministic PRNG (mulberry32) so a failing body can be reproduced from its index. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const word = (r: Rand, n = 6) =>
  Array.from({ length: n }, () => pick(r, 'abcdefghijklmnopqrstuvwxyz'.split(''))).join('');
const EMOJI = ['😀', '🔥', '💸', '👩‍💼', '🇸🇬', '✨'];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<b>bold</b>',
  '"><svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
];
const MISSING = Symbol('missing');

/** Values of the wrong type: invalid for every field of every svc-auth body. */
function wrongType(r: Rand): unknown {
  return pick(r, [
    () => Math.floor(r() * 1e6),
    () => r() * 10,
    () => true,
    () => false,
    () => null,
    () => [],
    () => [word(r)],
    () => ({}),
    () => ({ nested: { deep: [1, { x: pick(r, HTML) }] } }),
    () => [{ a: word(r) }, [word(r)]],
  ])();
}
const huge = (r: Rand) => word(r, 1).repeat(5000 + Math.floor(r() * 20000));

type Kind =
  | 'email'
  | 'optEmail'
  | 'text'
  | 'optText'
  | 'password'
  | 'otp'
  | 'phone'
  | 'country'
  | 'media'
  | 'gender'
  | 'uuid'
  | 'username'
  | 'bizPhone'
  | 'status'
  | 'optStatus'
  | 'optType'
  | 'int'
  | 'search'
  | 'token'
  | 'permissions';

/** One invalid value for a field of this kind (MISSING: leave the required field out). */
function invalid(kind: Kind, r: Rand): unknown {
  const common = [() => wrongType(r), () => huge(r)];
  const gens: Record<Kind, Array<() => unknown>> = {
    email: [
      () => MISSING,
      () => '',
      () => word(r),
      () => `${word(r)}@`,
      () => `${word(r)}@${word(r)}`,
      () => `${pick(r, HTML)}@x.com`,
      () => `${word(r)}${pick(r, EMOJI)}@x.com`,
      () => `${word(r)} ${word(r)}@x.com`,
    ],
    optEmail: [
      () => word(r),
      () => `${word(r)}@${word(r)}`,
      () => `${pick(r, HTML)}@x.com`,
      () => `${pick(r, EMOJI)}@x.com`,
    ],
    text: [
      () => MISSING,
      () => '',
      () => '   ',
      () => `${word(r)} ${pick(r, HTML)}`,
      () => `${word(r)} ${pick(r, EMOJI)}`,
      () => `${word(r)}${pick(r, ['{', '}', '[', ']', '~', '`', '|', '^'])}`,
    ],
    optText: [
      () => `${word(r)} ${pick(r, HTML)}`,
      () => `${word(r)} ${pick(r, EMOJI)}`,
      () => `${word(r)}${pick(r, ['{', '<', '>', '^', '|'])}`,
    ],
    password: [
      () => MISSING,
      () => '',
      () => word(r, 7),
      () => pick(r, EMOJI),
      () => 'x'.repeat(129 + Math.floor(r() * 50)),
    ],
    otp: [
      () => MISSING,
      () => '',
      () => '12345',
      () => '1234567',
      () => word(r),
      () => '12 456',
      () => `${pick(r, EMOJI)}12345`,
      () => '<b>1</b>',
    ],
    phone: [
      () => MISSING,
      () => '',
      () => '12345',
      () => word(r),
      () => '+65 9123',
      () => `${pick(r, EMOJI)}123456`,
      () => '<i>91234567</i>',
      () => '1'.repeat(16),
    ],
    country: [() => MISSING, () => '', () => '+', () => '+12345', () => 'sg', () => pick(r, EMOJI), () => '<b>65</b>'],
    media: [
      () => pick(r, HTML),
      () => 'javascript:alert(1)',
      () => `${word(r)} ${word(r)}.png`,
      () => `${pick(r, EMOJI)}.png`,
      () => `a'b".png`,
    ],
    gender: [() => '', () => 'other', () => 'MALE', () => pick(r, EMOJI), () => pick(r, HTML)],
    uuid: [() => MISSING, () => '', () => word(r), () => '123', () => `${randomUUID()}x`, () => pick(r, HTML)],
    username: [
      () => '',
      () => '   ',
      () => `${word(r)}_${word(r)}`,
      () => `${word(r)}.${word(r)}`,
      () => `${word(r)}${pick(r, EMOJI)}`,
      () => pick(r, HTML),
      () => 'a'.repeat(64),
      () => null,
    ],
    bizPhone: [() => '12', () => word(r), () => pick(r, EMOJI), () => pick(r, HTML)],
    status: [() => MISSING, () => '', () => 'deleted', () => 'ACTIVE', () => pick(r, EMOJI), () => pick(r, HTML)],
    optStatus: [() => '', () => 'deleted', () => 'Active', () => pick(r, HTML)],
    optType: [() => '', () => 'root', () => 'Admin', () => pick(r, EMOJI)],
    int: [() => '1', () => 1.5, () => 0, () => -1, () => 1e9, () => 'x'],
    search: [() => pick(r, HTML), () => `${word(r)}${pick(r, EMOJI)}`, () => 'x'.repeat(101)],
    token: [() => MISSING, () => '', () => 'x'.repeat(513 + Math.floor(r() * 100))],
    permissions: [
      () => MISSING,
      () => [],
      () => [{ key: 'BAD KEY', granted: true }],
      () => [{ key: word(r) }],
      () => [{ key: word(r), granted: 'yes' }],
      () => Array.from({ length: 101 }, () => ({ key: word(r), granted: true })),
      () => [{ key: pick(r, HTML), granted: true }],
      () => [{ key: pick(r, EMOJI), granted: false }],
      () => ({ key: word(r), granted: true }),
    ],
  };
  return pick(r, [...gens[kind], ...common])();
}

interface Endpoint {
  method: string;
  path: string;
  fields: Record<string, Kind>;
  valid: Record<string, unknown>;
  as?: 'advisor' | 'admin';
}

describe.each(testInfras())('svc-auth input and access sweeps (%s)', (infra) => {
  let t: TestService;
  let adv: Seeded;
  let admin: Seeded;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
    adv = await seedUser(t, 'advisor');
    admin = await seedUser(t, 'admin');
  });
  afterAll(async () => {
    await t?.stop();
  });

  const signUp = {
    name: 'Aisha Tan',
    email: 'sweep@example.com',
    password: 'Tangerine-Harbour-71',
    bio: 'Adviser',
    contact_number: '91234567',
    country_code: '+65',
    profile_image: 'storage/a.png',
    gender: 'female',
  };
  const signUpFields: Record<string, Kind> = {
    name: 'text',
    email: 'email',
    password: 'password',
    bio: 'optText',
    contact_number: 'phone',
    country_code: 'country',
    profile_image: 'media',
    gender: 'gender',
  };
  const endpoints = (): Endpoint[] => [
    { method: 'POST', path: 'register', fields: signUpFields, valid: signUp },
    { method: 'POST', path: 'trial/register', fields: signUpFields, valid: signUp },
    ...['auth/login', 'customer/auth/login'].map((path) => ({
      method: 'POST',
      path,
      fields: { email: 'email', password: 'token' } as Record<string, Kind>,
      valid: { email: 'a@example.com', password: 'whatever-1' },
    })),
    ...['forget/password', 'customer/auth/forgot-password'].map((path) => ({
      method: 'PATCH',
      path,
      fields: { email: 'email' } as Record<string, Kind>,
      valid: { email: 'a@example.com' },
    })),
    { method: 'POST', path: 'auth/verify-email', fields: { email: 'email' }, valid: { email: 'a@example.com' } },
    ...['create/password', 'customer/create/password', 'reset/password', 'customer/auth/reset-password'].map(
      (path) => ({
        method: 'PATCH',
        path,
        fields: { email: 'email', otp: 'otp', password: 'password' } as Record<string, Kind>,
        valid: { email: 'a@example.com', otp: '123456', password: 'Tangerine-Harbour-71' },
      }),
    ),
    ...['auth/verify-otp', 'customer/auth/verify-otp'].map((path) => ({
      method: 'POST',
      path,
      fields: { email: 'email', otp: 'otp' } as Record<string, Kind>,
      valid: { email: 'a@example.com', otp: '123456' },
    })),
    ...['auth/verify-mobile-otp', 'customer/auth/verify-mobile-otp'].map((path) => ({
      method: 'POST',
      path,
      fields: { email: 'email', contact_otp: 'otp' } as Record<string, Kind>,
      valid: { email: 'a@example.com', contact_otp: '123456' },
    })),
    {
      method: 'PATCH',
      path: 'user/update',
      as: 'advisor',
      fields: {
        user_id: 'uuid',
        username: 'username',
        name: 'optText',
        designation: 'optText',
        business_email: 'optEmail',
        business_phone: 'bizPhone',
        bio: 'optText',
        gender: 'gender',
        profile_image: 'media',
      },
      valid: {
        user_id: adv.user.id,
        username: 'sweep name',
        name: 'Sweep',
        designation: 'CFP',
        business_email: 'b@example.com',
        business_phone: '+65 6123 4567',
        bio: 'Bio',
        gender: 'male',
        profile_image: `storage/user/media/${adv.user.id}/${'a1'.repeat(16)}.png`,
      },
    },
    {
      method: 'POST',
      path: 'admin/get-filtered-users',
      as: 'admin',
      fields: { status: 'optStatus', type: 'optType', search: 'search', page: 'int', page_size: 'int' },
      valid: { status: 'active', type: 'advisor', search: 'x', page: 1, page_size: 10 },
    },
    {
      method: 'PATCH',
      path: `admin/get-filtered-users/${adv.user.id}`,
      as: 'admin',
      fields: { status: 'status' },
      valid: { status: 'deactivated' },
    },
    {
      method: 'POST',
      path: `admin/permissions/${adv.user.id}/upsert`,
      as: 'admin',
      fields: { permissions: 'permissions' },
      valid: { permissions: [{ key: 'lm:a', granted: true }] },
    },
    {
      method: 'POST',
      path: '/internal/customers',
      fields: { advisor_id: 'uuid', name: 'text', email: 'email', gender: 'gender' },
      valid: { advisor_id: adv.user.id, name: 'New Customer', email: 'new.customer@example.com', gender: 'male' },
    },
    { method: 'POST', path: '/internal/sessions/verify', fields: { token: 'token' }, valid: { token: 'x'.repeat(43) } },
  ];

  /** At least 200 invalid bodies: one to three fields broken, junk keys on top; some raw non-object or broken JSON. */
  function bodies(e: Endpoint, seed: number): Array<unknown> {
    const r = rng(seed);
    const out: unknown[] = [
      '[]',
      '"text"',
      '42',
      'true',
      '{',
      '{"email": ',
      '[{"a":1}]',
      `"${'x'.repeat(2000)}"`,
      `{"a":"${'y'.repeat(1_100_000)}"}`,
    ];
    const names = Object.keys(e.fields);
    while (out.length < 210) {
      const body: Record<string, unknown> = { ...e.valid };
      const broken = 1 + Math.floor(r() * Math.min(3, names.length));
      for (let k = 0; k < broken; k++) {
        const name = pick(r, names);
        const v = invalid(e.fields[name]!, r);
        if (v === MISSING) delete body[name];
        else body[name] = v;
      }
      if (r() < 0.3) body[`${word(r)}_${pick(r, EMOJI)}`] = pick(r, HTML);
      out.push(body);
    }
    return out;
  }

  test('every endpoint with a body answers ≥200 invalid bodies with 4xx in the error shape and stores nothing', async () => {
    const tables = ['users', 'sessions', 'otps', 'permissions', 'outbox'];
    const before = await Promise.all(tables.map((x) => countRows(t, x)));
    const advBefore = await t.svc.ctx.db('users').where({ id: adv.user.id }).first();
    let total = 0;
    const failures: string[] = [];
    for (const [i, e] of endpoints().entries()) {
      const list = bodies(e, 1000 + i);
      expect(list.length).toBeGreaterThanOrEqual(200);
      for (let j = 0; j < list.length; j += 10) {
        const batch = list.slice(j, j + 10);
        const results = await Promise.all(
          batch.map((body) =>
            t.call(e.method, e.path, {
              body: typeof body === 'string' ? body : JSON.stringify(body),
              as: e.as === 'advisor' ? adv.as : e.as === 'admin' ? admin.as : undefined,
              headers: { 'content-type': 'application/json' },
            }),
          ),
        );
        results.forEach((res, k) => {
          total++;
          const ok =
            res.status >= 400 &&
            res.status < 500 &&
            typeof res.body?.message === 'string' &&
            (res.body.errors === undefined || Array.isArray(res.body.errors));
          if (!ok)
            failures.push(
              `${e.method} ${e.path} #${j + k}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)} for ${JSON.stringify(batch[k]).slice(0, 200)}`,
            );
        });
      }
    }
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(endpoints().length * 200);
    expect(await Promise.all(tables.map((x) => countRows(t, x)))).toEqual(before);
    const advAfter = await t.svc.ctx.db('users').where({ id: adv.user.id }).first();
    expect(advAfter).toEqual(advBefore);
  });

  test('a 400 names the field', async () => {
    const r = await t.call('POST', 'register', { body: { ...signUp, contact_number: 'abc' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ contact_number: ['Enter a valid phone number'] }]);
    expectErrorShape(r.body);
  });

  test('every signed-in endpoint refuses no identity, a revoked session, a forged session, the wrong role and another tenant', async () => {
    const other = await seedUser(t, 'advisor');
    const otherCust = await seedUser(t, 'customer', { advisor_id: other.user.id });
    const cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
    const revoked = await seedUser(t, 'advisor');
    await t.call('GET', 'auth/logout', { as: revoked.as });
    const revokedAdmin = await seedUser(t, 'admin');
    await t.call('GET', 'auth/logout', { as: revokedAdmin.as });
    const deactivated = await seedUser(t, 'advisor');
    await t.svc.ctx.db('users').where({ id: deactivated.user.id }).update({ status: 'deactivated' });
    const forged: Identity = { userId: adv.user.id, type: 'advisor', sessionId: randomUUID() };
    const typeLie: Identity = { ...adv.as, type: 'admin' };
    const stolen: Identity = { ...other.as, userId: adv.user.id };

    const sessionEndpoints: Array<[string, string, unknown?]> = [
      ['GET', 'auth/logout'],
      ['GET', 'customer/auth/logout'],
      ['GET', 'users/me'],
      ['GET', `users/${adv.user.id}`],
      ['PATCH', 'user/update', { user_id: adv.user.id, name: 'Hacked' }],
      ['GET', 'user/permissions'],
      ['GET', `user/permissions/${adv.user.id}/LM`],
      ['GET', 'advisor/profile-meta-data'],
      ['POST', 'advisor/profile-meta-data', { meta_id: randomUUID(), value: 'Hacked' }],
      ['PATCH', `advisor/profile-meta-data/${randomUUID()}`, { value: 'Hacked' }],
      ['DELETE', `advisor/profile-meta-data/${randomUUID()}`],
      ['POST', 'advisor/bulk-update/profile-meta-data', { items: [] }],
      ['GET', 'advisor/testimonial'],
      ['POST', 'advisor/testimonial', { name: 'Hacked', content: 'Hacked' }],
      ['PATCH', `advisor/testimonial/${randomUUID()}`, { name: 'Hacked' }],
      ['DELETE', `advisor/testimonial/${randomUUID()}`],
      ['GET', 'customer/review-and-ratings'],
      ['POST', 'customer/review-and-ratings/create', { rating: 1, review: 'Hacked' }],
      ['PATCH', `customer/review-and-ratings/${randomUUID()}/update`, { is_published: true }],
      ['DELETE', `customer/review-and-ratings/${randomUUID()}`],
      // lead magnets (issue 15)
      ['GET', 'advisor-magnet-files'],
      ['POST', 'advisor-magnet-files', { lead_magnet_id: randomUUID() }],
      ['PATCH', `advisor-magnet-files/${randomUUID()}`, { title: 'Hacked' }],
      ['DELETE', `advisor-magnet-files/${randomUUID()}`],
    ];
    const adminEndpoints: Array<[string, string, unknown?]> = [
      ['POST', 'admin/get-filtered-users', {}],
      ['POST', 'admin/get-filtered-users/export', { pending: 'any' }], // CSV export (issue 16, follow-up)
      ['GET', 'admin/users-stats'],
      ['PATCH', `admin/get-filtered-users/${other.user.id}`, { status: 'deactivated' }],
      ['DELETE', `admin/get-filtered-users/${other.user.id}`],
      ['POST', `admin/permissions/${other.user.id}/upsert`, { permissions: [{ key: 'lm:x', granted: true }] }],
      ['GET', 'admin/advisor-meta'],
      ['POST', 'admin/advisor-meta/create', { title: 'Hacked' }],
      ['PATCH', `admin/advisor-meta/${randomUUID()}/update`, { title: 'Hacked' }],
      ['PUT', 'admin/advisor-meta/bulk-update', { items: [{ id: randomUUID(), position: 0 }] }],
      ['DELETE', `admin/advisor-meta/${randomUUID()}`],
      // lead magnets (issue 15)
      ['GET', 'admin/advisor-magnet-files'],
      [
        'POST',
        'admin/advisor-magnet-files',
        { title: 'Hacked', file_key: `storage/user/documents/${adv.user.id}/h.pdf` },
      ],
      ['PATCH', `admin/advisor-magnet-files/${randomUUID()}`, { title: 'Hacked' }],
      ['DELETE', `admin/advisor-magnet-files/${randomUUID()}`],
    ];
    const refused: string[] = [];
    const expectStatus = async (
      who: string,
      as: Identity | null,
      [method, path, body]: [string, string, unknown?],
      allowed: number[],
    ) => {
      const res = await t.call(method, path, { as, body });
      if (!allowed.includes(res.status) || typeof res.body?.message !== 'string')
        refused.push(`${who} ${method} ${path} → ${res.status}`);
    };
    for (const e of [...sessionEndpoints, ...adminEndpoints]) {
      await expectStatus('nobody', null, e, [401]);
      await expectStatus('revoked', revoked.as, e, [401]);
      await expectStatus('deactivated', deactivated.as, e, [401]);
      await expectStatus('forged', forged, e, [401]);
      await expectStatus('type-lie', typeLie, e, [401, 403]);
      await expectStatus('stolen', stolen, e, [401]);
    }
    for (const e of adminEndpoints) {
      await expectStatus('advisor', adv.as, e, [403]);
      await expectStatus('customer', cust.as, e, [403]);
      await expectStatus('revoked-admin', revokedAdmin.as, e, [401]);
    }
    // Another tenant: advisors and customers cannot read or change what is not theirs.
    await expectStatus('other-advisor', other.as, ['GET', `users/${cust.user.id}`], [404]);
    await expectStatus('other-customer', otherCust.as, ['GET', `users/${cust.user.id}`], [404]);
    await expectStatus('customer', cust.as, ['GET', `users/${adv.user.id}`], [404]);
    await expectStatus('other-advisor', other.as, ['GET', `user/permissions/${cust.user.id}/LM`], [404]);
    await expectStatus('other-customer', otherCust.as, ['GET', `user/permissions/${cust.user.id}/LM`], [404]);
    await expectStatus(
      'other-advisor',
      other.as,
      ['PATCH', 'user/update', { user_id: adv.user.id, name: 'Hacked' }],
      [403],
    );
    await expectStatus('customer', cust.as, ['PATCH', 'user/update', { user_id: adv.user.id, name: 'Hacked' }], [403]);
    await expectStatus('advisor', adv.as, ['PATCH', 'user/update', { user_id: cust.user.id, name: 'Hacked' }], [403]);
    expect(refused).toEqual([]);

    // Nothing changed: the targets still exist, active, with their names.
    const rows = await t.svc.ctx
      .db('users')
      .whereIn('id', [adv.user.id, other.user.id, cust.user.id])
      .select('id', 'name', 'status');
    expect(rows).toHaveLength(3);
    expect(rows.every((r: { name: string; status: string }) => r.name !== 'Hacked' && r.status === 'active')).toBe(
      true,
    );
    expect(await countRows(t, 'permissions')).toBe(0);
    for (const table of [
      'advisor_meta',
      'profile_meta_data',
      'testimonials',
      'reviews',
      'lead_magnets',
      'advisor_lead_magnets',
    ])
      expect([table, await countRows(t, table)]).toEqual([table, 0]);
  });

  test('internal endpoints refuse calls without a valid gateway signature; CSRF header is required for changes', async () => {
    const post = (path: string, headers: Record<string, string>) =>
      fetch(`${t.svc.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ token: adv.token, advisor_id: adv.user.id, name: 'X', email: 'x@example.com' }),
      });
    const wrongSecret = signIdentityHeaders('w'.repeat(48), null, undefined, randomUUID());
    for (const path of ['/internal/sessions/verify', '/internal/customers']) {
      expect((await post(path, {})).status).toBe(403);
      expect((await post(path, wrongSecret)).status).toBe(403);
    }
    expect((await fetch(`${t.svc.url}/internal/dev/outbox?kind=mail`, { headers: wrongSecret })).status).toBe(403);
    // the public page's on-boarding ids (issue 15): the gateway's only
    for (const headers of [{}, wrongSecret])
      expect((await fetch(`${t.svc.url}/internal/advisor-public/onboarding`, { headers })).status).toBe(403);
    // A signed identity without the custom header cannot change anything.
    const signed = signIdentityHeaders(t.secret, adv.as, undefined, randomUUID());
    const noCsrf = await fetch(`${t.svc.url}/api/v1/user/update`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...signed },
      body: JSON.stringify({ user_id: adv.user.id, name: 'Forged' }),
    });
    expect(noCsrf.status).toBe(403);
    const withCsrf = await fetch(`${t.svc.url}/api/v1/user/update`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...signed, [CSRF_HEADER]: CSRF_VALUE },
      body: JSON.stringify({ user_id: adv.user.id, name: 'Allowed' }),
    });
    expect(withCsrf.status).toBe(200);
    expect(await countRows(t, 'users')).toBeGreaterThan(0);
  });
});
