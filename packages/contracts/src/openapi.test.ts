import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from './common';
import { buildOpenApi } from './openapi';
import { routes } from './routes';

type Op = { parameters: Array<{ name: string; in: string; description?: string }>; responses: Record<string, unknown> };

// issue 30 item 4: a client reading the API document learns that writes take an Idempotency-Key and what it does
describe('the OpenAPI document: Idempotency-Key', () => {
  const doc = buildOpenApi() as { paths: Record<string, Record<string, Op>> };
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const hasKey = (op: Op) => op.parameters.some((p) => p.name === IDEMPOTENCY_KEY_HEADER && p.in === 'header');

  it('lists the header on every write and on no read', () => {
    const writes = ops.filter((o) => o.method !== 'get');
    expect(writes.length).toBe(routes.filter((r) => r.method !== 'GET').length);
    expect(writes.filter((o) => !hasKey(o.op)).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(ops.filter((o) => o.method === 'get' && hasKey(o.op)).map((o) => o.path)).toEqual([]);
  });

  it('says what a retry gets back, and documents the 409 and 422 of a signed-in write', () => {
    const create = doc.paths['/api/v1/leads']?.post as Op;
    const param = create.parameters.find((p) => p.name === IDEMPOTENCY_KEY_HEADER);
    expect(param?.description).toContain(IDEMPOTENT_REPLAYED_HEADER);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['409', '422']));
  });
});
