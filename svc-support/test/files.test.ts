import { randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MANY, UPLOAD_TOO_LARGE_ONE } from '@kinfolio/contracts';
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

  /** The PUT to a signed URL, through the gateway: with the session of `who` (the link's own session by default). */
  const putSigned = async (url: string, body: Buffer, contentType: string, who: Identity | null = advisor) => {
    const res = await fetch(`${t.svc.url}${url}`, {
      method: 'PUT',
      headers: {
        'content-type': contentType,
        'x-amz-acl': 'public-read',
        ...(who ? signIdentityHeaders(t.secret, who, undefined, randomUUID()) : {}),
      },
      body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as { message: string } };
  };
  /** GET a stored file as `who` (null: no session), as the gateway forwards it. */
  const read = async (url: string, who: Identity | null) => {
    const res = await fetch(`${t.svc.url}${url}`, {
      headers: who ? signIdentityHeaders(t.secret, who, undefined, randomUUID()) : {},
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  const RANDOM_NAME = /^[0-9a-f]{32}\.[a-z0-9]+$/;

  it('signs a new random key in the caller’s own folder, accepts the right bytes and serves them safely to their owner', async () => {
    const asked = `storage/user/media/${advisor.userId}/${Date.now()}.png`;
    const signed = await t.call('POST', 'files/signed-upload', { as: advisor, body: { object_key: asked } });
    expect(signed.status).toBe(200);
    const key: string = signed.body.data.key;
    expect(key.startsWith(`storage/user/media/${advisor.userId}/`)).toBe(true);
    expect(key.split('/').pop()).toMatch(RANDOM_NAME);
    expect(signed.body.data.url).toMatch(
      /^\/api\/v1\/files\/blob\/storage\/user\/media\/.+\?exp=\d+&ct=image%2Fpng&sig=/,
    );
    expect((await putSigned(signed.body.data.url, fixtures.png, 'image/png')).status).toBe(200);
    const got = await read(signed.body.data.public_url, advisor);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.body.equals(fixtures.png)).toBe(true);
  });

  it('keeps a document’s original (made safe) name as its download name, under a random key', async () => {
    const signed = await t.call('POST', 'files/signed-upload', {
      as: advisor,
      body: { object_key: 'Q1 <report>.pdf' },
    });
    expect(signed.body.data.key).toMatch(new RegExp(`^storage/user/documents/${advisor.userId}/[0-9a-f]{32}\\.pdf$`));
    expect((await putSigned(signed.body.data.url, fixtures.pdf, 'application/pdf')).status).toBe(200);
    const got = await read(signed.body.data.public_url, advisor);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="Q1 _report_.pdf"');
  });

  it('refuses keys of other users, other extensions, lying bytes, a tampered or expired signature, and oversize bodies', async () => {
    // a key naming another user's folder still lands in the caller's own
    const elsewhere = await t.call('POST', 'files/signed-upload', {
      as: advisor,
      body: { object_key: `storage/user/media/${other.userId}/1700000000000.png` },
    });
    expect(elsewhere.body.data.key.startsWith(`storage/user/media/${advisor.userId}/`)).toBe(true);
    for (const bad of ['evil.html', 'x.exe', 'a.svg', '']) {
      const res = await t.call('POST', 'files/signed-upload', { as: advisor, body: { object_key: bad } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toHaveProperty('object_key');
    }
    const { url, key } = (
      await t.call('POST', 'files/signed-upload', { as: advisor, body: { object_key: 'photo.jpg' } })
    ).body.data;
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
    expect((await read(`/api/v1/files/blob/${key}`, advisor)).status).toBe(404);
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
    expect(files[3]!.key).toMatch(new RegExp(`^storage/user/documents/${advisor.userId}/[0-9a-f]{32}\\.pptx$`));
    expect(files[3]!.fileName).toBe('deck.pptx');
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
    const got = await read(`/api/v1/files/blob/${key}`, advisor);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await fetch(`${t.svc.url}/api/v1/files/blob/../../etc/passwd`)).status).toBe(404);
    expect((await read(`/api/v1/files/blob/storage/user/media/${advisor.userId}/missing.png`, advisor)).status).toBe(
      404,
    );
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
    ).toBe(400);
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

  it('when a stored error report holds info as a string (what the error boundary sends) or any other JSON, both admin listings still answer 200', async () => {
    const ip = `10.7.${Math.floor(Math.random() * 200)}.1`;
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20; i++) deep = { d: deep };
    const infos: Record<string, unknown> = {
      componentStack: '\n    in Boom\n    in App',
      notJson: '{not json',
      number: 42,
      boolean: true,
      null: null,
      array: ['a', 1],
      deep,
    };
    for (const [label, info] of Object.entries(infos)) {
      const res = await t.call('POST', 'log-error', {
        as: null,
        body: { error: `info ${label}`, info },
        headers: { 'x-forwarded-for': ip },
      });
      expect(res.status).toBe(201);
    }
    // a row as the service stored it before the fix: a string scalar in the jsonb column
    await t.svc.ctx.db('error_logs').insert({
      id: randomUUID(),
      ip: '10.0.0.1',
      error: 'older row',
      stack: '',
      info: JSON.stringify('in App'),
      url: '',
      user_data: JSON.stringify('not an object'),
      created_at: new Date(),
    });
    for (const path of ['log-errors?page_size=100', 'admin/user/logs?page_size=100']) {
      const list = await t.call('GET', path, { as: admin });
      expect(list.status).toBe(200);
      const byError = new Map<string, unknown>(
        (list.body.data.rows as Array<{ error: string; info: unknown }>).map((r) => [r.error, r.info]),
      );
      expect(byError.get('info componentStack')).toBe(infos.componentStack);
      expect(byError.get('info notJson')).toBe('{not json');
      expect(byError.get('info number')).toBe(42);
      expect(byError.get('info null')).toBeNull();
      expect(byError.get('info array')).toEqual(['a', 1]);
      expect(JSON.stringify(byError.get('info deep'))).toContain('[depth]');
      expect(byError.get('older row')).toBe('in App');
    }
  });
});
