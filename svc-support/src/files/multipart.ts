import { UPLOAD_MAX_BYTES } from '@kinfolio/contracts';
import { badRequest } from '@kinfolio/service-kit';
import busboy from 'busboy';
import type { Request } from 'express';

export const MAX_FILES_PER_UPLOAD = 10;

export interface ReceivedFile {
  fileName: string;
  declaredType: string;
  body: Buffer;
  /** More than 10,485,760 bytes: only the first bytes were kept, the file must be refused. */
  tooLarge: boolean;
}

/** Reads a multipart body: every file (kept in memory up to the limit, never beyond), at most 10 files. */
export function readMultipart(req: Request): Promise<ReceivedFile[]> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        // browsers send file names as UTF-8 (busboy 1 would read them as latin1 by default)
        defParamCharset: 'utf8',
        // busboy 1 marks a file truncated once it reaches the limit: one byte more tells "exactly 10 MB" from "over"
        limits: {
          fileSize: UPLOAD_MAX_BYTES + 1,
          files: MAX_FILES_PER_UPLOAD,
          fields: 20,
          fieldSize: 10_000,
          parts: 40,
        },
      });
    } catch {
      reject(badRequest('Send the files as multipart/form-data', 'files'));
      return;
    }
    const files: ReceivedFile[] = [];
    const pending: Array<Promise<void>> = [];
    let tooMany = false;
    bb.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.push({
              fileName: info.filename ?? '',
              declaredType: info.mimeType ?? '',
              body: Buffer.concat(chunks),
              tooLarge: stream.truncated === true,
            });
            done();
          });
        }),
      );
    });
    bb.on('filesLimit', () => {
      tooMany = true;
    });
    bb.on('error', () => reject(badRequest('Malformed multipart body', 'files')));
    bb.on('close', () => {
      Promise.all(pending).then(() => {
        if (tooMany) reject(badRequest(`At most ${MAX_FILES_PER_UPLOAD} files per upload`, 'files'));
        else resolve(files);
      }, reject);
    });
    req.on('error', () => reject(badRequest('Upload interrupted', 'files')));
    req.pipe(bb);
  });
}

/** Reads a raw body up to `limit` bytes; returns null (and stops reading) when it is larger. */
export function readRaw(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
