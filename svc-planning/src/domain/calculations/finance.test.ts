import fc from 'fast-check';
import { CalculationInputError } from './errors';
import { cagr, compoundInterest, fv, inflationAdjustedRate, irr, mirr, nper, npv, payback, pmt, pv, rate, roi, ruleOf72, wacc, xirr, xnpv } from './finance';

const close = (actual: number, expected: number, digits: number) => expect(actual).toBeCloseTo(expected, digits);

describe('Excel documentation worked examples', () => {
  const xv = [-10000, 2750, 4250, 3250, 2750];
  const xd = ['2008-01-01', '2008-03-01', '2008-10-30', '2009-02-15', '2009-04-01'];
  it('XIRR = 0.373362535', () => close(xirr(xv, xd, 0.1), 0.373362535, 8));
  it('XNPV at 9% = 2,086.65', () => close(xnpv(0.09, xv, xd), 2086.647602, 6));
  it('IRR: four years -2.1%, five years 8.7%, two years with guess -10% = -44.4%', () => {
    const v = [-70000, 12000, 15000, 18000, 21000, 26000];
    close(irr(v.slice(0, 5)), -0.021244848, 9);
    close(irr(v), 0.086630948, 9);
    close(irr(v.slice(0, 3), -0.1), -0.443506941, 9);
  });
  it('NPV: 1,188.44; 1,922.06; -3,749.47', () => {
    close(npv(0.1, [-10000, 3000, 4200, 6800]), 1188.44, 2);
    close(npv(0.08, [8000, 9200, 10000, 12000, 14500]) - 40000, 1922.06, 2);
    close(npv(0.08, [8000, 9200, 10000, 12000, 14500, -9000]) - 40000, -3749.47, 2);
  });
  it('PMT: -1,037.03; -1,030.16 (type 1); -129.08 (save 50,000 in 18 years)', () => {
    close(pmt(0.08 / 12, 10, 10000), -1037.03, 2);
    close(pmt(0.08 / 12, 10, 10000, 0, 1), -1030.16, 2);
    close(pmt(0.06 / 12, 18 * 12, 0, 50000), -129.08, 2);
  });
  it('FV: 2,581.40; 12,682.50; 82,846.25; 2,301.40', () => {
    close(fv(0.06 / 12, 10, -200, -500, 1), 2581.4, 2);
    close(fv(0.12 / 12, 12, -1000), 12682.5, 2);
    close(fv(0.11 / 12, 35, -2000, 0, 1), 82846.25, 2);
    close(fv(0.06 / 12, 12, -100, -1000, 1), 2301.4, 2);
  });
  it('PV of an annuity paying 500 a month for 20 years at 8% = -59,777.15', () => close(pv(0.08 / 12, 12 * 20, 500, 0, 0), -59777.15, 2));
  it('RATE(48, -200, 8000) = 0.77% a month, 9.24% a year', () => {
    close(rate(48, -200, 8000), 0.0077014725, 9);
    close(rate(48, -200, 8000) * 12, 0.0924176699, 8);
  });
  it('NPER: 59.67 (type 1), 60.08, -9.58', () => {
    close(nper(0.12 / 12, -100, -1000, 10000, 1), 59.6738657, 6);
    close(nper(0.12 / 12, -100, -1000, 10000), 60.0821229, 6);
    close(nper(0.12 / 12, -100, -1000), -9.57859404, 7);
  });
  it('MIRR: 12.61%, -4.80% (three years), 13.48% (reinvest at 14%)', () => {
    const v = [-120000, 39000, 30000, 21000, 37000, 46000];
    close(mirr(v, 0.1, 0.12), 0.126094, 6);
    close(mirr(v.slice(0, 4), 0.1, 0.12), -0.048045, 6);
    close(mirr(v, 0.1, 0.14), 0.134759, 6);
  });
});

describe('numpy-financial docstring examples', () => {
  it('fv(0.05/12, 10*12, -100, -100) = 15692.92889433575', () => close(fv(0.05 / 12, 120, -100, -100), 15692.92889433575, 8));
  it('pv(0.05/12, 10*12, -100, 15692.93) = -100.00067131625819', () => close(pv(0.05 / 12, 120, -100, 15692.93), -100.00067131625819, 8));
  it('pmt(0.075/12, 12*15, 200000) = -1854.0247200054619', () => close(pmt(0.075 / 12, 180, 200000), -1854.0247200054619, 9));
  it('nper(0.07/12, -150, 8000) = 64.07334877066185', () => close(nper(0.07 / 12, -150, 8000), 64.07334877066185, 9));
  it('irr examples', () => {
    close(irr([-100, 39, 59, 55, 20]), 0.28095, 5);
    close(irr([-100, 0, 0, 74]), -0.0955, 4);
    close(irr([-100, 100, 0, -7]), -0.0833, 4);
    close(irr([-100, 100, 0, 7]), 0.06206, 5);
    close(irr([-5, 10.5, 1, -8, 1]), 0.0886, 4);
    close(irr([-250000, 100000, 150000, 200000, 250000, 300000]), 0.5672303344358536, 9);
  });
  it('numpy test values: rate 0.1107, irr 0.0524, pv -127128.17, fv 86609.36, pmt -304.146, nper 21.54', () => {
    close(rate(10, 0, -3500, 10000), 0.1107, 4);
    close(irr([-150000, 15000, 25000, 35000, 45000, 60000]), 0.0524, 4);
    close(pv(0.07, 20, 12000, 0), -127128.17, 2);
    close(fv(0.075, 20, -2000, 0, 0), 86609.36, 2);
    close(pmt(0.08 / 12, 60, 15000), -304.146, 3);
    close(nper(0.075, -2000, 0, 100000), 21.54, 2);
  });
});

