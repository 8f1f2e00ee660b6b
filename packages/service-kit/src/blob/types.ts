/** The BlobStore port: attachments and documents (S3 when distributed, local disk when embedded). */
export interface StoredBlob {
  body: Buffer;
  contentType: string;
}

export interface BlobStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  /** A URL the browser can PUT the file to (with its Content-Type and `x-amz-acl: public-read`). */
  signedPutUrl(key: string, contentType: string, expiresSec?: number): Promise<string>;
  /** Where the browser reads a stored file. */
  publicUrl(key: string): string;
}

const hasControlChar = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20);

/** Object keys are relative paths of safe segments: no traversal, no absolute paths, no control characters. */
export function assertSafeKey(key: string): void {
  if (!key || key.length > 512 || key.startsWith('/') || key.includes('\\') || hasControlChar(key)) {
    throw new Error(`unsafe object key: ${key}`);
  }
  if (key.split('/').some((seg) => seg === '' || seg === '.' || seg === '..')) throw new Error(`unsafe object key: ${key}`);
}
