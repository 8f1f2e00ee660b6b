import { recordKinds as R } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { z } from 'zod';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { registerKind } from '../src/records/kinds';
import { planningModule } from '../src/module';

jest.setTimeout(120_000);

/**
 * Issue 33 "Adding a kind is the declaration": two throwaway kinds, a gadget of the household and its parts (a child
 * kind naming its gadget), declared here and nowhere else. The service that starts with them serves their routes, has
 * made their tables, index and cascade, copies them with a household duplicate and checks a part names a gadget of the
 * same household. (Their OpenAPI entries and client paths: packages/contracts record-kinds.test.ts.)
 */
const gadget: R.KindDeclaration = {
  family: 'household',
  path: 'throwaway-gadget',
  table: 'throwaway_gadgets',
  schema: z.strictObject({ name: z.string().min(1).max(50), size: z.number().int().min(0).default(1) }),
  parent: 'household',
  positions: true,
  duplicate: true,
};
const gadgetPart: R.KindDeclaration = {
  family: 'household',
  path: 'throwaway-gadget-part',
  table: 'throwaway_gadget_parts',
  schema: z.strictObject({ gadget_id: z.uuid(), label: z.string().max(50) }),
  parent: { kind: 'gadget', field: 'gadget_id' },
  positions: false,
  duplicate: true,
};

describe.each(testInfras())('a record kind declared and nothing else, on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');

  beforeAll(async () => {
    // the declarations; registerKind stands for their entry in contracts KINDS (one registry per test file)
    registerKind('gadget', gadget);
    registerKind('gadgetPart', gadgetPart);
    t = await startTestService(planningModule, { infra });
  }, 90_000);
  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool();
  });

  const call = (method: string, path: string, as = advisor, body?: unknown) => t.call(method, path, { as, body });
  const household = async (as = advisor) => {
    const res = await call('POST', 'leads', as, {
      name: 'Gadget Household',
      age: 40,
      currency: 'SGD',
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };

  it('serves its routes: create, list, patch (the real patch body), positions, delete; 400 names the field', async () => {
    const id = await household();
    const a = await call('POST', 'customer/throwaway-gadget', advisor, { lead_id: id, name: 'First' });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ name: 'First', size: 1, lead_id: id, position: 0 });
    const b = await call('POST', 'customer/throwaway-gadget', advisor, { lead_id: id, name: 'Second', size: 3 });
    expect(b.body.data.position).toBe(1);
    const bad = await call('POST', 'customer/throwaway-gadget', advisor, { lead_id: id, name: '' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('name');
    const patched = await call('PATCH', `customer/throwaway-gadget/${b.body.data.id}`, advisor, { name: 'Renamed' });
    expect(patched.body.data).toMatchObject({ name: 'Renamed', size: 3 }); // size is not put back to its default
    const moved = await call('PATCH', 'customer/bulk-update/throwaway-gadget/positions', advisor, {
      lead_id: id,
      positions: [
        { id: a.body.data.id, position: 1 },
        { id: b.body.data.id, position: 0 },
      ],
    });
    expect(moved.status).toBe(200);
    const list = await call('GET', `customer/${id}/throwaway-gadget`);
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Renamed', 'First']);
    expect((await call('GET', `customer/${id}/throwaway-gadget`, other)).status).toBe(404);
    expect((await call('DELETE', `customer/throwaway-gadget/${a.body.data.id}`)).status).toBe(200);
    expect((await call('GET', `customer/${id}/throwaway-gadget`)).body.data.total).toBe(1);
  });

  it('made its tables, the index on the parent field and the cascade from the parent', async () => {
    const db = t.svc.ctx.db;
    const indexes = await db.raw(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'throwaway_gadget_parts' AND schemaname = current_schema()",
    );
    expect(indexes.rows.map((r: { indexname: string }) => r.indexname)).toContain(
      'throwaway_gadget_parts_gadget_id_idx',
    );
    const id = await household();
    const g = await call('POST', 'customer/throwaway-gadget', advisor, { lead_id: id, name: 'Parent' });
    const part = await call('POST', 'customer/throwaway-gadget-part', advisor, {
      lead_id: id,
      gadget_id: g.body.data.id,
      label: 'Child',
    });
    expect(part.status).toBe(201);
    // a part names a gadget of its own household
    const elsewhere = await household();
    const stray = await call('POST', 'customer/throwaway-gadget-part', advisor, {
      lead_id: elsewhere,
      gadget_id: g.body.data.id,
      label: 'Stray',
    });
    expect(stray.status).toBe(400);
    expect(JSON.stringify(stray.body.errors)).toContain('gadget_id');
    await call('DELETE', `customer/throwaway-gadget/${g.body.data.id}`);
    expect((await call('GET', `customer/${id}/throwaway-gadget-part`)).body.data.total).toBe(0);
  });

  it('is copied by a household duplicate, the part naming the copy of its gadget', async () => {
    const id = await household();
    const g = await call('POST', 'customer/throwaway-gadget', advisor, { lead_id: id, name: 'Original' });
    await call('POST', 'customer/throwaway-gadget-part', advisor, {
      lead_id: id,
      gadget_id: g.body.data.id,
      label: 'Its part',
    });
    const copy = await call('POST', `customer/duplicate/${id}`);
    expect(copy.status).toBe(201);
    const copyId = copy.body.data.id as string;
    const gadgets = (await call('GET', `customer/${copyId}/throwaway-gadget`)).body.data.rows;
    const parts = (await call('GET', `customer/${copyId}/throwaway-gadget-part`)).body.data.rows;
    expect(gadgets).toHaveLength(1);
    expect(gadgets[0].id).not.toBe(g.body.data.id);
    expect(parts).toEqual([expect.objectContaining({ label: 'Its part', gadget_id: gadgets[0].id })]);
  });
});
