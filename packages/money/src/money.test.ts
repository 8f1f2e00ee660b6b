import fc from 'fast-check';
import {
  convert,
  convertAmount,
  convertFixed,
  formatCompact,
  formatNumber,
  formatNumberPrecise,
  pensionSchemeFor,
  round2,
  roundingStep,
  roundTo,
  roundToStep,
  SEED_RATES,
  sumAmounts,
  UnknownCurrencyError,
} from './index';

describe('fixed SGD/RM rate (spec §9: 1 SGD = 3.48 RM)', () => {
  it('converts both ways, rounded to 3 decimals', () => {
    expect(convertFixed(1, 'SGD', 'RM')).toBe(3.48);
    expect(convertFixed(100, 'SGD', 'RM')).toBe(348);
    expect(convertFixed(3.48, 'RM', 'SGD')).toBe(1);
    expect(convertFixed(10, 'RM', 'SGD')).toBe(2.874); // 2.87356…
    expect(convertFixed(12.3456, 'SGD', 'SGD')).toBe(12.346);
  });
  it('property: SGD → RM → SGD stays within the 3-decimal rounding', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const back = convertFixed(convertFixed(x, 'SGD', 'RM'), 'RM', 'SGD');
        expect(Math.abs(back - x)).toBeLessThanOrEqual(0.0005 / 3.48 + 0.0005 + 1e-9 * Math.max(1, Math.abs(x)));
      }),
    );
  });
});

describe('stored rates, base RM (spec §9 seed: USD 0.2133, EUR 0.1963, GBP 0.1684, SGD 0.3016)', () => {
  it('converts through RM and rounds to 3 decimals', () => {
    expect(convert(100, 'RM', 'USD')).toBe(21.33);
    expect(convert(100, 'USD', 'RM')).toBe(468.823); // 100 / 0.2133 = 468.8232536…
    expect(convert(100, 'USD', 'SGD')).toBe(141.397); // 468.8232… × 0.3016 = 141.3971…
    expect(convert(1, 'MYR', 'GBP')).toBe(0.168);
    expect(convert(5, 'EUR', 'EUR')).toBe(5);
  });
  it('rejects an unknown currency and a non-finite amount', () => {
    expect(() => convert(1, 'XXX', 'RM')).toThrow(UnknownCurrencyError);
    expect(() => convert(Number.NaN, 'RM', 'USD')).toThrow(RangeError);
  });
  it('property: there and back stays within the rounding of both legs', () => {
    const codes = Object.keys(SEED_RATES);
    fc.assert(
      fc.property(fc.double({ min: -1e8, max: 1e8, noNaN: true }), fc.constantFrom(...codes), fc.constantFrom(...codes), (x, a, b) => {
        const there = convert(x, a, b);
        const back = convert(there, b, a);
        const ra = a === 'RM' ? 1 : (SEED_RATES[a] as number);
        const rb = b === 'RM' ? 1 : (SEED_RATES[b] as number);
        // error of the first leg (≤ 0.0005 in b) scaled back into a, plus the second leg's 0.0005, plus float noise
        const bound = 0.0005 * (ra / rb) + 0.0005 + 1e-12 * Math.max(1, Math.abs(x));
        expect(Math.abs(back - x)).toBeLessThanOrEqual(bound);
      }),
    );
  });
});

describe('rounding', () => {
  it('rounds half away from zero to 2 decimals without binary surprises', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(roundTo(1.23456, 3)).toBe(1.235);
  });
  it('sums money exactly', () => {
    expect(sumAmounts(Array.from({ length: 1000 }, () => 0.1))).toBe(100);
  });
  it('refuses a non-finite amount with a clear error instead of returning NaN or Infinity (issue 32)', () => {
    expect(() => sumAmounts([1, Number.NaN])).toThrow('Amount 2 of 2 must be a finite number, not NaN');
    expect(() => sumAmounts([1, Number.POSITIVE_INFINITY])).toThrow('Amount 2 of 2 must be a finite number, not Infinity');
    expect(() => sumAmounts([Number.NEGATIVE_INFINITY])).toThrow(RangeError);
    expect(sumAmounts([])).toBe(0);
  });
  it('picks the rounding step by magnitude (0.1, 0.5, 1, 5, 10, 50, 100, 500, 1000)', () => {
    expect([0.5, 5, 50, 500, 5000, 50_000, 500_000, 5_000_000, 50_000_000].map(roundingStep)).toEqual([0.1, 0.5, 1, 5, 10, 50, 100, 500, 1000]);
    expect(roundingStep(0.999)).toBe(0.1);
    expect(roundingStep(1)).toBe(0.5);
    expect(roundingStep(-999_999)).toBe(100);
    expect(roundToStep(1234)).toBe(1230);
    expect(roundToStep(7.26)).toBe(7.5);
    expect(roundToStep(0.26)).toBe(0.3);
    expect(roundToStep(123_456_789)).toBe(123_457_000);
  });
});

describe('display (spec §9: ms-MY, no decimals; up to 4 in one helper; compact k and M)', () => {
  it('formats numbers', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,568');
    expect(formatNumber(-0.2)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumberPrecise(1234.56789)).toBe('1,234.5679');
    expect(formatNumberPrecise(2.5)).toBe('2.5');
  });
  it('formats compact amounts', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1000)).toBe('1k');
    expect(formatCompact(1500)).toBe('1.5k');
    expect(formatCompact(-25_400)).toBe('-25.4k');
    expect(formatCompact(999_999)).toBe('1M');
    expect(formatCompact(2_345_678)).toBe('2.3M');
  });
  it('names the pension scheme by currency', () => {
    expect(pensionSchemeFor('SGD')).toBe('CPF-OA');
    expect(pensionSchemeFor('RM')).toBe('EPF');
    expect(pensionSchemeFor('MYR')).toBe('EPF');
    expect(pensionSchemeFor('USD')).toBe('Pension');
  });
});

describe('issue 31 (10): one conversion of a shown amount (spec §9: conversion to 3 decimals, amounts to 2)', () => {
  it('RM 1,000.38 in SGD: 301.714608 → 301.715 → 301.72, whichever screen or file shows it', () => {
    expect(convertAmount(1000.38, 'RM', 'SGD')).toBe(301.72);
    expect(convertAmount(1000.38, 'RM', 'SGD')).toBe(round2(convert(1000.38, 'RM', 'SGD')));
    // the same currency: the amount in cents
    expect(convertAmount(12.345, 'SGD', 'SGD')).toBe(12.35);
  });
  it('property: equals the report reply\'s 3-then-2 rounding of the amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const x = cents / 100;
        expect(convertAmount(x, 'SGD', 'RM')).toBe(round2(convert(x, 'SGD', 'RM')));
      }),
    );
  });
});
