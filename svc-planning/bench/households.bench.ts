import { randomUUID } from 'node:crypto';
import { startTestService, testIdentity } from '@kinfolio/service-kit';
import { type ListQuery, listHouseholds } from '../src/households/repository';
import { planningModule } from '../src/module';
import { benchGateway, p95 } from './harness';

const KINDS = [
  [
    'member_incomes',
    (m: string) => ({ member_id: m, kind: 'gross income', amount: 4000, currency: 'SGD', frequency: 'monthly' }),
  ],
  [
    'member_expenses',
    (m: string) => ({ member_id: m, category: 'food', amount: 500, currency: 'SGD', frequency: 'monthly' }),
  ],
  ['member_living_expenses', () => ({ amount: 900, currency: 'SGD', frequency: 'monthly' })],
  ['member_savings', (m: string) => ({ member_id: m, amount: 300, currency: 'SGD', frequency: 'monthly' })],
  ['goals', () => ({ type: 'car', year_from: 2030, year_to: 2030, amount: 50000, currency: 'SGD' })],
  ['dreams', () => ({ title: 'Retire early', question_answers: [{ question: 'When?', answer: 'At 55' }] })],
] as const;
const NAMES = ['Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Wong', 'Goh', 'Chua', 'Koh', 'Teo'];
/** Issue 12: 8 policies of 4 benefits each per household, each with a premium transaction run. */
const POLICIES = 8;
const BENEFITS: Array<(i: number) => Record<string, unknown>> = [
  () => ({
    type: 'Death',
    benefit_position: 0,
    expiry_age: 99,
    duration: 1,
    payout: { lump_sum_payout: { currency: 'SGD', amount: 200000 } },
  }),
  () => ({
    type: 'Major Illness',
    benefit_position: 2,
    expiry_age: 85,
    duration: 1,
    payout: { lump_sum_payout: { currency: 'SGD', amount: 100000 } },
  }),
  () => ({
    type: 'Medical',
    benefit_position: 5,
    expiry_age: 100,
    medical: { currency: 'SGD', rnb: 'Private', annual_limit: -1 },
  }),
  (i) => ({
    type: 'Disability',
    benefit_position: 1,
    expiry_age: 65,
    duration: 5 + (i % 10),
    payout: { regular: { currency: 'SGD', monthly_amount: 2000, show: true } },
  }),
];

/** Issue 13: the balance-sheet tables seeded for every household. */
const BALANCE_SHEET_SEEDED = [
  'saving_funds',
  'portfolio_funds',
  'portfolio_fund_details',
  'pension_accounts',
  'debts',
  'debt_rental_incomes',
];
/** Issue 13: 6 funds (3 savings or cash, 3 portfolios of 2 holdings), 2 CPF accounts, a mortgage with a rental, a car loan, a property. */
function seedBalanceSheet(
  records: Map<string, Record<string, unknown>[]>,
  advisorId: string,
  householdId: string,
  memberIds: string[],
): void {
  const add = (table: string, data: Record<string, unknown>, position: number, memberId: string | null = null) => {
    const id = randomUUID();
    records.get(table)?.push({
      id,
      advisor_id: advisorId,
      household_id: householdId,
      member_id: memberId,
      position,
      data: JSON.stringify(data),
    });
    return id;
  };
  const [me, spouse] = memberIds as [string, string];
  for (let k = 0; k < 3; k++)
    add(
      'saving_funds',
      { kind: k ? 'savings' : 'cash', currency: 'SGD', current_value: 10000 + k, owner: me, owners: [] },
      k,
    );
  for (let k = 0; k < 3; k++) {
    const fund = add('portfolio_funds', { currency: 'SGD', current_value: 20000 + k, owners: [] }, k);
    for (let h = 0; h < 2; h++)
      add(
        'portfolio_fund_details',
        {
          portfolio_fund_id: fund,
          holding_type: 'fund',
          name: `Fund ${h}`,
          currency: 'SGD',
          units: 100,
          price: 1.5,
          value: 150,
          more_info: { dividend_declaration_type: 'units' },
        },
        h,
      );
  }
  const pension = {
    type: 'CPF',
    currency: 'SGD',
    cpf_oa: 50000,
    special: 20000,
    medisave: 15000,
    contribution_growth_rate: 5.5,
    cpf_contribution_growth_rate: { oa: 2.5, sa_ma: 4, ra: 5 },
    monthly_contribution: { salary: 5000, employer_percentage: 17, employee_percentage: 20, self_employed: false },
    cpf_property_pledge: false,
    post_retirement_contribution: { contribution: false, start_age: 60, end_age: 75 },
    cpf_life_plan: 'basic',
    cpf_payout_age: 65,
    retirement_age: 55,
  };
  add('pension_accounts', { ...pension, member_id: me }, 0, me);
  add('pension_accounts', { ...pension, member_id: spouse }, 1, spouse);
  const debt = {
    currency: 'SGD',
    loan_type: 'annuity',
    repayment: { frequency: 'monthly' },
    using_pension: false,
    using_pension_for_repayment: false,
    own_stay: true,
    recession_sensitivity: 30,
    cpf_growth_rate: 2.5,
  };
  const mortgage = add(
    'debts',
    {
      ...debt,
      type: 'mortgage',
      original_loan: 500000,
      loan_interest: 2.6,
      loan_tenure: 30,
      starting_year: 2020,
      purchase_price: 800000,
      market_value: 900000,
      future_selling_year: 2035,
      future_selling_price: 1100000,
      pension: { my_amount: 50000 },
      owners: [
        { owner_id: me, percentage: 50 },
        { owner_id: spouse, percentage: 50 },
      ],
    },
    0,
  );
  add(
    'debt_rental_incomes',
    { debt_id: mortgage, transaction_start_date: '2024-01-01', amount: 2500, currency: 'SGD' },
    0,
  );
  add(
    'debts',
    {
      ...debt,
      type: 'vehicle',
      owner: me,
      owners: [],
      original_loan: 80000,
      loan_interest: 2.8,
      loan_tenure: { year: 7, month: 0 },
      starting_year: 2023,
      maintenance: 100,
    },
    1,
  );
  add(
    'debts',
    {
      ...debt,
      type: 'property',
      owners: [],
      purchase_price: 600000,
      market_value: 750000,
      starting_year: 2015,
      future_selling_year: 2040,
      future_selling_price: 900000,
    },
    2,
  );
}