describe('IRR / XIRR robustness', () => {
  it('converges on rates far below zero, leading zeros and long runs of zeros', () => {
    close(irr([-100, 1]), -0.99, 12);
    close(irr([0, 0, -100, 1, 0.5]), -0.9241127656, 9);
    const long = [-1, ...Array(39).fill(0), 0.0001];
    close(irr(long), 0.0001 ** (1 / 40) - 1, 10);
  });
  it('flows with several sign changes give a true root', () => {
    const v = [-1000, 3000, -2200, 100];
    const r = irr(v);
    expect(Math.abs(npv(r, v.slice(1)) + (v[0] as number))).toBeLessThan(1e-6);
  });
  it('very short periods: XIRR over days', () => {
    const r = xirr([-1000, 1010], ['2024-01-01', '2024-01-02']);
    close(r, 1.01 ** 365 - 1, 6);
  });
  it('rates a hair above −100 %: finds the root down to the closest rate a double holds, and says when there is none', () => {
    // 30-day steps: x = (1 + r)^(−30/365) solves −100 + x + 0.5x² = 0, so 1 + r = (√201 − 1)^(−365/30) ≈ 2.39e−14.
    const dates = ['2021-01-01', '2021-01-31', '2021-03-02', '2021-04-01', '2021-05-01'];
    const r = xirr([0, 0, -100, 1, 0.5], dates);
    const exact = (Math.sqrt(201) - 1) ** (-365 / 30);
    expect(Math.abs(1 + r - exact) / exact).toBeLessThan(0.01); // 1 + r has ~2^−53 / 2.4e−14 ≈ 0.5 % resolution here
    // [−100, 1] a day apart: the root, 1 + r = 0.01^365, is below every double above −100 %: no rate, said clearly.
    expect(() => xirr([-100, 1], ['2021-01-01', '2021-01-02'])).toThrow(/No internal rate of return/);
  });
  it('says clearly when all flows have one sign, instead of looping', () => {
    expect(() => irr([100, 200])).toThrow(CalculationInputError);
    expect(() => irr([-1, -2, 0])).toThrow(/same sign/);
    expect(() => xirr([0, 0], ['2020-01-01', '2021-01-01'])).toThrow(/same sign/);
    expect(() => xirr([-1, 2], ['2020-01-01', '2019-01-01'])).toThrow(/precede/);
  });
  it('property: IRR returns a rate whose NPV is zero for random flows with a sign change', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10000, max: 10000 }), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 10000 }), (rest, outlay) => {
        const v = [-outlay, ...rest];
        if (!v.some((x) => x > 0)) return;
        let r: number;
        try {
          r = irr(v);
        } catch (e) {
          expect(e).toBeInstanceOf(CalculationInputError);
          return;
        }
        const x = 1 / (1 + r);
        let p = 0;
        let scale = 0;
        for (let i = v.length - 1; i >= 0; i--) {
          p = p * x + (v[i] as number);
          scale = scale * Math.max(x, 1) + Math.abs(v[i] as number);
        }
        expect(Math.abs(p)).toBeLessThanOrEqual(1e-7 * scale);
      }),
      { numRuns: 300 },
    );
  });
  it('time-zone independence: the same dates give the same XIRR under any TZ', () => {
    const before = process.env.TZ;
    const results: number[] = [];
    for (const tz of ['Asia/Singapore', 'America/New_York', 'UTC', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      results.push(xirr([-10000, 2750, 4250, 3250, 2750], ['2008-01-01', '2008-03-01', '2008-10-30', '2009-02-15', '2009-04-01']));
      results.push(xirr([-1000, 600, 600], [new Date(Date.UTC(2023, 2, 10)), new Date(Date.UTC(2023, 10, 6)), new Date(Date.UTC(2024, 2, 31))]));
    }
    process.env.TZ = before;
    for (let i = 2; i < results.length; i++) expect(results[i]).toBe(results[i % 2]);
  });
});

describe('other helpers', () => {
  it('payback, ROI, CAGR, WACC, rule of 72, real rate, compound interest', () => {
    expect(payback([-1000, 300, 300, 300, 300])).toBeCloseTo(3.3333333, 6);
    expect(payback([-1000, 100])).toBeNull();
    expect(roi(1500, 1000)).toBe(0.5);
    close(cagr(10000, 19000, 3), 0.2385623, 6);
    close(wacc(600, 400, 0.1, 0.05, 0.25), 0.075, 10);
    expect(ruleOf72(8)).toBe(9);
    close(inflationAdjustedRate(0.05, 0.02), 0.0294117647, 9);
    close(compoundInterest(1000, 0.05, 10, 12), 1647.00949769, 6);
  });
  it('rejects bad inputs naming the field', () => {
    expect(() => pmt(0.1, 0, 100)).toThrow(expect.objectContaining({ field: 'nper' }));
    expect(() => pv(Number.NaN, 1, 1)).toThrow(expect.objectContaining({ field: 'rate' }));
    expect(() => cagr(0, 1, 1)).toThrow(expect.objectContaining({ field: 'begin' }));
  });
});
