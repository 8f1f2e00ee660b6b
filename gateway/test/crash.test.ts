import { Writable } from 'node:stream';
import pino from 'pino';
import { call, type Harness, startHarness } from './helpers';

// issue 30: no 'error' event the gateway's own server emits may go unheard (an unheard one ends the process)
describe('gateway error listeners', () => {
  let h: Harness;
  const lines: Array<{ level: number; msg: string; err?: { message: string } }> = [];
  const logger = pino(
    { level: 'error' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );

  beforeAll(async () => {
    h = await startHarness({ gateway: { logger } });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('logs a connection it could not accept (EMFILE) and keeps serving', async () => {
    const emfile = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' });
    expect(() => h.gateway.server.emit('error', emfile)).not.toThrow();
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'the gateway could not accept a connection',
        err: expect.objectContaining({ message: 'accept EMFILE' }),
      }),
    );
    expect((await call(h.url, 'GET', '/healthz')).status).toBe(200);
  });
});
