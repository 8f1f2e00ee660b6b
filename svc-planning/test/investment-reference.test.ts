import { investmentReference as IR } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { badBodies, badQueries, snapshotTables, sweep } from '@kinfolio/service-kit/src/bad-input';
import type { z } from 'zod';
import { planningModule } from '../src/module';

jest.setTimeout(300_000);
type Who = ReturnType<typeof testIdentity> | null;
type Data = Record<string, any>;
const fieldsOf = (body: { errors?: Array<Record<string, string[]>> }) =>
  (body.errors ?? []).flatMap((e) => Object.keys(e));
const MISSING = '00000000-0000-4000-8000-000000000009';

/**
 * Issue 15: the investment reference data admins keep (companies, banks, investment plans, the fund list with prices
 * and asset-class split) through the service's HTTP API; only admins read or write them; the household holding
 * picker (GET investment-funds) lists what admins add and leaves out what they delete, while a holding that names a
 * deleted fund keeps working.
 */
describe.each(testInfras())('svc-planning investment reference data on %s', (infra) => {
  let t: TestService;
  const admin = testIdentity('admin');
  const advisor = testIdentity('advisor');
  const customer = testIdentity('customer');
  let n = 0;
  const tag = () => `${Date.now().toString(36)}${++n}`;

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const ok = async (method: string, path: string, body?: unknown, status = 200): Promise<Data> => {
    const r = await call(method, path, admin, body);
    expect([method, path, r.status, r.body?.errors]).toEqual([method, path, status, undefined]);
    return r.body.data as Data;
  };
  const newCompany = () => ok('POST', 'admin/investment/company', { name: `Company ${tag()}` }, 201);
  const newFund = (over: Record<string, unknown> = {}) =>
    ok(
      'POST',
      'investment-funds',
      {
        name: `Harbour Income Fund ${tag()}`,
        company: 'Harbour Capital',
        currency: 'SGD',
        risk_level: 'low',
        price: 1.2345,
        price_date: '2026-01-05',
        asset_class: { equity: 20, bond: 70, others: 10 },
        ...over,
      },
      201,
    );

  /** A new household with a portfolio; the function adds a holding of a listed fund to it. */
  const holdingsOf = async (name: string) => {
    const lead = await call('POST', 'leads', advisor, { name, age: 40, currency: 'SGD' });
    expect(lead.status).toBe(201);
    const pf = await call('POST', 'customer/portfolio-fund', advisor, {
      lead_id: lead.body.data.id,
      currency: 'SGD',
      current_value: 100,
    });
    expect(pf.status).toBe(201);
    const add = (fundId: string, extra: Record<string, unknown>) =>
      call('POST', 'customer/portfolio-fund-details', advisor, {
        lead_id: lead.body.data.id,
        portfolio_fund_id: pf.body.data.id,
        fund_id: fundId,
        currency: 'SGD',
        ...extra,
      });
    return Object.assign(add, { lead });
  };

  it.each([
    ['company', 'This company is already listed'],
    ['bank', 'This bank is already listed'],
  ])('admin/investment/%s: create, list, rename, duplicate 400, delete, then 404', async (thing, dup) => {
    const base = `admin/investment/${thing}`;
    const name = `Straits ${thing} ${tag()}`;
    const made = await ok('POST', base, { name }, 201);
    expect(made).toMatchObject({ name });
    expect(
      (await ok('GET', `${base}?search=${encodeURIComponent(name.toUpperCase())}`)).map((r: Data) => r.id),
    ).toEqual([made.id]);
    const again = await call('POST', base, admin, { name: name.toLowerCase() });
    expect([again.status, again.body.message, fieldsOf(again.body)]).toEqual([400, dup, ['name']]);
    const renamed = await ok('PUT', `${base}/${made.id}`, { name: `${name} Ltd` });
    expect(renamed).toMatchObject({ id: made.id, name: `${name} Ltd` });
    expect((await ok('GET', base)).find((r: Data) => r.id === made.id)?.name).toBe(`${name} Ltd`);
    const empty = await call('PUT', `${base}/${made.id}`, admin, { name: '' });
    expect([empty.status, fieldsOf(empty.body)]).toEqual([400, ['name']]);
    expect((await call('PUT', `${base}/${MISSING}`, admin, { name: 'X' })).status).toBe(404);
    await ok('DELETE', `${base}/${made.id}`);
    expect((await call('DELETE', `${base}/${made.id}`, admin)).status).toBe(404);
    expect((await ok('GET', base)).some((r: Data) => r.id === made.id)).toBe(false);
    expect((await call('DELETE', `${base}/not-an-id`, admin)).status).toBe(404);
  });

  it('the seeded funds name companies that are listed from the start', async () => {
    const names = (await ok('GET', 'admin/investment/company')).map((r: Data) => r.name);
    expect(names).toContain('Kinfolio Asset Management');
  });

  it('investment plans: create under a company, list by company, update, refuse a bad type or company, and keep the company while a plan names it', async () => {
    const c = await newCompany();
    const other = await newCompany();
    const plan = await ok(
      'POST',
      'admin/investment/plan',
      { name: 'Wealth Builder', company_id: c.id, type: 'Unit trust' },
      201,
    );
    expect(plan).toMatchObject({ name: 'Wealth Builder', company_id: c.id, company_name: c.name, type: 'Unit trust' });
    expect((await ok('GET', `admin/investment/plan?company_id=${c.id}`)).map((p: Data) => p.id)).toEqual([plan.id]);
    const badType = await call('POST', 'admin/investment/plan', admin, {
      name: 'P',
      company_id: c.id,
      type: 'Lottery',
    });
    expect([badType.status, fieldsOf(badType.body)]).toEqual([400, ['type']]);
    const noCompany = await call('POST', 'admin/investment/plan', admin, {
      name: 'P',
      company_id: MISSING,
      type: 'Other',
    });
    expect([noCompany.status, noCompany.body.message, fieldsOf(noCompany.body)]).toEqual([
      400,
      'No such investment company',
      ['company_id'],
    ]);
    const twin = await call('POST', 'admin/investment/plan', admin, {
      name: 'wealth builder',
      company_id: c.id,
      type: 'Other',
    });
    expect([twin.status, fieldsOf(twin.body)]).toEqual([400, ['name']]);
    const blocked = await call('DELETE', `admin/investment/company/${c.id}`, admin);
    expect([blocked.status, fieldsOf(blocked.body)]).toEqual([400, ['id']]);
    const moved = await ok('PUT', `admin/investment/plan/${plan.id}`, {
      name: 'Wealth Builder II',
      company_id: other.id,
      type: 'Robo-advisor',
    });
    expect(moved).toMatchObject({ company_id: other.id, company_name: other.name, type: 'Robo-advisor' });
    await ok('DELETE', `admin/investment/company/${c.id}`);
    await ok('DELETE', `admin/investment/plan/${plan.id}`);
    expect((await call('DELETE', `admin/investment/plan/${plan.id}`, admin)).status).toBe(404);
    expect(
      (await call('PUT', `admin/investment/plan/${plan.id}`, admin, { name: 'X', company_id: other.id, type: 'Other' }))
        .status,
    ).toBe(404);
  });

  it('funds: an admin-added fund appears in the household holding picker; PATCH edits price and split; the paged list searches', async () => {
    const fund = await newFund();
    expect(fund).toMatchObject({
      code: null,
      currency: 'SGD',
      price: 1.2345,
      price_date: '2026-01-05',
      asset_class: { equity: 20, bond: 70, others: 10 },
    });
    // the advisor's holding picker lists it
    const picker = await call('GET', `investment-funds?search=${encodeURIComponent(fund.name)}`, advisor);
    expect(picker.status).toBe(200);
    expect(picker.body.data).toEqual([
      expect.objectContaining({ id: fund.id, name: fund.name, asset_class: { equity: 20, bond: 70, others: 10 } }),
    ]);
    const patched = await ok('PATCH', `investment-funds/${fund.id}`, {
      price: 1.5,
      price_date: '2026-02-01',
      asset_class: { equity: 50, bond: 25.5, others: 24.5 },
    });
    expect(patched).toMatchObject({
      price: 1.5,
      price_date: '2026-02-01',
      asset_class: { equity: 50, bond: 25.5, others: 24.5 },
    });
    const split = await call('PATCH', `investment-funds/${fund.id}`, admin, {
      asset_class: { equity: 50, bond: 50, others: 1 },
    });
    expect([split.status, split.body.errors]).toEqual([
      400,
      [{ asset_class: ['Equity, bond and others must total 100'] }],
    ]);
    const price = await call('PATCH', `investment-funds/${fund.id}`, admin, { price: -1 });
    expect([price.status, fieldsOf(price.body)]).toEqual([400, ['price']]);
    const currency = await call('PATCH', `investment-funds/${fund.id}`, admin, { currency: 'XYZ' });
    expect([currency.status, fieldsOf(currency.body)]).toEqual([400, ['currency']]);
    const nothing = await call('PATCH', `investment-funds/${fund.id}`, admin, {});
    expect(nothing.status).toBe(400);
    expect((await call('PATCH', `investment-funds/${MISSING}`, admin, { price: 1 })).status).toBe(404);
    // the admin list: paged, with the total, by search
    for (let i = 0; i < 3; i++) await newFund({ name: `Paging Probe ${i} ${tag()}` });
    const page1 = await ok('GET', 'admin/investment-funds?search=paging%20probe&page=1&page_size=2');
    const page2 = await ok('GET', 'admin/investment-funds?search=paging%20probe&page=2&page_size=2');
    expect([page1.total, page1.rows.length, page2.rows.length, page1.page_size]).toEqual([3, 2, 1, 2]);
    expect(new Set([...page1.rows, ...page2.rows].map((r: Data) => r.id)).size).toBe(3);
    const bad = await call('GET', 'admin/investment-funds?page_size=100000', admin);
    expect([bad.status, fieldsOf(bad.body)]).toEqual([400, ['page_size']]);
  });

  it("issue 31 item 8: a holding picked from the fund list takes the fund's latest price when none is typed (value = units × price, to cents)", async () => {
    const fund = await newFund({ name: `Priced Fund ${tag()}`, price: 1.1, price_date: '2026-01-05' });
    await ok('PATCH', `investment-funds/${fund.id}`, { price: 1.2345, price_date: '2026-03-31' });
    const picker = await call('GET', `investment-funds?search=${encodeURIComponent(fund.name)}`, advisor);
    expect(picker.body.data).toEqual([
      expect.objectContaining({ id: fund.id, price: 1.2345, price_date: '2026-03-31', sample: false }),
    ]);
    const addHolding = await holdingsOf('Priced Household');
    const holding = await addHolding(fund.id, { units: 10 });
    // 10 × 1.2345 = 12.345 → 12.35 (to cents, half up, in decimals)
    expect([holding.status, holding.body.data?.price, holding.body.data?.value]).toEqual([201, 1.2345, 12.35]);
    // a typed price is kept
    const typed = await addHolding(fund.id, { units: 10, price: 2 });
    expect([typed.body.data?.price, typed.body.data?.value]).toEqual([2, 20]);
  });

  it('deleting a fund takes it out of the lists, and a household holding that names it keeps its name and figures', async () => {
    const fund = await newFund({ name: `Deleted Later Fund ${tag()}` });
    const addHolding = await holdingsOf('Holding Household');
    const lead = addHolding.lead;
    const holding = await addHolding(fund.id, { units: 10, price: 2 });
    expect([holding.status, holding.body.data?.name]).toEqual([201, fund.name]);

    await ok('DELETE', `investment-funds/${fund.id}`);
    expect((await call('DELETE', `investment-funds/${fund.id}`, admin)).status).toBe(404);
    expect((await call('PATCH', `investment-funds/${fund.id}`, admin, { price: 3 })).status).toBe(404);
    const picker = await call('GET', `investment-funds?search=${encodeURIComponent(fund.name)}`, advisor);
    expect(picker.body.data).toEqual([]);
    expect((await ok('GET', `admin/investment-funds?search=${encodeURIComponent(fund.name)}`)).total).toBe(0);
    // the household's holding is untouched and can still be edited
    const rows = (await call('GET', `customer/${lead.body.data.id}/portfolio-fund-details`, advisor)).body.data.rows;
    expect(rows.map((r: Data) => [r.id, r.name, r.fund_id, r.value])).toEqual([
      [holding.body.data.id, fund.name, fund.id, 20],
    ]);
    const edit = await call('PATCH', `customer/portfolio-fund-details/${holding.body.data.id}`, advisor, {
      units: 12,
    });
    expect([edit.status, edit.body.errors]).toEqual([200, undefined]);
  });

  it('the price import: embedded mode has its bundled sample feed; distributed mode without FUND_FEED_URL has no source', async () => {
    const s = await ok('GET', 'scraping-funds-status');
    expect(s).toEqual({
      configured: infra === 'embedded',
      sample: infra === 'embedded',
      running: false,
      run: null,
      interval_ms: 6 * 3_600_000,
    });
    if (infra === 'real') {
      const start = await call('GET', 'scrap-all-funds', admin);
      expect([start.status, start.body.message]).toEqual([400, IR.FUND_IMPORT_NOT_CONFIGURED]);
    }
  });

  it('access sweep: only admins read or write the investment reference data (advisor and customer 403, no session 401)', async () => {
    const c = await newCompany();
    const b = await ok('POST', 'admin/investment/bank', { name: `Bank ${tag()}` }, 201);
    const p = await ok(
      'POST',
      'admin/investment/plan',
      { name: `Plan ${tag()}`, company_id: c.id, type: 'Other' },
      201,
    );
    const f = await newFund();
    const adminCalls: Array<[string, string, unknown]> = [
      ['GET', 'admin/investment/company', undefined],
      ['POST', 'admin/investment/company', { name: `Sweep ${tag()}` }],
      ['PUT', `admin/investment/company/${c.id}`, { name: c.name }],
      ['GET', 'admin/investment/bank', undefined],
      ['POST', 'admin/investment/bank', { name: `Sweep ${tag()}` }],
      ['PUT', `admin/investment/bank/${b.id}`, { name: b.name }],
      ['DELETE', `admin/investment/bank/${b.id}`, undefined],
      ['GET', 'admin/investment/plan', undefined],
      ['POST', 'admin/investment/plan', { name: `Sweep ${tag()}`, company_id: c.id, type: 'Other' }],
      ['PUT', `admin/investment/plan/${p.id}`, { name: p.name, company_id: c.id, type: 'Other' }],
      ['DELETE', `admin/investment/plan/${p.id}`, undefined],
      ['GET', 'admin/investment-funds', undefined],
      ['POST', 'investment-funds', { name: `Sweep ${tag()}`, currency: 'SGD' }],
      ['PATCH', `investment-funds/${f.id}`, { price: 2 }],
      ['DELETE', `investment-funds/${f.id}`, undefined],
      ['GET', 'scraping-funds-status', undefined],
      ['GET', 'scrap-all-funds', undefined],
    ];
    const before = await snapshotTables(t);
    for (const [m, path, body] of adminCalls) {
      expect([m, path, (await call(m, path, null, body)).status]).toEqual([m, path, 401]);
      expect([m, path, (await call(m, path, advisor, body)).status]).toEqual([m, path, 403]);
      expect([m, path, (await call(m, path, customer, body)).status]).toEqual([m, path, 403]);
    }
    expect(await snapshotTables(t)).toBe(before);
    // the holding picker is the households' (advisors and customers), not the admins'
    expect((await call('GET', 'investment-funds', admin)).status).toBe(403);
    expect((await call('GET', 'investment-funds', customer)).status).toBe(200);
    // the admin calls all succeed (the import last: embedded mode has its sample, distributed mode no source here)
    for (const [m, path, body] of adminCalls.filter((x) => x[1] !== 'scrap-all-funds')) {
      const r = await call(m, path, admin, body);
      expect([m, path, r.status < 300 ? 'ok' : JSON.stringify(r.body)]).toEqual([m, path, 'ok']);
    }
  });

  it('bad input: every text field of every body is swept (4xx naming the field, never a 5xx, nothing stored)', async () => {
    const c = await newCompany();
    const f = await newFund();
    const endpoints: Array<{ method: string; path: string; schema: z.ZodType; valid: Record<string, unknown> }> = [
      { method: 'POST', path: 'admin/investment/company', schema: IR.ReferenceNameBody, valid: { name: 'Sweep Co' } },
      {
        method: 'PUT',
        path: `admin/investment/company/${c.id}`,
        schema: IR.ReferenceNameBody,
        valid: { name: 'Sweep Co' },
      },
      { method: 'POST', path: 'admin/investment/bank', schema: IR.ReferenceNameBody, valid: { name: 'Sweep Bank' } },
      {
        method: 'POST',
        path: 'admin/investment/plan',
        schema: IR.InvestmentPlanBody,
        valid: { name: 'Sweep Plan', company_id: c.id, type: 'Other' },
      },
      {
        method: 'POST',
        path: 'investment-funds',
        schema: IR.FundCreateBody,
        valid: { name: 'Sweep Fund', company: 'Sweep Co', currency: 'SGD' },
      },
      {
        method: 'PATCH',
        path: `investment-funds/${f.id}`,
        schema: IR.FundPatchBody,
        valid: { name: 'Sweep Fund', company: 'Sweep Co' },
      },
    ];
    const before = await snapshotTables(t);
    const failures: string[] = [];
    for (const e of endpoints)
      failures.push(
        ...(await sweep(
          t,
          { method: e.method, path: e.path, as: admin },
          badBodies(e.schema as Parameters<typeof badBodies>[0], e.valid),
        )),
      );
    failures.push(
      ...(await sweep(
        t,
        { method: 'GET', path: 'admin/investment-funds', as: admin, query: true },
        badQueries(IR.AdminFundsQuery as Parameters<typeof badQueries>[0], { search: 'a' }),
      )),
    );
    expect(failures).toEqual([]);
    expect(await snapshotTables(t)).toBe(before);
  });
});
