/**
 * Issue 32 "Bad input": a table version with a gap, an overlap, a negative rate or a band out of order is refused with
 * a clear message (docs/planning-model.md "Versioned tables"; the messages of the rate-tables API). Every built-in
 * table passes. The versions here are copies of the built-in ones with one thing broken.
 */
import { rateTables as RT } from '@kinfolio/contracts';
import type { CpfVersion } from './cpf';
import { CPF_TABLES } from './cpf';
import { BUILT_IN_TABLES, RATE_TABLE_KINDS, type RateTables } from './registry';
import { MY_TAX_TABLES, type MyTaxVersion } from './tax-my';
import { isPercentKey, validateFigures, validateRateTables, validateVersions } from './validate';
import type { Version } from './versioned';

/** A deep copy of a built-in version (so it is not one of the built-in objects: its shape is checked too). */
type DeepMutable<T> = T extends readonly (infer U)[]
  ? DeepMutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;
const copy = <T>(v: T): DeepMutable<T> => JSON.parse(JSON.stringify(v)) as DeepMutable<T>;
type Cpf = DeepMutable<CpfVersion>;
const newestCpf = (): Cpf => copy(CPF_TABLES[CPF_TABLES.length - 1] as CpfVersion);
const cpfFrom = (fromYear: number, toYear: number | null, change: (v: Cpf) => void = () => {}): Cpf => {
  const v = { ...newestCpf(), fromYear, toYear };
  change(v);
  return v;
};
const messages = (kind: Parameters<typeof validateVersions>[0], versions: readonly Version[]) =>
  validateVersions(kind, versions).map((p) => p.message);

describe('validateRateTables: the built-in tables', () => {
  it('every kind of BUILT_IN_TABLES passes', () => {
    expect(validateRateTables(BUILT_IN_TABLES)).toEqual([]);
    for (const kind of RATE_TABLE_KINDS) expect(validateVersions(kind, BUILT_IN_TABLES[kind])).toEqual([]);
  });
  it("a copy of every kind's newest built-in version, added as the next year's, passes (the shape check accepts its own shape)", () => {
    for (const kind of RATE_TABLE_KINDS) {
      const list = BUILT_IN_TABLES[kind] as readonly Version[];
      const last = list[list.length - 1] as Version;
      const next = { ...copy(last), fromYear: last.fromYear + 5, toYear: null };
      const closed = list.map((v, k) => (k === list.length - 1 ? { ...v, toYear: last.fromYear + 4 } : v));
      expect(validateVersions(kind, [...closed, next])).toEqual([]);
    }
  });
  it("the API's kinds (contracts rate-tables.ts) are the registry's, in the same order", () => {
    expect([...RT.RATE_TABLE_KINDS]).toEqual([...RATE_TABLE_KINDS]);
  });
  it('a set that lacks a kind is refused: the table has no version', () => {
    const { myRpgt: _gone, ...rest } = BUILT_IN_TABLES;
    expect(validateRateTables(rest as unknown as RateTables).map((p) => p.message)).toEqual([
      'The myRpgt table has no version: a table needs at least one.',
    ]);
  });
});

