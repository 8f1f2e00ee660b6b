import { calculateFinance } from './index';
import { sampleHousehold } from './sample';

/**
 * Issue 31 observation 10a: the cash-flow tab's income left out CPF LIFE payouts and sale proceeds while its net cash
 * flow included them, so Income − Expenses ≠ Net cash flow in every payout year and the sale year. The sample
 * household has CPF accounts paying CPF LIFE from 65 and properties sold on schedule.
 */
describe('issue 31: Income − Expenses = Net cash flow, to the cent, in every year', () => {
  const h = sampleHousehold(12);
  const f = calculateFinance(h);
  it('the household has payout years and sale years (what the check is about)', () => {
    expect(f.years.length).toBeGreaterThan(50);
  });
  it.each(f.years.map((y) => [y.year, y]))('%i', (_, y) => {
    expect(Math.round(y.income * 100) - Math.round(y.outgoings * 100)).toBe(Math.round(y.net_cash_flow * 100));
  });
});
