import { randomUUID } from 'node:crypto';
import { households as H, insurance as I } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { premiumSchedule } from '../src/domain/calculations/premiums';
import { planningModule } from '../src/module';

jest.setTimeout(120_000);
type Who = ReturnType<typeof testIdentity> | null;
const SGD = (amount: number) => ({ currency: 'SGD', amount });

/** A valid body of each insurance child kind for policy `p` (insured member `m`), and a patch. */
const childSamples = (
  p: string,
  m: string,
): Record<string, { body: Record<string, unknown>; patch: Record<string, unknown> }> => ({
  'insurance-plan': {
    body: {
      insurance_id: p,
      currency: 'SGD',
      data_by_age: [
        { age: 30, male: 1200, female: 1100 },
        { age: 31, male: 1250, female: 1150 },
      ],
      additional_coverage_premium: 50,
    },
    patch: { additional_coverage_premium: 60 },
  },
  'insurance-plan-booster': {
    body: { insurance_id: p, type: 'rider', name: 'CI rider', premium: 300, currency: 'SGD' },
    patch: { premium: 320 },
  },
  'insurance-coverage': { body: { insurance_id: p, member_id: m, title: 'Alex' }, patch: { title: 'Alex T' } },
  'insurance-coverage-benefit': {
    body: { insurance_id: p, type: 'Death', expiry_age: 99, duration: 1, payout: { lump_sum_payout: SGD(500000) } },
    patch: { expiry_age: 85 },
  },
  'insurance-cash-payout': { body: { insurance_id: p, payout: SGD(1000) }, patch: { payout: SGD(1200) } },
  'insurance-beneficiary': {
    body: { insurance_id: p, name: 'Sam Tan', relationship: 'spouse', percentage: 50 },
    patch: { percentage: 40 },
  },
  'insurance-contingent-owner': {
    body: { insurance_id: p, name: 'Sam Tan', relationship: 'spouse', percentage: 50 },
    patch: { relationship: 'wife' },
  },
  'insurance-transaction': {
    body: {
      insurance_id: p,
      type: 'premium',
      transaction_start_date: '2020-01-15',
      transaction_end_date: '2024-01-15',
      amount: 2400,
      currency: 'SGD',
    },
    patch: { amount: 2500 },
  },
  'insurance-fund': {
    body: { insurance_id: p, name: 'Global Equity', currency: 'SGD', units: 100, price: 1.5, value: 150 },
    patch: { units: 110 },
  },
  'insurance-coverage-target': {
    body: { member_id: m, benefit_type: 'Death', currency: 'SGD', amount: 800000 },
    patch: { amount: 900000 },
  },
});

/** Spec §5: per benefit type, an accepted body and a refused one with the field the 400 names. */
const BENEFIT_CASES: Array<{
  type: string;
  il?: boolean;
  ok: Record<string, unknown>;
  bad: Record<string, unknown>;
  field: string;
}> = [
  {
    type: 'Death',
    ok: { expiry_age: 99, duration: 1, payout: { lump_sum_payout: SGD(500000) } },
    bad: { duration: 1, payout: { lump_sum_payout: SGD(500000) } },
    field: 'expiry_age',
  },
  {
    type: 'Disability',
    ok: { expiry_age: 65, duration: 10, payout: { regular: { currency: 'SGD', monthly_amount: 3000 } } },
    bad: { expiry_age: 65, payout: { regular: { currency: 'SGD', monthly_amount: 3000 } } },
    field: 'duration',
  },
  {
    type: 'Major Illness',
    ok: { expiry_age: 85, duration: 1, payout: { lump_sum_payout: SGD(200000) } },
    bad: { expiry_age: 85, duration: 1 },
    field: 'payout',
  },
  {
    type: 'Early Critical Illness',
    ok: { expiry_age: 75, duration: 1, payout: { lump_sum_payout: SGD(50000) } },
    bad: { expiry_age: 75, duration: 1, payout: {} },
    field: 'payout',
  },
  {
    type: 'Premium Waiver',
    ok: { premium_waiver: { payer: true, non_payer: { death: true } } },
    bad: { expiry_age: 65 },
    field: 'premium_waiver',
  },
  {
    type: 'Medical',
    ok: {
      expiry_age: 100,
      medical: { currency: 'SGD', rnb: 'A-Class (Public)', annual_limit: -1, lifetime_limit: -1 },
    },
    bad: { medical: { currency: 'SGD', rnb: 'Private', annual_limit: 1000000 } },
    field: 'expiry_age',
  },
  {
    type: 'Personal Accident',
    ok: { expiry_age: 70, duration: 1, payout: { lump_sum_payout: SGD(100000) }, medical_amount: SGD(5000) },
    bad: { expiry_age: 70, duration: 1, payout: { lump_sum_payout: SGD(100000) } },
    field: 'medical_amount',
  },
  {
    type: 'Custom Benefit',
    ok: { title: 'Hospital cash', maturity_age: 80, payout: { regular: { currency: 'SGD', annual_amount: 3650 } } },
    bad: { maturity_age: 80, payout: { lump_sum_payout: SGD(1000) } },
    field: 'title',
  },
  {
    type: 'Death',
    il: true,
    ok: { maturity_age: 99, lump_sum: SGD(300000) },
    bad: { expiry_age: 99, duration: 1, payout: { lump_sum_payout: SGD(1) } },
    field: 'maturity_age',
  },
  {
    type: 'Disability',
    il: true,
    ok: { maturity_age: 65, lump_sum: SGD(300000) },
    bad: { maturity_age: 65 },
    field: 'lump_sum',
  },
  {
    type: 'Major Illness',
    il: true,
    ok: { maturity_age: 85, critical_illness: { ci_guard: SGD(100000), ci_advance: SGD(50000) } },
    bad: { maturity_age: 85, lump_sum: SGD(100000) },
    field: 'critical_illness',
  },
  {
    type: 'Custom Benefit',
    il: true,
    ok: { title: 'Loyalty bonus', maturity_age: 70, payout: { lump_sum_payout: SGD(20000) } },
    bad: { title: 'Loyalty bonus', expiry_age: 70, payout: { lump_sum_payout: SGD(20000) } },
    field: 'maturity_age',
  },
  {
    type: 'Medical',
    il: true,
    ok: { expiry_age: 100, medical: { currency: 'SGD', rnb: 250 } },
    bad: { maturity_age: 100, medical: { currency: 'SGD', rnb: 250 } },
    field: 'investment_linked',
  },
];

