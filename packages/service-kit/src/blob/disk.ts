import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertRange, assertSafeKey, type BlobStore } from './types';

/**
 * Local-disk adapter (embedded mode). Files live under `dir`, outside anything served as HTML; the signed PUT URL
 * points at svc-support's blob route through the gateway, carrying an HMAC of key, content type and expiry.
 */
export class DiskBlobStore implements BlobStore {
  constructor(
    private readonly dir: string,
    private readonly secret: string,
    private readonly urlBase = '/api/v1/files/blob',
  ) {}

  private path(key: string) {
    assertSafeKey(key);
    return join(this.dir, key);
  }

  async put(key: string, body: Buffer, contentType: string) {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, body);
    await writeFile(`${p}.meta.json`, JSON.stringify({ contentType }));
  }

  async get(key: string) {
    const p = this.path(key);
    try {
      const [body, meta] = await Promise.all([readFile(p), readFile(`${p}.meta.json`, 'utf8')]);
      return { body, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch {
      return null;
    }
  }

  async head(key: string) {
    const p = this.path(key);
    try {
      const [st, meta] = await Promise.all([stat(p), readFile(`${p}.meta.json`, 'utf8')]);
      if (!st.isFile()) return null;
      return { size: st.size, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch {
      return null;
    }
  }

  async readRange(key: string, start: number, length: number) {
    assertRange(start, length);
    const p = this.path(key);
    let fh: Awaited<ReturnType<typeof open>>;
    try {
      fh = await open(p, 'r');
    } catch {
      return null;
    }
    try {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, start);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }

  async delete(key: string) {
    const p = this.path(key);
    await rm(p, { force: true });
    await rm(`${p}.meta.json`, { force: true });
  }

  async signedPutUrl(key: string, contentType: string, expiresSec = 900) {
    assertSafeKey(key);
    const exp = Math.floor(Date.now() / 1000) + expiresSec;
    const sig = this.sign(key, contentType, exp);
    return `${this.urlBase}/${key.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&ct=${encodeURIComponent(contentType)}&sig=${sig}`;
  }

  publicUrl(key: string) {
    return `${this.urlBase}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private sign(key: string, contentType: string, exp: number) {
    return createHmac('sha256', this.secret).update(`${key}\n${contentType}\n${exp}`).digest('base64url');
  }

  /** Checks a signed PUT: right key, right content type, not expired. */
  verify(key: string, contentType: string, exp: number, sig: string): boolean {
    if (!Number.isFinite(exp) || exp < Date.now() / 1000) return false;
    const a = Buffer.from(sig);
    const b = Buffer.from(this.sign(key, contentType, exp));
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
