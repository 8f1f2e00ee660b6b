import { randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@kinfolio/contracts';
import type { BlobStore } from '@kinfolio/service-kit';
import { realFiles } from '../../test/real-files';
import { HEAD_BYTES, inspectStored, ZIP_HEAD_BYTES } from './verify';

/** An in-memory BlobStore that records which byte ranges were read (the check must never read a whole file). */
function memoryStore(files: Record<string, { body: Buffer; contentType: string; size?: number }>) {
  const reads: Array<[string, number, number]> = [];
  const store: BlobStore = {
    async put(key, body, contentType) {
      files[key] = { body, contentType };
    },
    async get(key) {
      throw new Error(`whole-file read of ${key}`);
    },
    async head(key) {
      const f = files[key];
      return f ? { size: f.size ?? f.body.length, contentType: f.contentType } : null;
    },
    async readRange(key, start, length) {
      reads.push([key, start, length]);
      const f = files[key];
      return f ? f.body.subarray(start, start + length) : null;
    },
    async delete(key) {
      delete files[key];
    },
    async signedPutUrl() {
      return '';
    },
    publicUrl: (key) => key,
  };
  return { store, reads };
}

const uid = randomUUID();
const media = (name: string) => `storage/user/media/${uid}/${name}`;
const doc = (name: string) => `storage/user/documents/${uid}/${name}`;
const PNG = realFiles.png;
const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

describe('inspectStored', () => {
  it('accepts a true file and reports its size and type, reading only its first bytes', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(500_000)]);
    const { store, reads } = memoryStore({ [media('1.png')]: { body: big, contentType: 'image/png' } });
    expect(await inspectStored(store, media('1.png'))).toEqual({
      ok: true,
      size: big.length,
      contentType: 'image/png',
    });
    expect(reads).toEqual([[media('1.png'), 0, HEAD_BYTES]]);
  });

  it('names the problem: missing, empty, too large (by the stored size), wrong stored type, lying bytes, wrong folder', async () => {
    const { store } = memoryStore({
      [media('empty.png')]: { body: Buffer.alloc(0), contentType: 'image/png' },
      [media('big.png')]: { body: PNG, contentType: 'image/png', size: UPLOAD_MAX_BYTES + 1 },
      [media('exact.png')]: { body: PNG, contentType: 'image/png', size: UPLOAD_MAX_BYTES },
      [media('html.png')]: { body: PNG, contentType: 'text/html' },
      [media('lie.jpg')]: { body: PNG, contentType: 'image/jpeg' },
      [doc('deck.png')]: { body: PNG, contentType: 'image/png' },
      [media('x.gif')]: { body: Buffer.from('GIF89a'), contentType: 'image/gif' },
    });
    const problem = async (key: string) => {
      const r = await inspectStored(store, key);
      return r.ok ? 'ok' : r.problem;
    };
    expect(await problem(media('none.png'))).toBe('missing');
    expect(await problem(media('empty.png'))).toBe('empty');
    expect(await problem(media('big.png'))).toBe('too_large');
    expect(await problem(media('exact.png'))).toBe('ok');
    expect(await problem(media('html.png'))).toBe('mismatch');
    expect(await problem(media('lie.jpg'))).toBe('mismatch');
    expect(await problem(doc('deck.png'))).toBe('type');
    expect(await problem(media('x.gif'))).toBe('type');
    expect(await problem('elsewhere/x.png')).toBe('type');
  });

  it('checks an Office file by the package at its start (its [Content_Types].xml), reading at most 64 KB of it', async () => {
    const middle = Buffer.alloc(1_000_000, 0x20);
    const deck = Buffer.concat([realFiles.pptx, middle]);
    const sheet = Buffer.concat([realFiles.xlsx, middle]);
    const { store, reads } = memoryStore({
      [doc('a.pptx')]: { body: deck, contentType: PPTX_TYPE },
      [doc('b.pptx')]: { body: sheet, contentType: PPTX_TYPE },
    });
    expect((await inspectStored(store, doc('a.pptx'))).ok).toBe(true);
    expect(await inspectStored(store, doc('b.pptx'))).toEqual({ ok: false, problem: 'mismatch' });
    const read = reads.filter(([k]) => k === doc('a.pptx')).reduce((n, [, , len]) => n + len, 0);
    expect(read).toBe(ZIP_HEAD_BYTES);
  });
});