describe.each(testInfras())('svc-planning insurance on %s', (infra) => {
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
  const newLead = async (as = advisor) => {
    const res = await call('POST', 'leads', as, {
      name: 'Alex Tan',
      age: 40,
      currency: 'SGD',
      members: [
        { name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' },
        { name: 'Joint', relation: 'joint' },
      ],
    });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const byRel = (r: string) => h.members.find((m) => m.relation === r)?.id as string;
    return { id: h.id, me: byRel('me'), spouse: byRel('spouse'), joint: byRel('joint') };
  };
  const policyBody = (leadId: string, member: string, extra: Record<string, unknown> = {}) => ({
    lead_id: leadId,
    member_id: member,
    plan_name: 'Life Plus',
    custom_company_name: 'Acme Assurance',
    premium: 2400,
    currency: 'SGD',
    policy_date: '2020-01-15',
    ...extra,
  });
  const newPolicy = async (leadId: string, member: string, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', 'customer/insurance', advisor, policyBody(leadId, member, extra));
    expect([res.status, res.body.message]).toEqual([201, 'Saved']);
    return res.body.data as Record<string, unknown> & { id: string };
  };
  const create = async (path: string, body: Record<string, unknown>, as: Who = advisor) =>
    call('POST', `customer/${path}`, as, body);
  const fieldsOf = (body: { errors?: Array<Record<string, string[]>> }) =>
    (body.errors ?? []).flatMap((e) => Object.keys(e));
  /** The sections of the household.changed events written for a household (live updates). */
  const sections = async (leadId: string) =>
    (
      await t.svc.ctx
        .db('outbox')
        .where({ type: 'planning.household.changed.v1' })
        .whereRaw("payload->>'household_id' = ?", [leadId])
    ).map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload).section as string);
  const whole = async (leadId: string, query = '', as: Who = advisor) => {
    const res = await call('GET', `customer/${leadId}/insurance${query}`, as);
    expect(res.status).toBe(200);
    return I.PolicyPageReply.parse(res.body).data;
  };

  it('reference data: plan types and categories are seeded; the plan picker always offers the custom plan', async () => {
    const types = await call('GET', 'insurance/plan-types', advisor);
    expect(types.status).toBe(200);
    const parsed = I.PlanTypesReply.parse(types.body).data;
    expect(parsed.map((p) => p.name)).toContain('Whole Life');
    expect(parsed.find((p) => p.id === 'investment-linked')?.investment_linked).toBe(true);
    const cats = I.PlanCategoriesReply.parse((await call('GET', 'insurance-plans-category', customer)).body).data;
    expect(cats.map((c) => c.id)).toEqual(['life', 'health', 'investment', 'savings']);
    expect(new Set(parsed.map((p) => p.category))).toEqual(new Set(cats.map((c) => c.id)));
    const plans = I.InsurancePlansReply.parse(
      (await call('GET', 'customer/insurance-plans?search=life', advisor)).body,
    );
    expect(plans.data[0]).toEqual({
      id: 'custom',
      name: 'Custom',
      insurance_company: null,
      company_name: null,
      plan_type: null,
    });
    expect((await call('GET', 'insurance/plan-types', null)).status).toBe(401);
  });

  it('duplicating a household copies its insurance, every id a record names pointing into the copy', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me, {
      payer_id: h.spouse,
      owners: [{ owner_id: h.spouse, name: 'Sam Tan', percentage: 100 }],
    });
    const cov = await create('insurance-coverage', { lead_id: h.id, insurance_id: p.id, member_id: h.me });
    expect(cov.status).toBe(201);
    const benefit = await create('insurance-coverage-benefit', {
      lead_id: h.id,
      insurance_id: p.id,
      coverage_id: cov.body.data.id,
      type: 'Death',
      expiry_age: 99,
      duration: 1,
      payout: { lump_sum_payout: SGD(500000) },
    });
    expect(benefit.status).toBe(201);
    expect(
      (await create('insurance-beneficiary', { lead_id: h.id, insurance_id: p.id, name: 'Sam Tan', percentage: 100 }))
        .status,
    ).toBe(201);

    const dup = await call('POST', `customer/duplicate/${h.id}`, advisor);
    expect(dup.status).toBe(201);
    const copy = H.Household.parse(dup.body.data);
    const copyMe = copy.members.find((m) => m.relation === 'me')?.id;
    const copySpouse = copy.members.find((m) => m.relation === 'spouse')?.id;
    const [original] = (await whole(h.id)).rows;
    const [copied] = (await whole(copy.id)).rows;
    expect(copied?.id).not.toBe(original?.id);
    expect([copied?.member_id, copied?.payer_id, copied?.owners]).toEqual([
      copyMe,
      copySpouse,
      [expect.objectContaining({ owner_id: copySpouse, percentage: 100 })],
    ]);
    expect(
      copied?.benefits.map((b) => [b.type, b.insurance_id === copied.id, b.coverage_id === copied.coverages[0]?.id]),
    ).toEqual([['Death', true, true]]);
    expect(copied?.beneficiaries.map((b) => [b.name, b.insurance_id === copied.id])).toEqual([['Sam Tan', true]]);
    // the original is untouched, and deleting the copy's policy leaves the original's children alone
    expect((await call('DELETE', `customer/insurance/${copied?.id}`, advisor)).status).toBe(200);
    expect((await whole(h.id)).rows[0]?.benefits).toHaveLength(1);
  });

  it("a stored household's calculations include its policies: premiums, paid to date, cover by member", async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me, { premium: 2400, frequency: 'annual', policy_date: '2020-01-15' });
    const benefit = await create('insurance-coverage-benefit', {
      lead_id: h.id,
      insurance_id: p.id,
      type: 'Death',
      expiry_age: 99,
      duration: 1,
      payout: { lump_sum_payout: SGD(500000) },
    });
    expect(benefit.status).toBe(201);
    const asOf = '2026-01-01';
    const tables = await call('POST', 'customer/calculate/data-tables', advisor, { household_id: h.id, as_of: asOf });
    expect(tables.status).toBe(200);
    const rows = tables.body.data.rows as Array<{ year: number; premiums: number }>;
    // one annual premium of 2,400 on 15 January of each year the policy runs
    expect(rows.filter((r) => r.year <= 2028).map((r) => [r.year, r.premiums])).toEqual([
      [2026, 2400],
      [2027, 2400],
      [2028, 2400],
    ]);
    const finance = await call('POST', 'customer/calculate/finance', advisor, { household_id: h.id, as_of: asOf });
    expect(finance.status).toBe(200);
    // 2020-01-15 … 2025-01-15: six premiums paid before the plan's date
    expect(finance.body.data.premiums).toEqual([expect.objectContaining({ id: p.id, paid_to_date: 6 * 2400 })]);
    expect(finance.body.data.coverage[h.me]).toMatchObject({ Death: 500000 });
  });

  it('a policy is stored with the spec defaults, read back with its tooltip figures, patched without resetting defaults', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me, { frequency: 'monthly', premium: 200 });
    expect(p).toMatchObject({
      plan_id: 'custom',
      frequency: 'monthly',
      payment_type: 'cash',
      premium_loading: 0,
      integrated_plan: { type: 'basic' },
      retirement: { maturity_age: 100, growth_rate: 5 },
      premium_detail: { spread_over_years: 2, ignore_total_premium_paid: false },
      owners: [],
      unpaid_at: [],
      lead_id: h.id,
      position: 0,
    });
    const annual = await newPolicy(h.id, h.me, { retirement: { maturity_age: 65 } });
    expect(annual.frequency).toBe('annual');
    const patched = await call('PATCH', `customer/insurance/${p.id}`, advisor, {
      premium: 250,
      policy_number: 'P-1',
      premium_end_date: '2040-01-15',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ premium: 250, frequency: 'monthly', policy_number: 'P-1' });
    // null removes an optional field (a defaulted one gets its default back); a required field cannot be removed
    const cleared = await call('PATCH', `customer/insurance/${p.id}`, advisor, {
      policy_number: null,
      premium_end_date: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('policy_number');
    expect(cleared.body.data).toMatchObject({ premium: 250, frequency: 'monthly' });
    const reset = await call('PATCH', `customer/insurance/${annual.id}`, advisor, { frequency: 'monthly' });
    expect(reset.body.data.frequency).toBe('monthly');
    const back = await call('PATCH', `customer/insurance/${annual.id}`, advisor, { frequency: null });
    expect(back.body.data.frequency).toBe('annual');
    const required = await call('PATCH', `customer/insurance/${p.id}`, advisor, { premium: null });
    expect([required.status, fieldsOf(required.body)]).toEqual([400, ['premium']]);
    const list = await whole(h.id);
    expect(list.total).toBe(2);
    const [first, second] = list.rows;
    expect(first).toMatchObject({
      id: p.id,
      insured_name: 'Alex Tan',
      insured_age: 40,
      years_to_mature: 60,
      maturity_year: new Date().getUTCFullYear() + 60,
      annualised_premium: 3000,
      share: 1,
    });
    expect(second).toMatchObject({ id: annual.id, years_to_mature: 25, annualised_premium: 2400 });
    // the insured's own name on the policy wins; an insured of unknown age shows NA figures (null)
    const joint = await newPolicy(h.id, h.joint, { insured: 'Alex & Sam' });
    const j = (await whole(h.id, `?member_id=${h.joint}`)).rows;
    expect(j.map((r) => [r.id, r.insured_name, r.insured_age, r.maturity_year, r.years_to_mature])).toEqual([
      [joint.id, 'Alex & Sam', null, null, null],
    ]);
    // every write announces the household change (live updates)
    const events = await t.svc.ctx
      .db('outbox')
      .where({ type: 'planning.household.changed.v1' })
      .whereRaw("payload->>'household_id' = ?", [h.id]);
    expect(events.map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload).section)).toEqual(
      expect.arrayContaining(['insurance']),
    );
    expect(events.length).toBeGreaterThanOrEqual(4);
  });

  it('a custom plan needs its plan name; an unknown reference plan or company is a 400; members must be the household’s', async () => {
    const h = await newLead();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ plan_name: undefined }, 'plan_name'],
      [{ plan_id: randomUUID() }, 'plan_id'],
      [{ insurance_company: randomUUID() }, 'insurance_company'],
      [{ payer_id: randomUUID() }, 'payer_id'],
      [{ member_id: randomUUID() }, 'member_id'],
      [{ frequency: 'weekly' }, 'frequency'],
      [{ premium_end_date: '2019-01-01' }, 'premium_end_date'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ current_saving: { currency: 'XYZ', cash_value: 1 } }, 'current_saving.currency'],
      // an unknown key is named (issue 30 item 6: one rule for every service)
      [{ name: 'x' }, 'name'],
    ];
    for (const [extra, field] of cases) {
      const res = await create('insurance', policyBody(h.id, h.me, extra));
      expect([field, res.status]).toEqual([field, 400]);
      expect([field, fieldsOf(res.body)]).toEqual([field, expect.arrayContaining([field])]);
    }
    expect((await whole(h.id)).total).toBe(0);
  });

  it('every child kind: create, list, patch and delete; it must name a policy of the same household', async () => {
    const h = await newLead();
    const elsewhere = await newLead();
    const p = await newPolicy(h.id, h.me);
    const foreign = await newPolicy(elsewhere.id, elsewhere.me);
    for (const [path, s] of Object.entries(childSamples(p.id, h.me))) {
      const res = await create(path, { lead_id: h.id, ...s.body });
      expect([path, res.status]).toEqual([path, 201]);
      const id = res.body.data.id;
      const list = await call('GET', `customer/${h.id}/${path}`, advisor);
      expect([path, list.status, list.body.data.rows.map((r: { id: string }) => r.id)]).toEqual([path, 200, [id]]);
      const patched = await call('PATCH', `customer/${path}/${id}`, advisor, s.patch);
      expect([path, patched.status]).toEqual([path, 200]);
      expect(patched.body.data).toMatchObject(s.patch);
      if ('insurance_id' in s.body) {
        const wrong = await create(path, { lead_id: h.id, ...s.body, insurance_id: foreign.id });
        expect([path, wrong.status, fieldsOf(wrong.body)]).toEqual([path, 400, ['insurance_id']]);
      }
      const del = await call('DELETE', `customer/${path}/${id}`, advisor);
      expect([path, del.status]).toEqual([path, 200]);
      expect((await call('GET', `customer/${h.id}/${path}`, advisor)).body.data.total).toBe(0);
    }
  });

  it('child records get the spec defaults: payout period 1-5 every year paid out, custom cash transactions, custom plans', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me);
    const payout = await create('insurance-cash-payout', { lead_id: h.id, insurance_id: p.id, payout: SGD(800) });
    expect(payout.body.data).toMatchObject({
      type: 'dividend',
      period: { start: 1, end: 5 },
      dividend_frequency: 'every year',
      maturity_coupon_type: 'payout',
    });
    const tx = await create('insurance-transaction', {
      lead_id: h.id,
      insurance_id: p.id,
      transaction_date: '2024-05-05',
      amount: 10,
      currency: 'SGD',
    });
    expect(tx.body.data).toMatchObject({
      type: 'custom',
      transaction_type: 'installment',
      payment_type: 'cash',
      unpaid_at: [],
    });
    const rider = await create('insurance-plan-booster', {
      lead_id: h.id,
      insurance_id: p.id,
      name: 'R',
      currency: 'SGD',
    });
    expect(rider.body.data).toMatchObject({ type: 'rider', plan_id: 'custom', frequency: 'annual' });
    const backwards = await create('insurance-cash-payout', {
      lead_id: h.id,
      insurance_id: p.id,
      payout: SGD(1),
      period: { start: 4, end: 2 },
    });
    expect([backwards.status, fieldsOf(backwards.body)]).toEqual([400, ['period.end']]);
  });

  it('the whole-insurance read nests every child under its policy; deleting a policy deletes its children', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me);
    const keep = await newPolicy(h.id, h.spouse);
    const samples = childSamples(p.id, h.me);
    for (const [path, s] of Object.entries(samples))
      expect((await create(path, { lead_id: h.id, ...s.body })).status).toBe(201);
    const kept = await create('insurance-beneficiary', {
      lead_id: h.id,
      insurance_id: keep.id,
      name: 'Kid',
      percentage: 100,
    });
    expect(kept.status).toBe(201);
    const [row] = (await whole(h.id)).rows;
    expect(row?.id).toBe(p.id);
    for (const key of [
      'plans',
      'boosters',
      'coverages',
      'benefits',
      'cash_payouts',
      'beneficiaries',
      'contingent_owners',
      'transactions',
      'funds',
    ] as const)
      expect([key, (row?.[key] as unknown[] | undefined)?.length]).toEqual([key, 1]);
    expect(row?.benefits[0]).toMatchObject({ type: 'Death', benefit_position: 0, amount: 500000 });
    expect(row?.beneficiary_percentage_total).toBe(50);
    expect(row?.total_premium).toBe(2400 * 5);
    expect((await call('DELETE', `customer/insurance/${p.id}`, advisor)).status).toBe(200);
    for (const path of Object.keys(samples).filter(
      (x) => x !== 'insurance-coverage-target' && x !== 'insurance-beneficiary',
    ))
      expect([path, (await call('GET', `customer/${h.id}/${path}`, advisor)).body.data.total]).toEqual([path, 0]);
    expect((await call('GET', `customer/${h.id}/insurance-beneficiary`, advisor)).body.data.total).toBe(1);
    // removing the insured member removes their policies and the policies' children
    expect((await call('DELETE', `members/${h.spouse}`, advisor)).status).toBe(200);
    expect((await whole(h.id)).total).toBe(0);
    expect((await call('GET', `customer/${h.id}/insurance-beneficiary`, advisor)).body.data.total).toBe(0);
  });

  it.each(BENEFIT_CASES.map((c) => [`${c.type}${c.il ? ' (investment-linked)' : ''}`, c] as const))(
    '§5 %s: the accepted example is stored at its fixed position, the refused one is a 400 naming the field',
    async (_name, c) => {
      const h = await newLead();
      const p = await newPolicy(h.id, h.me);
      const base = { lead_id: h.id, insurance_id: p.id, type: c.type, ...(c.il ? { investment_linked: true } : {}) };
      const ok = await create('insurance-coverage-benefit', { ...base, ...c.ok });
      if (c.field === 'investment_linked') {
        expect(ok.status).toBe(400);
        expect(fieldsOf(ok.body)).toContain('investment_linked');
        const plain = await create('insurance-coverage-benefit', { ...base, investment_linked: false, ...c.ok });
        expect(plain.status).toBe(201);
        return;
      }
      expect([ok.status, ok.body.message]).toEqual([201, 'Saved']);
      const positions: Record<string, number> = {
        Death: 0,
        Disability: 1,
        'Major Illness': 2,
        'Early Critical Illness': 3,
        'Premium Waiver': 4,
        Medical: 5,
        'Personal Accident': 6,
        'Custom Benefit': -1,
      };
      expect(ok.body.data.benefit_position).toBe(positions[c.type]);
      const bad = await create('insurance-coverage-benefit', { ...base, ...c.bad });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toContain(c.field);
      const wrongPosition = await create('insurance-coverage-benefit', {
        ...base,
        ...c.ok,
        benefit_position: positions[c.type] === 6 ? 5 : 6,
      });
      expect([wrongPosition.status, fieldsOf(wrongPosition.body)]).toEqual([400, ['benefit_position']]);
      const [stored] = (await whole(h.id)).rows;
      expect(stored?.benefits.map((b) => b.id)).toEqual([ok.body.data.id]);
    },
  );

  it('a patch is checked as the whole benefit: a Death benefit turned into Personal Accident needs its medical_amount', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me);
    const death = await create('insurance-coverage-benefit', {
      lead_id: h.id,
      insurance_id: p.id,
      type: 'Death',
      expiry_age: 70,
      duration: 1,
      payout: { lump_sum_payout: SGD(100000) },
    });
    expect(death.status).toBe(201);
    const id = death.body.data.id;
    const refused = await call('PATCH', `customer/insurance-coverage-benefit/${id}`, advisor, {
      type: 'Personal Accident',
    });
    expect([refused.status, fieldsOf(refused.body)]).toEqual([400, ['medical_amount']]);
    const turned = await call('PATCH', `customer/insurance-coverage-benefit/${id}`, advisor, {
      type: 'Personal Accident',
      medical_amount: SGD(5000),
    });
    expect(turned.status).toBe(200);
    expect(turned.body.data).toMatchObject({ type: 'Personal Accident', benefit_position: 6 });
    const il = await call('PATCH', `customer/insurance-coverage-benefit/${id}`, advisor, { investment_linked: true });
    expect([il.status, fieldsOf(il.body)]).toEqual([400, ['investment_linked']]);
  });

  it('a benefit may belong to a coverage of its own policy only; medical rnb takes the three classes or an amount', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me);
    const q = await newPolicy(h.id, h.me);
    const cov = (await create('insurance-coverage', { lead_id: h.id, insurance_id: q.id, member_id: h.spouse })).body
      .data;
    const medical = { type: 'Medical', expiry_age: 100, medical: { currency: 'SGD', rnb: 'Ward X' } };
    const bad = await create('insurance-coverage-benefit', { lead_id: h.id, insurance_id: p.id, ...medical });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)[0]).toMatch(/^medical\.rnb/);
    const wrongCoverage = await create('insurance-coverage-benefit', {
      lead_id: h.id,
      insurance_id: p.id,
      coverage_id: cov.id,
      ...medical,
      medical: { currency: 'SGD', rnb: 'Private' },
    });
    expect([wrongCoverage.status, fieldsOf(wrongCoverage.body)]).toEqual([400, ['coverage_id']]);
    const ok = await create('insurance-coverage-benefit', {
      lead_id: h.id,
      insurance_id: q.id,
      coverage_id: cov.id,
      ...medical,
      medical: { currency: 'SGD', rnb: 'B-Class (Public)', annual_limit: -1 },
    });
    expect(ok.status).toBe(201);
    // deleting the coverage deletes its benefits
    expect((await call('DELETE', `customer/insurance-coverage/${cov.id}`, advisor)).status).toBe(200);
    expect((await call('GET', `customer/${h.id}/insurance-coverage-benefit`, advisor)).body.data.total).toBe(0);
  });

  it('percentages: beneficiaries and contingent owners of a policy total at most 100; policy owners exactly 100', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me);
    const b = (percentage: number, insurance_id = p.id) =>
      create('insurance-beneficiary', { lead_id: h.id, insurance_id, name: 'B', percentage });
    const sixty = await b(60);
    expect(sixty.status).toBe(201);
    expect((await b(40)).status).toBe(201);
    const over = await b(0.5);
    expect([over.status, fieldsOf(over.body)]).toEqual([400, ['percentage']]);
    expect(over.body.message).toContain('100.5');
    // another policy has its own 100
    expect((await b(100, (await newPolicy(h.id, h.me)).id)).status).toBe(201);
    const raise = await call('PATCH', `customer/insurance-beneficiary/${sixty.body.data.id}`, advisor, {
      percentage: 61,
    });
    expect([raise.status, fieldsOf(raise.body)]).toEqual([400, ['percentage']]);
    const lower = await call('PATCH', `customer/insurance-beneficiary/${sixty.body.data.id}`, advisor, {
      percentage: 50,
    });
    expect(lower.status).toBe(200);
    expect((await whole(h.id)).rows[0]?.beneficiary_percentage_total).toBe(90);
    const co = (percentage: number) =>
      create('insurance-contingent-owner', { lead_id: h.id, insurance_id: p.id, name: 'C', percentage });
    expect((await co(70)).status).toBe(201);
    expect((await co(31)).status).toBe(400);
    const member = await create('insurance-beneficiary', {
      lead_id: h.id,
      insurance_id: p.id,
      beneficiary_id: randomUUID(),
      name: 'X',
      percentage: 1,
    });
    expect([member.status, fieldsOf(member.body)]).toEqual([400, ['beneficiary_id']]);
    const owners = (a: number, c: number) => [
      { owner_id: h.me, name: 'Alex', percentage: a },
      { owner_id: h.spouse, name: 'Sam', percentage: c },
    ];
    const badOwners = await create('insurance', policyBody(h.id, h.me, { owners: owners(60, 30) }));
    expect([badOwners.status, fieldsOf(badOwners.body)]).toEqual([400, ['owners']]);
    const okOwners = await create('insurance', policyBody(h.id, h.me, { owners: owners(60, 40) }));
    expect(okOwners.status).toBe(201);
    const patchOwners = await call('PATCH', `customer/insurance/${okOwners.body.data.id}`, advisor, {
      owners: owners(60, 41),
    });
    expect([patchOwners.status, fieldsOf(patchOwners.body)]).toEqual([400, ['owners']]);
  });

  it('§6: a non-owner’s view is scaled to their share; an owner sees their percentage; the joint view the whole', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me, {
      premium: 1000,
      current_saving: { currency: 'SGD', cash_value: 20000 },
      projected_maturity_value: 100000,
      owners: [
        { owner_id: h.me, name: 'Alex', percentage: 75 },
        { owner_id: h.spouse, name: 'Sam', percentage: 25 },
      ],
    });
    const single = await newPolicy(h.id, h.me, { premium: 500 });
    const view = async (member: string) => (await whole(h.id, `?view=${member}`)).rows;
    const spouse = await view(h.spouse);
    expect(spouse.find((r) => r.id === p.id)).toMatchObject({
      share: 0.25,
      view: { premium: 250, annualised_premium: 250, cash_value: 5000, projected_maturity_value: 25000 },
    });
    // without owners the policy is its payer's (the insured's): the spouse holds no share of it
    expect(spouse.find((r) => r.id === single.id)).toMatchObject({ share: 0, view: { premium: 0 } });
    expect((await view(h.me)).find((r) => r.id === p.id)?.share).toBe(0.75);
    expect((await view(h.joint)).find((r) => r.id === p.id)?.view.premium).toBe(1000);
    const bad = await call('GET', `customer/${h.id}/insurance?view=${randomUUID()}`, advisor);
    expect([bad.status, fieldsOf(bad.body)]).toEqual([400, ['view']]);
  });

  it('premium dates step by the frequency: end dates and unpaid dates off the steps are refused; a single premium is one payment', async () => {
    const h = await newLead();
    const quarterly = await newPolicy(h.id, h.me, { frequency: 'quarterly', premium: 600 });
    const single = await newPolicy(h.id, h.me, { frequency: 'single', premium: 50000 });
    const tx = (insurance_id: string, extra: Record<string, unknown>) =>
      create('insurance-transaction', {
        lead_id: h.id,
        insurance_id,
        type: 'premium',
        amount: 600,
        currency: 'SGD',
        transaction_start_date: '2021-01-31',
        ...extra,
      });
    const cases: Array<[string, Record<string, unknown>, string | null]> = [
      [quarterly.id, { transaction_end_date: '2022-01-31' }, null],
      [quarterly.id, { transaction_end_date: '2021-10-31', unpaid_at: ['2021-04-30'] }, null],
      [quarterly.id, { transaction_end_date: '2022-02-28' }, 'transaction_end_date'],
      [quarterly.id, { transaction_end_date: '2020-01-31' }, 'transaction_end_date'],
      [quarterly.id, { transaction_end_date: '2021-10-31', unpaid_at: ['2021-05-31'] }, 'unpaid_at.0'],
      [quarterly.id, { transaction_start_date: undefined }, 'transaction_start_date'],
      [quarterly.id, { type: 'custom', transaction_start_date: undefined }, 'transaction_date'],
      [quarterly.id, { type: 'custom', transaction_date: '2021-03-03' }, null],
      [single.id, { amount: 50000 }, null],
      [single.id, { transaction_end_date: '2021-01-31' }, null],
      [single.id, { transaction_end_date: '2022-01-31' }, 'transaction_end_date'],
    ];
    for (const [policy, extra, field] of cases) {
      const res = await tx(policy, extra);
      if (field === null) expect([extra, res.status]).toEqual([extra, 201]);
      else expect([extra, res.status, fieldsOf(res.body)]).toEqual([extra, 400, [field]]);
    }
    const single2 = await tx(single.id, { transaction_end_date: '2022-01-31' });
    expect(single2.body.message).toContain('single premium is one payment');
    // the policy's own unpaid dates must be its premium dates too
    const off = await create(
      'insurance',
      policyBody(h.id, h.me, { frequency: 'semi_annual', unpaid_at: ['2020-03-15'] }),
    );
    expect([off.status, fieldsOf(off.body)]).toEqual([400, ['unpaid_at.0']]);
    const on = await create(
      'insurance',
      policyBody(h.id, h.me, { frequency: 'semi_annual', unpaid_at: ['2020-07-15'] }),
    );
    expect(on.status).toBe(201);
    // a patch changing the frequency re-checks the unpaid dates against the new steps
    const re = await call('PATCH', `customer/insurance/${on.body.data.id}`, advisor, { frequency: 'annual' });
    expect([re.status, fieldsOf(re.body)]).toEqual([400, ['unpaid_at.0']]);
  });

  it('the premium schedule from stored transactions equals the engine’s schedule for the same policy', async () => {
    const h = await newLead();
    for (const [frequency, end, unpaid] of [
      ['monthly', '2021-12-31', ['2021-02-28', '2021-07-31']],
      ['quarterly', '2025-10-31', []],
      ['semi_annual', '2030-07-31', ['2026-01-31']],
      ['annual', '2040-01-31', ['2022-01-31']],
      ['single', '2020-01-31', []],
    ] as const) {
      const policy = {
        frequency,
        premium: 1000,
        premium_loading: 10,
        policy_date: '2020-01-31',
        premium_end_date: end,
        unpaid_at: [...unpaid],
      };
      const p = await newPolicy(h.id, h.me, policy);
      // the advisor records the premiums as paid: one premium run at the loaded amount
      const tx = await create('insurance-transaction', {
        lead_id: h.id,
        insurance_id: p.id,
        type: 'premium',
        transaction_start_date: '2020-01-31',
        transaction_end_date: premiumSchedule({ ...policy, unpaid_at: [] }).at(-1)?.date,
        unpaid_at: [...unpaid],
        amount: 1100,
        currency: 'SGD',
      });
      expect([frequency, tx.status, tx.body.message]).toEqual([frequency, 201, 'Saved']);
      const res = await call(
        'GET',
        `customer/insurance-projections-tables?lead_id=${h.id}&insurance_id=${p.id}`,
        advisor,
      );
      expect(res.status).toBe(200);
      const [table] = I.ProjectionsReply.parse(res.body).data;
      expect(table?.premium_source).toBe('transactions');
      const engine = premiumSchedule({ ...policy }).map((s) => ({
        date: s.date,
        amount: Math.round(s.amount * 100) / 100,
        policy_year: s.policy_year,
      }));
      expect([frequency, table?.premium_schedule]).toEqual([frequency, engine]);
      if (frequency === 'single') expect(engine).toHaveLength(1);
    }
  });

  it('positions: policies, plans and benefits keep the order of a bulk update after reload; other kinds have no position call', async () => {
    const h = await newLead();
    const policies = [];
    for (let i = 0; i < 4; i++) policies.push(await newPolicy(h.id, h.me, { plan_name: `Plan ${i}` }));
    const reversed = [...policies].reverse();
    const announced = async () => (await sections(h.id)).filter((x) => x === 'insurance').length;
    const before = await announced();
    const moved = await call('PATCH', 'customer/bulk-update/insurance/positions', advisor, {
      lead_id: h.id,
      positions: reversed.map((p, position) => ({ id: p.id, position })),
    });
    expect([moved.status, moved.body.message]).toEqual([200, 'Positions saved']);
    expect(await announced()).toBe(before + 1); // the move is announced (live updates)
    expect((await whole(h.id)).rows.map((r) => r.id)).toEqual(reversed.map((p) => p.id));
    const p = policies[0] as { id: string };
    for (const [path, body] of [
      ['insurance-plan', { insurance_id: p.id, currency: 'SGD' }],
      ['insurance-coverage-benefit', { insurance_id: p.id, type: 'Premium Waiver', premium_waiver: { payer: true } }],
    ] as const) {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await create(path, { lead_id: h.id, ...body })).body.data.id);
      const order = [ids[2], ids[0], ids[1]] as string[];
      const res = await call('PATCH', `customer/bulk-update/${path}/positions`, advisor, {
        lead_id: h.id,
        positions: order.map((id, position) => ({ id, position })),
      });
      expect([path, res.status]).toEqual([path, 200]);
      const list = await call('GET', `customer/${h.id}/${path}`, advisor);
      expect([path, list.body.data.rows.map((r: { id: string }) => r.id)]).toEqual([path, order]);
      const nested = (await whole(h.id)).rows.find((r) => r.id === p.id);
      const key = path === 'insurance-plan' ? 'plans' : 'benefits';
      expect([path, (nested?.[key] as Array<{ id: string }> | undefined)?.map((r) => r.id)]).toEqual([path, order]);
    }
    // an id of another household changes nothing
    const elsewhere = await newLead();
    const foreign = await newPolicy(elsewhere.id, elsewhere.me);
    const mixed = await call('PATCH', 'customer/bulk-update/insurance/positions', advisor, {
      lead_id: h.id,
      positions: [
        { id: p.id, position: 0 },
        { id: foreign.id, position: 1 },
      ],
    });
    expect(mixed.status).toBe(404);
    expect((await whole(h.id)).rows.map((r) => r.id)).toEqual(reversed.map((x) => x.id));
    const none = await call('PATCH', 'customer/bulk-update/insurance-beneficiary/positions', advisor, {
      lead_id: h.id,
      positions: [{ id: p.id, position: 0 }],
    });
    expect(none.status).toBe(404);
  });

  it('coverage by member: cover per benefit type, from which policies, until what age, and the gap to the target', async () => {
    const h = await newLead();
    const life = await newPolicy(h.id, h.me, { plan_name: 'Whole Life' });
    const term = await newPolicy(h.id, h.me, { plan_name: 'Term 65', currency: 'RM' });
    const family = await newPolicy(h.id, h.me, { plan_name: 'Family Shield' });
    const benefit = (insurance_id: string, extra: Record<string, unknown>) =>
      create('insurance-coverage-benefit', { lead_id: h.id, insurance_id, ...extra });
    expect(
      (await benefit(life.id, { type: 'Death', expiry_age: 99, duration: 1, payout: { lump_sum_payout: SGD(300000) } }))
        .status,
    ).toBe(201);
    expect(
      (
        await benefit(term.id, {
          type: 'Death',
          expiry_age: 65,
          duration: 1,
          payout: { lump_sum_payout: { currency: 'SGD', amount: 200000 } },
        })
      ).status,
    ).toBe(201);
    // expired at the insured's age (40): not counted
    expect(
      (await benefit(term.id, { type: 'Death', expiry_age: 40, duration: 1, payout: { lump_sum_payout: SGD(999) } }))
        .status,
    ).toBe(201);
    expect(
      (
        await benefit(life.id, {
          type: 'Disability',
          expiry_age: 65,
          duration: 10,
          payout: { regular: { currency: 'SGD', monthly_amount: 1000 } },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await benefit(life.id, {
          type: 'Medical',
          expiry_age: 100,
          medical: { currency: 'SGD', rnb: 'Private', annual_limit: -1 },
        })
      ).status,
    ).toBe(201);
    // the family policy covers the spouse through a coverage
    const cov = (await create('insurance-coverage', { lead_id: h.id, insurance_id: family.id, member_id: h.spouse }))
      .body.data;
    expect(
      (
        await benefit(family.id, {
          coverage_id: cov.id,
          type: 'Major Illness',
          expiry_age: 75,
          duration: 1,
          payout: { lump_sum_payout: SGD(100000) },
        })
      ).status,
    ).toBe(201);
    const target = (member_id: string, benefit_type: string, amount: number, currency = 'SGD') =>
      create('insurance-coverage-target', { lead_id: h.id, member_id, benefit_type, amount, currency });
    expect((await target(h.me, 'Death', 1000000)).status).toBe(201);
    expect((await target(h.me, 'Medical', 500000)).status).toBe(201);
    expect((await target(h.spouse, 'Death', 348000, 'RM')).status).toBe(201);
    const dup = await target(h.me, 'Death', 1);
    expect([dup.status, fieldsOf(dup.body)]).toEqual([400, ['benefit_type']]);

    const res = await call('GET', `customer/insurance-coverage-by-member?lead_id=${h.id}`, advisor);
    expect(res.status).toBe(200);
    const data = I.CoverageByMemberReply.parse(res.body).data;
    expect(data.currency).toBe('SGD');
    const me = data.members.find((m) => m.member_id === h.me);
    expect(me?.rows.map((r) => r.benefit_type)).toEqual(['Death', 'Disability', 'Medical']);
    expect(me?.rows[0]).toMatchObject({
      name: 'Alex Tan',
      age: 40,
      cover: 500000,
      until_age: 99,
      target: 1000000,
      gap: 500000,
      policies: [
        { insurance_id: life.id, plan_name: 'Whole Life', amount: 300000, until_age: 99 },
        { insurance_id: term.id, plan_name: 'Term 65', amount: 200000, until_age: 65 },
      ],
    });
    expect(me?.rows[1]).toMatchObject({ cover: 120000, until_age: 65, target: null, gap: null });
    expect(me?.rows[2]).toMatchObject({ unlimited: true, target: 500000, gap: 0 });
    const spouse = data.members.find((m) => m.member_id === h.spouse);
    // 348,000 RM in SGD by the stored rate table (SGD 0.3016 to the RM); no death cover: the whole target is the gap
    expect(spouse?.rows).toEqual([
      expect.objectContaining({ benefit_type: 'Death', cover: 0, target: 104956.8, gap: 104956.8, until_age: null }),
      expect.objectContaining({ benefit_type: 'Major Illness', cover: 100000, until_age: 75, gap: null }),
    ]);
    // the advisor raises a target; the gap follows
    const targetId = me?.rows[0]?.target_id as string;
    expect(
      (await call('PATCH', `customer/insurance-coverage-target/${targetId}`, advisor, { amount: 600000 })).status,
    ).toBe(200);
    const again = I.CoverageByMemberReply.parse(
      (await call('GET', `customer/insurance-coverage-by-member?lead_id=${h.id}`, advisor)).body,
    ).data;
    expect(again.members.find((m) => m.member_id === h.me)?.rows[0]?.gap).toBe(100000);
  });

  it('insurance funds: allocations are balanced across every fund of the policy to 100; asset classes total 100', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me, { plan_type: 'investment-linked' });
    const fund = (name: string, extra: Record<string, unknown> = {}) =>
      create('insurance-fund', { lead_id: h.id, insurance_id: p.id, name, currency: 'SGD', ...extra });
    const a = (await fund('Equity', { asset_class: { equity: 90, bond: 5, others: 5 } })).body.data;
    const b = (await fund('Bond')).body.data;
    expect(a.more_info).toEqual({ dividend_declaration_type: 'units' });
    const badClass = await fund('Mixed', { asset_class: { equity: 50, bond: 20 } });
    expect([badClass.status, fieldsOf(badClass.body)]).toEqual([400, ['asset_class']]);
    const balance = (funds: Array<{ id: string; asset_balancing: number }>) =>
      call('PATCH', 'customer/insurance-fund-asset-balancing', advisor, { lead_id: h.id, insurance_id: p.id, funds });
    const short = await balance([
      { id: a.id, asset_balancing: 60 },
      { id: b.id, asset_balancing: 30 },
    ]);
    expect([short.status, fieldsOf(short.body)]).toEqual([400, ['funds']]);
    const missing = await balance([{ id: a.id, asset_balancing: 100 }]);
    expect([missing.status, fieldsOf(missing.body)]).toEqual([400, ['funds']]);
    const ok = await balance([
      { id: a.id, asset_balancing: 70 },
      { id: b.id, asset_balancing: 30 },
    ]);
    expect([ok.status, ok.body.message]).toEqual([200, 'Asset balancing saved']);
    const before = (await sections(h.id)).filter((x) => x === 'insurance-fund').length;
    expect(before).toBe(3); // two fund saves and the balancing
    const funds = (await call('GET', `customer/${h.id}/insurance-fund`, advisor)).body.data.rows;
    expect(funds.map((f: { asset_balancing: number }) => f.asset_balancing)).toEqual([70, 30]);
    expect((await balance([{ id: a.id, asset_balancing: 100 }])).status).toBe(400);
    const foreign = await call('PATCH', 'customer/insurance-fund-asset-balancing', other, {
      lead_id: h.id,
      insurance_id: p.id,
      funds: [{ id: a.id, asset_balancing: 100 }],
    });
    expect(foreign.status).toBe(404);
  });

  it('projection tables: premiums by year, cumulative premiums, cash value at the growth rate, payouts in their period, cover by type', async () => {
    const h = await newLead();
    const year = new Date().getUTCFullYear();
    const p = await newPolicy(h.id, h.me, {
      policy_date: `${year}-06-01`,
      premium: 1000,
      premium_end_date: `${year + 9}-06-01`,
      current_saving: { currency: 'SGD', cash_value: 10000 },
      retirement: { maturity_age: 60, growth_rate: 4 },
    });
    expect(
      (
        await create('insurance-cash-payout', {
          lead_id: h.id,
          insurance_id: p.id,
          payout: SGD(500),
          period: { start: 2, end: 3 },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await create('insurance-coverage-benefit', {
          lead_id: h.id,
          insurance_id: p.id,
          type: 'Death',
          expiry_age: 50,
          duration: 1,
          payout: { lump_sum_payout: SGD(100000) },
        })
      ).status,
    ).toBe(201);
    const res = await call('GET', `customer/insurance-projections-tables?lead_id=${h.id}`, customer);
    expect(res.status).toBe(404);
    const mine = await call('GET', `customer/insurance-projections-tables?lead_id=${h.id}`, advisor);
    const [table] = I.ProjectionsReply.parse(mine.body).data;
    expect(table?.premium_source).toBe('policy');
    expect(table?.premium_schedule).toHaveLength(10);
    expect(table?.years).toHaveLength(21);
    expect(table?.years[0]).toMatchObject({
      year,
      age: 40,
      policy_year: 1,
      premium: 1000,
      cash_value: 10000,
      payouts: 0,
    });
    expect(table?.years[1]).toMatchObject({
      policy_year: 2,
      cumulative_premium: 2000,
      cash_value: 10400,
      payouts: 500,
    });
    expect(table?.years[2]?.payouts).toBe(500);
    expect(table?.years[3]?.payouts).toBe(0);
    expect(table?.years[9]?.cover).toEqual({ Death: 100000 });
    expect(table?.years[10]?.cover).toEqual({});
    expect(table?.years[10]?.premium).toBe(0);
    const unknown = await call(
      'GET',
      `customer/insurance-projections-tables?lead_id=${h.id}&insurance_id=${randomUUID()}`,
      advisor,
    );
    expect([unknown.status, fieldsOf(unknown.body)]).toEqual([400, ['insurance_id']]);
  });

  it('issue 31 (10): premiums paid to date is one figure in the policy list and the projection tables, from the schedule or the transactions', async () => {
    const h = await newLead();
    const p = await newPolicy(h.id, h.me, {
      premium: 2400,
      frequency: 'annual',
      policy_date: '2020-01-15',
      unpaid_at: ['2022-01-15'],
    });
    // by hand: 2,400 on 15 January of every year from 2020 up to today, less the unpaid 2022 premium
    const todayIso = new Date().toISOString().slice(0, 10);
    const due = premiumSchedule({ premium: 2400, frequency: 'annual', policy_date: '2020-01-15' }).filter(
      (x) => x.date <= todayIso,
    );
    const expected = (due.length - 1) * 2400;
    expect(expected).toBeGreaterThanOrEqual(5 * 2400);
    const paid = async () => {
      const list = (await whole(h.id)).rows.find((x) => x.id === p.id);
      const tables = I.ProjectionsReply.parse(
        (await call('GET', `customer/insurance-projections-tables?lead_id=${h.id}&insurance_id=${p.id}`, advisor)).body,
      ).data[0];
      return {
        list: [list?.total_premium, list?.premium_source],
        tables: [tables?.premiums_paid_to_date, tables?.premium_source],
      };
    };
    expect(await paid()).toEqual({ list: [expected, 'policy'], tables: [expected, 'policy'] });
    // the engine's figure for the plan (calculate/finance, as of today) is the same schedule's
    const finance = await call('POST', 'customer/calculate/finance', advisor, { household_id: h.id });
    expect(finance.body.data.premiums).toEqual([expect.objectContaining({ id: p.id, paid_to_date: expected })]);
    // stored premium transactions replace the policy's schedule, in both replies
    const tx = await create('insurance-transaction', {
      lead_id: h.id,
      insurance_id: p.id,
      type: 'custom',
      transaction_date: '2021-06-01',
      amount: 5000,
      currency: 'SGD',
    });
    expect(tx.status).toBe(201);
    expect(await paid()).toEqual({ list: [5000, 'transactions'], tables: [5000, 'transactions'] });
  });

  it('access sweep: no session 401, owning advisor ok, second advisor 404, its customer reads only, another customer 404, admin 403', async () => {
    const h = await newLead();
    await t.svc.ctx.db('households').where({ id: h.id }).update({ customer_user_id: customer.userId });
    const p = await newPolicy(h.id, h.me);
    const samples = childSamples(p.id, h.me);
    const ids: Record<string, string> = { insurance: p.id };
    for (const [path, s] of Object.entries(samples)) {
      const res = await create(path, { lead_id: h.id, ...s.body });
      expect([path, res.status]).toEqual([path, 201]);
      ids[path] = res.body.data.id;
    }
    const fund = ids['insurance-fund'] as string;
    const reads: string[] = [
      ...['insurance', ...Object.keys(samples)].map((path) => `customer/${h.id}/${path}`),
      `customer/insurance-coverage-by-member?lead_id=${h.id}`,
      `customer/insurance-projections-tables?lead_id=${h.id}`,
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
    expect((await whole(customer.userId, '', customer)).rows.map((r) => r.id)).toEqual([p.id]);
    expect(await status('GET', `customer/insurance-coverage-by-member?lead_id=${customer.userId}`, customer)).toBe(200);
    for (const path of ['insurance/plan-types', 'insurance-plans-category', 'customer/insurance-plans']) {
      expect([path, await status('GET', path, null)]).toEqual([path, 401]);
      expect([path, await status('GET', path, admin)]).toEqual([path, 403]);
      expect([path, await status('GET', path, customer)]).toEqual([path, 200]);
    }
    const writes: Array<[string, string, unknown]> = [
      [
        'PATCH',
        'customer/insurance-fund-asset-balancing',
        { lead_id: h.id, insurance_id: p.id, funds: [{ id: fund, asset_balancing: 100 }] },
      ],
      ['POST', 'customer/insurance', policyBody(h.id, h.me)],
      ...Object.entries(samples).map(([path, s]): [string, string, unknown] => [
        'POST',
        `customer/${path}`,
        { lead_id: h.id, ...s.body, ...(path === 'insurance-coverage-target' ? { benefit_type: 'Medical' } : {}) },
      ]),
      ['PATCH', `customer/insurance/${p.id}`, { premium: 2500 }],
      ...Object.entries(samples).map(([path, s]): [string, string, unknown] => [
        'PATCH',
        `customer/${path}/${ids[path]}`,
        s.patch,
      ]),
      ...['insurance', 'insurance-plan', 'insurance-coverage-benefit'].map((path): [string, string, unknown] => [
        'PATCH',
        `customer/bulk-update/${path}/positions`,
        { lead_id: h.id, positions: [{ id: ids[path], position: 2 }] },
      ]),
      ...Object.keys(samples).map((path): [string, string, unknown] => [
        'DELETE',
        `customer/${path}/${ids[path]}`,
        undefined,
      ]),
      ['DELETE', `customer/insurance/${p.id}`, undefined],
    ];
    for (const [m, path, body] of writes) {
      expect([m, path, await status(m, path, null, body)]).toEqual([m, path, 401]);
      expect([m, path, await status(m, path, other, body)]).toEqual([m, path, 404]);
      expect([m, path, await status(m, path, customer, body)]).toEqual([m, path, 403]);
      expect([m, path, await status(m, path, admin, body)]).toEqual([m, path, 403]);
      const st = await status(m, path, advisor, body);
      expect([m, path, st === 201 ? 200 : st]).toEqual([m, path, 200]);
    }
    // a malformed or unknown record id is a 404, never a 5xx
    expect(await status('PATCH', 'customer/insurance/not-a-uuid', advisor, { premium: 1 })).toBe(404);
    expect(await status('DELETE', `customer/insurance-coverage-benefit/${randomUUID()}`, advisor)).toBe(404);
    expect(await status('GET', `customer/${randomUUID()}/insurance`, advisor)).toBe(404);
  });
});
