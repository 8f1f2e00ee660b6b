import { randomUUID } from 'node:crypto';
import type { support } from '@kinfolio/contracts';
import {
  type Identity,
  signIdentityHeaders,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { fixtures, upload } from './helpers';

jest.setTimeout(60_000);

/** Issue 10 item 4: unguessable keys, nothing overwritten, private unless meant to be public, signed links bound. */
describe.each(testInfras())('who may read and write stored files (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const customer = testIdentity('customer');
  const admin = testIdentity('admin');

  beforeAll(async () => {
    t = await startTestService(supportModule, { infra });
  });
  afterAll(async () => {
    await t.stop();
  });

  const read = async (url: string, who: Identity | null) => {
    const res = await fetch(`${t.svc.url}${url}`, {
      headers: who ? signIdentityHeaders(t.secret, who, undefined, randomUUID()) : {},
    });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  };
  const put = async (url: string, body: Buffer, contentType: string, who: Identity) =>
    (
      await fetch(`${t.svc.url}${url}`, {
        method: 'PUT',
        headers: { 'content-type': contentType, ...signIdentityHeaders(t.secret, who, undefined, randomUUID()) },
        body: new Uint8Array(body),
      })
    ).status;
  const sign = async (who: Identity, object_key: string, purpose?: string) =>
    t.call('POST', 'files/signed-upload', { as: who, body: { object_key, ...(purpose ? { purpose } : {}) } });
  const stored = async (who: Identity, name: string, body: Buffer, type: string, purpose?: string) => {
    const signed = (await sign(who, name, purpose)).body.data as {
      url: string;
      key: string;
      public_url: string;
      acl: string;
    };
    expect(await put(signed.url, body, type, who)).toBe(200);
    return signed;
  };

  it('serves a private document to its owner and admins only: another advisor, a customer and anonymous get 404', async () => {
    const doc = await stored(advisor, 'Household plan.pdf', fixtures.pdf, 'application/pdf');
    expect(doc.acl).toBe('private'); // on S3 the object itself is private too
    expect((await read(doc.public_url, advisor)).status).toBe(200);
    expect((await read(doc.public_url, admin)).status).toBe(200);
    expect((await read(doc.public_url, other)).status).toBe(404);
    expect((await read(doc.public_url, customer)).status).toBe(404);
    expect((await read(doc.public_url, null)).status).toBe(404);
  });

  it('lets a ticket’s owner read what an admin attached to a reply, and nobody else', async () => {
    const ticket = (await t.call('POST', 'user/query-ticket', { as: customer, body: { query: 'Help' } })).body
      .data as support.Ticket;
    const shot = await upload(t, 'files/media-upload', admin, [{ name: 'answer.png', body: fixtures.png }]);
    expect(shot.status).toBe(201);
    const [file] = shot.body.data as Array<{ key: string; url: string; fileName: string; mimetype: string }>;
    expect((await read(file!.url, customer)).status).toBe(404);
    const reply = await t.call('POST', `admin/query-ticket/${ticket.id}/reply`, {
      as: admin,
      body: { reply: 'See this', attachments: [{ media: file!.key, fileName: 'answer.png', mimetype: 'image/png' }] },
    });
    expect(reply.status).toBe(201);
    expect((await read(file!.url, customer)).status).toBe(200);
    expect((await read(file!.url, other)).status).toBe(404);
    expect((await read(file!.url, null)).status).toBe(404);
  });

  it('never overwrites: two documents whose names clean to the same name are both kept', async () => {
    const first = await stored(advisor, 'Q1 <plan>.pdf', fixtures.pdf, 'application/pdf');
    const secondBody = Buffer.concat([fixtures.pdf, Buffer.from('% second\n')]);
    const second = await stored(advisor, 'Q1 >plan<.pdf', secondBody, 'application/pdf');
    expect(second.key).not.toBe(first.key);
    expect((await read(first.public_url, advisor)).body.equals(fixtures.pdf)).toBe(true);
    expect((await read(second.public_url, advisor)).body.equals(secondBody)).toBe(true);
    const multi = await upload(t, 'files/s3-upload', advisor, [
      { name: 'same.pdf', body: fixtures.pdf },
      { name: 'same.pdf', body: secondBody },
    ]);
    const [a, b] = multi.body.data as Array<{ key: string }>;
    expect(a!.key).not.toBe(b!.key);
  });

  it('serves a profile image to anyone; a profile image must be an image', async () => {
    const image = await stored(advisor, 'me.png', fixtures.png, 'image/png', 'profile_image');
    expect(image.acl).toBe('public-read');
    const got = await read(image.public_url, null);
    expect(got.status).toBe(200);
    expect(got.body.equals(fixtures.png)).toBe(true);
    const pdf = await sign(advisor, 'me.pdf', 'profile_image');
    expect(pdf.status).toBe(400);
    expect(pdf.body.errors[0]).toHaveProperty('object_key');
    expect((await sign(advisor, 'me.png', 'everyone')).status).toBe(400);
  });

  it('opens the files a page walkthrough names to anyone', async () => {
    const doc = await stored(admin, 'guide.pdf', fixtures.pdf, 'application/pdf');
    expect((await read(doc.public_url, null)).status).toBe(404);
    const created = await t.call('POST', 'admin/page-walkthrough/create', {
      as: admin,
      body: { title: 'Guide', page_meta: { data: ['advisor'] }, uploaded_files: { files: [doc.key] } },
    });
    expect(created.status).toBe(201);
    expect((await read(doc.public_url, null)).status).toBe(200);
  });

  it('binds a signed upload link to the session that asked: another session or user is refused, it works once, for 5 minutes', async () => {
    const signed = (await sign(advisor, 'once.png')).body.data as { url: string; key: string };
    const exp = Number(new URL(signed.url, 'http://x').searchParams.get('exp'));
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(300);
    expect(exp - Date.now() / 1000).toBeGreaterThan(290);
    const sameUserOtherSession: Identity = { ...advisor, sessionId: randomUUID() };
    expect(await put(signed.url, fixtures.png, 'image/png', sameUserOtherSession)).toBe(403);
    expect(await put(signed.url, fixtures.png, 'image/png', other)).toBe(403);
    expect(await put(signed.url, fixtures.png, 'image/png', advisor)).toBe(200);
    expect(await put(signed.url, fixtures.png, 'image/png', advisor)).toBe(403);
    // completing is the asking session's too
    expect(
      (await t.call('POST', 'files/signed-upload/complete', { as: other, body: { key: signed.key } })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', 'files/signed-upload/complete', { as: advisor, body: { key: signed.key } })).status,
    ).toBe(200);
    // a link whose time ran out is refused even with a valid signature
    const late = (await sign(advisor, 'late.png')).body.data as { url: string; key: string };
    await t.svc.ctx
      .db('stored_files')
      .where({ key: late.key })
      .update({ upload_expires_at: new Date(Date.now() - 1000) });
    expect(await put(late.url, fixtures.png, 'image/png', advisor)).toBe(403);
  });
});
