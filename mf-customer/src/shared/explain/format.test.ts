import { formatExplained, reportCurrency, ruleText, screenName, screenPath } from './format';

describe('explanation numbers as the report writes them', () => {
  it('writes money with 2 decimals and thousands separators after the currency', () => {
    expect(formatExplained(1234567.5, 'money', 'SGD')).toBe('SGD 1,234,567.50');
    expect(formatExplained(-96000, 'money', 'RM')).toBe('RM -96,000.00');
    expect(formatExplained(-0.001, 'money', 'SGD')).toBe('SGD 0.00');
  });

  it('writes percents, factors, years, counts, ages and calendar years', () => {
    expect(formatExplained(3.5, 'percent', 'SGD')).toBe('3.5%');
    expect(formatExplained(2.125, 'percent', 'SGD')).toBe('2.13%');
    expect(formatExplained(1.0303, 'factor', 'SGD')).toBe('1.0303');
    expect(formatExplained(1, 'years', 'SGD')).toBe('1 year');
    expect(formatExplained(25, 'years', 'SGD')).toBe('25 years');
    expect(formatExplained(12000, 'count', 'SGD')).toBe('12,000');
    expect(formatExplained(65, 'age', 'SGD')).toBe('age 65');
    expect(formatExplained(2027, 'year', 'SGD')).toBe('2027');
  });

  it('puts the formatted numbers into the words of a rule', () => {
    expect(
      ruleText(
        [
          'bands of YA 2026 on ',
          { value: 96000, unit: 'money' },
          ' chargeable income from ',
          { value: 2026, unit: 'year' },
        ],
        'SGD',
      ),
    ).toBe('bands of YA 2026 on SGD 96,000.00 chargeable income from 2026');
  });
});

describe("a record's screen in the household workspace", () => {
  it('reads short names and paths alike', () => {
    expect(screenPath('income')).toBe('financial-report/cashflow');
    expect(screenPath('pensions')).toBe('financial-report/funds?activeTab=pension');
    expect(screenPath('/financial-report/debt/')).toBe('financial-report/debt');
    expect(screenPath('goals')).toBe('goals');
    expect(screenName('income')).toBe('Income & Expenses');
    expect(screenName('financial-report/funds?activeTab=pension')).toBe('Funds');
    expect(screenName('somewhere-new')).toBe('somewhere-new');
  });

  it('asks the service to convert only to a report currency', () => {
    expect(reportCurrency('RM')).toBe('RM');
    expect(reportCurrency('USD')).toBeNull();
    expect(reportCurrency(undefined)).toBeNull();
  });
});
