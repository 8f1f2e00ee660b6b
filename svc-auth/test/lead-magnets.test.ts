import { randomBytes, randomUUID } from 'node:crypto';
import type { auth } from '@kinfolio/contracts';
import { startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule } from '../src/module';
import { freshIp, type Seeded, seedUser } from './helpers';

jest.setTimeout(120_000);

const uname = () => `lm-${randomUUID().slice(0, 8)}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');

/** Lead magnets through HTTP: admin files and their permission, the advisor's own, the public page and the download. */
describe.each(testInfras())('lead magnets (%s)', (infra) => {
  let t: TestService;
  let admin: Seeded;
  let adv: Seeded;
  let other: Seeded;
  let cust: Seeded;
  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
    admin = await seedUser(t, 'admin');
    adv = await seedUser(t, 'advisor', { username: uname() });
    other = await seedUser(t, 'advisor', { username: uname() });
    cust = await seedUser(t, 'customer', { advisor_id: adv.user.id });
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** A stored upload of `owner` (what the svc-support upload flow leaves in the blob store). */
  const upload = async (owner: Seeded, ext = '.pdf', body: Buffer = PDF): Promise<string> => {
    const key = `storage/user/documents/${owner.user.id}/${randomBytes(16).toString('hex')}${ext}`;
    await t.svc.ctx.ports.blobs.put(key, body, ext === '.pdf' ? 'application/pdf' : 'application/octet-stream');
    return key;
  };
  const adminMagnet = async (body: Record<string, unknown>): Promise<auth.AdminLeadMagnet> => {
    const r = await t.call('POST', 'admin/advisor-magnet-files', {
      as: admin.as,
      body: { file_key: await upload(admin), published: true, ...body },
    });
    expect(r.status).toBe(201);
    return r.body.data;
  };

  test('admin lead magnets: admins only; a file of their own upload of an allowed type; edit and delete', async () => {
    for (const who of [adv, cust]) {
      expect((await t.call('GET', 'admin/advisor-magnet-files', { as: who.as })).status).toBe(403);
      expect(
        (
          await t.call('POST', 'admin/advisor-magnet-files', {
            as: who.as,
            body: { title: 'x', file_key: await upload(who) },
          })
        ).status,
      ).toBe(403);
    }
    const key = await upload(admin);
    const created = await t.call('POST', 'admin/advisor-magnet-files', {
      as: admin.as,
      body: { title: 'Retirement checklist', description: 'Ten questions', file_key: key, file_name: 'checklist.pdf' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Retirement checklist',
      description: 'Ten questions',
      file_key: key,
      file_name: 'checklist.pdf',
      published: false,
      access: 'all',
      advisor_ids: [],
    });
    const id = created.body.data.id as string;

    // someone else's upload, a missing file, bytes that are not what the extension says, a wrong type: 400 file_key
    for (const file_key of [
      await upload(adv),
      `storage/user/documents/${admin.user.id}/missing.pdf`,
      await upload(admin, '.pdf', Buffer.from('<html>not a pdf</html>')),
      `storage/user/documents/${admin.user.id}/movie.mp4`,
    ]) {
      const bad = await t.call('POST', 'admin/advisor-magnet-files', { as: admin.as, body: { title: 'x', file_key } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors[0])).toEqual(['file_key']);
    }
    const noTitle = await t.call('POST', 'admin/advisor-magnet-files', { as: admin.as, body: { file_key: key } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors[0]).toEqual({ title: ['Enter title'] });

    const upd = await t.call('PATCH', `admin/advisor-magnet-files/${id}`, {
      as: admin.as,
      body: { title: 'Retirement check', published: true, access: 'listed', advisor_ids: [adv.user.id] },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({
      title: 'Retirement check',
      published: true,
      access: 'listed',
      advisor_ids: [adv.user.id],
    });
    const notAdvisor = await t.call('PATCH', `admin/advisor-magnet-files/${id}`, {
      as: admin.as,
      body: { advisor_ids: [adv.user.id, cust.user.id] },
    });
    expect(notAdvisor.status).toBe(400);
    expect(notAdvisor.body.errors[0]).toEqual({ 'advisor_ids.1': ['No such advisor'] });

    const list = await t.call('GET', 'admin/advisor-magnet-files', { as: admin.as });
    expect(list.status).toBe(200);
    expect((list.body.data as auth.AdminLeadMagnet[]).find((m) => m.id === id)?.title).toBe('Retirement check');

    expect((await t.call('DELETE', `admin/advisor-magnet-files/${id}`, { as: adv.as })).status).toBe(403);
    expect((await t.call('DELETE', `admin/advisor-magnet-files/${id}`, { as: admin.as })).status).toBe(200);
    expect((await t.call('DELETE', `admin/advisor-magnet-files/${id}`, { as: admin.as })).status).toBe(404);
    expect(
      (await t.call('PATCH', `admin/advisor-magnet-files/${id}`, { as: admin.as, body: { title: 'y' } })).status,
    ).toBe(404);
    expect(
      Number(
        (
          await t.svc.ctx
            .db('permissions')
            .where({ key: `lm:${id}` })
            .count('* as n')
        )[0]!.n,
      ),
    ).toBe(0);
  });

  test('the permission decides which admin lead magnets an advisor may pick', async () => {
    const all = await adminMagnet({ title: 'For everyone', access: 'all' });
    const listed = await adminMagnet({ title: 'For listed', access: 'listed', advisor_ids: [adv.user.id] });
    const none = await adminMagnet({ title: 'For nobody', access: 'none' });
    const draft = await adminMagnet({ title: 'Draft', access: 'all', published: false });

    const availableTo = async (who: Seeded) =>
      ((await t.call('GET', 'advisor-magnet-files', { as: who.as })).body.data as auth.AdvisorLeadMagnets).available
        .map((m) => m.id)
        .filter((i) => [all.id, listed.id, none.id, draft.id].includes(i))
        .sort();
    expect(await availableTo(adv)).toEqual([all.id, listed.id].sort());
    expect(await availableTo(other)).toEqual([all.id]);

    const lm = await t.call('GET', `user/permissions/${adv.user.id}/LM`, { as: adv.as });
    expect(lm.status).toBe(200);
    const grants = Object.fromEntries((lm.body.data as auth.Permission[]).map((p) => [p.key, p.granted]));
    expect([
      grants[`lm:${all.id}`],
      grants[`lm:${listed.id}`],
      grants[`lm:${none.id}`],
      grants[`lm:${draft.id}`],
    ]).toEqual([true, true, false, false]);
    expect((await t.call('GET', `user/permissions/${adv.user.id}/LM`, { as: other.as })).status).toBe(404);

    const refused = await t.call('POST', 'advisor-magnet-files', { as: other.as, body: { lead_magnet_id: listed.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toEqual({ lead_magnet_id: ['You may not use this lead magnet'] });
    expect(
      (await t.call('POST', 'advisor-magnet-files', { as: other.as, body: { lead_magnet_id: none.id } })).status,
    ).toBe(400);

    // the admin grants it to the other advisor through the permission upsert
    const up = await t.call('POST', `admin/permissions/${other.user.id}/upsert`, {
      as: admin.as,
      body: { permissions: [{ key: `lm:${listed.id}`, granted: true }] },
    });
    expect(up.status).toBe(200);
    expect(await availableTo(other)).toEqual([all.id, listed.id].sort());
    const picked = await t.call('POST', 'advisor-magnet-files', { as: other.as, body: { lead_magnet_id: listed.id } });
    expect(picked.status).toBe(201);
    expect(picked.body.data).toMatchObject({
      source: 'admin',
      lead_magnet_id: listed.id,
      title: 'For listed',
      show_on_page: true,
    });
    const twice = await t.call('POST', 'advisor-magnet-files', { as: other.as, body: { lead_magnet_id: listed.id } });
    expect(twice.status).toBe(400);

    // withdrawn: it leaves the advisor's list and page
    await t.call('POST', `admin/permissions/${other.user.id}/upsert`, {
      as: admin.as,
      body: { permissions: [{ key: `lm:${listed.id}`, granted: false }] },
    });
    const mine = (await t.call('GET', 'advisor-magnet-files', { as: other.as })).body.data as auth.AdvisorLeadMagnets;
    expect(mine.mine.map((m) => m.id)).not.toContain(picked.body.data.id);
    const page = await t.call('GET', 'advisor/public', { tenant: other.user.username! });
    expect(page.body.data.lead_magnets.map((m: { id: string }) => m.id)).not.toContain(picked.body.data.id);
  });

  test('advisors change only their own lead magnets; the public page lists the shown ones', async () => {
    const own = await t.call('POST', 'advisor-magnet-files', {
      as: adv.as,
      body: {
        title: 'My budget sheet',
        description: 'A monthly budget',
        file_key: await upload(adv),
        file_name: 'budget.pdf',
      },
    });
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({
      source: 'own',
      title: 'My budget sheet',
      file_name: 'budget.pdf',
      show_on_page: true,
    });
    const hidden = await t.call('POST', 'advisor-magnet-files', {
      as: adv.as,
      body: { title: 'Hidden one', file_key: await upload(adv), show_on_page: false },
    });
    expect(hidden.status).toBe(201);
    // another advisor's file key, or nothing: 400 naming the field
    const theirs = await t.call('POST', 'advisor-magnet-files', {
      as: adv.as,
      body: { title: 'x', file_key: await upload(other) },
    });
    expect(theirs.status).toBe(400);
    expect(Object.keys(theirs.body.errors[0])).toEqual(['file_key']);
    const nothing = await t.call('POST', 'advisor-magnet-files', { as: adv.as, body: { title: 'x' } });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors[0]).toEqual({ file_key: ['Upload a file'] });

    const id = own.body.data.id as string;
    for (const [method, body] of [
      ['PATCH', { title: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await t.call(method, `advisor-magnet-files/${id}`, { as: other.as, body })).status).toBe(404);
    }
    expect((await t.call('PATCH', `advisor-magnet-files/${id}`, { as: cust.as, body: { title: 'x' } })).status).toBe(
      403,
    );
    const renamed = await t.call('PATCH', `advisor-magnet-files/${id}`, {
      as: adv.as,
      body: { title: 'Budget sheet' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.title).toBe('Budget sheet');

    const page = await t.call('GET', 'advisor/public', { tenant: adv.user.username! });
    expect(page.status).toBe(200);
    const shown = page.body.data.lead_magnets as auth.AdvisorPublicPage['lead_magnets'];
    expect(shown).toContainEqual({ id, title: 'Budget sheet', description: 'A monthly budget' });
    expect(shown.map((m) => m.id)).not.toContain(hidden.body.data.id);
    expect(JSON.stringify(page.body.data)).not.toContain('storage/user');

    const hide = await t.call('PATCH', `advisor-magnet-files/${id}`, { as: adv.as, body: { show_on_page: false } });
    expect(hide.body.data.show_on_page).toBe(false);
    expect(
      (await t.call('GET', 'advisor/public', { tenant: adv.user.username! })).body.data.lead_magnets.map(
        (m: { id: string }) => m.id,
      ),
    ).not.toContain(id);
    expect((await t.call('DELETE', `advisor-magnet-files/${id}`, { as: adv.as })).status).toBe(200);
    expect((await t.call('DELETE', `advisor-magnet-files/${id}`, { as: adv.as })).status).toBe(404);
  });

  test('a visitor downloads with name, e-mail and consent: the outbox gets the lead event, the URL serves the file', async () => {
    const own = await t.call('POST', 'advisor-magnet-files', {
      as: adv.as,
      body: { title: 'Estate planning guide', file_key: await upload(adv), file_name: 'estate guide.pdf' },
    });
    const id = own.body.data.id as string;
    const path = `advisor/public/lead-magnets/${id}/download`;
    const client = freshIp();
    const events = async () =>
      (await t.svc.ctx.db('outbox').where({ type: 'auth.lead-magnet.requested.v1' })).map((r) =>
        typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      );
    const before = (await events()).length;

    const noConsent = await t.call('POST', path, {
      tenant: adv.user.username!,
      client,
      body: { name: 'Visitor One', email: 'visitor.one@example.com', consent: false },
    });
    expect(noConsent.status).toBe(400);
    expect(Object.keys(noConsent.body.errors[0])).toEqual(['consent']);
    const noEmail = await t.call('POST', path, {
      tenant: adv.user.username!,
      client,
      body: { name: 'Visitor One', email: 'nope', consent: true },
    });
    expect(noEmail.status).toBe(400);
    expect(Object.keys(noEmail.body.errors[0])).toEqual(['email']);
    expect((await events()).length).toBe(before);

    // another advisor's host does not offer it
    const elsewhere = await t.call('POST', path, {
      tenant: other.user.username!,
      client,
      body: { name: 'Visitor One', email: 'visitor.one@example.com', consent: true },
    });
    expect(elsewhere.status).toBe(404);

    const ok = await t.call('POST', path, {
      tenant: adv.user.username!,
      client,
      body: { name: 'Visitor One', email: 'Visitor.One@Example.com', consent: true },
    });
    expect(ok.status).toBe(200);
    const after = await events();
    expect(after.length).toBe(before + 1);
    expect(after[after.length - 1]).toMatchObject({
      advisor_id: adv.user.id,
      name: 'Visitor One',
      email: 'visitor.one@example.com',
      lead_magnet_id: id,
      lead_magnet_title: 'Estate planning guide',
    });

    const url = ok.body.data.url as string;
    expect(url).toMatch(new RegExp(`^/api/v1/advisor/public/lead-magnets/${id}/file\\?exp=\\d+&sig=`));
    const file = await t.call('GET', url, {});
    expect(file.status).toBe(200);
    expect(file.body).toBe(PDF.toString('latin1'));
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="estate guide.pdf"');
    // a forged or expired link: 404
    expect((await t.call('GET', url.replace(/sig=[^&]+/, 'sig=forged'), {})).status).toBe(404);
    const exp = Math.floor(Date.now() / 1000) - 1;
    expect((await t.call('GET', url.replace(/exp=\d+/, `exp=${exp}`), {})).status).toBe(404);
  });

  test('downloads are rate-limited per address', async () => {
    const own = await t.call('POST', 'advisor-magnet-files', {
      as: adv.as,
      body: { title: 'Limited', file_key: await upload(adv) },
    });
    const path = `advisor/public/lead-magnets/${own.body.data.id}/download`;
    const client = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await t.call('POST', path, {
            tenant: adv.user.username!,
            client,
            body: { name: 'V', email: `v${i}@example.com`, consent: true },
          })
        ).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
