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

/** The 400s of a multipart body that cannot be read (each names `files`). */
export const MULTIPART_REFUSED = {
  notMultipart: 'Send the files as multipart/form-data with a boundary',
  cutOff: 'The upload of files was cut off before the end of the form: send the whole multipart/form-data body',
  malformed: 'The files could not be read: the multipart/form-data body is malformed',
  tooManyParts: 'Too many parts in the form: send at most 10 files',
  interrupted: 'The upload of files was interrupted',
} as const;

/**
 * Reads a multipart body: every file (kept in memory up to the limit, never beyond), at most 10 files.
 * Every stream busboy hands out has an 'error' listener: a body cut off mid-file, a malformed part header or a
 * connection reset makes busboy destroy the file stream with an error, and an 'error' nobody listens to ends the
 * process (issue 30 item 1). Any of those rejects with a 400 naming `files`; the rest of the body is read and
 * dropped so the client gets the 400 rather than a reset connection.
 */
export function readMultipart(req: Request): Promise<ReceivedFile[]> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let bb: busboy.Busboy | undefined;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      if (bb) req.unpipe(bb);
      req.resume();
      reject(badRequest(message, 'files'));
    };
    req.on('error', () => fail(MULTIPART_REFUSED.interrupted));
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
      fail(MULTIPART_REFUSED.notMultipart);
      return;
    }
    const files: ReceivedFile[] = [];
    const pending: Array<Promise<void>> = [];
    let tooMany = false;
    bb.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      pending.push(
        new Promise<void>((done) => {
          // busboy destroys the file stream with 'Unexpected end of file' when the body stops mid-file
          stream.on('error', () => {
            fail(MULTIPART_REFUSED.cutOff);
            done();
          });
          stream.on('data', (c: Buffer) => {
            if (!settled) chunks.push(c);
          });
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
    bb.on('partsLimit', () => fail(MULTIPART_REFUSED.tooManyParts));
    bb.on('fieldsLimit', () => fail(MULTIPART_REFUSED.tooManyParts));
    bb.on('error', (err: Error) =>
      fail(/Unexpected end/.test(err.message) ? MULTIPART_REFUSED.cutOff : MULTIPART_REFUSED.malformed),
    );
    bb.on('close', () => {
      Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        if (tooMany) reject(badRequest(`At most ${MAX_FILES_PER_UPLOAD} files per upload`, 'files'));
        else resolve(files);
      }, reject);
    });
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
    // a client that goes away mid-body is a 400, not an 'unhandled error' 500 with a stack in the log
    req.on('error', () => reject(badRequest('The upload of the file was interrupted', 'file')));
  });
}
