import { randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MANY, UPLOAD_TOO_LARGE_ONE } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { fixtures, upload } from './helpers';

jest.setTimeout(60_000);

describe.each(testInfras())('svc-support files and error logs (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const admin = testIdentity('admin');

  beforeAll(async () => {
    t = await startTestService(supportModule, { infra });
  });
  afterAll(async () => {
    await t.stop();
  });

  const putSigned = async (url: string, body: Buffer, contentType: string) => {
    const res = await fetch(`${t.svc.url}${url}`, {
      method: 'PUT',
      headers: { 'content-type': contentType, 'x-amz-acl': 'public-read' },
      body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as { message: string } };
  };

  it('signs a media key under the caller’s own folder, accepts the right bytes and serves them safely', async () => {
    const key = `storage/user/media/${advisor.userId}/${Date.now()}.png`;
    const signed = await t.call('POST', 'files/signed-upload', { as: advisor, body: { object_key: key } });
    expect(signed.status).toBe(200);
    expect(signed.body.data.key).toBe(key);
    expect(signed.body.data.url).toMatch(
      /^\/api\/v1\/files\/blob\/storage\/user\/media\/.+\?exp=\d+&ct=image%2Fpng&sig=/,
    );
    expect((await putSigned(signed.body.data.url, fixtures.png, 'image/png')).status).toBe(200);
    const got = await fetch(`${t.svc.url}${signed.body.data.public_url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer()).equals(fixtures.png)).toBe(true);
  });

  it('keeps a document’s original (made safe) name and downloads it as an attachment', async () => {
    const signed = await t.call('POST', 'files/signed-upload', {
      as: advisor,
      body: { object_key: 'Q1 <report>.pdf' },
    });
    expect(signed.body.data.key).toBe(`storage/user/documents/${advisor.userId}/Q1 _report_.pdf`);
    expect((await putSigned(signed.body.data.url, fixtures.pdf, 'application/pdf')).status).toBe(200);
    const got = await fetch(`${t.svc.url}${signed.body.data.public_url}`);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('refuses keys of other users, other extensions, lying bytes, a tampered or expired signature, and oversize bodies', async () => {
    expect(
      (
        await t.call('POST', 'files/signed-upload', {
          as: advisor,
          body: { object_key: `storage/user/media/${other.userId}/1700000000000.png` },
        })
      ).status,
    ).toBe(403);
    for (const bad of ['evil.html', 'x.exe', 'storage/user/media/../x.png', 'a.svg', '']) {
      const res = await t.call('POST', 'files/signed-upload', { as: advisor, body: { object_key: bad } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toHaveProperty('object_key');
    }
    const key = `storage/user/media/${advisor.userId}/${Date.now()}.jpg`;
    const { url } = (await t.call('POST', 'files/signed-upload', { as: advisor, body: { object_key: key } })).body.data;
    const lying = await putSigned(url, fixtures.html, 'image/jpeg');
    expect(lying.status).toBe(400);
    expect(lying.body.message).toBe('The file content does not match its type');
    expect((await putSigned(url, fixtures.png, 'image/jpeg')).status).toBe(400);
    expect((await putSigned(url, fixtures.jpeg, 'text/html')).status).toBe(400);
    expect((await putSigned(url.replace(/sig=[^&]+/, 'sig=forged'), fixtures.jpeg, 'image/jpeg')).status).toBe(403);
    expect((await putSigned(url.replace(/exp=\d+/, 'exp=1000'), fixtures.jpeg, 'image/jpeg')).status).toBe(403);
    const big = Buffer.concat([fixtures.jpeg, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const tooBig = await putSigned(url, big, 'image/jpeg');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(UPLOAD_TOO_LARGE_ONE);
    expect((await fetch(`${t.svc.url}/api/v1/files/blob/${key}`)).status).toBe(404);
    expect((await putSigned(url, fixtures.jpeg, 'image/jpeg')).status).toBe(200);
    const pptxAsXlsx = (
      await t.call('POST', 'files/signed-upload', { as: advisor, body: { object_key: 'sheet.xlsx' } })
    ).body.data;
    expect((await putSigned(pptxAsXlsx.url, fixtures.pptx, pptxAsXlsx.content_type)).status).toBe(400);
  });

  it('uploads several files by multipart and refuses lying extensions and files over 10 MB with the spec messages', async () => {
    const ok = await upload(t, 'files/s3-upload', advisor, [
      { name: 'a.jpg', body: fixtures.jpeg },
      { name: 'b.webp', body: fixtures.webp },
      { name: 'c.mp4', body: fixtures.mp4 },
      { name: 'deck.pptx', body: fixtures.pptx },
      { name: 'sheet.xlsx', body: fixtures.xlsx },
    ]);
    expect(ok.status).toBe(201);
    const files = ok.body.data as Array<{ key: string; mimetype: string; fileName: string; url: string }>;
    expect(files.map((f) => f.mimetype)).toEqual([
      'image/jpeg',
      'image/webp',
      'video/mp4',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(files[3]!.key).toBe(`storage/user/documents/${advisor.userId}/deck.pptx`);
    expect((await upload(t, 'files/media-upload', advisor, [{ name: 'deck.pptx', body: fixtures.pptx }])).status).toBe(
      400,
    );
    const lying = await upload(t, 'files/media-upload', advisor, [{ name: 'cat.png', body: fixtures.html }]);
    expect(lying.status).toBe(400);
    expect(lying.body.message).toBe('cat.png: The file content does not match its type');
    const exact = Buffer.concat([fixtures.png, Buffer.alloc(UPLOAD_MAX_BYTES - fixtures.png.length)]);
    expect((await upload(t, 'files/media-upload', advisor, [{ name: 'exact.png', body: exact }])).status).toBe(201);
    const over = Buffer.concat([exact, Buffer.from([0])]);
    const one = await upload(t, 'files/media-upload', advisor, [{ name: 'big.png', body: over }]);
    expect(one.status).toBe(413);
    expect(one.body.message).toBe(UPLOAD_TOO_LARGE_ONE);
    const many = await upload(t, 'files/media-upload', other, [
      { name: 'big.png', body: over },
      { name: 'small.png', body: fixtures.png },
    ]);
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(UPLOAD_TOO_LARGE_MANY);
    const plain = await fetch(`${t.svc.url}/api/v1/files/media-upload`, { method: 'POST', body: 'x' });
    expect(plain.status).toBe(401);
  });

  it('checks stored files again when they are attached or a signed upload is completed (disk store)', async () => {
    // bytes that reached the store some other way than the checked PUT are still refused, named, and deleted
    const key = `storage/user/media/${advisor.userId}/1700000000002.png`;
    await t.ports.blobs.put(key, fixtures.html, 'image/png');
    const res = await t.call('POST', 'user/query-ticket', {
      as: advisor,
      body: { query: 'x', attachments: [{ media: key, fileName: 'cat.png', mimetype: 'image/png' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('cat.png: The file content does not match its type');
    expect(await t.ports.blobs.head(key)).toBeNull();
    const signed = (
      await t.call('POST', 'files/signed-upload', {
        as: advisor,
        body: { object_key: `storage/user/media/${advisor.userId}/${Date.now()}.webp` },
      })
    ).body.data;
    expect((await putSigned(signed.url, fixtures.webp, 'image/webp')).status).toBe(200);
    const done = await t.call('POST', 'files/signed-upload/complete', { as: advisor, body: { key: signed.key } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ key: signed.key, mimetype: 'image/webp', size: fixtures.webp.length });
    expect(
      (
        await t.call('POST', 'files/signed-upload/complete', {
          as: advisor,
          body: { key: 'storage/user/media/x/../y.png' },
        })
      ).status,
    ).toBe(400);
  });

  it('never serves a stored file as HTML', async () => {
    const key = `storage/user/media/${advisor.userId}/1700000000001.png`;
    await t.ports.blobs.put(key, fixtures.html, 'text/html');
    const got = await fetch(`${t.svc.url}/api/v1/files/blob/${key}`);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await fetch(`${t.svc.url}/api/v1/files/blob/../../etc/passwd`)).status).toBe(404);
    expect(
      (await fetch(`${t.svc.url}/api/v1/files/blob/storage/user/media/${advisor.userId}/missing.png`)).status,
    ).toBe(404);
  });

  it('logs client errors (anonymous or signed in), lists them for admins and for their owner, and rate-limits per address', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 200)}.1`;
    const payload = {
      error: 'TypeError: x is undefined',
      stack: 'at App',
      info: { componentStack: 'in App' },
      url: 'https://kinfolio.app/advisor',
      timestamp: new Date().toISOString(),
      userData: { id: advisor.userId, token: 'secret-token' },
    };
    const mine = await t.call('POST', 'log-error', { as: advisor, body: payload, headers: { 'x-forwarded-for': ip } });
    expect(mine.status).toBe(201);
    expect(
      (
        await t.call('POST', 'log-error', {
          as: null,
          body: { ...payload, userData: null },
          headers: { 'x-forwarded-for': ip },
        })
      ).status,
    ).toBe(201);
    const own = await t.call('GET', 'user/logs', { as: advisor });
    expect(own.body.data.rows).toHaveLength(1);
    expect(own.body.data.rows[0].userData.token).toBe('[redacted]');
    expect((await t.call('GET', 'user/logs', { as: other })).body.data.rows).toEqual([]);
    expect((await t.call('GET', 'log-errors?page=1&page_size=1', { as: admin })).body.data).toMatchObject({
      total: 2,
      page_size: 1,
    });
    expect((await t.call('GET', `admin/user/logs?user_id=${advisor.userId}`, { as: admin })).body.data.total).toBe(1);
    expect((await t.call('GET', 'user/logs', { as: null })).status).toBe(401);
    const nul = String.fromCharCode(0);
    expect(
      (
        await t.call('POST', 'log-error', {
          as: null,
          body: { error: 'nul', userData: { [`k${nul}`]: `v${nul}` }, info: { a: nul } },
          headers: { 'x-forwarded-for': ip },
        })
      ).status,
    ).toBe(201);
    const huge = await t.call('POST', 'log-error', {
      as: null,
      body: { error: 'x', userData: { blob: 'y'.repeat(40_000) } },
      headers: { 'x-forwarded-for': ip },
    });
    expect(huge.status).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(
        (await t.call('POST', 'log-error', { as: null, body: { error: `e${i}` }, headers: { 'x-forwarded-for': ip } }))
          .status,
      );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(
      (
        await t.call('POST', 'log-error', {
          as: null,
          body: { error: 'other ip' },
          headers: { 'x-forwarded-for': `10.8.${randomUUID().slice(0, 2).charCodeAt(0)}.2` },
        })
      ).status,
    ).toBe(201);
  });
});
