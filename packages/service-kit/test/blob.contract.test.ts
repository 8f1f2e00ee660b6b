import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BlobStore, DiskBlobStore, S3BlobStore } from '../src';

// The component project's testTimeout is not applied per project; on a loaded machine 5 s is too tight.
jest.setTimeout(30_000);

// s3rver ships no types; only what the test uses.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: Record<string, unknown>) => S3rverInstance;
const S3rver = require('s3rver') as S3rverCtor;

/** The BlobStore port's contract, for local disk (embedded) and S3 (an in-process s3rver). */
interface BlobAdapter {
  name: string;
  store: BlobStore;
  /** s3rver accepts any V4 presigned request without checking it, so there the URL's signed parts are checked. */
  checksSignatures: boolean;
  close(): Promise<void>;
}

/**
 * Disk: the signed PUT URL and the public URL point at svc-support's blob route; this server stands in for that
 * route with the store's own `verify`, which is what such a route must do.
 */
async function diskAdapter(): Promise<BlobAdapter> {
  const dir = await mkdtemp(join(tmpdir(), 'kf-blob-'));
  let store: DiskBlobStore | null = null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const prefix = '/api/v1/files/blob/';
    if (!store || !url.pathname.startsWith(prefix)) return void res.writeHead(404).end();
    const key = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    const s = store;
    if (req.method === 'GET') {
      void s
        .get(key)
        .then((blob) =>
          blob ? res.writeHead(200, { 'content-type': blob.contentType }).end(blob.body) : res.writeHead(404).end(),
        );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const ct = req.headers['content-type'] ?? '';
      const ok =
        s.verify(key, ct, Number(url.searchParams.get('exp')), url.searchParams.get('sig') ?? '') &&
        url.searchParams.get('ct') === ct;
      if (!ok) return void res.writeHead(403).end();
      void s.put(key, Buffer.concat(chunks), ct).then(() => res.writeHead(200).end());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  store = new DiskBlobStore(dir, randomBytes(24).toString('hex'), `http://127.0.0.1:${port}/api/v1/files/blob`);
  return {
    name: 'DiskBlobStore',
    store,
    checksSignatures: true,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function s3Adapter(): Promise<BlobAdapter> {
  const dir = await mkdtemp(join(tmpdir(), 'kf-s3rver-'));
  const bucket = 'kinfolio-test';
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3rver.run();
  const store = new S3BlobStore({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  return {
    name: 'S3BlobStore',
    store,
    checksSignatures: false,
    async close() {
      store.client.destroy();
      await s3rver.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['DiskBlobStore', diskAdapter],
  ['S3BlobStore (s3rver)', s3Adapter],
] as const)('BlobStore contract: %s', (_name, makeAdapter) => {
  let adapter: BlobAdapter;
  let store: BlobStore;
  beforeAll(async () => {
    adapter = await makeAdapter();
    store = adapter.store;
  });
  afterAll(() => adapter.close());

  const key = (name: string) => `storage/user/media/${randomBytes(4).toString('hex')}/${name}`;

  it('stores a file and reads it back with its content type, byte for byte', async () => {
    const k = key('photo.png');
    const body = randomBytes(64 * 1024);
    await store.put(k, body, 'image/png');
    const got = await store.get(k);
    expect(got?.contentType).toBe('image/png');
    expect(got?.body.equals(body)).toBe(true);
  });

  it('overwrites a file stored under the same key', async () => {
    const k = key('doc.pdf');
    await store.put(k, Buffer.from('first'), 'application/pdf');
    await store.put(k, Buffer.from('second'), 'application/pdf');
    expect((await store.get(k))?.body.toString()).toBe('second');
  });

  it('answers null for a missing file, deletes, and deleting twice is harmless', async () => {
    const k = key('gone.txt');
    expect(await store.get(k)).toBeNull();
    await store.put(k, Buffer.from('x'), 'text/plain');
    await store.delete(k);
    expect(await store.get(k)).toBeNull();
    await expect(store.delete(k)).resolves.toBeUndefined();
  });

  it('tells a file’s size and content type without reading it, and null for a missing file', async () => {
    const k = key('sized.pdf');
    expect(await store.head(k)).toBeNull();
    await store.put(k, Buffer.alloc(12_345, 7), 'application/pdf');
    expect(await store.head(k)).toEqual({ size: 12_345, contentType: 'application/pdf' });
    await store.delete(k);
    expect(await store.head(k)).toBeNull();
  });

  it('reads a byte range: the first bytes, a middle slice, a short tail, nothing past the end, null when missing', async () => {
    const k = key('range.bin');
    const body = randomBytes(100_000);
    expect(await store.readRange(k, 0, 64)).toBeNull();
    await store.put(k, body, 'application/octet-stream');
    expect((await store.readRange(k, 0, 64))?.equals(body.subarray(0, 64))).toBe(true);
    expect((await store.readRange(k, 50_000, 10))?.equals(body.subarray(50_000, 50_010))).toBe(true);
    expect((await store.readRange(k, 99_990, 64))?.equals(body.subarray(99_990))).toBe(true);
    expect((await store.readRange(k, 100_000, 64))?.length).toBe(0);
    const small = key('small.bin');
    await store.put(small, Buffer.from('abc'), 'application/octet-stream');
    expect((await store.readRange(small, 0, 64))?.toString()).toBe('abc');
    await expect(store.readRange(k, -1, 10)).rejects.toThrow(/invalid byte range/);
    await expect(store.readRange('../x', 0, 10)).rejects.toThrow(/unsafe object key/);
  });

  it.each(['../escape.txt', '/absolute.txt', 'a//b.txt', 'a/./b.txt', 'a\\b.txt', 'line\nbreak.txt', ''])(
    'refuses the unsafe key %j',
    async (bad) => {
      await expect(store.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe object key/);
      await expect(store.get(bad)).rejects.toThrow(/unsafe object key/);
      await expect(store.signedPutUrl(bad, 'text/plain')).rejects.toThrow(/unsafe object key/);
    },
  );

  it('gives a signed URL the browser can PUT the file to, after which the file exists', async () => {
    const k = key('1700000000000.webp');
    const url = await store.signedPutUrl(k, 'image/webp', 300);
    const body = randomBytes(2048);
    const res = await fetch(url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'image/webp', 'x-amz-acl': 'public-read' },
    });
    expect(res.status).toBe(200);
    const got = await store.get(k);
    expect(got?.contentType).toBe('image/webp');
    expect(got?.body.equals(body)).toBe(true);

    const pub = await fetch(store.publicUrl(k));
    expect(pub.status).toBe(200);
    expect(Buffer.from(await pub.arrayBuffer()).equals(body)).toBe(true);
  });

  it('binds a signed URL to its key, content type and expiry', async () => {
    const k = key('signed.png');
    const url = await store.signedPutUrl(k, 'image/png', 300);
    if (!adapter.checksSignatures) {
      // What AWS S3 checks: the signature covers the content type and the host, expires as asked, sets the ACL.
      const q = new URL(url).searchParams;
      expect(q.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual(['content-type', 'host']);
      expect(q.get('X-Amz-Expires')).toBe('300');
      expect(q.get('x-amz-acl')).toBe('public-read');
      expect(new URL(url).pathname.endsWith(`/${k}`)).toBe(true);
      // A private file is signed private: the bucket never serves it without the service's access check.
      const priv = new URL(await store.signedPutUrl(key('private.pdf'), 'application/pdf', 300, 'private'));
      expect(priv.searchParams.get('x-amz-acl')).toBe('private');
      return;
    }
    const wrongType = await fetch(url, {
      method: 'PUT',
      body: 'x',
      headers: { 'content-type': 'text/html', 'x-amz-acl': 'public-read' },
    });
    expect(wrongType.status).toBe(403);
    const otherKey = url.replace('signed.png', 'other.png');
    const wrongKey = await fetch(otherKey, {
      method: 'PUT',
      body: 'x',
      headers: { 'content-type': 'image/png', 'x-amz-acl': 'public-read' },
    });
    expect(wrongKey.status).toBe(403);
    const expired = await store.signedPutUrl(k, 'image/png', -1);
    expect((await fetch(expired, { method: 'PUT', body: 'x', headers: { 'content-type': 'image/png' } })).status).toBe(
      403,
    );
    expect(await store.get(k)).toBeNull();
    expect(await store.get(k.replace('signed.png', 'other.png'))).toBeNull();
  });
});
