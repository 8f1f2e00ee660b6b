import { balanceSheet as B, households as H, planning, reports as R } from '@kinfolio/contracts';
import type { z } from 'zod';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';

jest.setTimeout(180_000);

/**
 * Issue 31 (sale): one property's planned sale through HTTP. The Property tab (debt summary), the report's property
 * section and the data table's sale-year row carry the same sale, to the cent, and it is the advisor's plan: selling
 * price 800,000, not the market value grown. Hand figures: svc-planning/src/domain/calculations/sale.test.ts.
 */
describe.each(testInfras())('svc-planning: a property sale read in three places on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  }, 60_000);

  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { as: advisor, body });
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await call('POST', `customer/${path}`, body);
    expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
    return res.body.data as Record<string, unknown> & { id: string };
  };

  it('the debt summary, the report’s property section and the data table’s 2045 row agree to the cent', async () => {
    const res = await call('POST', 'leads', {
      name: 'Alex Tan',
      age: 40,
      currency: 'SGD',
      members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
    });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const me = h.members.find((m) => m.relation === 'me')?.id as string;
    const L = { lead_id: h.id };
    await created('pension', { ...L, member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 500_000 });
    // the mortgage: loan 420,000, price 600,000, market 720,000, sold in 2045 at 800,000, CPF used 150,000
    const debt = await created('debt', {
      ...L,
      type: 'mortgage',
      owner: me,
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

    const summary = await call('GET', `customer/${h.id}/debt-summary?debt_id=${debt.id}`);
    expect(summary.status).toBe(200);
    const sale = B.DebtSummaryReply.parse(summary.body).data.loans[0]?.property?.sale;
    const rep = await call('GET', `customer/${h.id}/financial-report`);
    expect(rep.status).toBe(200);
    const property = R.FinancialReportReply.parse(rep.body).data.property.properties[0];
    const tables = await call('POST', 'customer/calculate/data-tables', { household_id: h.id });
    expect(tables.status).toBe(200);
    const row = (tables.body.data.rows as Array<z.infer<typeof planning.YearRow>>).find((r) => r.year === 2045);

    // by hand (sale.test.ts): loan repaid 94,505.91 (the schedule at the end of 2045), refund 681,202.06,
    // net 800,000 − 16,000 − 94,505.91 − 681,202.06 = 8,292.03
    const byHand = {
      selling_price: 800_000,
      transaction_fee: 16_000,
      outstanding_loan: 94_505.91,
      pension_refund: 681_202.06,
      gain_tax: 0,
      net_proceeds: 8292.03,
    };
    expect(sale).toMatchObject({ selling_year: 2045, ...byHand });
    expect(property?.selling_year).toBe(2045);
    expect(property?.net_proceeds).toBe(8292.03);
    expect(property?.sale).toEqual(byHand);
    expect(row?.property_sales).toBe(8292.03);
    // the loan the sale repays is the data table's balance a year before, run through 2045's instalments: the
    // 2044 row holds the schedule's balance (111,978.86), the 2045 row none
    expect((tables.body.data.rows as Array<z.infer<typeof planning.YearRow>>).find((r) => r.year === 2044)?.liabilities.loans).toBe(
      111_978.86,
    );
    expect(row?.liabilities.loans).toBe(0);
  });
});
