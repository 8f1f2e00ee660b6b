import { project } from './index';

/** Goals, and incomes and expenses with start and end years (issue 31 observation 6; docs/planning-model.md "Goals"). */
const base = () => ({
  as_of: '2026-01-01',
  currency: 'SGD',
  inflation_rate: 3,
  members: [{ id: 'a', relation: 'me' as const, age: 40, retirement_age: 60, maturity_age: 85 }],
  incomes: [{ id: 'i', member_id: 'a', kind: 'gross income' as const, amount: 10000 }],
});
const row = (p: ReturnType<typeof project>, year: number) => p.rows.find((r) => r.year === year);

describe('goals in the projection', () => {
  it('an education goal 2036-2039 is spent in those years only, its amount a year inflated from today', () => {
    const p = project({
      ...base(),
      goals: [{ id: 'g', type: 'education' as const, member_id: 'a', year_from: 2036, year_to: 2039, amount: 62500 }],
    } as never);
    expect(row(p, 2035)?.goals).toBe(0);
    expect(row(p, 2040)?.goals).toBe(0);
    // 62,500 × 1.03^10 = 62,500 × 1.343916 = 83,994.77 (2036) … × 1.03^13 = 62,500 × 1.468534 = 91,783.36 (2039)
    expect(row(p, 2036)?.goals).toBeCloseTo(83994.77, 2);
    expect(row(p, 2039)?.goals).toBeCloseTo(91783.36, 2);
  });

  it('a goal’s growth_rate is its growth above prices: it changes the goal’s figures', () => {
    const goal = { id: 'g', type: 'education' as const, member_id: 'a', year_from: 2036, year_to: 2039, amount: 62500 };
    const flat = project({ ...base(), goals: [goal] } as never);
    const grown = project({ ...base(), goals: [{ ...goal, growth_rate: 2 }] } as never);
    // 62,500 × (1.03 × 1.02)^10 = 62,500 × 1.0506^10 = 62,500 × 1.638227 = 102,389.16
    expect(row(grown, 2036)?.goals).toBeCloseTo(62500 * (1.03 * 1.02) ** 10, 2);
    expect(row(grown, 2036)?.goals).toBeCloseTo(102389.16, 2);
    expect(row(grown, 2036)?.goals).not.toBe(row(flat, 2036)?.goals);
    expect(row(grown, 2036)?.net_cash_flow).toBeLessThan(row(flat, 2036)?.net_cash_flow ?? 0);
  });

  it('an income’s end year stops it, and its start year starts it', () => {
    const p = project({
      ...base(),
      incomes: [{ id: 'r', member_id: 'a', kind: 'rental' as const, amount: 1000, start_year: 2028, end_year: 2030 }],
    } as never);
    expect(row(p, 2027)?.income).toBe(0);
    expect(row(p, 2028)?.income).toBe(12000);
    expect(row(p, 2030)?.income).toBe(12000);
    expect(row(p, 2031)?.income).toBe(0);
  });

  it('an expense with start and end years (a university cost 2036-2039) is paid in those years only', () => {
    const p = project({
      ...base(),
      inflation_rate: 0,
      expenses: [
        {
          id: 'e',
          category: 'education' as const,
          amount: 30000,
          frequency: 'annual' as const,
          start_year: 2036,
          end_year: 2039,
        },
      ],
    } as never);
    expect(row(p, 2035)?.expenses).toBe(0);
    expect(row(p, 2036)?.expenses).toBe(30000);
    expect(row(p, 2039)?.expenses).toBe(30000);
    expect(row(p, 2040)?.expenses).toBe(0);
  });

  it('employment income stops at the member’s retirement age, where the retirement goal starts', () => {
    const p = project({
      ...base(),
      goals: [{ id: 'g', type: 'retirement' as const, member_id: 'a', living_expense: 1000 }],
    } as never);
    // born 1986: works to 59 (2045), retires at 60 (2046)
    expect(row(p, 2045)?.income).toBeGreaterThan(0);
    expect(row(p, 2046)?.income).toBe(0);
    expect(row(p, 2045)?.goals).toBe(0);
    expect(row(p, 2046)?.goals).toBeGreaterThan(0);
  });

  it('the pension’s contributions stop at the member’s retirement age too', () => {
    const p = project({
      ...base(),
      pensions: [
        {
          id: 'p',
          member_id: 'a',
          type: 'CPF' as const,
          balances: { oa: 10000, sa: 5000, ma: 5000 },
          monthly_salary: 5000,
        },
      ],
    } as never);
    expect(row(p, 2045)?.employee_contribution).toBeGreaterThan(0);
    expect(row(p, 2046)?.employee_contribution).toBe(0);
  });
});