describe('validateVersions: periods', () => {
  it("refuses an overlap: a version starting within the previous one's published period", () => {
    expect(messages('cpf', [cpfFrom(2026, 2027), cpfFrom(2027, null)])).toEqual([
      'The cpf version from 2027 overlaps the version from 2026 (in force to 2027).',
    ]);
  });
  it("refuses a gap: a year between the previous period's end and the next version", () => {
    expect(messages('cpf', [cpfFrom(2026, 2027), cpfFrom(2029, null)])).toEqual([
      'The cpf version from 2029 leaves a gap: the version from 2026 ends in 2027 and nothing covers 2028.',
    ]);
    expect(messages('cpf', [cpfFrom(2026, 2027), cpfFrom(2031, null)])).toEqual([
      'The cpf version from 2031 leaves a gap: the version from 2026 ends in 2027 and nothing covers 2028 to 2030.',
    ]);
  });
  it('accepts the next version the year after the previous period, or any later year when the previous has no end', () => {
    expect(messages('cpf', [cpfFrom(2026, 2027), cpfFrom(2028, null)])).toEqual([]);
    expect(messages('cpf', [cpfFrom(2026, null), cpfFrom(2030, null)])).toEqual([]);
  });
  it('refuses versions out of from_year order, and two versions of one year', () => {
    expect(messages('cpf', [cpfFrom(2027, null), cpfFrom(2026, null)])).toEqual([
      'The cpf versions must be in ascending order of from_year: 2026 comes after 2027.',
    ]);
    expect(messages('cpf', [cpfFrom(2026, null), cpfFrom(2026, null)])).toEqual([
      'Two cpf versions start in 2026: a year has one version.',
    ]);
  });
  it('refuses a from_year after its to_year', () => {
    expect(messages('cpf', [cpfFrom(2027, 2026)])).toEqual([
      'The cpf version from 2027 ends before it starts: from_year 2027 comes after to_year 2026.',
    ]);
  });
  it('refuses an empty table and a version without a source', () => {
    expect(messages('epf', [])).toEqual(['The epf table has no version: a table needs at least one.']);
    const v = cpfFrom(2026, null, (x) => {
      (x as { source: unknown }).source = { publisher: 'CPF Board', title: '', url: 'https://www.cpf.gov.sg/' };
    });
    expect(messages('cpf', [v])).toEqual([
      'The cpf version from 2026 must name its source: publisher, title and address.',
    ]);
  });
});

describe('validateFigures: numbers', () => {
  const figureMessages = (v: Cpf) => validateFigures('cpf', v).map((p) => p.message);
  it('refuses a negative rate, naming the field and the value', () => {
    const v = cpfFrom(2027, null, (x) => {
      (x.rates as Array<{ employer: number }>)[1] = { ...(x.rates[1] as CpfVersion['rates'][number]), employer: -1 };
    });
    expect(figureMessages(v)).toEqual(['figures.rates[1].employer must not be negative (it is -1).']);
    // in a whole list the message names the version too
    expect(messages('cpf', [v])).toEqual([
      'The cpf version from 2027: figures.rates[1].employer must not be negative (it is -1).',
    ]);
  });
  it('refuses a number that is not finite (NaN, Infinity) anywhere in the figures, nested objects included', () => {
    const v = cpfFrom(2027, null, (x) => {
      x.owCeiling = Number.NaN;
      x.extraInterest = { ...x.extraInterest, first: Number.POSITIVE_INFINITY };
    });
    expect(figureMessages(v)).toEqual([
      'figures.owCeiling must be a finite number (it is NaN).',
      'figures.extraInterest.first must be a finite number (it is Infinity).',
    ]);
  });
  it('refuses a percentage rate above 100 (rate, employer, employee, oa/sa/ma, growth), not an amount above 100', () => {
    const v = cpfFrom(2027, null, (x) => {
      (x.allocation as Array<{ oa: number }>)[0] = {
        ...(x.allocation[0] as CpfVersion['allocation'][number]),
        oa: 123,
      };
      x.sumsGrowth = 250;
    });
    expect(figureMessages(v)).toEqual([
      'figures.allocation[0].oa is a percentage and must be at most 100 (it is 123).',
      'figures.sumsGrowth is a percentage and must be at most 100 (it is 250).',
    ]);
    const w = copy(MY_TAX_TABLES[0] as MyTaxVersion);
    (w.bands as Array<{ rate: number }>)[3] = {
      ...(w.bands[3] as { from: number; to: number | null; rate: number }),
      rate: 101,
    };
    expect(validateFigures('myIncomeTax', w).map((p) => p.message)).toEqual([
      'figures.bands[3].rate is a percentage and must be at most 100 (it is 101).',
    ]);
    // owCeiling (8,000) and extraInterest.first (60,000) are amounts: no refusal in the unchanged version
    expect(figureMessages(newestCpf())).toEqual([]);
  });
  it('reads a key as a percentage by its name, not an amount, age or year named like a rate', () => {
    for (const k of [
      'rate',
      'rate55',
      'employer',
      'employee60',
      'employerLow',
      'oa',
      'total',
      'sumsGrowth',
      'lifeEscalation',
      'dividendRate',
    ])
      expect([k, isPercentKey(k)]).toEqual([k, true]);
    for (const k of [
      'owCeiling',
      'employerCap',
      'employeeMaxWage',
      'rateFromAge',
      'first',
      'oaCap',
      'threshold',
      'upToYear',
    ])
      expect([k, isPercentKey(k)]).toEqual([k, false]);
  });
  it('refuses a share above 1', () => {
    const v = cpfFrom(2027, null, (x) => {
      x.lifeBasicPremiumShare = 15;
    });
    expect(figureMessages(v)).toEqual(['figures.lifeBasicPremiumShare is a share and must be at most 1 (it is 15).']);
  });
});

