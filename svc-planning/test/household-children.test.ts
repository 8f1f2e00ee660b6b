import { randomUUID } from 'node:crypto';
import { households as H } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { calculateDataTables } from '../src/domain/calculations';
import { engineHousehold } from '../src/households/engine-household';
import { planningModule } from '../src/module';
import { householdFor } from '../src/records/access';

type Who = ReturnType<typeof testIdentity> | null;
type Row = { year: number; tax: number };

/**
 * A household's children (issue 17: "spouse and child reliefs from the household's members"): stored on the
 * household with a date of birth or an age, they reach the projection as dependants, so each child's relief applies
 * while the child is young enough and no longer after.
 */
describe.each(testInfras())('svc-planning household children on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  }, 30_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const newLead = async () => {
    const res = await call('POST', 'leads', advisor, {
      name: 'Wei Ling Ong',
      email: `${randomUUID().slice(0, 8)}@example.com`,
      age: 40,
      gender: 'female',
      currency: 'SGD',
      citizenship: 'citizen',
    });
    expect(res.status).toBe(201);
    const lead = H.HouseholdReply.parse(res.body).data;
    const me = lead.members.find((m) => m.relation === 'me');
    const income = await call('POST', 'customer/member-income', advisor, {
      lead_id: lead.id,
      member_id: me?.id,
      kind: 'gross income',
      amount: 12_000,
      frequency: 'monthly',
      currency: 'SGD',
    });
    expect([income.status, income.body.errors]).toEqual([201, undefined]);
    return lead;
  };
  const taxes = async (id: string): Promise<Row[]> => {
    const res = await call('POST', 'customer/calculate/data-tables', advisor, {
      household_id: id,
      as_of: '2026-01-01',
    });
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return res.body.data.rows as Row[];
  };

  it('stores children, raises the count to the list, and the projection gives child relief while the child is young', async () => {
    const lead = await newLead();
    const before = await taxes(lead.id);
    const patched = await call('PATCH', `leads/${lead.id}`, advisor, {
      children: [{ name: 'Mei', age: 5 }],
    });
    expect([patched.status, patched.body.errors]).toEqual([200, undefined]);
    const stored = H.HouseholdReply.parse(patched.body).data;
    expect(stored.children).toEqual([{ name: 'Mei', age: 5 }]);
    expect(stored.children_count).toBe(1);
    const read = H.HouseholdReply.parse((await call('GET', `single-lead/${lead.id}`, advisor)).body).data;
    expect(read.children).toEqual([{ name: 'Mei', age: 5 }]);

    const after = await taxes(lead.id);
    const at = (rows: Row[], year: number) => rows.find((r) => r.year === year)?.tax ?? Number.NaN;
    // SG qualifying child relief (4,000 a year up to age 20) lowers the tax while the child qualifies ...
    expect(at(after, 2027)).toBeLessThan(at(before, 2027));
    // ... and no more once the child is past 20 (born 2021: 21 in 2042; assessed the year after, so 2044 is clear)
    expect(at(after, 2044)).toBeCloseTo(at(before, 2044), 2);

    // the figures are the engine's for the same household with the child as a dependant, nothing else changed
    const hh = await householdFor(t.svc.ctx.db, lead.id, advisor, 'read');
    const engineIn = await engineHousehold(t.svc.ctx.db, hh, '2026-01-01');
    expect(engineIn.dependants).toEqual([{ id: 'child-1', relation: 'child', age: 5 }]);
    const direct = calculateDataTables(engineIn as Parameters<typeof calculateDataTables>[0]).rows as Row[];
    expect(after.map((r) => r.tax)).toEqual(direct.map((r) => r.tax));
  });

  it('keeps a larger count, refuses a child with neither date of birth nor age, and is 404 for another advisor', async () => {
    const lead = await newLead();
    const three = await call('PATCH', `leads/${lead.id}`, advisor, { children_count: 3 });
    expect(three.status).toBe(200);
    const one = await call('PATCH', `leads/${lead.id}`, advisor, { children: [{ date_of_birth: '2015-03-01' }] });
    expect(H.HouseholdReply.parse(one.body).data.children_count).toBe(3);

    const bad = await call('PATCH', `leads/${lead.id}`, advisor, { children: [{ name: 'No age' }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('children.0.date_of_birth');
    const tooMany = await call('PATCH', `leads/${lead.id}`, advisor, {
      children: Array.from({ length: H.CHILDREN_MAX + 1 }, () => ({ age: 1 })),
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body.errors)).toContain('children');

    const foreign = await call('PATCH', `leads/${lead.id}`, other, { children: [{ age: 2 }] });
    expect(foreign.status).toBe(404);
    const kept = H.HouseholdReply.parse((await call('GET', `single-lead/${lead.id}`, advisor)).body).data;
    expect(kept.children).toEqual([{ date_of_birth: '2015-03-01' }]);
  });

  it('copies the children when the household is duplicated', async () => {
    const lead = await newLead();
    await call('PATCH', `leads/${lead.id}`, advisor, { children: [{ name: 'Jun', age: 9 }] });
    const copy = await call('POST', `customer/duplicate/${lead.id}`, advisor);
    expect([copy.status, copy.body.errors]).toEqual([201, undefined]);
    expect(H.HouseholdReply.parse(copy.body).data.children).toEqual([{ name: 'Jun', age: 9 }]);
  });
});