async function main() {
  // the service's own pool size (10, as in distributed mode), not the test harness's 5
  const t = await startTestService(planningModule, { infra: 'real', poolMax: 10 });
  // the gateway, as in production: its own process, sessions read from Redis
  const gw = await benchGateway(t, 'hh');
  const { call, sessionOf } = gw;
  const db = t.svc.ctx.db;
  const owner = testIdentity('advisor');
  const others = Array.from({ length: 50 }, () => testIdentity('advisor'));
  let rowsSeeded = 0;
  let ownerHouseholds: string[] = [];
  let bigHousehold = '';
  const t0 = performance.now();
  const seed = async (advisorId: string, count: number, perKind: number) => {
    const hhs: Record<string, unknown>[] = [];
    const members: Record<string, unknown>[] = [];
    const records = new Map<string, Record<string, unknown>[]>(KINDS.map(([k]) => [k, []]));
    for (const table of ['insurance_policies', 'insurance_benefits', 'insurance_transactions']) records.set(table, []);
    for (const table of BALANCE_SHEET_SEEDED) records.set(table, []);
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const name = `${NAMES[i % 10]} ${String.fromCharCode(65 + (i % 26))}${i}`;
      hhs.push({
        id,
        advisor_id: advisorId,
        type: i % 3 ? 'customer' : 'lead',
        name,
        email: `c${i}.${advisorId.slice(0, 6)}@example.com`,
        age: 30 + (i % 30),
        created_at: new Date(Date.now() - i * 60_000),
        updated_at: new Date(),
      });
      const n = 2 + (i % 5);
      const ids: string[] = [];
      for (let j = 0; j < n; j++) {
        const mid = randomUUID();
        ids.push(mid);
        members.push({
          id: mid,
          advisor_id: advisorId,
          household_id: id,
          relation: j === 0 ? 'me' : j === 1 ? 'spouse' : 'all',
          position: j,
          data: JSON.stringify({ name: `M${j}`, gender: 'male', age: 30 + j, holding_pr: false, status: 'active' }),
        });
      }
      for (let k = 0; k < POLICIES; k++) {
        const pid = randomUUID();
        const m = ids[k % ids.length] as string;
        const row = (data: Record<string, unknown>, position: number, memberId: string | null = null) => ({
          id: randomUUID(),
          advisor_id: advisorId,
          household_id: id,
          member_id: memberId,
          position,
          data: JSON.stringify(data),
        });
        records.get('insurance_policies')?.push({
          ...row(
            {
              member_id: m,
              plan_id: 'custom',
              plan_name: `Plan ${k}`,
              frequency: 'annual',
              premium: 1200 + k,
              currency: 'SGD',
              premium_loading: 0,
              policy_date: '2020-03-01',
              unpaid_at: [],
              prorate: false,
              integrated_plan: { type: 'basic' },
              payment_type: 'cash',
              premium_detail: { ignore_total_premium_paid: false, spread_over_years: 2 },
              retirement: { maturity_age: 100, growth_rate: 5 },
              owners: [],
            },
            k,
            m,
          ),
          id: pid,
        });
        for (const [b, make] of BENEFITS.entries())
          records.get('insurance_benefits')?.push(row({ insurance_id: pid, investment_linked: false, ...make(k) }, b));
        records.get('insurance_transactions')?.push(
          row(
            {
              insurance_id: pid,
              type: 'premium',
              transaction_start_date: '2020-03-01',
              transaction_end_date: '2030-03-01',
              transaction_type: 'installment',
              payment_type: 'cash',
              amount: 1200 + k,
              currency: 'SGD',
              unpaid_at: [],
            },
            0,
          ),
        );
      }
      seedBalanceSheet(records, advisorId, id, ids);
      for (const [table, make] of KINDS) {
        const list = records.get(table) as Record<string, unknown>[];
        for (let k = 0; k < perKind; k++) {
          const m = ids[k % ids.length] as string;
          const data = make(m) as Record<string, unknown>;
          list.push({
            id: randomUUID(),
            advisor_id: advisorId,
            household_id: id,
            member_id: data.member_id ?? null,
            position: k,
            data: JSON.stringify(data),
          });
        }
      }
    }
    await db.batchInsert('households', hhs, 1000);
    await db.batchInsert('members', members, 1000);
    for (const [table, list] of records) await db.batchInsert(table, list, 1000);
    rowsSeeded += hhs.length + members.length + [...records.values()].reduce((a, l) => a + l.length, 0);
    return hhs.map((h) => h.id as string);
  };
  ownerHouseholds = await seed(owner.userId, 1000, 10); // 6 kinds × 10 = 60 records a household
  for (const o of others) await seed(o.userId, 100, 10);
  bigHousehold = (await seed(owner.userId, 1, 40))[0] as string;
  await db.raw('ANALYZE');
  for (const who of [owner, ...others]) await sessionOf(who);
  console.log(`seeded ${rowsSeeded.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const time = async (n: number, f: (i: number) => Promise<{ status: number }>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      const r = await f(i);
      out.push(performance.now() - s);
      if (r.status >= 300) throw new Error(`status ${r.status}`);
    }
    return p95(out.slice(Math.floor(n / 10)));
  };
  const base = await time(300, () => call('GET', '/healthz'));
  const line = (what: string, ms: number, target: number) =>
    console.log(
      `${what.padEnd(52)} p95 ${ms.toFixed(1).padStart(6)} ms  (target ≤ ${target} ms; gateway /healthz baseline ${base.toFixed(1)} ms)  ${ms <= target ? 'ok' : 'OVER'}`,
    );
  const sorts = ['name', 'created_at', 'updated_at', 'email'];
  line(
    'customers page (sorted, 1,000 households)',
    await time(300, (i) =>
      call(
        'GET',
        `leads/customer?sort=${sorts[i % 4]}&order=${i % 2 ? 'asc' : 'desc'}&page=${1 + (i % 30)}&page_size=20`,
        { as: owner },
      ),
    ),
    30,
  );
  line(
    'customers page (searched)',
    await time(300, (i) => call('GET', `leads/customer?search=${NAMES[i % 10]}&sort=name&page_size=20`, { as: owner })),
    30,
  );
  const readWhole = async (i: number) => {
    const id = ownerHouseholds[(i * 37) % 1000] as string;
    const parts = await Promise.all([
      call('GET', `single-lead/${id}`, { as: owner }),
      call('GET', `customer/${id}/member-income`, { as: owner }),
      call('GET', `customer/${id}/member-expense`, { as: owner }),
      call('GET', `customer/${id}/member-living-expense`, { as: owner }),
      call('GET', `customer/${id}/member-saving`, { as: owner }),
      call('GET', `customer/${id}/goals`, { as: owner }),
      call('GET', `advisor/leads/${id}/dreams`, { as: owner }),
      call('GET', `customer/cash-flow/${id}`, { as: owner }),
    ]);
    return { status: Math.max(...parts.map((p) => p.status)) };
  };
  line('read a whole household (8 calls in parallel)', await time(200, readWhole), 40);
  // Issue 12: a household's whole insurance (policies, benefits, transactions) in one call, coverage by member, and
  // a 20-item position bulk update (benefits of one household, the order reversed each time)
  line(
    "read a household's whole insurance (8 policies, 32 benefits)",
    await time(200, (i) => call('GET', `customer/${ownerHouseholds[(i * 37) % 1000]}/insurance`, { as: owner })),
    40,
  );
  line(
    'insurance-coverage-by-member',
    await time(200, (i) =>
      call('GET', `customer/insurance-coverage-by-member?lead_id=${ownerHouseholds[(i * 41) % 1000]}`, { as: owner }),
    ),
    40,
  );
  // Issue 13: a household's whole balance sheet (6 funds with holdings, 2 pension accounts, 2 loans and 1 property)
  // in one call, and the debt summary with every loan's schedule, outstanding by year and the property sale
  line(
    "read a household's whole balance sheet (6 funds, 2 pensions, 3 debts)",
    await time(200, (i) => call('GET', `customer/${ownerHouseholds[(i * 43) % 1000]}/balance-sheet`, { as: owner })),
    40,
  );
  line(
    'debt summary with its schedules (2 loans, 1 property)',
    await time(200, (i) => call('GET', `customer/${ownerHouseholds[(i * 47) % 1000]}/debt-summary`, { as: owner })),
    30,
  );
  const benefitIds = new Map<string, string[]>();
  for (const hid of ownerHouseholds.slice(0, 100))
    benefitIds.set(
      hid,
      (await db('insurance_benefits').where({ household_id: hid }).orderBy('id').limit(20).pluck('id')) as string[],
    );
  line(
    'position bulk update of 20 benefits',
    await time(200, (i) => {
      const hid = ownerHouseholds[i % 100] as string;
      const ids = benefitIds.get(hid) as string[];
      return call('PATCH', 'customer/bulk-update/insurance-coverage-benefit/positions', {
        as: owner,
        body: { lead_id: hid, positions: ids.map((id, k) => ({ id, position: i % 2 ? k : 19 - k })) },
      });
    }),
    50,
  );
  const members = await db('members')
    .whereIn('household_id', ownerHouseholds.slice(0, 200))
    .andWhere({ relation: 'me' })
    .select('id', 'household_id');
  line(
    'save one record (POST customer/member-income)',
    await time(300, (i) => {
      const m = members[i % members.length];
      return call('POST', 'customer/member-income', {
        as: owner,
        body: { lead_id: m.household_id, member_id: m.id, kind: 'bonus', amount: 100 + i, currency: 'SGD' },
      });
    }),
    40,
  );
  line(
    'calculate/finance, stored household (40 a kind)',
    await time(60, () =>
      call('POST', 'customer/calculate/finance', { as: owner, body: { household_id: bigHousehold } }),
    ),
    60,
  );

  // The same list queries in-process (no HTTP hop): what the database itself takes, beside a `select 1` baseline.
  const q1 = await time(300, async () => {
    await db.raw('select 1');
    return { status: 200 };
  });
  const direct = await time(300, async (i) => {
    await listHouseholds(db, owner.userId, 'customer', {
      page: 1 + (i % 30),
      page_size: 20,
      sort: sorts[i % 4] as ListQuery['sort'],
      order: i % 2 ? 'asc' : 'desc',
      search: i % 3 ? undefined : NAMES[i % 10],
    });
    return { status: 200 };
  });
  console.log(
    `customers page in-process (sorted or searched)           p95 ${direct.toFixed(1).padStart(6)} ms  (select 1 baseline ${q1.toFixed(1)} ms)`,
  );

  // 32 concurrent advisors saving: 2 s of warm-up (connections, JIT, the relay's first batches), then 10 s counted
  const savers = others.slice(0, 32);
  const their = await Promise.all(
    savers.map((a) =>
      db('members').where({ advisor_id: a.userId, relation: 'me' }).limit(20).select('id', 'household_id'),
    ),
  );
  const SAVE_WARMUP_MS = 2000;
  const SAVE_MS = 10_000;
  let saves = 0;
  const started = performance.now();
  const countFrom = started + SAVE_WARMUP_MS;
  const until = countFrom + SAVE_MS;
  await Promise.all(
    savers.map(async (a, k) => {
      const ms = their[k] as Array<{ id: string; household_id: string }>;
      for (let i = 0; performance.now() < until; i++) {
        const m = ms[i % ms.length] as { id: string; household_id: string };
        const r = await call('POST', 'customer/member-income', {
          as: a,
          body: { lead_id: m.household_id, member_id: m.id, kind: 'bonus', amount: 1, currency: 'SGD' },
        });
        if (r.status !== 201) throw new Error(`save answered ${r.status}`);
        if (performance.now() >= countFrom) saves++;
      }
    }),
  );
  console.log(`32 concurrent advisors: ${(saves / (SAVE_MS / 1000)).toFixed(0)} saves/s (target ≥ 400)`);
  await gw.stop();
  await t.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
