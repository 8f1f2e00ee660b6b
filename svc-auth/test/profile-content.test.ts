import { randomUUID } from 'node:crypto';
import type { auth } from '@kinfolio/contracts';
import { type Identity, startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule } from '../src/module';
import { countRows, expectErrorShape, type Seeded, seedUser } from './helpers';

jest.setTimeout(120_000);

const uname = () => `adv-${randomUUID().slice(0, 8)}`;

/** Expert positioning through HTTP: advisor meta (admin), profile meta data, testimonials, reviews, the public page. */
describe.each(testInfras())('expert positioning (%s)', (infra) => {
  let t: TestService;
  let admin: Seeded;
  let adv: Seeded;
  let other: Seeded;
  let cust: Seeded;
  let otherCust: Seeded;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
    admin = await seedUser(t, 'admin');
    adv = await seedUser(t, 'advisor', { username: uname(), designation: 'Certified Financial Planner' });
    other = await seedUser(t, 'advisor', { username: uname() });
    cust = await seedUser(t, 'customer', { advisor_id: adv.user.id, name: 'Jane Mei Tan' });
    otherCust = await seedUser(t, 'customer', { advisor_id: other.user.id });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const createMeta = async (title: string, extra: Record<string, unknown> = {}): Promise<auth.AdvisorMeta> => {
    const r = await t.call('POST', 'admin/advisor-meta/create', { as: admin.as, body: { title, ...extra } });
    expect(r.status).toBe(201);
    return r.body.data;
  };

  test('an admin lists, creates, edits, reorders in bulk and deletes the advisor meta fields', async () => {
    const a = await createMeta('Languages spoken', { placeholder: 'English, Malay' });
    const b = await createMeta('Qualifications');
    expect(a).toMatchObject({ title: 'Languages spoken', placeholder: 'English, Malay' });
    expect(b.position).toBe(a.position + 1);

    const upd = await t.call('PATCH', `admin/advisor-meta/${b.id}/update`, {
      as: admin.as,
      body: { title: 'Degrees', placeholder: '' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ id: b.id, title: 'Degrees', placeholder: null });

    const bulk = await t.call('PUT', 'admin/advisor-meta/bulk-update', {
      as: admin.as,
      body: {
        items: [
          { id: b.id, position: 0 },
          { id: a.id, position: 1, title: 'Languages' },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    const order = (bulk.body.data as auth.AdvisorMeta[]).filter((m) => [a.id, b.id].includes(m.id)).map((m) => m.title);
    expect(order).toEqual(['Degrees', 'Languages']);

    // an unknown id refuses the whole batch: nothing moved
    const bad = await t.call('PUT', 'admin/advisor-meta/bulk-update', {
      as: admin.as,
      body: {
        items: [
          { id: a.id, position: 7 },
          { id: randomUUID(), position: 0 },
        ],
      },
    });
    expect(bad.status).toBe(404);
    expect(bad.body.errors).toEqual([{ 'items.1.id': ['Advisor meta not found'] }]);
    const list = await t.call('GET', 'admin/advisor-meta', { as: admin.as });
    expect(list.status).toBe(200);
    expect((list.body.data as auth.AdvisorMeta[]).find((m) => m.id === a.id)?.position).toBe(1);

    const del = await t.call('DELETE', `admin/advisor-meta/${b.id}`, { as: admin.as });
    expect(del.status).toBe(200);
    expect((await t.call('DELETE', `admin/advisor-meta/${b.id}`, { as: admin.as })).status).toBe(404);
    expect(
      (await t.call('PATCH', `admin/advisor-meta/${b.id}/update`, { as: admin.as, body: { title: 'X' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', 'admin/advisor-meta/not-a-uuid', { as: admin.as })).status).toBe(404);
  });

  test('advisor meta is admin-only: advisors, customers and anonymous callers are refused and nothing changes', async () => {
    const m = await createMeta('Admin only');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', 'admin/advisor-meta'],
      ['POST', 'admin/advisor-meta/create', { title: 'Nope' }],
      ['PATCH', `admin/advisor-meta/${m.id}/update`, { title: 'Nope' }],
      ['PUT', 'admin/advisor-meta/bulk-update', { items: [{ id: m.id, position: 0, title: 'Nope' }] }],
      ['DELETE', `admin/advisor-meta/${m.id}`],
    ];
    const before = await countRows(t, 'advisor_meta');
    for (const [method, path, body] of calls) {
      for (const [who, as, status] of [
        ['advisor', adv.as, 403],
        ['customer', cust.as, 403],
        ['nobody', null, 401],
      ] as Array<[string, Identity | null, number]>) {
        const r = await t.call(method, path, { as, body });
        expect(`${who} ${method} ${path} → ${r.status}`).toBe(`${who} ${method} ${path} → ${status}`);
        expectErrorShape(r.body);
      }
    }
    expect(await countRows(t, 'advisor_meta')).toBe(before);
    const row = await t.svc.ctx.db('advisor_meta').where({ id: m.id }).first();
    expect(row.title).toBe('Admin only');
  });

  test("an advisor fills in, changes and removes their profile meta data, one at a time and in bulk; others' values stay theirs", async () => {
    const langs = await createMeta(`Languages ${randomUUID().slice(0, 4)}`);
    const areas = await createMeta(`Areas ${randomUUID().slice(0, 4)}`);
    const empty = await t.call('GET', 'advisor/profile-meta-data', { as: adv.as });
    expect(empty.status).toBe(200);
    expect((empty.body.data as auth.ProfileMetaField[]).find((f) => f.meta_id === langs.id)).toMatchObject({
      id: null,
      value: null,
      title: langs.title,
    });

    const created = await t.call('POST', 'advisor/profile-meta-data', {
      as: adv.as,
      body: { meta_id: langs.id, value: 'English, Malay' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ meta_id: langs.id, value: 'English, Malay' });
    const id = created.body.data.id as string;
    // a second create of the same field replaces the value (one per advisor and field)
    const again = await t.call('POST', 'advisor/profile-meta-data', {
      as: adv.as,
      body: { meta_id: langs.id, value: 'English' },
    });
    expect(again.body.data).toMatchObject({ id, value: 'English' });

    const patched = await t.call('PATCH', `advisor/profile-meta-data/${id}`, {
      as: adv.as,
      body: { value: 'English, Mandarin' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.value).toBe('English, Mandarin');

    // another advisor cannot see, change or delete it
    expect(
      (await t.call('PATCH', `advisor/profile-meta-data/${id}`, { as: other.as, body: { value: 'Hacked' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `advisor/profile-meta-data/${id}`, { as: other.as })).status).toBe(404);
    const theirs = await t.call('GET', 'advisor/profile-meta-data', { as: other.as });
    expect((theirs.body.data as auth.ProfileMetaField[]).find((f) => f.meta_id === langs.id)?.value).toBeNull();
    // customers and anonymous callers cannot use the advisor's calls
    expect((await t.call('GET', 'advisor/profile-meta-data', { as: cust.as })).status).toBe(403);
    expect(
      (await t.call('POST', 'advisor/profile-meta-data', { body: { meta_id: langs.id, value: 'x' } })).status,
    ).toBe(401);

    // unknown field → 400 naming meta_id
    const unknown = await t.call('POST', 'advisor/profile-meta-data', {
      as: adv.as,
      body: { meta_id: randomUUID(), value: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ meta_id: ['This profile field does not exist'] }]);

    const bulk = await t.call('POST', 'advisor/bulk-update/profile-meta-data', {
      as: adv.as,
      body: {
        items: [
          { meta_id: langs.id, value: '' },
          { meta_id: areas.id, value: 'Retirement\nInsurance' },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    const fields = bulk.body.data as auth.ProfileMetaField[];
    expect(fields.find((f) => f.meta_id === langs.id)).toMatchObject({ id: null, value: null });
    expect(fields.find((f) => f.meta_id === areas.id)?.value).toBe('Retirement\nInsurance');
    const badBulk = await t.call('POST', 'advisor/bulk-update/profile-meta-data', {
      as: adv.as,
      body: {
        items: [
          { meta_id: langs.id, value: 'Back' },
          { meta_id: randomUUID(), value: 'x' },
        ],
      },
    });
    expect(badBulk.status).toBe(400);
    expect(badBulk.body.errors).toEqual([{ 'items.1.meta_id': ['This profile field does not exist'] }]);
    expect(
      await t.svc.ctx.db('profile_meta_data').where({ advisor_id: adv.user.id, meta_id: langs.id }).first(),
    ).toBeUndefined();

    const areaId = fields.find((f) => f.meta_id === areas.id)!.id!;
    expect((await t.call('DELETE', `advisor/profile-meta-data/${areaId}`, { as: adv.as })).status).toBe(200);
    expect((await t.call('DELETE', `advisor/profile-meta-data/${areaId}`, { as: adv.as })).status).toBe(404);

    // an admin deleting a field removes every advisor's value of it
    await t.call('POST', 'advisor/profile-meta-data', {
      as: adv.as,
      body: { meta_id: areas.id, value: 'Estate planning' },
    });
    await t.call('DELETE', `admin/advisor-meta/${areas.id}`, { as: admin.as });
    expect(await t.svc.ctx.db('profile_meta_data').where({ meta_id: areas.id }).first()).toBeUndefined();
  });

  test('an advisor adds, edits, reorders and deletes testimonials; positions stay 0..n-1; other advisors get 404', async () => {
    const add = async (name: string, extra: Record<string, unknown> = {}) => {
      const r = await t.call('POST', 'advisor/testimonial', {
        as: other.as,
        body: { name, content: `${name} says thanks`, ...extra },
      });
      expect(r.status).toBe(201);
      return r.body.data as auth.Testimonial;
    };
    const a = await add('Ali');
    const b = await add('Bea', { designation: 'Engineer' });
    const c = await add('Chen', { position: 0 });
    const names = async () =>
      ((await t.call('GET', 'advisor/testimonial', { as: other.as })).body.data as auth.Testimonial[]).map(
        (x) => `${x.position}:${x.name}`,
      );
    expect(await names()).toEqual(['0:Chen', '1:Ali', '2:Bea']);

    const moved = await t.call('PATCH', `advisor/testimonial/${c.id}`, {
      as: other.as,
      body: { position: 9, content: 'Changed my life' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ position: 2, content: 'Changed my life' });
    expect(await names()).toEqual(['0:Ali', '1:Bea', '2:Chen']);
    const cleared = await t.call('PATCH', `advisor/testimonial/${b.id}`, { as: other.as, body: { designation: '' } });
    expect(cleared.body.data.designation).toBeNull();

    expect(
      (await t.call('PATCH', `advisor/testimonial/${a.id}`, { as: adv.as, body: { name: 'Hacked' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `advisor/testimonial/${a.id}`, { as: adv.as })).status).toBe(404);
    expect((await t.call('GET', 'advisor/testimonial', { as: adv.as })).body.data).toEqual([]);
    expect(
      (await t.call('POST', 'advisor/testimonial', { as: cust.as, body: { name: 'X', content: 'Y' } })).status,
    ).toBe(403);
    expect((await t.call('GET', 'advisor/testimonial', { as: admin.as })).status).toBe(403);
    expect((await t.call('GET', 'advisor/testimonial')).status).toBe(401);

    expect((await t.call('DELETE', `advisor/testimonial/${a.id}`, { as: other.as })).status).toBe(200);
    expect(await names()).toEqual(['0:Bea', '1:Chen']);
    expect((await t.call('DELETE', `advisor/testimonial/${a.id}`, { as: other.as })).status).toBe(404);
  });

  test('a customer rates and reviews their own advisor once; the advisor publishes it; the public page shows it with the average', async () => {
    const r = await t.call('POST', 'customer/review-and-ratings/create', {
      as: cust.as,
      body: { rating: 4, review: 'Clear and patient.' },
    });
    expect(r.status).toBe(201);
    const review = r.body.data as auth.Review;
    expect(review).toMatchObject({
      advisor_id: adv.user.id,
      customer_id: cust.user.id,
      rating: 4,
      is_published: false,
      customer_name: 'Jane Mei Tan',
    });
    expect(
      (
        await t.call('POST', 'customer/review-and-ratings/create', {
          as: cust.as,
          body: { rating: 5, review: 'Again' },
        })
      ).status,
    ).toBe(409);

    // not public until published
    let page = await t.call('GET', 'advisor/public', { tenant: adv.user.username! });
    expect(page.body.data.reviews).toEqual([]);
    expect(page.body.data.rating).toEqual({ average: null, count: 0 });

    // who sees it: the author and the advisor reviewed only
    expect(
      (await t.call('GET', 'customer/review-and-ratings', { as: cust.as })).body.data.map((x: auth.Review) => x.id),
    ).toEqual([review.id]);
    expect(
      (await t.call('GET', 'customer/review-and-ratings', { as: adv.as })).body.data.map((x: auth.Review) => x.id),
    ).toEqual([review.id]);
    expect((await t.call('GET', 'customer/review-and-ratings', { as: other.as })).body.data).toEqual([]);
    expect((await t.call('GET', 'customer/review-and-ratings', { as: otherCust.as })).body.data).toEqual([]);
    expect((await t.call('GET', 'customer/review-and-ratings', { as: admin.as })).status).toBe(403);
    expect((await t.call('GET', 'customer/review-and-ratings')).status).toBe(401);

    // only the advisor reviewed publishes; only the author edits or deletes
    const path = `customer/review-and-ratings/${review.id}/update`;
    expect((await t.call('PATCH', path, { as: cust.as, body: { is_published: true } })).status).toBe(403);
    expect((await t.call('PATCH', path, { as: adv.as, body: { rating: 5 } })).status).toBe(403);
    expect((await t.call('PATCH', path, { as: other.as, body: { is_published: true } })).status).toBe(404);
    expect((await t.call('PATCH', path, { as: otherCust.as, body: { rating: 1 } })).status).toBe(404);
    expect((await t.call('DELETE', `customer/review-and-ratings/${review.id}`, { as: otherCust.as })).status).toBe(404);
    expect((await t.call('DELETE', `customer/review-and-ratings/${review.id}`, { as: adv.as })).status).toBe(403);
    const nothing = await t.call('PATCH', path, { as: adv.as, body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual([{ is_published: ['Nothing to update'] }]);

    const pub = await t.call('PATCH', path, { as: adv.as, body: { is_published: true } });
    expect(pub.status).toBe(200);
    expect(pub.body.data.is_published).toBe(true);

    const second = await seedUser(t, 'customer', { advisor_id: adv.user.id, name: 'Omar' });
    const r2 = await t.call('POST', 'customer/review-and-ratings/create', {
      as: second.as,
      body: { rating: 5, review: 'Excellent' },
    });
    await t.call('PATCH', `customer/review-and-ratings/${r2.body.data.id}/update`, {
      as: adv.as,
      body: { is_published: true },
    });

    page = await t.call('GET', 'advisor/public', { tenant: adv.user.username! });
    expect(page.status).toBe(200);
    expect(page.body.data.rating).toEqual({ average: 4.5, count: 2 });
    expect(page.body.data.reviews.map((x: auth.PublicReview) => [x.name, x.rating, x.review])).toEqual(
      expect.arrayContaining([
        ['Jane T.', 4, 'Clear and patient.'],
        ['Omar', 5, 'Excellent'],
      ]),
    );
    expect(JSON.stringify(page.body.data)).not.toContain(cust.user.email);

    // the author's edit takes it off the public page until the advisor publishes it again
    const edit = await t.call('PATCH', path, { as: cust.as, body: { rating: 3, review: 'Good.' } });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ rating: 3, review: 'Good.', is_published: false });
    page = await t.call('GET', 'advisor/public', { tenant: adv.user.username! });
    expect(page.body.data.rating).toEqual({ average: 5, count: 1 });

    expect((await t.call('DELETE', `customer/review-and-ratings/${review.id}`, { as: cust.as })).status).toBe(200);
    expect((await t.call('GET', 'customer/review-and-ratings', { as: cust.as })).body.data).toEqual([]);
  });

  test('a customer without an advisor cannot review; an advisor or admin cannot create reviews', async () => {
    const orphan = await seedUser(t, 'customer');
    const r = await t.call('POST', 'customer/review-and-ratings/create', {
      as: orphan.as,
      body: { rating: 5, review: 'x' },
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('You do not have an advisor to review');
    expect(
      (await t.call('POST', 'customer/review-and-ratings/create', { as: adv.as, body: { rating: 5, review: 'self' } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', 'customer/review-and-ratings/create', { as: admin.as, body: { rating: 5, review: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', 'customer/review-and-ratings/create', { body: { rating: 5, review: 'x' } })).status,
    ).toBe(401);
  });

  test("the public page carries the advisor's meta data and testimonials in order, and nothing of another advisor", async () => {
    const who = await seedUser(t, 'advisor', { username: uname(), designation: 'Wealth Manager' });
    const meta = await createMeta(`Experience ${randomUUID().slice(0, 4)}`);
    await t.call('POST', 'advisor/profile-meta-data', { as: who.as, body: { meta_id: meta.id, value: '12 years' } });
    await t.call('POST', 'advisor/testimonial', {
      as: who.as,
      body: { name: 'Siti', designation: 'Teacher', content: 'Planned our retirement.' },
    });
    await t.call('POST', 'advisor/testimonial', {
      as: who.as,
      body: { name: 'Raj', content: 'Very thorough.', position: 0 },
    });
    const page = await t.call('GET', 'advisor/public', { tenant: who.user.username! });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      name: who.user.name,
      designation: 'Wealth Manager',
      meta: [{ title: meta.title, value: '12 years' }],
    });
    expect(page.body.data.testimonials.map((x: { name: string }) => x.name)).toEqual(['Raj', 'Siti']);
    const theirs = await t.call('GET', 'advisor/public', { tenant: other.user.username! });
    expect(JSON.stringify(theirs.body.data)).not.toContain('12 years');
    expect(JSON.stringify(theirs.body.data)).not.toContain('Planned our retirement');
  });

  test.each([
    ['NUL', 'a\u0000b', 'Control characters are not allowed'],
    ['a control character', 'a\u0007b', 'Control characters are not allowed'],
    ['a lone surrogate', 'a\uD800b', 'Contains an invalid character (an unpaired surrogate)'],
    [
      'markup in plain text',
      '<script>alert(1)</script>',
      'Emoji and the characters < > { } [ ] ~ ` | ^ are not allowed',
    ],
    ['an emoji', 'Great 😀', 'Emoji and the characters < > { } [ ] ~ ` | ^ are not allowed'],
  ])('%s in any text field is a 400 naming the field and stores nothing', async (_what, bad, message) => {
    const meta = (await t.call('GET', 'admin/advisor-meta', { as: admin.as })).body.data[0] as auth.AdvisorMeta;
    const cases: Array<[string, string, Identity, Record<string, unknown>, string]> = [
      ['POST', 'admin/advisor-meta/create', admin.as, { title: bad }, 'title'],
      ['PATCH', `admin/advisor-meta/${meta.id}/update`, admin.as, { placeholder: bad }, 'placeholder'],
      [
        'PUT',
        'admin/advisor-meta/bulk-update',
        admin.as,
        { items: [{ id: meta.id, position: 0, title: bad }] },
        'items.0.title',
      ],
      ['POST', 'advisor/profile-meta-data', adv.as, { meta_id: meta.id, value: bad }, 'value'],
      ['PATCH', `advisor/profile-meta-data/${randomUUID()}`, adv.as, { value: bad }, 'value'],
      [
        'POST',
        'advisor/bulk-update/profile-meta-data',
        adv.as,
        { items: [{ meta_id: meta.id, value: bad }] },
        'items.0.value',
      ],
      ['POST', 'advisor/testimonial', adv.as, { name: 'Ok', content: bad }, 'content'],
      ['PATCH', `advisor/testimonial/${randomUUID()}`, adv.as, { designation: bad }, 'designation'],
      ['POST', 'customer/review-and-ratings/create', cust.as, { rating: 5, review: bad }, 'review'],
      ['PATCH', `customer/review-and-ratings/${randomUUID()}/update`, cust.as, { review: bad }, 'review'],
    ];
    const tables = ['advisor_meta', 'profile_meta_data', 'testimonials', 'reviews'];
    const before = await Promise.all(tables.map((x) => countRows(t, x)));
    for (const [method, path, as, body, field] of cases) {
      const r = await t.call(method, path, { as, body });
      expect(`${method} ${path} ${r.status}`).toBe(`${method} ${path} 400`);
      expect(r.body.errors).toEqual([{ [field]: [message] }]);
    }
    expect(await Promise.all(tables.map((x) => countRows(t, x)))).toEqual(before);
  });

  test('a rating outside 1..5 or not a whole number is a 400 naming rating; deep nesting is refused', async () => {
    for (const rating of [0, 6, 4.5, '5', null]) {
      const r = await t.call('POST', 'customer/review-and-ratings/create', {
        as: cust.as,
        body: { rating, review: 'x' },
      });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ rating: ['Choose a rating from 1 to 5'] }]);
    }
    const deep = `{"items":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const r = await t.call('POST', 'advisor/bulk-update/profile-meta-data', {
      as: adv.as,
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expectErrorShape(r.body);
  });
});
