import { balanceSheet as B, households as H, recordKinds as R } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { badBodies, badQueries, snapshotTables, sweep } from '@kinfolio/service-kit/src/bad-input';
import type { z } from 'zod';
import { planningModule } from '../src/module';

jest.setTimeout(600_000);

/**
 * Issue 13 "bad input as in the households issue" for every balance-sheet call with a body: the cases come from each
 * kind's contract schema (every string field, nested ones included, gets control characters, lone surrogates, an
 * over-long and a 1 MB string, deep nesting and wrong types; the body gets __proto__ and non-object JSON). Each must
 * be a 4xx naming the field, never a 5xx, and nothing may be stored.
 */
describe.each(testInfras())('svc-planning balance-sheet bad-input sweep (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const admin = testIdentity('admin');
  let lead = '';
  let member = '';
  const stored: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
    const res = await t.call('POST', 'leads', { as: advisor, body: { name: 'Sweep Lead', age: 40 } });
    lead = res.body.data.id;
    member = res.body.data.members[0].id;
    // parents first (the children name them), then one stored record of every kind for the PATCH sweeps
    for (const path of ['saving-fund', 'pension', 'portfolio-fund', 'debt']) {
      const r = await t.call('POST', `customer/${path}`, { as: advisor, body: { lead_id: lead, ...valid()[path] } });
      expect([path, r.status, r.body.errors]).toEqual([path, 201, undefined]);
      stored[path] = r.body.data.id;
    }
    for (const k of Object.values(R.declarationsIn('balanceSheet'))) {
      if (stored[k.path]) continue;
      const r = await t.call('POST', `customer/${k.path}`, {
        as: advisor,
        body: { lead_id: lead, ...valid()[k.path] },
      });
      expect([k.path, r.status, r.body.errors]).toEqual([k.path, 201, undefined]);
      stored[k.path] = r.body.data.id;
    }
  }, 60_000);
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

  const tx = { amount: 1, currency: 'SGD', transaction_date: '2025-01-01' };
  /** A valid body of every kind, with every text field filled so that each is swept. */
  const valid = (): Record<string, Record<string, unknown>> => ({
    'saving-fund': {
      name: 'Savings',
      bank_name: 'DBS',
      cash_type: 'fixed deposit',
      account_number: '123',
      currency: 'SGD',
      current_value: 1000,
      owners: [{ owner_id: member, name: 'Alex', relationship: 'self', percentage: 100 }],
      note: 'note',
    },
    'saving-fund-owner': { saving_fund_id: stored['saving-fund'], name: 'A', relationship: 'self', percentage: 1 },
    'saving-fund-contingent-owner': {
      saving_fund_id: stored['saving-fund'],
      name: 'A',
      relationship: 'son',
      percentage: 1,
    },
    'saving-transactions': { saving_fund_id: stored['saving-fund'], ...tx },
    pension: {
      member_id: member,
      type: 'CPF',
      currency: 'SGD',
      name: 'CPF',
      account_number: 'S1',
      cpf_oa: 1,
      note: 'n',
    },
    'pension-beneficiary': { pension_id: stored.pension, name: 'A', relationship: 'son', percentage: 1 },
    'pension-transaction': { pension_id: stored.pension, ...tx },
    'portfolio-fund': {
      type: 'unit trust',
      plan_name: 'Plan',
      company_name: 'Co',
      account_number: '1',
      source_of_fund: 'cash',
      cpf_investment_type: 'OA',
      epf_provider: 'P',
      epf_management_company: 'M',
      risk_level: 'high',
      currency: 'SGD',
      current_value: 1,
      owners: [{ owner_id: member, name: 'Alex', relationship: 'self', percentage: 100 }],
      note: 'n',
    },
    'portfolio-fund-owner': {
      portfolio_fund_id: stored['portfolio-fund'],
      name: 'A',
      relationship: 'r',
      percentage: 1,
    },
    'portfolio-fund-contingent-owner': {
      portfolio_fund_id: stored['portfolio-fund'],
      name: 'A',
      relationship: 'r',
      percentage: 1,
    },
    'portfolio-fund-details': {
      portfolio_fund_id: stored['portfolio-fund'],
      name: 'Fund',
      company: 'Co',
      sector: 'Banks',
      currency: 'SGD',
      asset_class: { type: 'Equity', equity: 100, bond: 0, others: 0 },
    },
    'portfolio-fund-transactions': { portfolio_fund_id: stored['portfolio-fund'], ...tx },
    'investment-beneficiary': {
      portfolio_fund_id: stored['portfolio-fund'],
      name: 'A',
      relationship: 'r',
      percentage: 1,
    },
    debt: {
      name: 'Home',
      bank_name: 'DBS',
      currency: 'SGD',
      original_loan: 1000,
      loan_interest: 1,
      loan_tenure: 1,
      starting_year: 2024,
      pension_fund: 'CPF',
      property_type: 'hdb',
      owners: [{ owner_id: member, name: 'Alex', relationship: 'self', percentage: 100 }],
      note: 'n',
    },
    'debt-mortgage-owner': { debt_id: stored.debt, name: 'A', relationship: 'r', percentage: 1 },
    'debt-transactions': { debt_id: stored.debt, amount: 1, currency: 'SGD', transaction_start_date: '2024-01-01' },
    'debt-mortgage-rental-income': {
      debt_id: stored.debt,
      amount: 1,
      currency: 'SGD',
      transaction_start_date: '2024-01-01',
    },
  });

  const endpoints = (): Array<{
    name: string;
    method: string;
    path: string;
    schema: z.ZodType;
    valid: Record<string, unknown>;
    as?: ReturnType<typeof testIdentity>;
  }> => [
    ...Object.values(R.declarationsIn('balanceSheet')).map((k) => ({
      name: `POST customer/${k.path}`,
      method: 'POST',
      path: `customer/${k.path}`,
      schema: H.createBody(k.schema as z.ZodObject) as z.ZodType,
      valid: { lead_id: lead, ...valid()[k.path] },
    })),
    ...Object.values(R.declarationsIn('balanceSheet')).map((k) => ({
      name: `PATCH customer/${k.path}/:id`,
      method: 'PATCH',
      path: `customer/${k.path}/${stored[k.path]}`,
      schema: R.patchSchema(k.schema as z.ZodObject) as z.ZodType,
      valid: patchOf(valid()[k.path] ?? {}),
    })),
    {
      name: 'PATCH customer/portfolio-fund-details-asset-balancing',
      method: 'PATCH',
      path: 'customer/portfolio-fund-details-asset-balancing',
      schema: B.HoldingAssetBalancingBody as z.ZodType,
      valid: {
        lead_id: lead,
        portfolio_fund_id: stored['portfolio-fund'],
        funds: [{ id: stored['portfolio-fund-details'], asset_balancing: 100 }],
      },
    },
    {
      name: 'PATCH customer/bulk-update/debt-transactions/:id',
      method: 'PATCH',
      path: `customer/bulk-update/debt-transactions/${stored.debt}`,
      schema: B.DebtTransactionsBulkBody as z.ZodType,
      valid: {
        lead_id: lead,
        transactions: [
          { id: stored['debt-transactions'], amount: 2, currency: 'SGD', transaction_start_date: '2024-01-01' },
        ],
      },
    },
    {
      name: 'POST fund-asset-class',
      method: 'POST',
      path: 'fund-asset-class',
      schema: B.FundAssetClassBody as z.ZodType,
      valid: { name: 'Infrastructure' },
      as: admin,
    },
  ];

  /** A patch of the stored record: its create body without the parent, the member and the percentage. */
  const patchOf = (body: Record<string, unknown>) => {
    const {
      member_id: _m,
      saving_fund_id: _s,
      pension_id: _p,
      portfolio_fund_id: _f,
      debt_id: _d,
      percentage: _pc,
      ...rest
    } = body;
    return rest;
  };

  it('sweeps every balance-sheet kind of the contracts, on create and on update', () => {
    const n = Object.keys(R.declarationsIn('balanceSheet')).length;
    expect(endpoints().filter((e) => e.name.startsWith('POST customer/')).length).toBe(n);
    expect(endpoints().filter((e) => e.name.endsWith('/:id') && !e.name.includes('bulk-update')).length).toBe(n);
  });

  it.each(endpoints().map((e) => [e.name] as const))(
    '%s: control characters, lone surrogates, 1 MB strings, deep nesting, __proto__ and wrong types are 4xx naming the field; nothing stored',
    async (name) => {
      const e = endpoints().find((x) => x.name === name) as ReturnType<typeof endpoints>[number];
      const cases = badBodies(e.schema, e.valid);
      expect(cases.filter((c) => c.field).length).toBeGreaterThan(0);
      const before = await snapshotTables(t);
      // poisoned-read check: whatever a bad body stored, the household's reads still answer 2xx
      const failures = await sweep(
        t,
        { method: e.method, path: e.path, as: e.as ?? advisor, reads: householdReads() },
        cases,
      );
      expect(failures).toEqual([]);
      expect(await snapshotTables(t)).toBe(before);
    },
  );

  it('the valid bodies are accepted (so each refusal above is about its one bad field)', async () => {
    // the calls on the stored set first: the creates add holdings the asset balancing would then have to list
    for (const e of [...endpoints()].reverse()) {
      const res = await t.call(e.method, e.path, { as: e.as ?? advisor, body: e.valid });
      expect([e.name, res.status < 300 ? 'ok' : JSON.stringify(res.body)]).toEqual([e.name, 'ok']);
    }
  });

  it('query strings: the fund search, the balance sheet and the debt summary refuse control characters', async () => {
    for (const [path, schema, good] of [
      ['investment-funds', B.InvestmentFundsQuery, { search: 'bond' }],
      [`customer/${lead}/balance-sheet`, B.BalanceSheetQuery, { as_of: '2025-01-01' }],
      [`customer/${lead}/debt-summary`, B.DebtSummaryQuery, { as_of: '2025-01-01' }],
    ] as const) {
      const failures = await sweep(t, { method: 'GET', path, as: advisor, query: true }, badQueries(schema, good));
      expect([path, failures]).toEqual([path, []]);
    }
  });
});
