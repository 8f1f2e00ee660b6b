import { type Method, routes, type ServiceName } from '@kinfolio/contracts';
import {
  type ServiceModule,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import type { Express } from 'express';
import { modules } from '../modules';

/**
 * The route table may list only calls that are served (issue 10 item 13): every entry is called on the real
 * service (its express app, on PostgreSQL or embedded) and must be answered by one of its handlers, never fall
 * through them all to the kit's not-found fallback (a marker mounted after the module's routes tells); and every
 * /api/v1 handler a service mounts must be in the table, so the gateway forwards it.
 */
const FELL_THROUGH = 'x-test-fell-through';
const SAMPLE_ID = '0b0e4f43-5a8e-4c3b-9a55-0a8f7f0d3c11';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** `METHOD path` of every route express has for /api/v1 (path relative to /api/v1, as the table writes it). */
function mounted(app: Express): string[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const out: string[] = [];
  for (const layer of stack) {
    if (!layer.route) continue;
    for (const path of [layer.route.path].flat()) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all') out.push(`${method.toUpperCase()} ${path.slice('/api/v1/'.length)}`);
    }
  }
  return out;
}

const concrete = (path: string) => path.replace(/:\w+/g, SAMPLE_ID).replace(/\*\w+/g, 'a/b/c.png');

describe.each(modules.map((m) => [m.name, m] as [ServiceName, ServiceModule]))('%s serves its routes', (name, mod) => {
  let t: TestService;
  let app: Express | undefined;
  beforeAll(async () => {
    const spy: ServiceModule = {
      ...mod,
      async routes(a, ctx) {
        app = a;
        await mod.routes(a, ctx);
        a.use((_req, res, next) => {
          res.setHeader(FELL_THROUGH, '1');
          next();
        });
      },
    };
    // PostgreSQL starts and migrates a service faster than an in-process PGlite; embedded when only that is asked for
    t = await startTestService(spy, { infra: testInfras().includes('real') ? 'real' : 'embedded' });
  });
  afterAll(() => t?.stop());

  const own = routes.filter((r) => r.service === name);

  it('answers every route-table entry from a handler, never the not-found fallback', async () => {
    const unserved: string[] = [];
    for (const r of own) {
      const type = r.access === 'public' || r.access === 'session' ? 'advisor' : (r.access[0] ?? 'advisor');
      const res = await t.call(r.method, `/api/v1/${concrete(r.path)}`, {
        as: r.access === 'public' ? null : testIdentity(type),
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      if (res.headers.get(FELL_THROUGH)) unserved.push(`${r.method} ${r.path} (${res.status})`);
    }
    expect(unserved).toEqual([]);
  });

  it('mounts no /api/v1 handler that the route table leaves out', () => {
    const listed = new Set(own.map((r) => `${r.method} ${r.path}`));
    expect(mounted(app as Express).filter((k) => !listed.has(k as `${Method} ${string}`))).toEqual([]);
  });
});
