import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type support, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_ONE } from '@kinfolio/contracts';
import {
  closePorts,
  createLogger,
  createPorts,
  KitConfig,
  loadConfig,
  type Ports,
  S3BlobStore,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { fixtures } from './helpers';

jest.setTimeout(60_000);

// s3rver ships no types; only what the test uses.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: Record<string, unknown>) => S3rverInstance;
const S3rver = require('s3rver') as S3rverCtor;

const BUCKET = 'kinfolio-support-test';

/**
 * svc-support with an S3 BlobStore (an in-process s3rver). In S3 mode the browser PUTs straight to the bucket, so
 * svc-support never sees the bytes arrive: it checks each stored object (size from the store, first bytes against
 * the extension) when the upload is completed and whenever a ticket or reply attaches it.
 */
describe.each(testInfras())('svc-support attachments on S3 (%s)', (infra) => {
  let t: TestService;
  let s3: S3rverInstance;
  let dir: string;
  let endpoint: string;
  let store: S3BlobStore;
  let ownPorts: Ports | undefined;
  const advisor = testIdentity('advisor');
  const admin = testIdentity('admin');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kf-support-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET }],
    });
    endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    const s3env = {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    if (infra === 'real') {
      // distributed mode builds its S3 store from the S3_* variables, as in production
      t = await startTestService(supportModule, { infra, env: s3env });
    } else {
      // embedded mode always uses the disk store: hand it ports whose BlobStore is S3
      const config = loadConfig(
        KitConfig,
        { MODE: 'embedded', INTERNAL_SECRET: randomBytes(24).toString('hex'), DATA_DIR: join(dir, 'data') },
        'svc-support',
      );
      const ports = createPorts(config, createLogger('svc-support', 'silent'));
      ports.blobs = new S3BlobStore({
        endpoint,
        bucket: BUCKET,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      ownPorts = ports;
      t = await startTestService(supportModule, { infra, ports });
    }
    expect(t.ports.blobs).toBeInstanceOf(S3BlobStore);
    store = t.ports.blobs as S3BlobStore;
  });
  afterAll(async () => {
    await t?.stop();
    if (ownPorts) await closePorts(ownPorts);
    store?.client.destroy();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The browser's side of the signed-upload flow: ask for a URL, PUT the bytes straight to the bucket. */
  const putSigned = async (objectKey: string, body: Buffer, contentType?: string) => {
    const signed = await t.call('POST', 'files/signed-upload', { as: advisor, body: { object_key: objectKey } });
    expect(signed.status).toBe(200);
    const data = signed.body.data as { url: string; key: string; content_type: string; public_url: string };
    expect(data.url.startsWith(`${endpoint}/${BUCKET}/`)).toBe(true);
    const put = await fetch(data.url, {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType ?? data.content_type, 'x-amz-acl': 'public-read' },
    });
    expect(put.status).toBe(200); // the bucket takes anything: the check is svc-support's
    return data;
  };
  let stamp = Date.now();
  const mediaKey = (ext: string) => `storage/user/media/${advisor.userId}/${++stamp}.${ext}`;
  const attach = (key: string, fileName: string, mimetype = 'image/png'): support.Attachment => ({
    media: key,
    fileName,
    mimetype,
  });
  const ticketCount = async () =>
    (await t.call('GET', 'user/query-tickets', { as: advisor })).body.data.total as number;

  it('refuses to attach a lying file put to the bucket, names it, and deletes it', async () => {
    const lying = await putSigned(mediaKey('png'), fixtures.html);
    expect(await store.head(lying.key)).not.toBeNull();
    const before = await ticketCount();
    const res = await t.call('POST', 'user/query-ticket', {
      as: advisor,
      body: { query: 'See my screenshot', attachments: [attach(lying.key, 'holiday.png')] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('holiday.png: The file content does not match its type');
    expect(res.body.errors[0]).toEqual({
      'attachments.0.media': ['holiday.png: The file content does not match its type'],
    });
    expect(await store.head(lying.key)).toBeNull();
    expect(await ticketCount()).toBe(before);
  });

  it('accepts a real PNG put to the bucket, and serves it through the service to its owner only', async () => {
    const png = await putSigned(mediaKey('png'), fixtures.png);
    const done = await t.call('POST', 'files/signed-upload/complete', {
      as: advisor,
      body: { key: png.key, fileName: 'shot.png' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      key: png.key,
      fileName: 'shot.png',
      mimetype: 'image/png',
      size: fixtures.png.length,
    });
    // a client that said something else about the type gets the verified one back
    const res = await t.call('POST', 'user/query-ticket', {
      as: advisor,
      body: { query: 'Screenshot attached', attachments: [attach(png.key, 'shot.png', 'image/jpeg')] },
    });
    expect(res.status).toBe(201);
    const ticket = res.body.data as support.Ticket;
    expect(ticket.attachments[0]).toMatchObject({
      media: png.key,
      mimetype: 'image/png',
      url: `/api/v1/files/blob/${png.key}`,
    });
    const got = await t.call('GET', ticket.attachments[0]!.url, { as: advisor });
    expect(got.status).toBe(200);
    expect(Buffer.from(got.body as string, 'latin1').length).toBeGreaterThan(0);
    expect((await t.call('GET', ticket.attachments[0]!.url, { as: testIdentity('advisor') })).status).toBe(404);
  });

  it('checks the signed-upload completion: lying bytes, a wrong stored type, an empty file, another user’s key', async () => {
    const lying = await putSigned(mediaKey('jpg'), fixtures.png);
    const res = await t.call('POST', 'files/signed-upload/complete', {
      as: advisor,
      body: { key: lying.key, fileName: 'me.jpg' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('me.jpg: The file content does not match its type');
    expect(res.body.errors[0]).toHaveProperty('key');
    expect(await store.head(lying.key)).toBeNull();
    // the right bytes stored as text/html (a store that does not enforce the signed type) are refused too
    const html = await putSigned(mediaKey('png'), fixtures.png, 'text/html');
    expect(
      (await t.call('POST', 'files/signed-upload/complete', { as: advisor, body: { key: html.key } })).status,
    ).toBe(400);
    expect(await store.head(html.key)).toBeNull();
    const empty = await putSigned(mediaKey('webp'), Buffer.alloc(0));
    const emptyRes = await t.call('POST', 'files/signed-upload/complete', { as: advisor, body: { key: empty.key } });
    expect(emptyRes.status).toBe(400);
    expect(emptyRes.body.message).toMatch(/: The file is empty$/);
    const other = testIdentity('advisor');
    expect((await t.call('POST', 'files/signed-upload/complete', { as: other, body: { key: lying.key } })).status).toBe(
      403,
    );
    expect((await t.call('POST', 'files/signed-upload/complete', { as: null, body: { key: lying.key } })).status).toBe(
      401,
    );
  });

  it('refuses a file over 10,485,760 bytes by the size the bucket reports, and a file that was never uploaded', async () => {
    const big = await putSigned(
      mediaKey('png'),
      Buffer.concat([fixtures.png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - fixtures.png.length)]),
    );
    const res = await t.call('POST', 'user/query-ticket', {
      as: advisor,
      body: { query: 'big one', attachments: [attach(big.key, 'big.png')] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`big.png: ${UPLOAD_TOO_LARGE_ONE}`);
    expect(await store.head(big.key)).toBeNull();
    const missing = await t.call('POST', 'user/query-ticket', {
      as: advisor,
      body: { query: 'ghost', attachments: [attach(mediaKey('png'), 'ghost.png')] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('ghost.png: The file was not found. Upload it again.');
  });

  it('checks documents by their [Content_Types].xml (pptx vs xlsx), and reply attachments of owners and admins', async () => {
    const ticket = (await t.call('POST', 'user/query-ticket', { as: advisor, body: { query: 'Documents' } })).body
      .data as support.Ticket;
    // Office files larger than the part read: what they are is said by the package's [Content_Types].xml
    const pad = randomBytes(200_000);
    const deck = Buffer.concat([fixtures.pptx, pad]);
    const sheetAsDeck = Buffer.concat([fixtures.xlsx, pad]);
    const good = await putSigned('Quarterly deck.pptx', deck);
    expect(good.key).toMatch(new RegExp(`^storage/user/documents/${advisor.userId}/[0-9a-f]{32}\\.pptx$`));
    const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    const ok = await t.call('POST', `user/query-ticket/${ticket.id}/reply`, {
      as: advisor,
      body: { reply: 'deck', attachments: [{ media: good.key, fileName: 'Quarterly deck.pptx', mimetype: pptxType }] },
    });
    expect(ok.status).toBe(201);
    const bad = await putSigned('Fake deck.pptx', sheetAsDeck);
    const refused = await t.call('POST', `user/query-ticket/${ticket.id}/reply`, {
      as: advisor,
      body: {
        reply: 'two files',
        attachments: [
          { media: good.key, fileName: 'Quarterly deck.pptx', mimetype: pptxType },
          { media: bad.key, fileName: 'Fake deck.pptx', mimetype: pptxType },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toEqual({
      'attachments.1.media': ['Fake deck.pptx: The file content does not match its type'],
    });
    expect(await store.head(bad.key)).toBeNull();
    expect(await store.head(good.key)).not.toBeNull();
    // an admin's attachment goes through the same check (their own folder)
    const adminKey = `storage/user/media/${admin.userId}/${++stamp}.png`;
    await store.put(adminKey, fixtures.html, 'image/png');
    const adminRes = await t.call('POST', `admin/query-ticket/${ticket.id}/reply`, {
      as: admin,
      body: { reply: 'see', attachments: [attach(adminKey, 'answer.png')] },
    });
    expect(adminRes.status).toBe(400);
    expect(adminRes.body.message).toBe('answer.png: The file content does not match its type');
    const replies = (await t.call('GET', `user/query-ticket/${ticket.id}`, { as: advisor })).body.data
      .replies as support.Reply[];
    expect(replies.map((r) => r.reply)).toEqual(['deck']);
  });
});
