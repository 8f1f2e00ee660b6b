import { randomUUID } from 'node:crypto';
import { balanceSheet as B, households as H, planning, reports as R } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { debtDisagreements } from '../src/domain/calculations/debt-agreement';
import { planningModule } from '../src/module';

jest.setTimeout(180_000);
type Who = ReturnType<typeof testIdentity> | null;
type Data = Record<string, unknown> & { id: string };

/**
 * Issue 13: savings, cash, portfolio funds, provident funds, debts, mortgages, vehicle and other loans and property,
 * stored in svc-planning. Expected figures of the engine cases are those of the engine's own reference tests
 * (debt.test.ts, domain.test.ts), never computed by the code under test.
 */
describe.each(testInfras())('svc-planning balance sheet on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const customer = testIdentity('customer');
  const otherCustomer = testIdentity('customer');
  const admin = testIdentity('admin');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const newLead = async (meAge = 40) => {
    const res = await call('POST', 'leads', advisor, {
      name: 'Alex Tan',
      age: meAge,
      currency: 'SGD',
      members: [
        { name: 'Sam Tan', relation: 'spouse', age: 57, gender: 'female' },
        { name: 'Joint', relation: 'joint' },
      ],
    });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const byRel = (r: string) => h.members.find((m) => m.relation === r)?.id as string;
    return { id: h.id, me: byRel('me'), spouse: byRel('spouse'), joint: byRel('joint') };
  };
  const create = async (path: string, body: Record<string, unknown>, as: Who = advisor) =>
    call('POST', `customer/${path}`, as, body);
  const created = async (path: string, body: Record<string, unknown>): Promise<Data> => {
    const res = await create(path, body);
    expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
    return res.body.data as Data;
  };
  const fieldsOf = (body: { errors?: Array<Record<string, string[]>> }) =>
    (body.errors ?? []).flatMap((e) => Object.keys(e));
  const refused = async (path: string, body: Record<string, unknown>, field: string) => {
    const res = await create(path, body);
    expect([path, res.status, fieldsOf(res.body)]).toEqual([path, 400, [field]]);
  };
  const sections = async (leadId: string) =>
    (
      await t.svc.ctx
        .db('outbox')
        .where({ type: 'planning.household.changed.v1' })
        .whereRaw("payload->>'household_id' = ?", [leadId])
    ).map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload).section as string);
  const summary = async (leadId: string, query = '', as: Who = advisor) => {
    const res = await call('GET', `customer/${leadId}/debt-summary${query}`, as);
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return B.DebtSummaryReply.parse(res.body).data;
  };
  const sheet = async (leadId: string, query = '', as: Who = advisor) => {
    const res = await call('GET', `customer/${leadId}/balance-sheet${query}`, as);
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    return B.BalanceSheetReply.parse(res.body).data;
  };

  /** A stored parent of each family, and a valid body (and patch) of every kind. */
  const family = async (lead: Awaited<ReturnType<typeof newLead>>) => {
    const L = { lead_id: lead.id };
    const saving = await created('saving-fund', { ...L, bank_name: 'DBS', currency: 'SGD', current_value: 10000 });
    const pension = await created('pension', { ...L, member_id: lead.me, type: 'CPF', currency: 'SGD', cpf_oa: 50000 });
    const portfolio = await created('portfolio-fund', {
      ...L,
      plan_name: 'Growth',
      currency: 'SGD',
      current_value: 20000,
    });
    const debt = await created('debt', {
      ...L,
      currency: 'SGD',
      original_loan: 250000,
      loan_interest: 2.6,
      loan_tenure: 35,
      starting_year: 2024,
      market_value: 600000,
    });
    const samples: Record<string, { body: Record<string, unknown>; patch: Record<string, unknown> }> = {
      'saving-fund-owner': {
        body: { saving_fund_id: saving.id, owner_id: lead.me, name: 'Alex', percentage: 60 },
        patch: { percentage: 50 },
      },
      'saving-fund-contingent-owner': {
        body: { saving_fund_id: saving.id, name: 'Kim', percentage: 100 },
        patch: { relationship: 'son' },
      },
      'saving-transactions': {
        body: { saving_fund_id: saving.id, amount: 500, currency: 'SGD', transaction_date: '2025-01-10' },
        patch: { amount: 600 },
      },
      'pension-beneficiary': {
        body: { pension_id: pension.id, name: 'Sam', beneficiary_id: lead.spouse, percentage: 100 },
        patch: { percentage: 90 },
      },
      'pension-transaction': {
        body: {
          pension_id: pension.id,
          type: 'contribution',
          transaction_type: 'recurring',
          frequency: 'monthly',
          transaction_start_date: '2025-01-01',
          amount: 1000,
          currency: 'SGD',
        },
        patch: { amount: 1100 },
      },
      'portfolio-fund-owner': {
        body: { portfolio_fund_id: portfolio.id, owner_id: lead.me, name: 'Alex', percentage: 100 },
        patch: { name: 'Alex T' },
      },
      'portfolio-fund-contingent-owner': {
        body: { portfolio_fund_id: portfolio.id, name: 'Kim', percentage: 50 },
        patch: { percentage: 40 },
      },
      'portfolio-fund-details': {
        body: { portfolio_fund_id: portfolio.id, name: 'My own fund', currency: 'SGD', units: 100, price: 1.5 },
        patch: { units: 120, value: 180 },
      },
      'portfolio-fund-transactions': {
        body: { portfolio_fund_id: portfolio.id, amount: 1000, currency: 'SGD', transaction_date: '2025-02-01' },
        patch: { type: 'withdrawal' },
      },
      'investment-beneficiary': {
        body: { portfolio_fund_id: portfolio.id, name: 'Kim', percentage: 100 },
        patch: { percentage: 80 },
      },
      'debt-mortgage-owner': {
        body: { debt_id: debt.id, owner_id: lead.spouse, name: 'Sam', percentage: 50 },
        patch: { percentage: 40 },
      },
      'debt-transactions': {
        body: {
          debt_id: debt.id,
          amount: 907.19,
          currency: 'SGD',
          transaction_start_date: '2024-01-01',
          transaction_end_date: '2024-12-01',
        },
        patch: { amount: 900 },
      },
      'debt-mortgage-rental-income': {
        body: { debt_id: debt.id, transaction_start_date: '2024-01-01', amount: 2500, currency: 'SGD' },
        patch: { amount: 2600 },
      },
    };
    const parents = {
      'saving-fund': { id: saving.id, patch: { current_value: 11000 } },
      pension: { id: pension.id, patch: { cpf_oa: 51000 } },
      'portfolio-fund': { id: portfolio.id, patch: { current_value: 21000 } },
      debt: { id: debt.id, patch: { market_value: 650000 } },
    };
    return { saving, pension, portfolio, debt, samples, parents };
  };

  it('reference lists: property types, the fund list (searchable), asset classes kept by admins', async () => {
    const types = await call('GET', 'property/types', advisor);
    expect(types.status).toBe(200);
    expect(B.PropertyTypesReply.parse(types.body).data.map((x) => x.id)).toContain('hdb');
    const funds = B.InvestmentFundsReply.parse((await call('GET', 'investment-funds?search=bond', customer)).body).data;
    expect(funds.map((f) => f.name)).toEqual(['Asia Pacific Bond Fund']);
    expect(funds[0]?.asset_class).toEqual({ equity: 0, bond: 95, others: 5 });
    const before = B.FundAssetClassesReply.parse((await call('GET', 'fund-asset-class', advisor)).body).data;
    expect(before.map((c) => c.name)).toContain('Equity');
    const add = await call('POST', 'fund-asset-class', admin, { name: 'Crypto' });
    expect(add.status).toBe(201);
    expect((await call('POST', 'fund-asset-class', admin, { name: 'crypto' })).body.errors).toEqual([
      { name: ['This asset class is already listed'] },
    ]);
    expect((await call('POST', 'fund-asset-class', advisor, { name: 'X' })).status).toBe(403);
    expect((await call('DELETE', `fund-asset-class/${add.body.data.id}`, advisor)).status).toBe(403);
    expect((await call('DELETE', `fund-asset-class/${add.body.data.id}`, admin)).status).toBe(200);
    expect((await call('DELETE', `fund-asset-class/${add.body.data.id}`, admin)).status).toBe(404);
    expect((await call('GET', 'fund-asset-class', null)).status).toBe(401);
  });

  it('every kind: create, list, patch and delete; children must name a parent of the same household; each write announces its section', async () => {
    const lead = await newLead();
    const f = await family(lead);
    const otherLead = await newLead();
    const foreign = await family(otherLead);
    for (const [path, s] of Object.entries(f.samples)) {
      const made = await created(path, { lead_id: lead.id, ...s.body });
      const list = await call('GET', `customer/${lead.id}/${path}`, advisor);
      expect(list.body.data.rows.map((r: Data) => r.id)).toEqual([made.id]);
      const patched = await call('PATCH', `customer/${path}/${made.id}`, advisor, s.patch);
      expect([path, patched.status]).toEqual([path, 200]);
      expect(patched.body.data).toMatchObject(s.patch);
      // a parent of another household is refused, naming its field
      const parentKey = Object.keys(s.body)[0] as string;
      const foreignBody: Record<string, unknown> = { ...(foreign.samples[path]?.body ?? {}), lead_id: lead.id };
      for (const k of ['owner_id', 'beneficiary_id']) delete foreignBody[k];
      await refused(path, foreignBody, parentKey);
      expect((await call('DELETE', `customer/${path}/${made.id}`, advisor)).status).toBe(200);
      expect((await call('GET', `customer/${lead.id}/${path}`, advisor)).body.data.total).toBe(0);
    }
    for (const [path, p] of Object.entries(f.parents)) {
      const patched = await call('PATCH', `customer/${path}/${p.id}`, advisor, p.patch);
      expect([path, patched.status]).toEqual([path, 200]);
      expect(patched.body.data).toMatchObject(p.patch);
    }
    const seen = new Set(await sections(lead.id));
    for (const path of [...Object.keys(f.samples), ...Object.keys(f.parents)])
      expect([path, seen.has(path)]).toEqual([path, true]);
  });

  it('duplicating a household copies its balance sheet, each child pointing at the copy of its parent', async () => {
    const lead = await newLead();
    const f = await family(lead);
    for (const path of ['debt-mortgage-owner', 'debt-transactions', 'debt-mortgage-rental-income'])
      await created(path, { lead_id: lead.id, ...f.samples[path]?.body });
    const dup = await call('POST', `customer/duplicate/${lead.id}`, advisor);
    expect(dup.status).toBe(201);
    const copyId = dup.body.data.id as string;
    const rows = async (id: string, path: string) =>
      (await call('GET', `customer/${id}/${path}`, advisor)).body.data.rows as Data[];
    const [debt] = await rows(copyId, 'debt');
    expect(debt?.id).toBeDefined();
    expect(debt?.id).not.toBe(f.debt.id);
    for (const path of ['debt-mortgage-owner', 'debt-transactions', 'debt-mortgage-rental-income']) {
      const children = await rows(copyId, path);
      expect([path, children.length, children.every((c) => c.debt_id === debt?.id)]).toEqual([path, 1, true]);
    }
    // the original keeps its own
    expect((await rows(lead.id, 'debt-mortgage-rental-income')).map((c) => c.debt_id)).toEqual([f.debt.id]);
  });

  it('deleting a parent deletes its children (a debt its owners, transactions and rental incomes)', async () => {
    const lead = await newLead();
    const f = await family(lead);
    for (const path of ['debt-mortgage-owner', 'debt-transactions', 'debt-mortgage-rental-income'])
      await created(path, { lead_id: lead.id, ...f.samples[path]?.body });
    expect((await call('DELETE', `customer/debt/${f.debt.id}`, advisor)).status).toBe(200);
    for (const path of ['debt-mortgage-owner', 'debt-transactions', 'debt-mortgage-rental-income'])
      expect((await call('GET', `customer/${lead.id}/${path}`, advisor)).body.data.total).toBe(0);
  });

  it('spec defaults: a debt is a mortgage, own stay, recession sensitivity 30, CPF growth 2.5, monthly repayment; null gives a default back', async () => {
    const lead = await newLead();
    const d = await created('debt', { lead_id: lead.id, currency: 'SGD', type: 'property', purchase_price: 500000 });
    expect(d).toMatchObject({
      type: 'property',
      own_stay: true,
      recession_sensitivity: 30,
      cpf_growth_rate: 2.5,
      repayment: { frequency: 'monthly' },
      loan_type: 'annuity',
      owners: [],
    });
    const m = await created('debt', {
      lead_id: lead.id,
      currency: 'SGD',
      original_loan: 100000,
      loan_interest: 3,
      loan_tenure: { year: 20, month: 6 },
      starting_year: 2024,
    });
    expect(m.type).toBe('mortgage');
    const p1 = await call('PATCH', `customer/debt/${d.id}`, advisor, { recession_sensitivity: 10, own_stay: false });
    expect(p1.body.data).toMatchObject({ recession_sensitivity: 10, own_stay: false, cpf_growth_rate: 2.5 });
    const p2 = await call('PATCH', `customer/debt/${d.id}`, advisor, { recession_sensitivity: null });
    expect(p2.body.data).toMatchObject({ recession_sensitivity: 30, own_stay: false });
    // a vehicle loan belongs to me unless another owner is chosen, repaid monthly
    const v = await created('debt', {
      lead_id: lead.id,
      type: 'vehicle',
      currency: 'SGD',
      original_loan: 10000,
      loan_interest: 8,
      loan_tenure: { year: 0, month: 10 },
      starting_year: 2024,
      other_expenses: { fuel: 200, insurance_and_road_tax: 100, servicing: 50 },
      maintenance: 50,
    });
    expect(v).toMatchObject({ owner: lead.me, repayment: { frequency: 'monthly' } });
    const pension = await created('pension', { lead_id: lead.id, member_id: lead.me, currency: 'RM' });
    expect(pension).toMatchObject({
      type: 'EPF',
      contribution_growth_rate: 5.5,
      cpf_contribution_growth_rate: { oa: 2.5, sa_ma: 4, ra: 5 },
      cpf_payout_age: 65,
      retirement_age: 55,
      cpf_life_plan: 'basic',
      cpf_property_pledge: false,
      post_retirement_contribution: { contribution: false, start_age: 60, end_age: 75 },
    });
    const s = await created('saving-fund', { lead_id: lead.id, currency: 'SGD', current_value: 1 });
    expect(s.kind).toBe('cash');
    const pf = await created('portfolio-fund', {
      lead_id: lead.id,
      currency: 'SGD',
      current_value: 1,
      income_payout: { status: true, amount: 100 },
    });
    expect(pf.income_payout).toEqual({ status: true, amount: 100, frequency: 'monthly' });
    const h = await created('portfolio-fund-details', {
      lead_id: lead.id,
      portfolio_fund_id: pf.id,
      name: 'X',
      currency: 'SGD',
      units: 10,
      price: 2.5,
    });
    expect(h).toMatchObject({ holding_type: 'fund', more_info: { dividend_declaration_type: 'units' }, value: 25 });
    const tx = await created('saving-transactions', {
      lead_id: lead.id,
      saving_fund_id: s.id,
      amount: 1,
      currency: 'SGD',
      transaction_date: '2025-01-01',
    });
    expect(tx).toMatchObject({ type: 'deposit', transaction_type: 'single', unpaid_at: [] });
  });

  it('issue 31 (7): the Pension tab\'s contribution is the projection\'s: 8,500 a month pays on the 8,000 ceiling (17% + 20% = 2,960, employee 1,600 = the data table\'s 19,200 / 12)', async () => {
    const lead = await newLead(40);
    const acc = await created('pension', {
      lead_id: lead.id,
      member_id: lead.me,
      type: 'CPF',
      currency: 'SGD',
      monthly_contribution: { salary: 8500 },
    });
    const bs = await sheet(lead.id);
    const row = bs.pensions.find((p) => p.id === acc.id);
    // by hand: base min(8,500, 8,000) = 8,000; employer 8,000 × 17% = 1,360; employee 8,000 × 20% = 1,600
    expect(row?.monthly_contributions).toMatchObject({ base: 8000, employer: 1360, employee: 1600, total: 2960 });
    // the data table of the same household charges the employee part twelve times a (whole) year
    const dt = await call('POST', 'customer/calculate/data-tables', advisor, { household_id: lead.id });
    expect(dt.status).toBe(200);
    const next = (dt.body.data.rows as Array<{ year: number; employee_contribution: number }>).find(
      (r) => r.year === new Date().getUTCFullYear() + 1,
    );
    expect(next?.employee_contribution).toBeCloseTo(12 * 1600, 2);
  });

  it('CPF/EPF contribution percentages left empty are not stored (the engine takes the age table year by year); given ones are kept; the list shows today\'s (CPF 0-55: 17/20)', async () => {
    const lead = await newLead(40);
    const me = await created('pension', {
      lead_id: lead.id,
      member_id: lead.me,
      type: 'CPF',
      currency: 'SGD',
      monthly_contribution: { salary: 5000 },
    });
    expect(me.monthly_contribution).toEqual({ salary: 5000, self_employed: false });
    const spouse = await created('pension', {
      lead_id: lead.id,
      member_id: lead.spouse,
      type: 'CPF',
      currency: 'SGD',
      cpf_oa: 1,
    });
    expect(spouse.monthly_contribution).toEqual({ self_employed: false });
    const own = await created('pension', {
      lead_id: lead.id,
      member_id: lead.me,
      type: 'CPF',
      currency: 'SGD',
      monthly_contribution: { employer_percentage: 10, self_employed: true },
    });
    expect(own.monthly_contribution).toEqual({ employer_percentage: 10, self_employed: true });
    const self = await created('pension', {
      lead_id: lead.id,
      member_id: lead.me,
      type: 'CPF',
      currency: 'SGD',
      monthly_contribution: { self_employed: true },
    });
    expect(self.monthly_contribution).toEqual({ self_employed: true });
    // a typed percentage cleared is empty again (the engine's table applies)
    const cleared = await call('PATCH', `customer/pension/${own.id}`, advisor, {
      monthly_contribution: { self_employed: false },
    });
    expect(cleared.body.data.monthly_contribution).toEqual({ self_employed: false });
    // the balance sheet shows the CPF account's balance and the wage × percentages
    const bs = await sheet(lead.id);
    const row = bs.pensions.find((p) => p.id === me.id) as unknown as Data;
    expect(row.monthly_contributions).toMatchObject({ employer: 850, employee: 1000, total: 1850 });
    // scheme accounts: EPF accounts on a CPF account are refused, naming the field
    await refused(
      'pension',
      { lead_id: lead.id, member_id: lead.me, type: 'CPF', currency: 'SGD', account1_amount: 1 },
      'account1_amount',
    );
    await refused(
      'pension',
      { lead_id: lead.id, member_id: lead.me, type: 'EPF', currency: 'RM', cpf_oa: 1 },
      'cpf_oa',
    );
    await refused(
      'pension',
      {
        lead_id: lead.id,
        member_id: lead.me,
        currency: 'RM',
        post_retirement_contribution: { contribution: true, start_age: 70, end_age: 65 },
      },
      'post_retirement_contribution.end_age',
    );
  });

  it('owner shares: listed owners total 100; owner and beneficiary records of one parent total at most 100', async () => {
    const lead = await newLead();
    const L = { lead_id: lead.id };
    await refused(
      'saving-fund',
      {
        ...L,
        currency: 'SGD',
        current_value: 1,
        owners: [
          { owner_id: lead.me, percentage: 60 },
          { owner_id: lead.spouse, percentage: 30 },
        ],
      },
      'owners',
    );
    await refused('saving-fund', { ...L, currency: 'SGD', current_value: 1, owner: randomUUID() }, 'owner');
    const f = await family(lead);
    await created('saving-fund-owner', { ...L, saving_fund_id: f.saving.id, name: 'A', percentage: 70 });
    await refused('saving-fund-owner', { ...L, saving_fund_id: f.saving.id, name: 'B', percentage: 31 }, 'percentage');
    await created('investment-beneficiary', { ...L, portfolio_fund_id: f.portfolio.id, name: 'A', percentage: 100 });
    await refused(
      'investment-beneficiary',
      { ...L, portfolio_fund_id: f.portfolio.id, name: 'B', percentage: 1 },
      'percentage',
    );
    const ok = await call('PATCH', `customer/debt/${f.debt.id}`, advisor, {
      owners: [
        { owner_id: lead.me, percentage: 50 },
        { owner_id: lead.spouse, percentage: 50 },
      ],
    });
    expect(ok.status).toBe(200);
    const bad = await call('PATCH', `customer/debt/${f.debt.id}`, advisor, {
      owners: [{ owner_id: lead.me, percentage: 50 }],
    });
    expect([bad.status, fieldsOf(bad.body)]).toEqual([400, ['owners']]);
  });

  it('loans the engine refuses are refused at save naming the field: tenure 0, a repayment below the interest, missing amounts', async () => {
    const lead = await newLead();
    const loan = { lead_id: lead.id, currency: 'SGD', original_loan: 100000, loan_interest: 12, starting_year: 2024 };
    await refused('debt', { ...loan, loan_tenure: 0 }, 'loan_tenure');
    await refused('debt', { ...loan, loan_tenure: { year: 0, month: 0 } }, 'loan_tenure');
    await refused('debt', { ...loan, repayment: { amount: 1000 } }, 'repayment.amount');
    await refused(
      'debt',
      { ...loan, loan_tenure: 10, repayment: { frequency: 'single', amount: 5000 } },
      'repayment.frequency',
    );
    await refused(
      'debt',
      { lead_id: lead.id, currency: 'SGD', loan_interest: 3, starting_year: 2024, loan_tenure: 10 },
      'original_loan',
    );
    await refused('debt', { ...loan, loan_tenure: 10, purchase_price: 100, down_payment: 200 }, 'down_payment');
    const ok = await created('debt', { ...loan, repayment: { amount: 1001 } });
    const patched = await call('PATCH', `customer/debt/${ok.id}`, advisor, { repayment: { amount: 999 } });
    expect([patched.status, fieldsOf(patched.body)]).toEqual([400, ['repayment.amount']]);
    await refused(
      'portfolio-fund',
      {
        lead_id: lead.id,
        currency: 'SGD',
        current_value: 1,
        margin_financing: { status: true, loan: 100000, interest: 12, repayment: 500 },
      },
      'margin_financing.repayment',
    );
  });

  it('a stored mortgage gives the engine’s figures (debt.test.ts: 250,000 at 2.6% over 35 years, as of 2025-06-15): instalment 907.19, 17 months paid', async () => {
    const lead = await newLead();
    const d = await created('debt', {
      lead_id: lead.id,
      name: 'Home',
      currency: 'SGD',
      original_loan: 250_000,
      loan_interest: 2.6,
      loan_tenure: 35,
      starting_year: 2024,
    });
    const s = await summary(lead.id, '?as_of=2025-06-15');
    const loan = s.loans.find((l) => l.debt_id === d.id)?.loan;
    if (!loan) throw new Error('no loan figures');
    expect(loan.instalment).toBe(907.19);
    expect(loan.schedule[0]).toEqual({
      period: 1,
      payment: 907.19,
      interest: 541.67,
      principal: 365.52,
      balance: 249_634.48,
    });
    expect(loan.months_paid).toBe(17);
    expect(loan.outstanding).toBe(loan.schedule[16]?.balance);
    expect(loan.tenure_months).toBe(420);
    // every figure agrees with every other to the cent (the engine's own agreement check)
    const reply = {
      total_outstanding: loan.outstanding,
      total_monthly_repayment: loan.instalment,
      loans: [{ ...loan, id: d.id, outstanding_in_currency: loan.outstanding }],
    };
    expect(debtDisagreements(reply, [{ original_loan: 250_000, starting_year: 2024 }])).toEqual([]);
    // the outstanding balance by year is the schedule's balance after that year's instalments
    expect(loan.outstanding_by_year[0]).toEqual({ year: 2024, months_paid: 12, balance: loan.schedule[11]?.balance });
    for (const y of loan.outstanding_by_year) expect(y.balance).toBe(loan.schedule[y.months_paid - 1]?.balance);
    expect(loan.outstanding_by_year.at(-1)).toEqual({ year: 2058, months_paid: 420, balance: 0 });
    // the whole balance sheet shows the same outstanding balance
    const bs = await sheet(lead.id, '?as_of=2025-06-15');
    expect(bs.debts.find((x) => x.id === d.id)?.outstanding).toBe(loan.outstanding);
    expect(bs.totals.loans).toBe(loan.outstanding);
  });

  it('a stored vehicle loan gives the engine’s figures (domain.test.ts: 10,000 at 8% over 10 months: 1,037.03 a month, first row 66.67 interest)', async () => {
    const lead = await newLead();
    const v = await created('debt', {
      lead_id: lead.id,
      type: 'vehicle',
      currency: 'SGD',
      original_loan: 10_000,
      loan_interest: 8,
      loan_tenure: { year: 0, month: 10 },
      starting_year: 2024,
      maintenance: 50,
      other_expenses: { fuel: 200, insurance_and_road_tax: 100, servicing: 50 },
    });
    const loan = (await summary(lead.id, `?as_of=2024-01-15&debt_id=${v.id}`)).loans[0]?.loan;
    if (!loan) throw new Error('no loan figures');
    expect(loan.schedule).toHaveLength(10);
    expect(loan.schedule[0]).toEqual({
      period: 1,
      payment: 1037.03,
      interest: 66.67,
      principal: 970.36,
      balance: 9029.64,
    });
    expect(loan.schedule[9]?.balance).toBe(0);
    expect(loan.instalment).toBe(1037.03);
    expect(loan.other_monthly_expenses).toBe(400);
    expect(loan.outstanding_by_year).toEqual([{ year: 2024, months_paid: 10, balance: 0 }]);
  });

  it('a stored property sale gives the engine’s figures (1,000,000 sale on 31 December 2025, 800,000 bought in May 2023, 32 months held: Seller’s Stamp Duty 4% of the price = 40,000, net 540,000)', async () => {
    const lead = await newLead();
    const p = await created('debt', {
      lead_id: lead.id,
      type: 'property',
      currency: 'SGD',
      purchase_price: 800_000,
      starting_year: 2023,
      installment_transaction: { transaction_start_date: '2023-05-01' },
      future_selling_year: 2025,
      future_selling_price: 1_000_000,
      future_transaction_fee: 20_000,
      future_outstanding_loan: 300_000,
      pension: { my_amount: 100_000 },
      cpf_growth_rate: 0,
    });
    const prop = (await summary(lead.id, `?as_of=2024-06-01&debt_id=${p.id}`)).loans[0]?.property;
    expect(prop?.sale).toMatchObject({
      months_held: 32,
      pension_refund: 100_000,
      gain: 180_000,
      // issue 32: the Seller's Stamp Duty is 4% (more than 2 years, up to 3: 1 May 2023 to 31 December 2025 counts 32
      // months) of the higher of the price 1,000,000 and the market value (800,000 grown 5% to the end of 2025,
      // about 866,000) = 40,000 (before: 4% of the gain 180,000 = 7,200); net 1,000,000 − 20,000 − 300,000 −
      // 100,000 − 40,000 = 540,000
      gain_tax_kind: 'ssd',
      gain_tax: 40_000,
      gain_tax_rate: 4,
      gain_tax_base: 1_000_000,
      net_proceeds: 540_000,
    });
    // the duty by holding period (a purchase from 11 March 2017 to 3 July 2025: 12% to 12 months, 8% to 24, 4% to
    // 36, none later) of the price
    expect(prop?.gain_tax_by_holding.map((r) => [r.months_held, r.rate, r.gain_tax])).toEqual([
      [12, 12, 120_000],
      [24, 8, 80_000],
      [36, 4, 40_000],
      [37, 0, 0],
    ]);
    // the pension refund accrues at cpf_growth_rate (default 2.5%): 100,000 from 2020 to 2022 is 105,062.50
    const q = await created('debt', {
      lead_id: lead.id,
      type: 'property',
      currency: 'SGD',
      purchase_price: 500_000,
      starting_year: 2020,
      future_selling_year: 2022,
      future_selling_price: 500_000,
      pension: { my_amount: 100_000 },
    });
    const refund = (await summary(lead.id, `?debt_id=${q.id}`)).loans[0]?.property?.sale?.pension_refund;
    expect(refund).toBe(105_062.5);
    // monthly pension used for the instalments (1,000) is refunded with interest, each year's from that year to the
    // sale on 31 December 2022 (issue 31, docs/planning-model.md "Property sale"): 12,000 · 1.025² + 12,000 · 1.025 +
    // 12,000 = 12,607.50 + 12,300 + 12,000 = 36,907.50
    const r = await created('debt', {
      lead_id: lead.id,
      currency: 'SGD',
      original_loan: 300_000,
      loan_interest: 2,
      loan_tenure: 10,
      starting_year: 2020,
      purchase_price: 500_000,
      future_selling_year: 2022,
      future_selling_price: 500_000,
      using_pension: true,
      pension_for_installment: 1000,
    });
    expect((await summary(lead.id, `?debt_id=${r.id}`)).loans[0]?.property?.sale?.pension_refund).toBe(36_907.5);
  });

  it('issue 31: one sale in the debt summary, the report’s property section and the data table’s sale-year row, to the cent', async () => {
    const lead = await newLead();
    await created('pension', { lead_id: lead.id, member_id: lead.me, type: 'CPF', currency: 'SGD', cpf_oa: 500_000 });
    // the mortgage: loan 420,000, price 600,000, market 720,000, sold in 2045 at 800,000, CPF used 150,000
    const debt = await created('debt', {
      lead_id: lead.id,
      type: 'mortgage',
      owner: lead.me,
      currency: 'SGD',
      original_loan: 420_000,
      loan_interest: 2.6,
      loan_tenure: 30,
      starting_year: 2021,
      purchase_price: 600_000,
      market_value: 720_000,
      growth_rate: 3,
      future_selling_year: 2045,
      future_selling_price: 800_000,
      future_transaction_fee: 16_000,
      pension: { my_amount: 150_000 },
      using_pension: true,
      pension_for_installment: 1000,
    });
    const sale = (await summary(lead.id, `?debt_id=${debt.id}`)).loans[0]?.property?.sale;
    const rep = await call('GET', `customer/${lead.id}/financial-report`, advisor);
    expect(rep.status).toBe(200);
    const property = R.FinancialReportReply.parse(rep.body).data.property.properties[0];
    const tables = await call('POST', 'customer/calculate/data-tables', advisor, { household_id: lead.id });
    expect(tables.status).toBe(200);
    const rows = planning.DataTablesReply.parse(tables.body.data).rows;
    // by hand (domain/calculations/sale.test.ts): loan repaid 94,505.91 (the schedule at the end of 2045), refund
    // 681,202.06, net 800,000 − 16,000 − 94,505.91 − 681,202.06 = 8,292.03 (before: the debt summary 12,523.79 with
    // the start-of-year balance 111,978.86, the data table the market value grown)
    const byHand = {
      selling_price: 800_000,
      transaction_fee: 16_000,
      outstanding_loan: 94_505.91,
      pension_refund: 681_202.06,
      gain_tax: 0,
      net_proceeds: 8292.03,
    };
    expect(sale).toMatchObject({ selling_year: 2045, ...byHand });
    expect([property?.selling_year, property?.net_proceeds, property?.sale]).toEqual([2045, 8292.03, byHand]);
    expect(rows.find((r) => r.year === 2045)?.property_sales).toBe(8292.03);
    // the data table's loan balances are the schedule's: 111,978.86 at the end of 2044, repaid in 2045
    expect(rows.find((r) => r.year === 2044)?.liabilities.loans).toBe(111_978.86);
    expect(rows.find((r) => r.year === 2045)?.liabilities.loans).toBe(0);
  });

  it('a mortgaged property: sold with the schedule’s balance, rental income of entries spanning today less tax', async () => {
    const lead = await newLead();
    const d = await created('debt', {
      lead_id: lead.id,
      currency: 'SGD',
      original_loan: 250_000,
      loan_interest: 2.6,
      loan_tenure: 35,
      starting_year: 2024,
      purchase_price: 400_000,
      future_selling_year: 2030,
      future_selling_price: 500_000,
      tax: 10,
    });
    for (const [start, end, amount] of [
      ['2024-01-01', '2024-12-31', 2000],
      ['2025-01-01', undefined, 2500],
      ['2023-01-01', '2023-12-31', 1800],
    ] as const)
      await created('debt-mortgage-rental-income', {
        lead_id: lead.id,
        debt_id: d.id,
        transaction_start_date: start,
        ...(end ? { transaction_end_date: end } : {}),
        amount,
        currency: 'SGD',
      });
    const s = (await summary(lead.id, '?as_of=2024-12-31')).loans[0];
    // domain.test.ts: on 2024-12-31 with 10% tax the entries give 1,800
    expect(s?.property?.rental_income).toBe(1800);
    // the sale is on 31 December 2030: the schedule's balance after 2030's instalments
    const byYear = s?.loan?.outstanding_by_year.find((y) => y.year === 2030);
    expect(s?.property?.sale?.outstanding_loan).toBe(byYear?.balance);
  });

  it("a stored household's calculations include its balance sheet: cash, pension, loan and property", async () => {
    const lead = await newLead();
    await created('saving-fund', { lead_id: lead.id, kind: 'cash', currency: 'SGD', current_value: 10_000 });
    await created('pension', { lead_id: lead.id, member_id: lead.me, type: 'CPF', currency: 'SGD', cpf_oa: 50_000 });
    const d = await created('debt', {
      lead_id: lead.id,
      currency: 'SGD',
      original_loan: 250_000,
      loan_interest: 2.6,
      loan_tenure: 35,
      starting_year: 2024,
      purchase_price: 400_000,
      market_value: 600_000,
    });
    const asOf = '2025-06-15';
    const tables = await call('POST', 'customer/calculate/data-tables', advisor, {
      household_id: lead.id,
      as_of: asOf,
    });
    expect(tables.status).toBe(200);
    type Row = { year: number; assets: Record<string, number>; liabilities: Record<string, number> };
    const y2025 = (tables.body.data.rows as Row[]).find((r) => r.year === 2025);
    // each stored record is in the projection, grown from its value today; with no income the instalments of the
    // year are paid from the cash account first (planning-model "Deficits"), so it holds less than 10,000 but not 0
    expect(y2025?.assets.cash).toBeGreaterThan(0);
    expect(y2025?.assets.cash).toBeLessThan(10_000);
    expect(y2025?.assets.pensions).toBeGreaterThanOrEqual(50_000);
    expect(y2025?.assets.properties).toBeGreaterThanOrEqual(600_000);
    // the loan the projection carries is the one the debt summary schedules: the same balance at the end of 2025
    const loan = (await summary(lead.id, `?as_of=${asOf}&debt_id=${d.id}`)).loans[0]?.loan;
    const end2025 = loan?.outstanding_by_year.find((y) => y.year === 2025)?.balance;
    expect(end2025).toBeGreaterThan(200_000);
    // (the projection charges unrounded instalments, the schedule rounds each to the cent: at most a cent an
    // instalment apart, 24 instalments since January 2024)
    expect(Math.abs((y2025?.liabilities.loans ?? 0) - (end2025 ?? 0))).toBeLessThanOrEqual(0.24);
  });

  it('§6: a co-owner at 50% sees half; a non-owner sees nothing; the joint view the whole', async () => {
    const lead = await newLead();
    await created('debt', {
      lead_id: lead.id,
      currency: 'SGD',
      original_loan: 250_000,
      loan_interest: 2.6,
      loan_tenure: 35,
      starting_year: 2024,
      market_value: 600_000,
      owners: [
        { owner_id: lead.me, percentage: 50 },
        { owner_id: lead.spouse, percentage: 50 },
      ],
    });
    await created('saving-fund', { lead_id: lead.id, currency: 'SGD', current_value: 1000, owner: lead.me });
    const whole = (await summary(lead.id, '?as_of=2025-06-15')).loans[0]?.loan;
    const half = (await summary(lead.id, `?as_of=2025-06-15&view=${lead.spouse}`)).loans[0]?.loan;
    expect(half?.view).toEqual({
      share: 0.5,
      instalment: Math.round((whole?.instalment ?? 0) * 50) / 100,
      outstanding: Math.round((whole?.outstanding ?? 0) * 50) / 100,
    });
    const spouse = await sheet(lead.id, `?as_of=2025-06-15&view=${lead.spouse}`);
    expect(spouse.totals).toMatchObject({ cash: 0, properties: 300_000 });
    const joint = await sheet(lead.id, `?as_of=2025-06-15&view=${lead.joint}`);
    expect(joint.totals).toMatchObject({ cash: 1000, properties: 600_000, loans: whole?.outstanding });
    expect((await call('GET', `customer/${lead.id}/balance-sheet?view=${randomUUID()}`, advisor)).status).toBe(400);
  });

  it('positions, holdings asset balancing, bulk debt transactions and common beneficiaries', async () => {
    const lead = await newLead();
    const L = { lead_id: lead.id };
    const a = await created('portfolio-fund', { ...L, currency: 'SGD', current_value: 1 });
    const b = await created('portfolio-fund', { ...L, currency: 'SGD', current_value: 2 });
    const pos = await call('PATCH', 'customer/bulk-update/portfolio-fund/positions', advisor, {
      lead_id: lead.id,
      positions: [
        { id: a.id, position: 5 },
        { id: b.id, position: 1 },
      ],
    });
    expect(pos.status).toBe(200);
    expect(
      (await call('GET', `customer/${lead.id}/portfolio-fund`, advisor)).body.data.rows.map((r: Data) => r.id),
    ).toEqual([b.id, a.id]);
    const [fund] = B.InvestmentFundsReply.parse(
      (await call('GET', 'investment-funds?search=global', advisor)).body,
    ).data;
    const h1 = await created('portfolio-fund-details', {
      ...L,
      portfolio_fund_id: a.id,
      fund_id: fund?.id,
      currency: 'SGD',
      units: 1,
    });
    expect(h1.name).toBe('Global Equity Fund');
    const h2 = await created('portfolio-fund-details', {
      ...L,
      portfolio_fund_id: a.id,
      holding_type: 'stock',
      company: 'DBS Group',
      sector: 'Banks',
      purchase_price: 30,
      currency: 'SGD',
      asset_class: { type: 'Equity', equity: 100, bond: 0, others: 0 },
    });
    await refused(
      'portfolio-fund-details',
      { ...L, portfolio_fund_id: a.id, fund_id: randomUUID(), currency: 'SGD' },
      'fund_id',
    );
    await refused('portfolio-fund-details', { ...L, portfolio_fund_id: a.id, currency: 'SGD' }, 'name');
    await refused(
      'portfolio-fund-details',
      { ...L, portfolio_fund_id: a.id, name: 'X', currency: 'SGD', asset_class: { equity: 50, bond: 10, others: 10 } },
      'asset_class',
    );
    const balance = (funds: Array<{ id: string; asset_balancing: number }>) =>
      call('PATCH', 'customer/portfolio-fund-details-asset-balancing', advisor, {
        lead_id: lead.id,
        portfolio_fund_id: a.id,
        funds,
      });
    expect(
      fieldsOf(
        (
          await balance([
            { id: h1.id, asset_balancing: 60 },
            { id: h2.id, asset_balancing: 30 },
          ])
        ).body,
      ),
    ).toEqual(['funds']);
    expect(fieldsOf((await balance([{ id: h1.id, asset_balancing: 100 }])).body)).toEqual(['funds']);
    expect(
      (
        await balance([
          { id: h1.id, asset_balancing: 60 },
          { id: h2.id, asset_balancing: 40 },
        ])
      ).status,
    ).toBe(200);
    const holdings = (await call('GET', `customer/${lead.id}/portfolio-fund-details`, advisor)).body.data
      .rows as Data[];
    expect(holdings.map((h) => h.asset_balancing)).toEqual([60, 40]);

    const debt = await created('debt', {
      ...L,
      currency: 'SGD',
      original_loan: 1000,
      loan_interest: 0,
      loan_tenure: 1,
      starting_year: 2024,
    });
    const t1 = await created('debt-transactions', {
      ...L,
      debt_id: debt.id,
      amount: 1,
      currency: 'SGD',
      transaction_start_date: '2024-01-01',
    });
    const t2 = await created('debt-transactions', {
      ...L,
      debt_id: debt.id,
      amount: 2,
      currency: 'SGD',
      transaction_start_date: '2024-02-01',
    });
    const bulk = await call('PATCH', `customer/bulk-update/debt-transactions/${debt.id}`, advisor, {
      lead_id: lead.id,
      transactions: [
        { id: t2.id, amount: 20, currency: 'SGD', transaction_start_date: '2024-02-01' },
        { amount: 30, currency: 'SGD', transaction_start_date: '2024-03-01', unpaid_at: ['2024-04-01'] },
      ],
    });
    expect([bulk.status, bulk.body.errors]).toEqual([200, undefined]);
    const rows = (await call('GET', `customer/${lead.id}/debt-transactions`, advisor)).body.data.rows as Data[];
    expect(rows.map((r) => r.amount)).toEqual([20, 30]);
    expect(rows.map((r) => r.id)).not.toContain(t1.id);
    const badBulk = await call('PATCH', `customer/bulk-update/debt-transactions/${debt.id}`, advisor, {
      lead_id: lead.id,
      transactions: [{ amount: 1, currency: 'SGD', transaction_start_date: '2024-03-01', unpaid_at: ['2024-03-15'] }],
    });
    expect(fieldsOf(badBulk.body)).toEqual(['transactions.0.unpaid_at.0']);
    expect(
      (
        await call('PATCH', `customer/bulk-update/debt-transactions/${randomUUID()}`, advisor, {
          lead_id: lead.id,
          transactions: [],
        })
      ).status,
    ).toBe(404);

    const pension = await created('pension', { ...L, member_id: lead.me, currency: 'RM' });
    await created('pension-beneficiary', {
      ...L,
      pension_id: pension.id,
      beneficiary_id: lead.spouse,
      name: 'Sam',
      percentage: 100,
    });
    await created('investment-beneficiary', {
      ...L,
      portfolio_fund_id: a.id,
      beneficiary_id: lead.spouse,
      name: 'Sam',
      percentage: 50,
    });
    await created('investment-beneficiary', { ...L, portfolio_fund_id: a.id, name: 'Kim', percentage: 50 });
    const common = B.CommonBeneficiariesReply.parse(
      (await call('GET', `customer/common-beneficiaries/${lead.id}/read`, advisor)).body,
    ).data;
    expect(common.map((c) => [c.name, c.held.map((x) => `${x.source}:${x.percentage}`)])).toEqual([
      ['Sam', ['pension:100', 'investment:50']],
      ['Kim', ['investment:50']],
    ]);
  });

  it('access sweep: no session 401, owning advisor ok, second advisor 404, its customer reads only, another customer 404, admin 403', async () => {
    const lead = await newLead();
    await t.svc.ctx.db('households').where({ id: lead.id }).update({ customer_user_id: customer.userId });
    const f = await family(lead);
    const ids: Record<string, string> = {};
    for (const [path, s] of Object.entries(f.samples))
      ids[path] = (await created(path, { lead_id: lead.id, ...s.body })).id;
    const holding = ids['portfolio-fund-details'] as string;
    const reads = [
      ...Object.keys(f.parents).map((p) => `customer/${lead.id}/${p}`),
      ...Object.keys(f.samples).map((p) => `customer/${lead.id}/${p}`),
      `customer/${lead.id}/balance-sheet`,
      `customer/${lead.id}/debt-summary`,
      `customer/common-beneficiaries/${lead.id}/read`,
    ];
    const status = async (m: string, path: string, who: Who, body?: unknown) => (await call(m, path, who, body)).status;
    for (const path of reads) {
      expect([path, await status('GET', path, null)]).toEqual([path, 401]);
      expect([path, await status('GET', path, other)]).toEqual([path, 404]);
      expect([path, await status('GET', path, otherCustomer)]).toEqual([path, 404]);
      expect([path, await status('GET', path, admin)]).toEqual([path, 403]);
      expect([path, await status('GET', path, customer)]).toEqual([path, 200]);
      expect([path, await status('GET', path, advisor)]).toEqual([path, 200]);
    }
    // the customer's dashboard asks by its own user id
    expect((await sheet(customer.userId, '', customer)).debts.map((d) => d.id)).toEqual([f.debt.id]);
    for (const path of ['property/types', 'investment-funds']) {
      expect([path, await status('GET', path, null)]).toEqual([path, 401]);
      expect([path, await status('GET', path, admin)]).toEqual([path, 403]);
      expect([path, await status('GET', path, customer)]).toEqual([path, 200]);
    }
    const writes: Array<[string, string, unknown]> = [
      [
        'PATCH',
        'customer/portfolio-fund-details-asset-balancing',
        { lead_id: lead.id, portfolio_fund_id: f.portfolio.id, funds: [{ id: holding, asset_balancing: 100 }] },
      ],
      ...Object.entries(f.samples).map(([path, s]): [string, string, unknown] => [
        'POST',
        `customer/${path}`,
        { lead_id: lead.id, ...s.body, ...('percentage' in s.body ? { percentage: 0 } : {}) },
      ]),
      ...Object.entries(f.samples).map(([path, s]): [string, string, unknown] => [
        'PATCH',
        `customer/${path}/${ids[path]}`,
        s.patch,
      ]),
      ...Object.entries(f.parents).map(([path, p]): [string, string, unknown] => [
        'PATCH',
        `customer/${path}/${p.id}`,
        p.patch,
      ]),
      ...Object.entries(f.parents).map(([path, p]): [string, string, unknown] => [
        'PATCH',
        `customer/bulk-update/${path}/positions`,
        { lead_id: lead.id, positions: [{ id: p.id, position: 3 }] },
      ]),
      ...Object.keys(f.samples).map((path): [string, string, unknown] => [
        'DELETE',
        `customer/${path}/${ids[path]}`,
        undefined,
      ]),
      ['PATCH', `customer/bulk-update/debt-transactions/${f.debt.id}`, { lead_id: lead.id, transactions: [] }],
      ...Object.entries(f.parents).map(([path, p]): [string, string, unknown] => [
        'DELETE',
        `customer/${path}/${p.id}`,
        undefined,
      ]),
    ];
    for (const [m, path, body] of writes) {
      expect([m, path, await status(m, path, null, body)]).toEqual([m, path, 401]);
      expect([m, path, await status(m, path, other, body)]).toEqual([m, path, 404]);
      expect([m, path, await status(m, path, customer, body)]).toEqual([m, path, 403]);
      expect([m, path, await status(m, path, admin, body)]).toEqual([m, path, 403]);
      const st = await status(m, path, advisor, body);
      expect([m, path, st === 201 ? 200 : st]).toEqual([m, path, 200]);
    }
    expect(await status('PATCH', 'customer/debt/not-a-uuid', advisor, { name: 'x' })).toBe(404);
    expect(await status('DELETE', `customer/saving-fund/${randomUUID()}`, advisor)).toBe(404);
    expect(await status('GET', `customer/${randomUUID()}/debt-summary`, advisor)).toBe(404);
  });
});