describe('validateFigures: bands', () => {
  it('refuses age bands out of order, naming the two ages', () => {
    const v = cpfFrom(2027, null, (x) => {
      const r = [...x.rates];
      [r[1], r[2]] = [r[2] as CpfVersion['rates'][number], r[1] as CpfVersion['rates'][number]]; // toAge 55, 65, 60, 70, null
      x.rates = r;
    });
    expect(validateFigures('cpf', v).map((p) => p.message)).toEqual([
      'figures.rates must be in ascending order of toAge: 60 comes after 65.',
    ]);
  });
  it('refuses an open upper bound (null) before the last band, and a band that repeats an age', () => {
    const v = cpfFrom(2027, null, (x) => {
      const r = x.rates.map((b) => ({ ...b }));
      (r[1] as { toAge: number | null }).toAge = null;
      (r[3] as { toAge: number | null }).toAge = 65;
      x.rates = r;
    });
    expect(validateFigures('cpf', v).map((p) => p.message)).toEqual([
      'figures.rates[1].toAge may be empty (no upper bound) only on the last band.',
      'figures.rates lists toAge 65 twice: each band must end above the one before.',
    ]);
  });
  it('refuses tax bands that are not contiguous (each from = the previous to) or out of order', () => {
    const w = copy(MY_TAX_TABLES[0] as MyTaxVersion);
    const b = w.bands.map((x) => ({ ...x }));
    (b[2] as { from: number }).from = 21_000; // the band before ends at 20,000
    w.bands = b;
    expect(validateFigures('myIncomeTax', w).map((p) => p.message)).toEqual([
      'figures.bands[2].from must be 20000, where the band before it ends (it is 21000).',
    ]);
    const u = copy(MY_TAX_TABLES[0] as MyTaxVersion);
    const c = u.bands.map((x) => ({ ...x }));
    (c[1] as { to: number }).to = 2_000; // 5,000 → 2,000: a band that ends below its start, and out of order
    (c[2] as { from: number }).from = 2_000;
    u.bands = c;
    expect(validateFigures('myIncomeTax', u).map((p) => p.message)).toEqual([
      'figures.bands must be in ascending order of from: 2000 comes after 5000.',
      'figures.bands must be in ascending order of to: 2000 comes after 5000.',
      'figures.bands[1] must end above where it starts (from 5000 to 2000).',
    ]);
  });
  it("refuses Seller's Stamp Duty schedules whose purchase dates leave a gap, overlap, are open before the last or are no date", () => {
    type Sched = { purchasedFrom: string; purchasedTo: string | null; tiers: unknown[] };
    const ssd = (edit: (s: Sched[]) => void) => {
      const v = copy(BUILT_IN_TABLES.sgSsd[BUILT_IN_TABLES.sgSsd.length - 1]) as unknown as { schedules: Sched[] };
      v.schedules = v.schedules.map((x) => ({ ...x }));
      edit(v.schedules);
      return validateFigures('sgSsd', v as unknown as Version).map((p) => p.message);
    };
    expect(ssd(() => {})).toEqual([]);
    // the built-in 2025 version: 2011-01-14 … 2017-03-10, 2017-03-11 … 2025-07-03, 2025-07-04 … (open)
    expect(ssd((s) => ((s[1] as Sched).purchasedFrom = '2017-03-15'))).toContain(
      'figures.schedules[1].purchasedFrom must be the day after the period before it ends: the days between are in no period.',
    );
    expect(ssd((s) => ((s[2] as Sched).purchasedFrom = '2025-07-01'))).toContain(
      'figures.schedules[2].purchasedFrom must be the day after the period before it ends: the periods overlap.',
    );
    expect(ssd((s) => ((s[1] as Sched).purchasedTo = null))).toContain(
      'figures.schedules[1].purchasedTo may be empty (every later purchase) only on the last period.',
    );
    expect(ssd((s) => ((s[0] as Sched).purchasedFrom = '2011-02-30'))).toContain('figures.schedules[0].purchasedFrom must be a date (yyyy-mm-dd).');
    expect(ssd((s) => ((s[0] as Sched).purchasedTo = '2010-01-01'))).toContain(
      'figures.schedules[0] must end on or after the day it starts (2011-01-14 to 2010-01-01).',
    );
  });
  it("refuses Seller's Stamp Duty and RPGT periods out of order (maxMonths, upToYear)", () => {
    const s = copy(BUILT_IN_TABLES.sgSsd[BUILT_IN_TABLES.sgSsd.length - 1]) as unknown as {
      schedules: Array<{ tiers: Array<{ maxMonths: number }> }>;
    };
    const last = s.schedules.length - 1;
    s.schedules = s.schedules.map((x) => ({ ...x, tiers: x.tiers.map((t) => ({ ...t })) }));
    ((s.schedules[last] as { tiers: Array<{ maxMonths: number }> }).tiers[1] as { maxMonths: number }).maxMonths = 6;
    expect(validateFigures('sgSsd', s as unknown as Version).map((p) => p.message)).toContain(
      `figures.schedules[${last}].tiers must be in ascending order of maxMonths: 6 comes after 12.`,
    );
    const r = copy(BUILT_IN_TABLES.myRpgt[BUILT_IN_TABLES.myRpgt.length - 1]) as unknown as {
      byYear: Array<{ upToYear: number }>;
    };
    r.byYear = r.byYear.map((x) => ({ ...x }));
    (r.byYear[2] as { upToYear: number }).upToYear = 1;
    expect(validateFigures('myRpgt', r as unknown as Version).map((p) => p.message)).toContain(
      'figures.byYear must be in ascending order of upToYear: 1 comes after 4.',
    );
  });
});

