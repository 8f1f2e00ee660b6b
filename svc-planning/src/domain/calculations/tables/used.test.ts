/**
 * Issue 32: "The reply of a projection names the table versions it used." tablesUsed names the versions in force over
 * a range of years (inForce's rule: the newest fromYear ≤ the year, else the earliest); the household projection
 * lists the kinds it read. The tables here are built for the test (years chosen so each case is plain by hand), then
 * installed for the projection cases and the built-in set put back.
 */
import { project } from '../projection';
import type { HouseholdInput } from '../types';
import { BUILT_IN_TABLES, installRateTables, type RateTables } from './registry';
import { projectionTablesUsed, sortNames, tablesUsed } from './used';
import type { Version } from './versioned';

const at = <T extends Version>(list: readonly T[], fromYear: number, toYear: number | null = null): T => ({
  ...(list[list.length - 1] as T),
  fromYear,
  toYear,
});
/** cpf 2025, 2026, 2030; epf 2024; dividends 2022-2026 (one a year); SG tax 2024, 2028; MY tax 2024; SSD 2017, 2025; RPGT 2024. */
const TABLES: RateTables = {
  cpf: [at(BUILT_IN_TABLES.cpf, 2025, 2025), at(BUILT_IN_TABLES.cpf, 2026), at(BUILT_IN_TABLES.cpf, 2030)],
  epf: [at(BUILT_IN_TABLES.epf, 2024)],
  epfDividend: [2022, 2023, 2024, 2025, 2026].map((y) => at(BUILT_IN_TABLES.epfDividend, y, y)),
  sgIncomeTax: [at(BUILT_IN_TABLES.sgIncomeTax, 2024), at(BUILT_IN_TABLES.sgIncomeTax, 2028)],
  myIncomeTax: [at(BUILT_IN_TABLES.myIncomeTax, 2024)],
  sgSsd: [at(BUILT_IN_TABLES.sgSsd, 2017), at(BUILT_IN_TABLES.sgSsd, 2025)],
  myRpgt: [at(BUILT_IN_TABLES.myRpgt, 2024)],
};

describe('tablesUsed', () => {
  it('names the version in force in the first year and every version starting by the last year', () => {
    // 2026..2040: cpf@2026 (in force 2026-2029), cpf@2030 (from 2030); cpf@2025 ended in 2025
    expect(tablesUsed(TABLES, 2026, 2040, ['cpf'])).toEqual(['cpf@2026', 'cpf@2030']);
    // 2025..2029: cpf@2025, cpf@2026; cpf@2030 starts after the range
    expect(tablesUsed(TABLES, 2025, 2029, ['cpf'])).toEqual(['cpf@2025', 'cpf@2026']);
    // a year before the first version uses the first (inForce)
    expect(tablesUsed(TABLES, 2000, 2000, ['cpf'])).toEqual(['cpf@2025']);
    // a year after the newest version's period uses the newest
    expect(tablesUsed(TABLES, 2100, 2100, ['cpf', 'sgIncomeTax'])).toEqual(['cpf@2030', 'sgIncomeTax@2028']);
  });
  it('names EPF dividends only for the years declared within the range (a dividend is credited for its own year)', () => {
    expect(tablesUsed(TABLES, 2025, 2060, ['epfDividend'])).toEqual(['epfDividend@2025', 'epfDividend@2026']);
    expect(tablesUsed(TABLES, 2027, 2060, ['epfDividend'])).toEqual([]);
  });
  it('lists kinds in the registry order, whatever order they are asked in, and none for an empty range', () => {
    expect(tablesUsed(TABLES, 2026, 2026, ['myRpgt', 'sgIncomeTax', 'epf', 'cpf'])).toEqual([
      'cpf@2026',
      'epf@2024',
      'sgIncomeTax@2024',
      'myRpgt@2024',
    ]);
    expect(tablesUsed(TABLES, 2027, 2026, ['cpf'])).toEqual([]);
  });
  it('a projection adds the stamp duty or RPGT table in force in each sale year (SGD: SSD, RM: RPGT, others none)', () => {
    const use = {
      cpf: false,
      epf: false,
      epfDeclared: false,
      tax: null,
      sales: [
        { year: 2030, currency: 'SGD' },
        { year: 2031, currency: 'RM' },
        { year: 2032, currency: 'USD' },
        { year: 2031, currency: 'SGD' },
      ],
    } as const;
    expect(projectionTablesUsed(TABLES, 2026, 2060, use)).toEqual(['sgSsd@2025', 'myRpgt@2024']);
    expect(sortNames(['sgSsd@2025', 'cpf@2030', 'cpf@2026', 'cpf@2030'])).toEqual([
      'cpf@2026',
      'cpf@2030',
      'sgSsd@2025',
    ]);
  });
});

