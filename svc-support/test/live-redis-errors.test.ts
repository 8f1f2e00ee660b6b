import { startTestService, type TestService } from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { hubFor } from '../src/realtime/hub';

/**
 * Issue 30 item 1: no emitter may emit 'error' without a listener. The live hub's Redis adapter clients (distributed
 * mode only, so the real infrastructure) emit 'error' whenever Redis drops or refuses them: the hub listens, logs a
 * warning naming the client (the adapter's own listener alone kept it silent), and keeps serving.
 */
describe('the live hub on Redis (real)', () => {
  let sup: TestService;
  beforeAll(async () => {
    sup = await startTestService(supportModule, { infra: 'real' });
  });
  afterAll(() => sup?.stop());

  it("listens to its Redis clients' errors and goes on answering", async () => {
    const hub = hubFor(sup.svc.ctx);
    expect(hub?.redis).toHaveLength(2);
    const warn = jest.spyOn(sup.svc.ctx.logger, 'warn');
    for (const client of hub?.redis ?? []) {
      // what ioredis does when the connection breaks: emit('error') throws when nothing listens
      expect(() => client.emit('error', new Error('read ECONNRESET'))).not.toThrow();
    }
    // and the operator sees it: one warning per client, naming its role
    const logged = warn.mock.calls.filter(([, msg]) => msg === 'socket.io Redis connection error');
    expect(logged.map(([obj]) => (obj as { role: string }).role).sort()).toEqual(['publisher', 'subscriber']);
    warn.mockRestore();
    const health = await sup.call('GET', '/healthz');
    expect(health.status).toBe(200);
  });
});
