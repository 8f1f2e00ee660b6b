import { randomBytes } from 'node:crypto';
import { auth, routes } from '@kinfolio/contracts';
import { type Identity, startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { badBodies, badQueries, snapshotTables, sweep } from '@kinfolio/service-kit/src/bad-input';
import type { z } from 'zod';
import { authModule } from '../src/module';
import { type Seeded, seedUser } from './helpers';

jest.setTimeout(300_000);

/**
 * Issue 10 items 3 and 8 for svc-auth: every route of the contracts' route table that has a body schema (so a new
 * one is swept as soon as it is declared) plus the internal calls, with cases generated from the schema. Each case
 * must be a 4xx naming the field, never a 5xx, and nothing may be stored.
 */
describe.each(testInfras())('svc-auth bad-input sweep (%s)', (infra) => {
  let t: TestService;
  let adv: Seeded;
  let admin: Seeded;
  let cust: Seeded;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
    adv = await seedUser(t, 'advisor');
    admin = await seedUser(t, 'admin');
    cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const signUp = {
    name: 'Aisha Tan',
    email: 'sweep@example.com',
    password: 'Tangerine-Harbour-71',
    bio: 'Adviser\nin Singapore',
    contact_number: '91234567',
    country_code: '+65',
    profile_image: 'storage/a.png',
    gender: 'female',
  };
  const reset = { email: 'a@example.com', otp: '123456', password: 'Tangerine-Harbour-71' };
  /** A valid body and caller per route with a body schema; a route missing here fails the first test. */
  const samples = (): Record<string, { valid: Record<string, unknown>; as?: () => Identity }> => ({
    'POST register': { valid: signUp },
    'POST trial/register': { valid: { ...signUp, email: 'sweep2@example.com' } },
    'POST auth/login': { valid: { email: 'a@example.com', password: 'whatever-1' } },
    'POST customer/auth/login': { valid: { email: 'a@example.com', password: 'whatever-1' } },
    'PATCH forget/password': { valid: { email: 'a@example.com' } },
    'PATCH customer/auth/forgot-password': { valid: { email: 'a@example.com' } },
    'POST auth/verify-email': { valid: { email: 'a@example.com' } },
    'PATCH create/password': { valid: reset },
    'PATCH customer/create/password': { valid: reset },
    'PATCH reset/password': { valid: reset },
    'PATCH customer/auth/reset-password': { valid: reset },
    'POST auth/verify-otp': { valid: { email: 'a@example.com', otp: '123456' } },
    'POST customer/auth/verify-otp': { valid: { email: 'a@example.com', otp: '123456' } },
    'POST auth/verify-mobile-otp': { valid: { email: 'a@example.com', contact_otp: '123456' } },
    'POST customer/auth/verify-mobile-otp': { valid: { email: 'a@example.com', contact_otp: '123456' } },
    'PATCH user/update': {
      as: () => adv.as,
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
    'POST admin/get-filtered-users': {
      as: () => admin.as,
      valid: { status: 'active', type: 'advisor', search: 'Aisha', page: 1, page_size: 10 },
    },
    'PATCH admin/get-filtered-users/:id': { as: () => admin.as, valid: { status: 'active' } },
    // the users list as CSV (issue 16, follow-up): the list's filter body
    'POST admin/get-filtered-users/export': {
      as: () => admin.as,
      valid: { status: 'active', type: 'advisor', search: 'Aisha', pending: 'any', page: 1, page_size: 10 },
    },
    'POST admin/permissions/:id/upsert': {
      as: () => admin.as,
      valid: { permissions: [{ key: 'lm:a', granted: true }] },
    },
    'POST admin/advisor-meta/create': {
      as: () => admin.as,
      valid: { title: 'Languages', placeholder: 'English', position: 1 },
    },
    'PATCH admin/advisor-meta/:id/update': {
      as: () => admin.as,
      valid: { title: 'Languages', placeholder: 'English', position: 1 },
    },
    'PUT admin/advisor-meta/bulk-update': {
      as: () => admin.as,
      valid: { items: [{ id: adv.user.id, position: 0, title: 'Languages' }] },
    },
    'POST advisor/profile-meta-data': { as: () => adv.as, valid: { meta_id: adv.user.id, value: 'English' } },
    'PATCH advisor/profile-meta-data/:id': { as: () => adv.as, valid: { value: 'English' } },
    'POST advisor/bulk-update/profile-meta-data': {
      as: () => adv.as,
      valid: { items: [{ meta_id: adv.user.id, value: 'English' }] },
    },
    'POST advisor/testimonial': {
      as: () => adv.as,
      valid: { name: 'Siti', designation: 'Teacher', content: 'Thorough\nand kind', position: 0 },
    },
    'PATCH advisor/testimonial/:id': {
      as: () => adv.as,
      valid: { name: 'Siti', designation: 'Teacher', content: 'Thorough', position: 0 },
    },
    'POST customer/review-and-ratings/create': { as: () => cust.as, valid: { rating: 5, review: 'Great\nadvice' } },
    'PATCH customer/review-and-ratings/:id/update': { as: () => cust.as, valid: { rating: 4, review: 'Good' } },
    // lead magnets (issue 15)
    'POST admin/advisor-magnet-files': {
      as: () => admin.as,
      valid: {
        title: 'Checklist',
        description: 'Ten\nquestions',
        file_key: `storage/user/documents/${admin.user.id}/a.pdf`,
        file_name: 'a.pdf',
        published: true,
        access: 'listed',
        advisor_ids: [adv.user.id],
      },
    },
    'PATCH admin/advisor-magnet-files/:id': {
      as: () => admin.as,
      valid: { title: 'Checklist', published: false, access: 'all', advisor_ids: [adv.user.id] },
    },
    'POST advisor-magnet-files': {
      as: () => adv.as,
      valid: { title: 'Guide', file_key: `storage/user/documents/${adv.user.id}/g.pdf`, show_on_page: true },
    },
    'PATCH advisor-magnet-files/:id': { as: () => adv.as, valid: { title: 'Guide', show_on_page: false } },
    'POST advisor/public/lead-magnets/:id/download': {
      valid: { name: 'Visitor', email: 'visitor@example.com', consent: true },
    },
  });
  const bodyRoutes = routes.filter((r) => r.service === 'svc-auth' && r.body);
  const internal: Array<{ path: string; schema: z.ZodType; valid: () => Record<string, unknown> }> = [
    {
      path: '/internal/customers',
      schema: auth.InternalCreateCustomerBody,
      valid: () => ({ advisor_id: adv.user.id, name: 'New Customer', email: 'new.customer@example.com' }),
    },
    { path: '/internal/sessions/verify', schema: auth.VerifySessionBody, valid: () => ({ token: 'x'.repeat(43) }) },
  ];
  const headers = () => ({ 'x-forwarded-for': `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });

  it('has a valid sample for every svc-auth route with a body schema', () => {
    expect(bodyRoutes.map((r) => `${r.method} ${r.path}`).filter((k) => !samples()[k])).toEqual([]);
  });

  it.each(bodyRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: control characters, lone surrogates, 1 MB strings, deep nesting, __proto__ and wrong types are 4xx naming the field; nothing stored',
    async (key, route) => {
      const sample = samples()[key]!;
      const path = route.path.replace(':id', adv.user.id);
      const cases = badBodies(route.body as z.ZodType, sample.valid);
      const before = await snapshotTables(t);
      const failures = await sweep(t, { method: route.method, path, as: sample.as?.() ?? null, headers }, cases);
      expect(failures).toEqual([]);
      expect(await snapshotTables(t)).toBe(before);
    },
  );

  it.each(internal.map((i) => [i.path, i] as const))('internal %s: the same sweep', async (_p, i) => {
    const before = await snapshotTables(t);
    const failures = await sweep(
      t,
      { method: 'POST', path: i.path, as: null, headers },
      badBodies(i.schema, i.valid()),
    );
    expect(failures).toEqual([]);
    expect(await snapshotTables(t)).toBe(before);
  });

  it('the dev outbox query refuses control characters in ?to', async () => {
    const failures = await sweep(
      t,
      { method: 'GET', path: '/internal/dev/outbox', as: null, query: true },
      badQueries(auth.DevOutboxQuery, { kind: 'mail', to: 'a@example.com' }),
    );
    expect(failures).toEqual([]);
  });

  it('item 8: markup and emoji in a name, designation or bio are refused with 400 naming the field, and not stored', async () => {
    for (const [field, value] of [
      ['name', '<script>alert(1)</script>'],
      ['designation', 'CFP {admin}'],
      ['bio', 'Hello 😀'],
      ['name', 'a|b'],
    ] as const) {
      const r = await t.call('PATCH', 'user/update', { as: adv.as, body: { user_id: adv.user.id, [field]: value } });
      expect(r.status).toBe(400);
      expect(r.body.errors[0][field]).toEqual(['Emoji and the characters < > { } [ ] ~ ` | ^ are not allowed']);
    }
    const row = await t.svc.ctx.db('users').where({ id: adv.user.id }).first();
    expect([row.name, row.designation, row.bio]).not.toContain('<script>alert(1)</script>');
  });
});
