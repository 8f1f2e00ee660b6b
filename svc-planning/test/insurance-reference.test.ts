import { insurance as I, reference as R } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { badBodies, snapshotTables, sweep } from '@kinfolio/service-kit/src/bad-input';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { planningModule } from '../src/module';

jest.setTimeout(300_000);
type Who = ReturnType<typeof testIdentity> | null;

/** A real workbook, built with exceljs: the header row then one row per age. */
async function xlsx(rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Premiums');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}
const csv = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const fieldsOf = (body: { errors?: Array<Record<string, string[]>> }) =>
  (body.errors ?? []).flatMap((e) => Object.keys(e));

/**
 * Issue 15: the insurance reference data admins keep (companies, plans with premium tables, riders, the xlsx/CSV
 * import, projection tables) and the planning thresholds, through the service's HTTP API; only admins write; the
 * advisor's plan picker lists what admins keep.
 */
describe.each(testInfras())('svc-planning insurance reference data and thresholds on %s', (infra) => {
  let t: TestService;
  const admin = testIdentity('admin');
  const advisor = testIdentity('advisor');
  const customer = testIdentity('customer');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const tag = () => Math.random().toString(36).slice(2, 8);
  const newCompany = async (name = `Acme Assurance ${tag()}`) => {
    const res = await call('POST', 'admin/insurance/company', admin, { name, country: 'sg' });
    expect([res.status, res.body.message]).toEqual([201, 'Insurance company added']);
    return R.InsuranceCompanyReply.parse(res.body).data;
  };
  const planBody = (company: string, extra: Record<string, unknown> = {}) => ({
    name: `LifeShield ${tag()}`,
    insurance_company: company,
    category: 'life',
    plan_type: 'whole-life',
    currency: 'SGD',
    data_by_age: [
      { age: 31, male: 1250, female: 1150 },
      { age: 30, male: 1200, female: 1100.5 },
    ],
    additional_coverage_premium: 80,
    riders: [{ name: 'Critical illness rider', data_by_age: [{ age: 30, premium: 210 }] }],
    ...extra,
  });
  const newPlan = async (company: string, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', 'admin/insurance-plans/create', admin, planBody(company, extra));
    expect([res.status, res.body.message]).toEqual([201, 'Insurance plan added']);
    return R.InsurancePlanReply.parse(res.body).data;
  };

  it('companies: an admin adds, lists, renames and deletes; names are unique; the country is upper-cased', async () => {
    const c = await newCompany('Great Eastern Test');
    expect(c).toEqual({ id: c.id, name: 'Great Eastern Test', country: 'SG', plan_count: 0 });
    const dup = await call('POST', 'admin/insurance/company', admin, { name: 'great eastern test' });
    expect([dup.status, fieldsOf(dup.body)]).toEqual([400, ['name']]);
    const list = R.InsuranceCompaniesReply.parse((await call('GET', 'admin/insurance/company', admin)).body).data;
    expect(list.find((x) => x.id === c.id)?.name).toBe('Great Eastern Test');
    const put = await call('PUT', `admin/insurance/company/${c.id}`, admin, {
      name: 'Great Eastern Life',
      country: null,
    });
    expect([put.status, put.body.data]).toEqual([
      200,
      { id: c.id, name: 'Great Eastern Life', country: null, plan_count: 0 },
    ]);
    expect((await call('PUT', `admin/insurance/company/${c.id}`, admin, { name: '' })).body.errors).toEqual([
      { name: ['Enter name'] },
    ]);
    expect((await call('DELETE', `admin/insurance/company/${c.id}`, admin)).status).toBe(200);
    expect((await call('DELETE', `admin/insurance/company/${c.id}`, admin)).status).toBe(404);
    expect((await call('PUT', `admin/insurance/company/${c.id}`, admin, { name: 'X' })).status).toBe(404);
  });

  it('plans: category, type, company, premiums by age and gender (sorted), additional premium, riders; a change keeps the rest', async () => {
    const c = await newCompany();
    const p = await newPlan(c.id, { name: 'Aegis Whole Life' });
    expect(p).toMatchObject({
      name: 'Aegis Whole Life',
      insurance_company: c.id,
      company_name: c.name,
      category: 'life',
      plan_type: 'whole-life',
      currency: 'SGD',
      data_by_age: [
        { age: 30, male: 1200, female: 1100.5 },
        { age: 31, male: 1250, female: 1150 },
      ],
      additional_coverage_premium: 80,
      riders: [{ name: 'Critical illness rider', data_by_age: [{ age: 30, premium: 210 }] }],
    });
    // a partial update changes only what it names
    const upd = await call('PATCH', `admin/insurance-plans/${p.id}/update`, admin, { name: 'Aegis Whole Life II' });
    expect(upd.status).toBe(200);
    expect(R.InsurancePlanReply.parse(upd.body).data).toMatchObject({
      name: 'Aegis Whole Life II',
      data_by_age: p.data_by_age,
      riders: p.riders,
      additional_coverage_premium: 80,
      currency: 'SGD',
    });
    // the references must exist and fit together; an age is listed once
    const bad = async (extra: Record<string, unknown>) => {
      const r = await call('POST', 'admin/insurance-plans/create', admin, planBody(c.id, extra));
      return [r.status, fieldsOf(r.body)];
    };
    expect(await bad({ plan_type: 'term', category: 'health' })).toEqual([400, ['plan_type']]);
    expect(await bad({ category: 'nothing' })).toEqual([400, ['category']]);
    expect(await bad({ plan_type: 'nothing' })).toEqual([400, ['plan_type']]);
    expect(await bad({ insurance_company: '00000000-0000-4000-8000-000000000009' })).toEqual([
      400,
      ['insurance_company'],
    ]);
    expect(await bad({ currency: 'ZZZ' })).toEqual([400, ['currency']]);
    expect(
      await bad({
        data_by_age: [
          { age: 40, male: 1 },
          { age: 40, female: 2 },
        ],
      }),
    ).toEqual([400, ['data_by_age.1.age']]);
    expect(await bad({ data_by_age: [{ age: 121, male: 1 }] })).toEqual([400, ['data_by_age.0.age']]);
    expect(await bad({ data_by_age: [{ age: 40, male: -1 }] })).toEqual([400, ['data_by_age.0.male']]);
    expect(await bad({ name: 'Aegis Whole Life II' })).toEqual([400, ['name']]);
    expect(
      await bad({
        riders: [
          { name: 'R', data_by_age: [] },
          { name: 'r', data_by_age: [] },
        ],
      }),
    ).toEqual([400, ['riders.1.name']]);
    // the admin list searches by plan or company name and counts the premium rows
    const found = R.InsurancePlansListReply.parse(
      (await call('GET', `admin/insurance-plans?search=${encodeURIComponent('aegis whole')}`, admin)).body,
    ).data;
    expect(found.map((x) => [x.id, x.premium_rows, x.rider_count])).toEqual([[p.id, 2, 1]]);
    const byCompany = R.InsurancePlansListReply.parse(
      (await call('GET', `admin/insurance-plans?search=${encodeURIComponent(c.name)}`, admin)).body,
    ).data;
    expect(byCompany.map((x) => x.id)).toEqual([p.id]);
    expect(
      (await call('GET', 'admin/insurance-plans-category', admin)).body.data.map((x: { id: string }) => x.id),
    ).toEqual(['life', 'health', 'investment', 'savings']);
    const types = I.PlanTypesReply.parse((await call('GET', 'admin/insurance-plan-types', admin)).body).data;
    expect(types.find((x) => x.id === 'investment-linked')).toMatchObject({
      category: 'investment',
      investment_linked: true,
    });
  });

  it("the advisor's plan picker lists the admin's plan with its company; the plan's premium table is readable", async () => {
    const c = await newCompany(`Prudential ${tag()}`);
    const p = await newPlan(c.id, { name: `PRUlife ${tag()}` });
    const picker = I.InsurancePlansReply.parse(
      (await call('GET', `customer/insurance-plans?insurance_company=${c.id}`, advisor)).body,
    ).data;
    expect(picker).toEqual([
      { id: 'custom', name: 'Custom', insurance_company: null, company_name: null, plan_type: null },
      { id: p.id, name: p.name, insurance_company: c.id, company_name: c.name, plan_type: 'whole-life' },
    ]);
    const searched = I.InsurancePlansReply.parse(
      (await call('GET', `customer/insurance-plans?search=${encodeURIComponent(p.name)}`, advisor)).body,
    ).data;
    expect(searched.map((x) => x.id)).toEqual(['custom', p.id]);
    const one = await call('GET', `customer/insurance-plans/${p.id}`, customer);
    expect([one.status, one.body.data.data_by_age]).toEqual([200, p.data_by_age]);
    // an advisor's policy may now name the plan and its company
    const lead = await call('POST', 'leads', advisor, { name: 'Alex Tan', age: 40 });
    const pol = await call('POST', 'customer/insurance', advisor, {
      lead_id: lead.body.data.id,
      member_id: lead.body.data.members[0].id,
      plan_id: p.id,
      insurance_company: c.id,
      plan_name: p.name,
      premium: 1200,
      currency: 'SGD',
      policy_date: '2024-01-01',
    });
    expect(pol.status).toBe(201);
  });

  it('imports a premium table from a real xlsx and from CSV; bad rows are a 400 naming row and column', async () => {
    const c = await newCompany();
    const p = await newPlan(c.id);
    const file = await xlsx([
      ['Age', 'Male', 'Female'],
      [41, 2100.456, 1900],
      [40, 2000, { formula: 'A3*45', result: 1800 }],
      [42, null, 2000],
    ]);
    const imp = await call('POST', `admin/insurance-plans/${p.id}/premium-table`, admin, {
      file_name: 'premiums.xlsx',
      content: file,
    });
    expect([imp.status, imp.body.message]).toEqual([200, 'Imported 3 ages']);
    expect(R.InsurancePlanReply.parse(imp.body).data.data_by_age).toEqual([
      { age: 40, male: 2000, female: 1800 },
      { age: 41, male: 2100.46, female: 1900 },
      { age: 42, male: null, female: 2000 },
    ]);
    expect((await call('GET', `admin/insurance-plans/${p.id}`, admin)).body.data.data_by_age).toHaveLength(3);

    // CSV (quoted fields, CRLF, a BOM, columns in another order, female only)
    const parsed = await call('POST', 'admin/insurance-plans/premium-table/parse', admin, {
      file_name: 'table.CSV',
      content: csv('\uFEFFfemale,"AGE"\r\n"1,100.50",30\r\n1150,31\r\n'),
    });
    expect([parsed.status, parsed.body.data]).toEqual([
      200,
      {
        data_by_age: [
          { age: 30, male: null, female: 1100.5 },
          { age: 31, male: null, female: 1150 },
        ],
        rows: 2,
      },
    ]);
    // the parse call stores nothing
    expect((await call('GET', `admin/insurance-plans/${p.id}`, admin)).body.data.data_by_age[0].age).toBe(40);

    const refused = async (file_name: string, content: string) => {
      const r = await call('POST', `admin/insurance-plans/${p.id}/premium-table`, admin, { file_name, content });
      return { status: r.status, fields: fieldsOf(r.body), message: r.body.message as string };
    };
    const rows = await refused('p.csv', csv('age,male,female\n30,100,90\n30,abc,80\n131,1,1\n,5,\n'));
    expect(rows.status).toBe(400);
    expect(rows.fields).toEqual(['rows.3.age', 'rows.3.male', 'rows.4.age', 'rows.5.age']);
    expect(rows.message).toBe('Row 3, column A (age): age 30 is already listed in row 2 (and 3 more)');
    const x = await refused(
      'p.xlsx',
      await xlsx([
        ['age', 'male'],
        [30, 'lots'],
      ]),
    );
    expect([x.status, x.fields, x.message]).toEqual([
      400,
      ['rows.2.male'],
      "Row 2, column B (male): 'lots' is not a premium amount",
    ]);
    expect(await refused('p.csv', csv('years,male\n30,1\n'))).toMatchObject({
      status: 400,
      fields: ['rows.1.A', 'rows.1.age'],
    });
    expect(await refused('p.csv', csv('age,male\n'))).toMatchObject({ status: 400, fields: ['content'] });
    expect(await refused('p.xlsx', csv('age,male\n30,1\n'))).toEqual({
      status: 400,
      fields: ['content'],
      message: 'The file is not an .xlsx workbook',
    });
    expect(await refused('p.pdf', csv('age,male\n30,1\n'))).toMatchObject({ status: 400, fields: ['file_name'] });
    expect(await refused('p.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41]).toString('base64'))).toMatchObject({
      status: 400,
      fields: ['content'],
    });
    // over 512 KB: refused before reading
    const big = await refused('p.csv', csv(`age,male\n${'30,1\n'.repeat(120_000)}`));
    expect(big).toMatchObject({ status: 400, fields: ['content'], message: 'content: The file is larger than 512 KB' });
    // nothing of the refused files was stored
    expect((await call('GET', `admin/insurance-plans/${p.id}`, admin)).body.data.data_by_age).toHaveLength(3);
    expect(
      (
        await call('POST', 'admin/insurance-plans/00000000-0000-4000-8000-000000000009/premium-table', admin, {
          file_name: 'p.csv',
          content: csv('age,male\n30,1\n'),
        })
      ).status,
    ).toBe(404);
  });

  it("issue 31 item 8: a plan's premium for the insured's age and gender comes from the imported table (48 ages), at the chosen frequency; a missing row says so", async () => {
    const c = await newCompany();
    const p = await newPlan(c.id, { data_by_age: [] });
    // the admin imports a premium table of 48 ages (25-72): male 40 × age, female 38 × age + 0.5
    const lines = ['age,male,female'];
    for (let age = 25; age <= 72; age++) lines.push(`${age},${40 * age},${age === 60 ? '' : 38 * age + 0.5}`);
    const imp = await call('POST', `admin/insurance-plans/${p.id}/premium-table`, admin, {
      file_name: 'premiums.csv',
      content: csv(`${lines.join('\n')}\n`),
    });
    expect([imp.status, imp.body.message]).toEqual([200, 'Imported 48 ages']);
    // the advisor's household: the insured is a woman of 42; her husband has a date of birth
    const lead = await call('POST', 'leads', advisor, { name: 'Mei Lin', age: 42, gender: 'female' });
    const hid = lead.body.data.id as string;
    const her = lead.body.data.members[0].id as string;
    const him = (
      await call('POST', 'earning-member', advisor, {
        lead_id: hid,
        name: 'Wei',
        relation: 'spouse',
        gender: 'male',
        date_of_birth: '1980-07-15',
      })
    ).body.data.id as string;
    const premium = async (query: string, as: Who = advisor) => {
      const r = await call('GET', `customer/insurance-plans/${p.id}/premium?lead_id=${hid}&${query}`, as);
      return { status: r.status, data: r.status === 200 ? R.PremiumLookupReply.parse(r.body).data : r.body };
    };
    const annual = await premium(`member_id=${her}`);
    expect(annual.status).toBe(200);
    expect(annual.data).toMatchObject({
      plan_id: p.id,
      member_id: her,
      gender: 'female',
      age: 42,
      frequency: 'annual',
      currency: 'SGD',
      annual_premium: 1596.5, // 38 × 42 + 0.5
      premium: 1596.5,
      message: null,
    });
    // monthly: 1,596.50 / 12 = 133.041… → 133.04; quarterly 399.125 → 399.13 (to cents, half up)
    expect((await premium(`member_id=${her}&frequency=monthly`)).data).toMatchObject({ premium: 133.04 });
    expect((await premium(`member_id=${her}&frequency=quarterly`)).data).toMatchObject({ premium: 399.13 });
    expect((await premium(`member_id=${her}&frequency=semi_annual`)).data).toMatchObject({ premium: 798.25 });
    // the age is taken on the policy date (entry age): the stored age 42 is today's, so in 2000 she was younger
    const thisYear = new Date().getUTCFullYear();
    const back = await premium(`member_id=${her}&policy_date=${thisYear - 10}-03-01`);
    expect(back.data).toMatchObject({ age: 32, annual_premium: 38 * 32 + 0.5, premium: 38 * 32 + 0.5 });
    // his date of birth gives his age on the policy date (the last birthday): 44 on 2025-07-14, 45 on 2025-07-15
    expect((await premium(`member_id=${him}&policy_date=2025-07-14`)).data).toMatchObject({
      gender: 'male',
      age: 44,
      premium: 1760,
    });
    expect((await premium(`member_id=${him}&policy_date=2025-07-15`)).data).toMatchObject({ age: 45, premium: 1800 });
    // no row for the age, or no premium for the gender: said, with no premium
    expect((await premium(`member_id=${her}&policy_date=${thisYear - 20}-01-01`)).data).toMatchObject({
      age: 22,
      annual_premium: null,
      premium: null,
      message: "This plan's premium table has no premium for a woman aged 22: type the premium.",
    });
    expect((await premium(`member_id=${her}&policy_date=${thisYear + 18}-01-01`)).data).toMatchObject({
      age: 60,
      premium: null,
      message: "This plan's premium table has no premium for a woman aged 60: type the premium.",
    });
    expect((await premium(`member_id=${her}&frequency=single`)).data).toMatchObject({
      annual_premium: 1596.5,
      premium: null,
      message: "This plan's premium table gives yearly premiums, not a single premium: type the premium.",
    });
    // advisor-scoped: another advisor's household, a member of another household, a customer, no session
    const other = testIdentity('advisor');
    expect((await premium(`member_id=${her}`, other)).status).toBe(404);
    const lead2 = await call('POST', 'leads', advisor, { name: 'Someone Else', age: 30 });
    expect((await premium(`member_id=${lead2.body.data.members[0].id}`)).status).toBe(404);
    expect((await premium(`member_id=${her}`, customer)).status).toBe(403);
    expect((await premium(`member_id=${her}`, null)).status).toBe(401);
    expect((await premium('member_id=x')).status).toBe(400);
    expect((await premium(`member_id=${her}&frequency=weekly`)).status).toBe(400);
    const noPlan = await call(
      'GET',
      `customer/insurance-plans/00000000-0000-4000-8000-000000000009/premium?lead_id=${hid}&member_id=${her}`,
      advisor,
    );
    expect(noPlan.status).toBe(404);
  });

  it('issue 31 item 8: plan types agree: the admin list, the advisor list and the seeded table are the one list of the contracts (9)', async () => {
    const admins = I.PlanTypesReply.parse((await call('GET', 'admin/insurance-plan-types', admin)).body).data;
    const advisors = I.PlanTypesReply.parse((await call('GET', 'insurance/plan-types', advisor)).body).data;
    const list = R.INSURANCE_PLAN_TYPES.map((x, position) => ({ ...x, position }));
    expect(admins).toEqual(list);
    expect(advisors).toEqual(list);
    expect(list).toHaveLength(9);
    const seeded = await t.svc.ctx.db('insurance_plan_types').orderBy('position').select('id', 'name', 'category');
    expect(seeded).toEqual(R.INSURANCE_PLAN_TYPES.map(({ id, name, category }) => ({ id, name, category })));
    // the service accepts each of them in its category, and no other
    const c = await newCompany();
    for (const type of R.INSURANCE_PLAN_TYPES) {
      const r = await call('POST', 'admin/insurance-plans/create', admin, {
        ...planBody(c.id),
        category: type.category,
        plan_type: type.id,
      });
      expect([type.id, r.status]).toEqual([type.id, 201]);
    }
    const r = await call('POST', 'admin/insurance-plans/create', admin, { ...planBody(c.id), plan_type: 'Other' });
    expect([r.status, fieldsOf(r.body)]).toEqual([400, ['plan_type']]);
  });

  it('deleting a company or plan that a household policy uses is refused (409); unused ones go', async () => {
    const c = await newCompany();
    const used = await newPlan(c.id);
    const spare = await newPlan(c.id);
    const lead = await call('POST', 'leads', advisor, { name: 'Sam Lee', age: 35 });
    const pol = await call('POST', 'customer/insurance', advisor, {
      lead_id: lead.body.data.id,
      member_id: lead.body.data.members[0].id,
      plan_id: used.id,
      plan_name: used.name,
      premium: 900,
      currency: 'SGD',
      policy_date: '2023-05-01',
    });
    expect(pol.status).toBe(201);
    const planDel = await call('DELETE', `admin/insurance-plans/${used.id}`, admin);
    expect([planDel.status, planDel.body.message]).toEqual([
      409,
      'One household policy uses this plan: it cannot be deleted while they do',
    ]);
    const coDel = await call('DELETE', `admin/insurance/company/${c.id}`, admin);
    expect([coDel.status, coDel.body.message]).toEqual([
      409,
      'One household policy uses this company or one of its plans: it cannot be deleted while they do',
    ]);
    expect((await call('DELETE', `admin/insurance-plans/${spare.id}`, admin)).status).toBe(200);
    expect((await call('GET', `admin/insurance-plans/${spare.id}`, admin)).status).toBe(404);
    // once the policy is gone, the company goes with its plans
    expect((await call('DELETE', `customer/insurance/${pol.body.data.id}`, advisor)).status).toBe(200);
    expect((await call('DELETE', `admin/insurance/company/${c.id}`, admin)).status).toBe(200);
    expect((await call('GET', `admin/insurance-plans/${used.id}`, admin)).status).toBe(404);
  });

  it('projection tables: create, update, list by plan, delete; a policy year is listed once', async () => {
    const c = await newCompany();
    const p = await newPlan(c.id);
    const made = await call('POST', 'admin/insurance-projections-tables/create', admin, {
      plan_id: p.id,
      name: 'Illustration at 30',
      entry_age: 30,
      rows: [
        { policy_year: 2, premium: 1200, cash_value: 500, surrender_value: 450, death_benefit: 100000 },
        { policy_year: 1, premium: 1200, cash_value: 0, surrender_value: 0, death_benefit: 100000 },
      ],
    });
    expect(made.status).toBe(201);
    const tbl = R.ProjectionTableReply.parse(made.body).data;
    expect([tbl.plan_name, tbl.rows.map((r) => r.policy_year)]).toEqual([p.name, [1, 2]]);
    const upd = await call('PATCH', `admin/insurance-projections-tables/${tbl.id}/update`, admin, {
      name: 'At 35',
      entry_age: 35,
    });
    expect(R.ProjectionTableReply.parse(upd.body).data).toMatchObject({ name: 'At 35', entry_age: 35, rows: tbl.rows });
    const dup = await call('PATCH', `admin/insurance-projections-tables/${tbl.id}/update`, admin, {
      rows: [{ policy_year: 1 }, { policy_year: 1 }],
    });
    expect([dup.status, fieldsOf(dup.body)]).toEqual([400, ['rows.1.policy_year']]);
    const noPlan = await call('POST', 'admin/insurance-projections-tables/create', admin, {
      plan_id: '00000000-0000-4000-8000-000000000009',
      name: 'X',
    });
    expect([noPlan.status, fieldsOf(noPlan.body)]).toEqual([400, ['plan_id']]);
    const list = R.ProjectionTablesReply.parse(
      (await call('GET', `admin/insurance-projections-tables?plan_id=${p.id}`, admin)).body,
    ).data;
    expect(list.map((x) => x.id)).toEqual([tbl.id]);
    expect((await call('DELETE', `admin/insurance-projections-tables/${tbl.id}`, admin)).status).toBe(200);
    expect((await call('DELETE', `admin/insurance-projections-tables/${tbl.id}`, admin)).status).toBe(404);
  });

  it('thresholds: defaults for everyone signed in; an admin overrides, changes, resets, adds one of their own', async () => {
    const read = async (as: Who = advisor) => {
      const r = await call('GET', 'user/threshold', as);
      expect(r.status).toBe(200);
      return R.ThresholdsReply.parse(r.body).data;
    };
    const first = await read(customer);
    expect(first.filter((x) => x.is_default).map((x) => [x.key, x.value, x.unit])).toEqual([
      ['emergency_fund_months', 6, 'months'],
      ['life_cover_multiple', 9, 'multiple'],
      ['critical_illness_cover_multiple', 4, 'multiple'],
      ['retirement_income_replacement', 70, 'percent'],
      ['debt_service_ratio_max', 55, 'percent'],
    ]);
    const made = await call('POST', 'admin/threshold/create', admin, { key: 'emergency_fund_months', value: 9 });
    expect([made.status, made.body.data]).toEqual([
      201,
      {
        id: made.body.data.id,
        key: 'emergency_fund_months',
        label: 'Emergency fund',
        unit: 'months',
        value: 9,
        default: 6,
        is_default: false,
      },
    ]);
    expect((await read()).find((x) => x.key === 'emergency_fund_months')?.value).toBe(9);
    const again = await call('POST', 'admin/threshold/create', admin, { key: 'emergency_fund_months', value: 3 });
    expect([again.status, fieldsOf(again.body)]).toEqual([400, ['key']]);
    const upd = await call('PATCH', `admin/threshold/${made.body.data.id}/update`, admin, { value: 4.5 });
    expect([upd.status, upd.body.data.value]).toEqual([200, 4.5]);
    expect((await read(admin)).find((x) => x.key === 'emergency_fund_months')?.value).toBe(4.5);
    const reset = await call('DELETE', `admin/threshold/${made.body.data.id}`, admin);
    expect([reset.status, reset.body.message]).toEqual([200, 'Threshold reset to its default']);
    expect((await read()).find((x) => x.key === 'emergency_fund_months')).toMatchObject({
      id: null,
      value: 6,
      is_default: true,
    });
    // an admin's own threshold needs a label and unit; it has no default and deleting removes it
    const noLabel = await call('POST', 'admin/threshold/create', admin, { key: 'savings_rate_min', value: 10 });
    expect([noLabel.status, fieldsOf(noLabel.body)]).toEqual([400, ['label']]);
    const own = await call('POST', 'admin/threshold/create', admin, {
      key: 'savings_rate_min',
      value: 10,
      label: 'Savings rate, minimum',
      unit: 'percent',
    });
    expect(own.status).toBe(201);
    expect((await read()).find((x) => x.key === 'savings_rate_min')).toMatchObject({ value: 10, default: null });
    expect((await call('DELETE', `admin/threshold/${own.body.data.id}`, admin)).body.message).toBe('Threshold deleted');
    expect((await read()).some((x) => x.key === 'savings_rate_min')).toBe(false);
    for (const body of [
      { key: 'Bad Key', value: 1 },
      { key: 'x_y', value: -1 },
      { key: 'x_y', value: 1, unit: 'days' },
    ]) {
      const r = await call('POST', 'admin/threshold/create', admin, body);
      expect(r.status).toBe(400);
    }
    expect((await call('PATCH', `admin/threshold/${own.body.data.id}/update`, admin, { value: 1 })).status).toBe(404);
  });

  it('access sweep: only admins write or read the admin lists (advisor and customer 403, no session 401)', async () => {
    const c = await newCompany();
    const p = await newPlan(c.id);
    const th = await call('POST', 'admin/threshold/create', admin, { key: 'debt_service_ratio_max', value: 50 });
    const tb = await call('POST', 'admin/insurance-projections-tables/create', admin, { plan_id: p.id, name: 'T' });
    const file = { file_name: 'p.csv', content: csv('age,male\n30,1\n') };
    const adminCalls: Array<[string, string, unknown]> = [
      ['GET', 'admin/insurance/company', undefined],
      ['POST', 'admin/insurance/company', { name: `Sweep ${tag()}` }],
      ['PUT', `admin/insurance/company/${c.id}`, { name: c.name }],
      ['DELETE', `admin/insurance/company/${c.id}`, undefined],
      ['GET', 'admin/insurance-plans-category', undefined],
      ['GET', 'admin/insurance-plan-types', undefined],
      ['GET', 'admin/insurance-plans', undefined],
      ['GET', `admin/insurance-plans/${p.id}`, undefined],
      ['POST', 'admin/insurance-plans/create', planBody(c.id)],
      ['PATCH', `admin/insurance-plans/${p.id}/update`, { additional_coverage_premium: 1 }],
      ['DELETE', `admin/insurance-plans/${p.id}`, undefined],
      ['POST', 'admin/insurance-plans/premium-table/parse', file],
      ['POST', `admin/insurance-plans/${p.id}/premium-table`, file],
      ['GET', 'admin/insurance-projections-tables', undefined],
      ['POST', 'admin/insurance-projections-tables/create', { plan_id: p.id, name: 'U' }],
      ['PATCH', `admin/insurance-projections-tables/${tb.body.data.id}/update`, { name: 'V' }],
      ['DELETE', `admin/insurance-projections-tables/${tb.body.data.id}`, undefined],
      ['POST', 'admin/threshold/create', { key: 'life_cover_multiple', value: 10 }],
      ['PATCH', `admin/threshold/${th.body.data.id}/update`, { value: 45 }],
      ['DELETE', `admin/threshold/${th.body.data.id}`, undefined],
    ];
    const before = await snapshotTables(t);
    for (const [m, path, body] of adminCalls) {
      expect([m, path, (await call(m, path, null, body)).status]).toEqual([m, path, 401]);
      expect([m, path, (await call(m, path, advisor, body)).status]).toEqual([m, path, 403]);
      expect([m, path, (await call(m, path, customer, body)).status]).toEqual([m, path, 403]);
    }
    expect(await snapshotTables(t)).toBe(before);
    // the reads of the pickers and thresholds: advisors and customers (thresholds: any session)
    expect((await call('GET', `customer/insurance-plans/${p.id}`, admin)).status).toBe(403);
    expect((await call('GET', `customer/insurance-plans/${p.id}`, null)).status).toBe(401);
    expect((await call('GET', 'customer/insurance-plans/00000000-0000-4000-8000-000000000009', advisor)).status).toBe(
      404,
    );
    expect((await call('GET', 'user/threshold', null)).status).toBe(401);
    // the admin calls all succeed (the deletes last, the company after its plan)
    const ordered = [
      ...adminCalls.filter((x) => x[0] !== 'DELETE'),
      ...adminCalls.filter((x) => x[0] === 'DELETE').reverse(),
    ];
    for (const [m, path, body] of ordered) {
      const r = await call(m, path, admin, body);
      expect([m, path, r.status < 300 ? 'ok' : JSON.stringify(r.body)]).toEqual([m, path, 'ok']);
    }
  });

  const endpoints = (ids: { company: string; plan: string; table: string; threshold: string }) => [
    {
      name: 'POST company',
      method: 'POST',
      path: 'admin/insurance/company',
      schema: R.InsuranceCompanyBody,
      valid: { name: `Sweep Co ${tag()}`, country: 'MY' },
    },
    {
      name: 'PUT company',
      method: 'PUT',
      path: `admin/insurance/company/${ids.company}`,
      schema: R.InsuranceCompanyBody,
      valid: { name: `Sweep Co ${tag()}` },
    },
    {
      name: 'POST plan',
      method: 'POST',
      path: 'admin/insurance-plans/create',
      schema: R.InsurancePlanBody,
      valid: planBody(ids.company),
    },
    {
      name: 'PATCH plan',
      method: 'PATCH',
      path: `admin/insurance-plans/${ids.plan}/update`,
      schema: R.InsurancePlanPatch,
      valid: planBody(ids.company),
    },
    {
      name: 'POST parse',
      method: 'POST',
      path: 'admin/insurance-plans/premium-table/parse',
      schema: R.PremiumImportBody,
      valid: { file_name: 'p.csv', content: csv('age,male\n30,1\n') },
    },
    {
      name: 'POST import',
      method: 'POST',
      path: `admin/insurance-plans/${ids.plan}/premium-table`,
      schema: R.PremiumImportBody,
      valid: { file_name: 'p.csv', content: csv('age,male\n30,1\n') },
    },
    {
      name: 'POST table',
      method: 'POST',
      path: 'admin/insurance-projections-tables/create',
      schema: R.ProjectionTableBody,
      valid: { plan_id: ids.plan, name: 'Sweep', rows: [{ policy_year: 1, cash_value: 1 }] },
    },
    {
      name: 'PATCH table',
      method: 'PATCH',
      path: `admin/insurance-projections-tables/${ids.table}/update`,
      schema: R.ProjectionTablePatch,
      valid: { name: 'Sweep 2' },
    },
    {
      name: 'POST threshold',
      method: 'POST',
      path: 'admin/threshold/create',
      schema: R.ThresholdCreateBody,
      valid: { key: `sweep_${tag()}`, value: 1, label: 'Sweep', unit: 'years' },
    },
    {
      name: 'PATCH threshold',
      method: 'PATCH',
      path: `admin/threshold/${ids.threshold}/update`,
      schema: R.ThresholdUpdateBody,
      valid: { value: 2, label: 'Sweep label' },
    },
  ];

  it('bad input sweep: control characters, lone surrogates, 1 MB strings, deep nesting, __proto__ and wrong types are 4xx naming the field; nothing stored', async () => {
    const c = await newCompany();
    const p = await newPlan(c.id);
    const tb = await call('POST', 'admin/insurance-projections-tables/create', admin, { plan_id: p.id, name: 'T' });
    const th = await call('POST', 'admin/threshold/create', admin, {
      key: `own_${tag()}`,
      value: 1,
      label: 'Own',
      unit: 'years',
    });
    const ids = { company: c.id, plan: p.id, table: tb.body.data.id, threshold: th.body.data.id };
    const before = await snapshotTables(t);
    const failures: string[] = [];
    for (const e of endpoints(ids)) {
      const cases = badBodies(e.schema as z.ZodType, e.valid);
      expect([e.name, cases.filter((x) => x.field).length > 0]).toEqual([e.name, true]);
      failures.push(...(await sweep(t, { method: e.method, path: e.path, as: admin }, cases)));
    }
    expect(failures).toEqual([]);
    expect(await snapshotTables(t)).toBe(before);
    const list = await sweep(t, { method: 'GET', path: 'admin/insurance-plans', as: admin, query: true }, [
      { label: 'search control', body: 'search=%01', field: 'search' },
      { label: 'company not an id', body: 'insurance_company=x', field: 'insurance_company' },
    ]);
    expect(list).toEqual([]);
    // and the valid bodies are accepted (so each refusal above is about its one bad field)
    for (const e of endpoints(ids)) {
      const r = await call(e.method, e.path, admin, e.valid);
      expect([e.name, r.status < 300 ? 'ok' : JSON.stringify(r.body)]).toEqual([e.name, 'ok']);
    }
  });
});
