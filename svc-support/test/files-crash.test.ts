import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { CSRF_HEADER, CSRF_VALUE, routes, support } from '@kinfolio/contracts';
import {
  type Identity,
  signIdentityHeaders,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { badMultipartBodies, sweep } from '@kinfolio/service-kit/src/bad-input';
import { supportModule } from '../src/module';
import { fixtures, upload } from './helpers';

jest.setTimeout(120_000);

/** The issue's body: one file and no closing boundary (123 bytes). */
const TRUNCATED = Buffer.from(
  '--kfcrash\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n',
);

/** Every multipart upload route of the table (those answering the upload reply). */
const UPLOAD_ROUTES = routes.filter((r) => r.service === 'svc-support' && r.reply === support.UploadReply);

/**
 * A request written byte by byte on a socket: `declared` as Content-Length, only `body` sent, then (with `cut`) the
 * socket destroyed; resolves with the status line, or 'reset' when the connection ended without one.
 */
function rawPost(
  t: TestService,
  path: string,
  who: Identity,
  body: Buffer,
  opts: { declared?: number; cut?: boolean; method?: string; contentType?: string } = {},
): Promise<string> {
  const url = new URL(t.svc.url);
  const headers: Record<string, string> = {
    ...signIdentityHeaders(t.secret, who, undefined, randomUUID()),
    [CSRF_HEADER]: CSRF_VALUE,
    'content-type': opts.contentType ?? 'multipart/form-data; boundary=kfcrash',
    'content-length': String(opts.declared ?? body.length),
    connection: 'close',
  };
  const head = `${opts.method ?? 'POST'} ${path.startsWith('/') ? path : `/api/v1/${path}`} HTTP/1.1\r\nhost: ${url.host}\r\n${Object.entries(
    headers,
  )
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let reply = '';
    socket.on('data', (c) => {
      reply += c.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(reply.split('\r\n')[0] || 'reset'));
    socket.write(head);
    socket.write(body, () => {
      if (opts.cut) setTimeout(() => socket.destroy(), 50);
    });
  });
}

describe.each(testInfras())('svc-support multipart uploads that cannot be read (%s)', (infra) => {
  let t: TestService;
  const customer = testIdentity('customer');

  beforeAll(async () => {
    t = await startTestService(supportModule, { infra });
  });
  afterAll(async () => {
    await t.stop();
  });

  const healthy = async () => (await fetch(`${t.svc.url}/healthz`).catch(() => null))?.status === 200;

  it('the issue 30 body (no closing boundary) gets a 400 naming files on both routes, and the service lives on', async () => {
    expect(UPLOAD_ROUTES.map((r) => r.path).sort()).toEqual(['files/media-upload', 'files/s3-upload']);
    for (const r of UPLOAD_ROUTES) {
      const res = await t.call('POST', r.path, {
        as: customer,
        body: TRUNCATED.toString('latin1'),
        headers: { 'content-type': 'multipart/form-data; boundary=kfcrash' },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toHaveProperty('files');
      expect(res.body.message).toMatch(/cut off/);
      expect(await healthy()).toBe(true);
    }
    // an ordinary upload still works afterwards
    const ok = await upload(t, 'files/s3-upload', customer, [{ name: 'a.png', body: fixtures.png }]);
    expect(ok.status).toBe(201);
  });

  it('sweeps every multipart route with truncated, boundary-less, huge-header, many-part and cut-off bodies: 4xx naming files', async () => {
    for (const r of UPLOAD_ROUTES) {
      const failures = await sweep(t, { method: 'POST', path: r.path, as: customer }, badMultipartBodies('files'));
      expect(failures).toEqual([]);
      expect(await healthy()).toBe(true);
    }
  });

  it('survives a connection cut mid-file (Content-Length promised more) and answers the next upload', async () => {
    for (const r of UPLOAD_ROUTES) {
      await rawPost(t, r.path, customer, TRUNCATED, { declared: TRUNCATED.length + 5_000, cut: true });
      expect(await rawPost(t, r.path, customer, TRUNCATED)).toMatch(/^HTTP\/1\.1 400/);
    }
    expect(await healthy()).toBe(true);
  });

  it('takes a signed PUT cut off mid-file as an interrupted upload, not an unhandled error', async () => {
    const signed = (await t.call('POST', 'files/signed-upload', { as: customer, body: { object_key: 'a.png' } })).body
      .data;
    const logged = jest.spyOn(t.svc.ctx.logger, 'error');
    await rawPost(t, signed.url, customer, fixtures.png, {
      method: 'PUT',
      contentType: 'image/png',
      declared: fixtures.png.length + 5_000,
      cut: true,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(logged.mock.calls.filter((c) => c[1] === 'unhandled error')).toEqual([]);
    logged.mockRestore();
    expect(await healthy()).toBe(true);
  });

  it('logs a connection the server could not accept (EMFILE) instead of ending the process, and keeps serving', async () => {
    const emfile = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' });
    const logged = jest.spyOn(t.svc.ctx.logger, 'error');
    expect(() => t.svc.server.emit('error', emfile)).not.toThrow();
    expect(logged).toHaveBeenCalledWith({ err: emfile }, 'the HTTP server could not accept a connection');
    logged.mockRestore();
    expect(await healthy()).toBe(true);
  });

  it('answers at least 99% of ordinary requests while 20 malformed uploads arrive within 10 s', async () => {
    const started = Date.now();
    const sentAt: number[] = [];
    // 20 truncated uploads, one every 490 ms (the last leaves at 9.3 s), on both routes
    let done = false;
    const bad = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Promise((res) => setTimeout(res, i * 490)).then(() => {
          sentAt.push(Date.now() - started);
          return rawPost(t, UPLOAD_ROUTES[i % UPLOAD_ROUTES.length]!.path, customer, TRUNCATED);
        }),
      ),
    ).finally(() => {
      done = true;
    });
    // meanwhile, ordinary requests without a pause between them: the health check and a list call
    let ok = 0;
    let sent = 0;
    while (!done) {
      const ordinary = await Promise.all([
        healthy(),
        t.call('GET', 'user/query-tickets', { as: customer }).then(
          (res) => res.status === 200,
          () => false,
        ),
      ]);
      sent += ordinary.length;
      ok += ordinary.filter(Boolean).length;
      await new Promise((res) => setTimeout(res, 20));
    }
    const statuses = await bad;
    expect(Math.max(...sentAt)).toBeLessThan(10_000);
    expect(sent).toBeGreaterThanOrEqual(40);
    expect(ok / sent).toBeGreaterThanOrEqual(0.99);
    expect(statuses.filter((s) => !s.startsWith('HTTP/1.1 400'))).toEqual([]);
  });
});
