/** The BlobStore port: attachments and documents (S3 when distributed, local disk when embedded). */
export interface StoredBlob {
  body: Buffer;
  contentType: string;
}

/** What the store knows about a file without reading it. */
export interface BlobInfo {
  size: number;
  contentType: string;
}

export interface BlobStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  /** Size and content type of a stored file, or null when there is none (no body is read). */
  head(key: string): Promise<BlobInfo | null>;
  /**
   * Up to `length` bytes of a stored file from byte `start` (fewer at the end of the file, empty past it), or null
   * when there is no such file. Lets a service check a file's first bytes without downloading it.
   */
  readRange(key: string, start: number, length: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * A URL the browser can PUT the file to, with its Content-Type and the `x-amz-acl` header of `acl` (spec: a
   * public-read header; a private file is signed `private`, so the bucket never serves it without the service's
   * access check).
   */
  signedPutUrl(key: string, contentType: string, expiresSec?: number, acl?: BlobAcl): Promise<string>;
  /** Where the browser reads a stored file. */
  publicUrl(key: string): string;
}

export type BlobAcl = 'public-read' | 'private';

const hasControlChar = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20);

/** Object keys are relative paths of safe segments: no traversal, no absolute paths, no control characters. */
export function assertSafeKey(key: string): void {
  if (!key || key.length > 512 || key.startsWith('/') || key.includes('\\') || hasControlChar(key)) {
    throw new Error(`unsafe object key: ${key}`);
  }
  if (key.split('/').some((seg) => seg === '' || seg === '.' || seg === '..'))
    throw new Error(`unsafe object key: ${key}`);
}

/** A byte range: a whole start offset and a length of at most 16 MiB. */
export function assertRange(start: number, length: number): void {
  if (
    !Number.isSafeInteger(start) ||
    start < 0 ||
    !Number.isSafeInteger(length) ||
    length < 0 ||
    length > 16 * 1024 * 1024
  ) {
    throw new Error(`invalid byte range: ${start}+${length}`);
  }
}
