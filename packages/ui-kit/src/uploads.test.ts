/** @jest-environment jsdom */
import { api, setAuthorizationType } from './api';
import {
  objectKeyFor,
  putHeaders,
  UPLOAD_TOO_LARGE_MANY,
  UPLOAD_TOO_LARGE_ONE,
  uploadFiles,
  validateUploads,
} from './uploads';

const file = (name: string, size: number, type = '') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const MB10 = 10_485_760;

describe('upload rules (spec §5)', () => {
  it('accepts .jpg .jpeg .png .webp and any video for media', () => {
    const files = [
      file('a.JPG', 1),
      file('b.jpeg', 1),
      file('c.png', 1),
      file('d.webp', 1),
      file('e.mov', 1, 'video/quicktime'),
    ];
    expect(validateUploads(files, 'media')).toEqual({ accepted: files });
    const r = validateUploads([file('x.gif', 1), file('y.pdf', 1)], 'media');
    expect(r.accepted).toEqual([]);
    expect(r.error).toMatch(/Only/);
  });
  it('accepts pptx, pdf and xlsx documents', () => {
    const ok = [file('a.pptx', 1), file('b.pdf', 1), file('c.xlsx', 1)];
    expect(validateUploads(ok, 'document').accepted).toEqual(ok);
    expect(validateUploads([file('d.docx', 1)], 'document').accepted).toEqual([]);
  });
  it('allows exactly 10,485,760 bytes and refuses one byte more with the one-file message', () => {
    expect(validateUploads([file('a.png', MB10)], 'media')).toEqual({ accepted: [expect.any(File)] });
    expect(validateUploads([file('a.png', MB10 + 1)], 'media')).toEqual({ accepted: [], error: UPLOAD_TOO_LARGE_ONE });
    expect(UPLOAD_TOO_LARGE_ONE).toBe('The file exceeds the 10MB size limit and will not be uploaded.');
  });
  it('uses the several-files message and keeps the files within the limit', () => {
    const small = file('s.png', 10);
    const r = validateUploads([small, file('big.png', MB10 + 1)], 'media');
    expect(r).toEqual({ accepted: [small], error: UPLOAD_TOO_LARGE_MANY });
    expect(UPLOAD_TOO_LARGE_MANY).toBe('Some files are larger than the 10MB limit and will not be uploaded.');
  });
  it('builds the object key storage/user/media/{id}/{timestamp}.{ext}, documents by name', () => {
    expect(objectKeyFor({ name: 'pic.PNG' }, 'media', 'u1', 1700000000000)).toBe(
      'storage/user/media/u1/1700000000000.png',
    );
    expect(objectKeyFor({ name: 'Plan.pdf' }, 'document', 'u1')).toBe('Plan.pdf');
  });
});

describe('uploadFiles', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('signs, PUTs with content type and x-amz-acl, staggers by 50 ms, and leaves out failures', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(async (_p, body) => {
      const key = (body as { object_key: string }).object_key;
      return { url: `https://s3.test/${key}?sig=1`, key, content_type: 'image/png' };
    });
    const puts: Array<{ url: string; headers: Record<string, string>; at: number }> = [];
    const t0 = Date.now();
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      puts.push({ url: String(url), headers: init?.headers as Record<string, string>, at: Date.now() - t0 });
      const status = puts.length === 3 ? 500 : 200;
      return { ok: status === 200, status, text: async () => '' } as unknown as Response;
    }) as typeof fetch;
    const run = uploadFiles(
      [file('a.png', 5, 'image/png'), file('b.png', 5, 'image/png'), file('c.png', 5, 'image/png')],
      { kind: 'media', userId: 'u1' },
    );
    await jest.advanceTimersByTimeAsync(200);
    const out = await run;
    expect(post).toHaveBeenCalledTimes(3);
    expect(puts.map((p) => p.at)).toEqual([0, 50, 100]);
    expect(puts[0]!.headers).toEqual({ 'content-type': 'image/png', 'x-amz-acl': 'public-read' });
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({
      fileName: 'a.png',
      mimetype: 'image/png',
      url: expect.stringMatching(/^https:\/\/s3\.test\/storage\/user\/media\/u1\/\d+\.png$/),
    });
    post.mockRestore();
  });
  it('PUTs a private file with the private ACL the service signed', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue({
      url: 'https://s3.test/k.pdf?sig=1',
      key: 'k.pdf',
      content_type: 'application/pdf',
      acl: 'private',
    });
    const headers: Array<Record<string, string>> = [];
    global.fetch = jest.fn(async (_u: string | URL | Request, init?: RequestInit) => {
      headers.push(init?.headers as Record<string, string>);
      return { ok: true, status: 200, text: async () => '' } as unknown as Response;
    }) as typeof fetch;
    await uploadFiles([file('plan.pdf', 5, 'application/pdf')], { kind: 'document', userId: 'u1' });
    expect(headers).toEqual([{ 'content-type': 'application/pdf', 'x-amz-acl': 'private' }]);
    post.mockRestore();
  });
  it('returns nothing when signing fails', async () => {
    const post = jest.spyOn(api, 'post').mockRejectedValue(new Error('down'));
    await expect(uploadFiles([file('a.png', 5, 'image/png')], { kind: 'media', userId: 'u1' })).resolves.toEqual([]);
    post.mockRestore();
  });
  it('asks for a public file only when the upload is a profile image', async () => {
    const bodies: unknown[] = [];
    const post = jest.spyOn(api, 'post').mockImplementation(async (_p, body) => {
      bodies.push(body);
      return { url: '/api/v1/files/blob/k.png?sig=1', key: 'k.png', content_type: 'image/png' };
    });
    global.fetch = jest.fn(
      async () => ({ ok: true, status: 200, text: async () => '' }) as unknown as Response,
    ) as typeof fetch;
    await uploadFiles([file('me.png', 5, 'image/png')], { kind: 'media', userId: 'u1', purpose: 'profile_image' });
    await uploadFiles([file('shot.png', 5, 'image/png')], { kind: 'media', userId: 'u1' });
    expect(bodies).toEqual([
      { object_key: expect.stringMatching(/\.png$/), purpose: 'profile_image' },
      { object_key: expect.stringMatching(/\.png$/) },
    ]);
    post.mockRestore();
  });
});

describe('putHeaders', () => {
  it('adds Authorization-Type only for a PUT to this origin', () => {
    setAuthorizationType('customer');
    expect(putHeaders('/api/v1/files/blob/k.png?sig=1', 'image/png')).toEqual({
      'content-type': 'image/png',
      'x-amz-acl': 'public-read',
      'Authorization-Type': 'customer',
    });
    expect(putHeaders(`${location.origin}/api/v1/files/blob/k.png`, 'image/png')['Authorization-Type']).toBe(
      'customer',
    );
    expect(putHeaders('https://s3.test/k.png?sig=1', 'image/png')).toEqual({
      'content-type': 'image/png',
      'x-amz-acl': 'public-read',
    });
    expect(putHeaders('//evil.test/k.png', 'image/png')['Authorization-Type']).toBeUndefined();
    setAuthorizationType(null);
  });
});
