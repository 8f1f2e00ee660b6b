import { households as H, insurance as I, recordKinds as R } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { badBodies, badQueries, snapshotTables, sweep } from '@kinfolio/service-kit/src/bad-input';
import type { z } from 'zod';
import { planningModule } from '../src/module';

jest.setTimeout(600_000);

/**
 * Issue 12 "bad input as in the households issue" for every insurance call with a body: the cases come from each
 * kind's contract schema (every string field, nested ones included, gets control characters, lone surrogates, an
 * over-long and a 1 MB string, deep nesting and wrong types; the body gets __proto__ and non-object JSON). Each must
 * be a 4xx naming the field, never a 5xx, and nothing may be stored.
 */
describe.each(testInfras())('svc-planning insurance bad-input sweep (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  let lead = '';
  let member = '';
  let policy = '';
  let fund = '';
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
    const res = await t.call('POST', 'leads', { as: advisor, body: { name: 'Sweep Lead', age: 40 } });
    lead = res.body.data.id;
    member = res.body.data.members[0].id;
    const p = await t.call('POST', 'customer/insurance', {
      as: advisor,
      body: { lead_id: lead, ...valid().insurance },
    });
    expect(p.status).toBe(201);
    policy = p.body.data.id;
    const f = await t.call('POST', 'customer/insurance-fund', {
      as: advisor,
      body: { lead_id: lead, insurance_id: policy, name: 'F', currency: 'SGD' },
    });
    fund = f.body.data.id;
    // one stored record of every kind, for the PATCH sweeps
    for (const k of Object.values(R.declarationsIn('insurance'))) {
      if (k.path === 'insurance') continue;
      const r = await t.call('POST', `customer/${k.path}`, {
        as: advisor,
        body: { lead_id: lead, ...valid()[k.path] },
      });
      expect([k.path, r.status]).toEqual([k.path, 201]);
      stored[k.path] = r.body.data.id;
    }
    stored.insurance = policy;
  }, 60_000);
  const stored: Record<string, string> = {};
  /** The household's reads an accepted bad body must never break (issue 30 item 2). */
  const householdReads = () => [
    { method: 'GET', path: `customer/${lead}/balance-sheet`, as: advisor },
    { method: 'GET', path: `customer/${lead}/debt-summary`, as: advisor },
    { method: 'GET', path: `customer/${lead}/financial-report`, as: advisor },
    { method: 'POST', path: `customer/${lead}/exports`, body: { report: 'debt', format: 'xlsx' }, as: advisor },
  ];
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const SGD = { currency: 'SGD', amount: 1 };
  /** A valid body of every kind, with every text field filled so that each is swept. */
  const valid = (): Record<string, Record<string, unknown>> => ({
    insurance: {
      member_id: member,
      insured: 'Alex',
      plan_type: 'whole-life',
      plan_name: 'Life',
      custom_company_name: 'Acme',
      policy_number: 'P1',
      common_note: 'note',
      source_of_funds: 'salary',
      premium: 100,
      currency: 'SGD',
      policy_date: '2020-01-01',
      premium_end_date: '2030-01-01',
      unpaid_at: ['2021-01-01'],
      owners: [{ owner_id: member, name: 'Alex', relationship: 'self', percentage: 100 }],
      current_saving: { currency: 'SGD', cash_value: 1 },
    },
    'insurance-plan': {
      insurance_id: policy,
      currency: 'SGD',
      name: 'Plan',
      data_by_age: [{ age: 30, male: 1 }],
    },
    'insurance-plan-booster': {
      insurance_id: policy,
      name: 'Rider',
      currency: 'SGD',
      note: 'n',
      policy_date: '2020-01-01',
      premium_end_date: '2021-01-01',
    },
    'insurance-coverage': { insurance_id: policy, member_id: member, title: 'T', note: 'n' },
    'insurance-coverage-benefit': {
      insurance_id: policy,
      type: 'Custom Benefit',
      title: 'Cash',
      description: 'd',
      note: 'n',
      expiry_age: 80,
      payout: { lump_sum_payout: SGD, regular: { currency: 'SGD', monthly_amount: 1 } },
      lump_sum: SGD,
      critical_illness: { ci_guard: SGD, ci_advance: SGD },
      medical: { currency: 'SGD', rnb: 'Private' },
      medical_amount: SGD,
    },
    'insurance-cash-payout': { insurance_id: policy, payout: SGD },
    'insurance-beneficiary': { insurance_id: policy, name: 'B', relationship: 'child', percentage: 1 },
    'insurance-contingent-owner': { insurance_id: policy, name: 'C', relationship: 'child', percentage: 1 },
    'insurance-transaction': {
      insurance_id: policy,
      type: 'custom',
      transaction_date: '2020-01-01',
      amount: 1,
      currency: 'SGD',
      note: 'n',
    },
    'insurance-fund': {
      insurance_id: policy,
      name: 'F',
      currency: 'SGD',
      more_info: { invested_date: '2020-01-01' },
      asset_class: { type: 'equity', equity: 100, bond: 0, others: 0 },
    },
    'insurance-coverage-target': { member_id: member, benefit_type: 'Death', currency: 'SGD', amount: 1 },
  });

  const endpoints = () => [
    ...Object.values(R.declarationsIn('insurance')).map((k) => ({
      name: `POST customer/${k.path}`,
      method: 'POST',
      path: `customer/${k.path}`,
      schema: H.createBody(k.schema as z.ZodObject) as z.ZodType,
      valid: { lead_id: lead, ...valid()[k.path] } as Record<string, unknown>,
    })),
    ...Object.values(R.declarationsIn('insurance')).map((k) => ({
      name: `PATCH customer/${k.path}/:id`,
      method: 'PATCH',
      path: `customer/${k.path}/${stored[k.path]}`,
      schema: R.patchSchema(k.schema as z.ZodObject) as z.ZodType,
      valid: patchOf(valid()[k.path] as Record<string, unknown>),
    })),
    {
      name: 'PATCH customer/insurance-fund-asset-balancing',
      method: 'PATCH',
      path: 'customer/insurance-fund-asset-balancing',
      schema: I.FundAssetBalancingBody as z.ZodType,
      valid: {
        lead_id: lead,
        insurance_id: policy,
        funds: [
          { id: fund, asset_balancing: 50 },
          { id: stored['insurance-fund'], asset_balancing: 50 },
        ],
      } as Record<string, unknown>,
    },
  ];

  /** A patch of the stored record: its create body without the parent, the member and the percentage. */
  const patchOf = (body: Record<string, unknown>) => {
    const { member_id: _m, insurance_id: _i, percentage: _p, ...rest } = body;
    return rest;
  };

  it('sweeps every insurance kind of the contracts, on create and on update', () => {
    expect(endpoints().filter((e) => e.method === 'POST').length).toBe(
      Object.keys(R.declarationsIn('insurance')).length,
    );
    expect(endpoints().filter((e) => e.method === 'PATCH' && e.name.endsWith('/:id')).length).toBe(
      Object.keys(R.declarationsIn('insurance')).length,
    );
  });

  it.each(endpoints().map((e) => [e.name] as const))(
    '%s: control characters, lone surrogates, 1 MB strings, deep nesting, __proto__ and wrong types are 4xx naming the field; nothing stored',
    async (name) => {
      const e = endpoints().find((x) => x.name === name) as ReturnType<typeof endpoints>[number];
      // the valid body is valid: a sweep of a body the server refuses anyway would prove nothing
      const cases = badBodies(e.schema, e.valid);
      expect(cases.filter((c) => c.field).length).toBeGreaterThan(0);
      const before = await snapshotTables(t);
      // poisoned-read check: whatever a bad body stored, the household's reads still answer 2xx
      const failures = await sweep(t, { method: e.method, path: e.path, as: advisor, reads: householdReads() }, cases);
      expect(failures).toEqual([]);
      expect(await snapshotTables(t)).toBe(before);
    },
  );

  it('the valid bodies are stored (so each refusal above is about its one bad field)', async () => {
    for (const e of [...endpoints()].reverse()) {
      // one target per member and type: the stored one is Death
      const body =
        e.name === 'POST customer/insurance-coverage-target' ? { ...e.valid, benefit_type: 'Medical' } : e.valid;
      const res = await t.call(e.method, e.path, { as: advisor, body });
      expect([e.name, res.status < 300 ? 'ok' : JSON.stringify(res.body)]).toEqual([e.name, 'ok']);
    }
  });

  it('query strings: the plan picker search and the list queries refuse control characters', async () => {
    for (const [path, schema, good] of [
      ['customer/insurance-plans', I.InsurancePlansQuery, { search: 'life' }],
      [`customer/${lead}/insurance`, I.PolicyListQuery, {}],
      ['customer/insurance-coverage-by-member', I.CoverageByMemberQuery, { lead_id: lead }],
    ] as const) {
      const failures = await sweep(t, { method: 'GET', path, as: advisor, query: true }, badQueries(schema, good));
      expect([path, failures]).toEqual([path, []]);
    }
  });
});