describe('validateFigures: the shape of a kind (its newest built-in version)', () => {
  it('refuses an unknown key and a missing one, at any depth', () => {
    const v = cpfFrom(2027, null, (x) => {
      (x as unknown as Record<string, unknown>).owCieling = 8_000;
      delete (x as unknown as Record<string, unknown>).owCeiling;
      x.extraInterest = { first: 60_000, oaCap: 20_000, rate: 1, first55: 30_000 } as CpfVersion['extraInterest'];
      x.rates = x.rates.map((b, k) => (k === 0 ? { ...b, bonus: 1 } : b));
    });
    expect(validateFigures('cpf', v).map((p) => p.message)).toEqual([
      'figures.rates[0].bonus is not a cpf figure.',
      'figures.owCeiling is missing.',
      'figures.extraInterest.rate55 is missing.',
      'figures.owCieling is not a cpf figure.',
    ]);
  });
  it('refuses a value of the wrong type (a string for a number, an object for a list)', () => {
    const v = cpfFrom(2027, null, (x) => {
      (x as unknown as Record<string, unknown>).brs = '110200';
      (x as unknown as Record<string, unknown>).allocation = {};
    });
    expect(validateFigures('cpf', v).map((p) => p.message)).toEqual([
      'figures.allocation must be a list (it is object).',
      'figures.brs must be a number (it is string).',
    ]);
  });
  it('accepts null where the shape has an open upper bound, and a number there too', () => {
    expect(validateFigures('cpf', cpfFrom(2027, null))).toEqual([]);
  });
});