describe('the household projection names its tables (ProjectionResult.tables)', () => {
  afterEach(() => {
    installRateTables(BUILT_IN_TABLES);
  });
  const sg = (extra: Partial<HouseholdInput> = {}): HouseholdInput =>
    ({
      as_of: '2026-06-30',
      currency: 'SGD',
      members: [{ id: 'm1', relation: 'me', age: 40, maturity_age: 60 }],
      incomes: [{ id: 'i', member_id: 'm1', kind: 'salary', amount: 5_000, frequency: 'monthly' }],
      pensions: [{ id: 'p', member_id: 'm1', type: 'CPF', monthly_salary: 5_000, balances: { oa: 10_000 } }],
      ...extra,
    }) as HouseholdInput;

  it('a CPF member taxed in Singapore, 2026-2046: the CPF versions of those years and the SG tax versions', () => {
    installRateTables(TABLES);
    // member aged 40 in 2026, maturity 60 → years 2026..2046; cpf@2026 and cpf@2030, sgIncomeTax@2024 and @2028
    expect(project(sg()).tables).toEqual(['cpf@2026', 'cpf@2030', 'sgIncomeTax@2024', 'sgIncomeTax@2028']);
  });
  it('a version installed later is named by the next projection (an admin adds cpf@2035)', () => {
    installRateTables(TABLES);
    const before = project(sg()).tables;
    installRateTables({ ...TABLES, cpf: [...TABLES.cpf, at(BUILT_IN_TABLES.cpf, 2035)] });
    const after = project(sg()).tables;
    expect(before).not.toContain('cpf@2035');
    expect(after).toEqual(['cpf@2026', 'cpf@2030', 'cpf@2035', 'sgIncomeTax@2024', 'sgIncomeTax@2028']);
  });
  it('an EPF member in Malaysia: EPF, the dividends declared for the projected years, MY tax; an RM property sold in 2030: RPGT', () => {
    installRateTables(TABLES);
    const h = {
      as_of: '2026-06-30',
      currency: 'RM',
      members: [{ id: 'm1', relation: 'me', age: 40, maturity_age: 50 }],
      pensions: [{ id: 'p', member_id: 'm1', type: 'EPF', monthly_salary: 5_000 }],
      properties: [
        {
          id: 'h',
          name: 'Flat',
          market_value: 500_000,
          purchase_price: 400_000,
          purchase_year: 2020,
          future_selling_year: 2030,
        },
      ],
    } as unknown as HouseholdInput;
    // 2026..2036: epf@2024; dividends declared for 2026 only (2022-2025 lie before the first year); myIncomeTax@2024;
    // the sale in 2030: myRpgt@2024
    expect(project(h).tables).toEqual(['epf@2024', 'epfDividend@2026', 'myIncomeTax@2024', 'myRpgt@2024']);
  });
  it('a household in another currency with no CPF or EPF pension names no table', () => {
    const h = {
      as_of: '2026-06-30',
      currency: 'USD',
      members: [{ id: 'm1', relation: 'me', age: 40, maturity_age: 50 }],
    };
    expect(project(h as HouseholdInput).tables).toEqual([]);
  });
});
