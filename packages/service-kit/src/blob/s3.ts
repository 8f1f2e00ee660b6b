import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertRange, assertSafeKey, type BlobAcl, type BlobStore } from './types';

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export interface S3Config {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL the browser reads objects from (a CDN or the bucket's public URL). */
  publicBaseUrl?: string;
}

/** S3 adapter (distributed mode): works against AWS S3 or any S3-compatible store (path-style addressing). */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;

  constructor(private readonly cfg: S3Config) {
    this.client = new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string) {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string) {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      const bytes = await out.Body?.transformToByteArray();
      if (!bytes) return null;
      return { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string) {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      return { size: Number(out.ContentLength ?? 0), contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async readRange(key: string, start: number, length: number) {
    assertRange(start, length);
    assertSafeKey(key);
    if (length === 0) return (await this.head(key)) ? Buffer.alloc(0) : null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key, Range: `bytes=${start}-${start + length - 1}` }),
      );
      const bytes = await out.Body?.transformToByteArray();
      // A store that ignores Range answers the whole file: keep only the asked slice.
      const buf = Buffer.from(bytes ?? []);
      return out.ContentRange ? buf.subarray(0, length) : buf.subarray(start, start + length);
    } catch (err) {
      if (isMissing(err)) return null;
      // Past the end of a file (or an empty file): S3 answers 416 for a range it cannot satisfy.
      if (
        (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416 ||
        (err as { name?: string }).name === 'InvalidRange'
      ) {
        return (await this.head(key)) ? Buffer.alloc(0) : null;
      }
      throw err;
    }
  }

  async delete(key: string) {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }

  async signedPutUrl(key: string, contentType: string, expiresSec = 900, acl: BlobAcl = 'public-read') {
    assertSafeKey(key);
    const cmd = new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, ContentType: contentType, ACL: acl });
    // Sign the content type too (the presigner leaves it unsigned by default), so the URL cannot be used to store
    // another type (say text/html) under a key meant for an image, as the disk adapter's signature also forbids.
    return getSignedUrl(this.client, cmd, { expiresIn: expiresSec, signableHeaders: new Set(['content-type']) });
  }

  publicUrl(key: string) {
    const base =
      this.cfg.publicBaseUrl ??
      `${this.cfg.endpoint ?? `https://s3.${this.cfg.region}.amazonaws.com`}/${this.cfg.bucket}`;
    return `${base.replace(/\/$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
