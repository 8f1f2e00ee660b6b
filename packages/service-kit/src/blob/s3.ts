import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, type BlobStore } from './types';

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
    await this.client.send(new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string) {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      const bytes = await out.Body?.transformToByteArray();
      if (!bytes) return null;
      return { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw err;
    }
  }

  async delete(key: string) {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }

  async signedPutUrl(key: string, contentType: string, expiresSec = 900) {
    assertSafeKey(key);
    const cmd = new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, ContentType: contentType, ACL: 'public-read' });
    // Sign the content type too (the presigner leaves it unsigned by default), so the URL cannot be used to store
    // another type (say text/html) under a key meant for an image, as the disk adapter's signature also forbids.
    return getSignedUrl(this.client, cmd, { expiresIn: expiresSec, signableHeaders: new Set(['content-type']) });
  }

  publicUrl(key: string) {
    const base = this.cfg.publicBaseUrl ?? `${this.cfg.endpoint ?? `https://s3.${this.cfg.region}.amazonaws.com`}/${this.cfg.bucket}`;
    return `${base.replace(/\/$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
