import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { buildOpenApi } from './openapi';
import {
  childrenOf,
  KIND_NAMES,
  KINDS,
  type KindDeclaration,
  kindFacts,
  kindFactsJson,
  patchSchema,
  recordReply,
} from './record-kinds';
import { kindRoutes, routes } from './routes';

const declared: Readonly<Record<string, KindDeclaration>> = KINDS;
const keysOf = (k: KindDeclaration) => Object.keys(k.schema.shape);

describe('record kinds, declared once (issue 33)', () => {
  test('record-kinds.facts.json is what the declarations give (run `npm run gen:kinds` after changing a kind)', () => {
    const onDisk = readFileSync(join(__dirname, 'record-kinds.facts.json'), 'utf8');
    expect(onDisk).toBe(kindFactsJson(KINDS));
  });

  test('tables and paths are each one kind’s', () => {
    const tables = Object.values(declared).map((k) => k.table);
    const paths = Object.values(declared).map((k) => `${k.list === 'lead' ? 'lead' : 'customer'}/${k.path}`);
    expect(new Set(tables).size).toBe(tables.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test.each(KIND_NAMES)('%s: its parent and references name declared kinds and fields of its schema', (name) => {
    const k: KindDeclaration = KINDS[name];
    if (typeof k.parent === 'object') {
      expect(KIND_NAMES).toContain(k.parent.kind);
      expect(keysOf(k)).toContain(k.parent.field);
    }
    for (const [path, ref] of Object.entries(k.refs ?? {})) {
      expect([...KIND_NAMES, 'member']).toContain(ref.kind);
      expect(keysOf(k)).toContain(path.split('.')[0]);
    }
    if (k.shares) expect(keysOf(k)).toContain('percentage');
    for (const f of k.unique?.fields ?? []) expect(keysOf(k)).toContain(f);
    for (const f of k.derived ?? []) expect(keysOf(k)).toContain(f);
  });

  test.each(KIND_NAMES.filter((n) => 'engine' in KINDS[n]))(
    '%s: the engine reads only stored fields, and every field marked used for the projection',
    (name) => {
      const k: KindDeclaration = KINDS[name];
      const engine = k.engine ?? [];
      for (const f of engine) expect(['id', ...keysOf(k)]).toContain(f);
      const usedByProjection = Object.entries(k.plan ?? {})
        .filter(([, u]) => u.use === 'used' && !('via' in u && u.via))
        .map(([f]) => f);
      expect(usedByProjection.filter((f) => !engine.includes(f))).toEqual([]);
    },
  );

  test('a child kind’s records go with its parent; a reference that keeps is not a cascade', () => {
    const policyChildren = childrenOf(declared, 'policy').filter((c) => c.cascade);
    expect(policyChildren.map((c) => c.name)).toEqual([
      'plan',
      'booster',
      'coverage',
      'benefit',
      'cashPayout',
      'beneficiary',
      'contingentOwner',
      'transaction',
      'fund',
    ]);
    expect(childrenOf(declared, 'coverage')).toEqual([
      expect.objectContaining({ name: 'benefit', field: 'coverage_id', cascade: true }),
    ]);
    expect(childrenOf(declared, 'portfolioFundDetail')).toEqual([
      expect.objectContaining({ name: 'portfolioFundTransaction', field: 'fund_id', cascade: false }),
    ]);
  });

  test('the route table holds every kind’s routes, scenarios included, with the real PATCH body', () => {
    const has = (method: string, path: string) => routes.some((r) => r.method === method && r.path === path);
    for (const k of Object.values(declared)) {
      if (k.list === 'lead') {
        expect(has('POST', `advisor/leads/:id/${k.path}`)).toBe(true);
        continue;
      }
      expect(has('POST', `customer/${k.path}`)).toBe(true);
      expect(has('PATCH', `customer/${k.path}/:recordId`)).toBe(true);
      expect(has('DELETE', `customer/${k.path}/:recordId`)).toBe(true);
      // a family that reads the list itself (the policies with their children) declares that GET on its own
      expect(has('GET', `customer/:id/${k.path}`)).toBe(true);
      expect(has('PATCH', `customer/bulk-update/${k.path}/positions`)).toBe(k.positions);
    }
    // the PATCH body is the one the service accepts: a defaulted field named alone is not put back to its default,
    // and null removes an optional field (zod's partial() kept defaults and refused null)
    const patch = routes.find((r) => r.method === 'PATCH' && r.path === 'customer/member-income/:recordId');
    expect(patch?.body?.parse({ amount: 10 })).toEqual({ amount: 10 });
    expect(patch?.body?.safeParse({ growth_rate: null }).success).toBe(true);
  });

  test('replies are held to each kind’s own schema, field by field', () => {
    const reply = recordReply(KINDS.income);
    const meta = {
      id: '00000000-0000-4000-8000-000000000001',
      lead_id: '00000000-0000-4000-8000-000000000002',
      position: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const income = {
      member_id: '00000000-0000-4000-8000-000000000003',
      kind: 'gross income',
      amount: 5000,
      currency: 'SGD',
      frequency: 'monthly',
    };
    expect(reply.safeParse({ data: { ...meta, ...income } }).success).toBe(true);
    expect(reply.safeParse({ data: { ...meta, ...income, amount: 'lots' } }).success).toBe(false);
    expect(reply.safeParse({ data: { ...meta, ...income, stray: 1 } }).success).toBe(false);
  });

  test('a throwaway kind gets its routes, OpenAPI entry and client path from its declaration alone', () => {
    const widget: KindDeclaration = {
      family: 'household',
      path: 'widget',
      table: 'widgets',
      schema: z.strictObject({ name: z.string().max(50), size: z.number().default(1) }),
      parent: 'household',
      positions: true,
      duplicate: true,
    };
    const table = kindRoutes({ widget }, 'household');
    expect(table.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET customer/:id/widget',
      'POST customer/widget',
      'PATCH customer/widget/:recordId',
      'DELETE customer/widget/:recordId',
      'PATCH customer/bulk-update/widget/positions',
    ]);
    const doc = buildOpenApi(table) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    const body = (method: string, path: string) =>
      doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as {
        required?: string[];
        properties: Record<string, unknown>;
      };
    expect(body('post', '/api/v1/customer/widget').required).toEqual(expect.arrayContaining(['name', 'lead_id']));
    expect(body('patch', '/api/v1/customer/widget/{recordId}').required ?? []).toEqual([]);
    expect(Object.keys(body('patch', '/api/v1/customer/widget/{recordId}').properties)).toEqual(['name', 'size']);
    expect(kindFacts({ widget })).toEqual({ widget: { path: 'widget', family: 'household', parent: 'household' } });
    expect(patchSchema(widget.schema).parse({})).toEqual({});
  });
});
