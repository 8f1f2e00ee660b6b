import { reference as Ref } from '@kinfolio/contracts';
import fc from 'fast-check';
import { Explainer, mismatches } from '../domain/calculations/explain';
import type { StoredRecord } from '../records/repository';
import { coverageRows, earnedIncomeCents, type HeldBenefit, THRESHOLD_SOURCE } from './coverage';
import { coverageOf } from './read';

/** Issue 34: coverageRows records how each cover, target and gap was reached. */
const thresholds: Ref.Threshold[] = Ref.THRESHOLD_DEFAULTS.map((d) => ({
  id: null,
  key: d.key,
  label: d.label,
  unit: d.unit,
  value: d.value,
  default: d.value,
  is_default: true,
}));
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const P1 = '00000000-0000-4000-8000-0000000000f1';
const P2 = '00000000-0000-4000-8000-0000000000f2';
const B1 = '00000000-0000-4000-8000-000000000101';
const B2 = '00000000-0000-4000-8000-000000000102';
const members = [
  { id: A, name: 'Alex', age: 40 },
  { id: B, name: 'Sam', age: 38 },
];
const same = (amount: number) => amount;
const benefit = (
  member_id: string,
  type: HeldBenefit['type'],
  amount: number,
  insurance_id: string,
  benefit_id: string,
  plan_name: string,
): HeldBenefit => ({
  member_id,
  type,
  amount,
  insurance_id,
  benefit_id,
  plan_name,
  until_age: 99,
  unlimited: false,
});

describe('coverageRows explains cover, target and gap', () => {
  it('two policies’ death benefits against 9 × annual earned income: the gap and its rule', () => {
    // Alex earns 8,500 a month (102,000 a year); the life cover multiple is 9: target 918,000. Life Plus pays 300,000
    // and Term Guard 200,000 on death: cover 500,000, gap 918,000 − 500,000 = 418,000.
    const ex = new Explainer();
    const earned = earnedIncomeCents(
      [{ id: 'inc-1', member_id: A, kind: 'gross income', amount: 8500, frequency: 'monthly' }],
      2026,
      same,
      { ex, currency: 'SGD', rate: () => 1 },
    );
    const out = coverageRows(
      {
        currency: 'SGD',
        members,
        benefits: [
          benefit(A, 'Death', 300_000, P1, B1, 'Life Plus'),
          benefit(A, 'Death', 200_000, P2, B2, 'Term Guard'),
        ],
        targets: [],
        thresholds,
        earned,
        year: 2026,
      },
      ex,
    );
    const death = out.members[0]?.rows[0];
    expect([death?.cover, death?.target, death?.gap]).toEqual([500_000, 918_000, 418_000]);

    const cover = ex.get(`insurance:${A}:Death:cover`);
    expect(cover).toMatchObject({ value: 500_000, label: 'Alex: Death cover', formula: { op: 'sum', round: true } });
    expect(cover?.parts).toEqual([`in:benefits:${B1}:amount`, `in:benefits:${B2}:amount`]);
    expect(cover?.rule).toEqual([
      'Life Plus: Death benefit ',
      { value: 300_000, unit: 'money' },
      ' + ',
      'Term Guard: Death benefit ',
      { value: 200_000, unit: 'money' },
    ]);
    expect(ex.get(`in:benefits:${B1}:amount`)).toMatchObject({
      value: 300_000,
      formula: { op: 'input' },
      records: [{ kind: 'benefit', id: B1, field: 'amount' }],
    });

    const target = ex.get(`insurance:${A}:Death:target`);
    expect(target).toMatchObject({ value: 918_000, formula: { op: 'product', round: true } });
    expect(target?.parts).toEqual([`insurance:${A}:annual_income`, 'tbl:planning_thresholds:2026:life_cover_multiple']);
    expect(target?.rule).toEqual([
      { value: 9, unit: 'factor' },
      ' × annual earned income ',
      { value: 102_000, unit: 'money' },
      ' (the planning threshold: ',
      'Life cover (multiple of annual income)',
      ')',
    ]);
    expect(ex.get('tbl:planning_thresholds:2026:life_cover_multiple')).toMatchObject({
      value: 9,
      table: { name: 'planning thresholds', version: 2026, year: 2026, source: THRESHOLD_SOURCE },
    });
    // the income: 8,500 a month × 12, from the income record
    expect(ex.get(`insurance:${A}:annual_income`)).toMatchObject({
      value: 102_000,
      parts: ['insurance:income:inc-1:2026:yearly'],
    });
    expect(ex.get('insurance:income:inc-1:2026:yearly')).toMatchObject({
      value: 102_000,
      formula: { op: 'product', round: true },
      parts: ['in:incomes:inc-1:amount', 'const:months_per_year'],
    });
    expect(ex.get('in:incomes:inc-1:amount')?.records).toEqual([{ kind: 'income', id: 'inc-1', field: 'amount' }]);

    const gap = ex.get(`insurance:${A}:Death:gap`);
    expect(gap).toMatchObject({ value: 418_000, formula: { op: 'floor0' } });
    expect(gap?.parts).toEqual([`insurance:${A}:Death:target_less_cover`]);
    expect(gap?.rule).toEqual([
      'target ',
      { value: 918_000, unit: 'money' },
      ' − cover ',
      { value: 500_000, unit: 'money' },
    ]);
    expect(ex.get(`insurance:${A}:Death:target_less_cover`)?.parts).toEqual([
      `insurance:${A}:Death:target`,
      `insurance:${A}:Death:cover`,
    ]);

    // the headline: Alex's death and critical-illness rows (Sam earns nothing: no rows)
    expect(out.totals).toEqual({ cover: 500_000, target: 1_326_000, gap: 826_000 });
    expect(ex.get('insurance:total:gap')).toMatchObject({
      value: 826_000,
      parts: [`insurance:${A}:Death:gap`, `insurance:${A}:Major Illness:gap`],
    });
    expect(ex.get(`insurance:${A}:Major Illness:cover`)?.rule).toEqual(['no policy covers Alex for this at age 40']);
    expect(mismatches(ex.steps)).toEqual([]);
  });

  it('the advisor’s target, cover above it, and unlimited medical cover', () => {
    const ex = new Explainer();
    const unlimited = { ...benefit(B, 'Medical', 0, P2, B2, 'Shield'), unlimited: true };
    const out = coverageRows(
      {
        currency: 'SGD',
        members,
        benefits: [benefit(A, 'Death', 1_000_000, P1, B1, 'Life Plus'), unlimited],
        targets: [
          { id: 't1', member_id: A, benefit_type: 'Death', amount: 800_000 },
          { id: 't2', member_id: B, benefit_type: 'Medical', amount: 5000 },
        ],
        thresholds,
        earned: new Map(),
      },
      ex,
    );
    expect(out.totals).toEqual({ cover: 1_000_000, target: 805_000, gap: 0 });
    expect(ex.get(`insurance:${A}:Death:target`)?.parts).toEqual(['in:coverage_targets:t1:amount']);
    expect(ex.get('in:coverage_targets:t1:amount')?.records).toEqual([
      { kind: 'coverageTarget', id: 't1', field: 'amount' },
    ]);
    expect(ex.get(`insurance:${A}:Death:gap`)?.rule).toEqual([
      'none: the cover ',
      { value: 1_000_000, unit: 'money' },
      ' meets the target ',
      { value: 800_000, unit: 'money' },
    ]);
    expect(ex.get(`insurance:${B}:Medical:cover`)).toMatchObject({
      value: 0,
      records: [{ kind: 'benefit', id: B2, field: 'amount' }],
    });
    expect(ex.get(`insurance:${B}:Medical:gap`)?.rule).toEqual(['no gap: the cover is unlimited']);
    expect(ex.get('insurance:total:cover')?.parts).toEqual([`insurance:${A}:Death:cover`]);
    expect(mismatches(ex.steps)).toEqual([]);
  });

  it('generated households: every step recomputes to the cent and the totals are the reply’s', () => {
    const TYPES = ['Death', 'Disability', 'Major Illness', 'Early Critical Illness', 'Medical'] as const;
    const money = fc.integer({ min: 0, max: 200_000_000 }).map((c) => c / 100);
    const member = fc.constantFrom(A, B);
    const household = fc.record({
      benefits: fc.array(
        fc.record({ member, type: fc.constantFrom(...TYPES), amount: money, unlimited: fc.boolean() }),
        { maxLength: 8 },
      ),
      targets: fc.uniqueArray(fc.record({ member, type: fc.constantFrom(...TYPES), amount: money }), {
        maxLength: 6,
        selector: (t) => `${t.member}|${t.type}`,
      }),
      incomes: fc.array(fc.record({ member, amount: money, monthly: fc.boolean() }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(household, (h) => {
        const ex = new Explainer();
        const earned = earnedIncomeCents(
          h.incomes.map((i, k) => ({
            id: `i${k}`,
            member_id: i.member,
            kind: 'gross income' as const,
            amount: i.amount,
            frequency: i.monthly ? ('monthly' as const) : ('annual' as const),
          })),
          2026,
          (x) => Math.round(x * 100) / 100,
          { ex, currency: 'SGD', rate: () => 1 },
        );
        const out = coverageRows(
          {
            currency: 'SGD',
            members,
            benefits: h.benefits.map((b, k) => ({
              ...benefit(b.member, b.type, b.amount, P1, `b${k}`, 'Plan'),
              unlimited: b.type === 'Medical' && b.unlimited,
            })),
            targets: h.targets.map((t, k) => ({
              id: `t${k}`,
              member_id: t.member,
              benefit_type: t.type,
              amount: t.amount,
            })),
            thresholds,
            earned,
            year: 2026,
          },
          ex,
        );
        expect(mismatches(ex.steps)).toEqual([]);
        expect(ex.get('insurance:total:cover')?.value).toBe(out.totals.cover);
        expect(ex.get('insurance:total:target')?.value).toBe(out.totals.target);
        expect(ex.get('insurance:total:gap')?.value).toBe(out.totals.gap);
        for (const m of out.members)
          for (const r of m.rows) {
            expect(ex.get(`insurance:${m.member_id}:${r.benefit_type}:cover`)?.value).toBe(r.unlimited ? 0 : r.cover);
            expect(ex.get(`insurance:${m.member_id}:${r.benefit_type}:gap`)?.value).toBe(r.gap ?? undefined);
          }
      }),
      { numRuns: 300 },
    );
  });
});

describe('coverageOf explains a benefit and a target in another currency', () => {
  const rec = (id: string, fields: Record<string, unknown>): StoredRecord => ({
    id,
    lead_id: 'hh',
    position: 0,
    created_at: '2026-01-01',
    updated_at: '2026-01-01',
    ...fields,
  });
  it('a USD death benefit converted at the stored rate, to the cent', () => {
    // rates are units per 1 RM: 1 USD = 0.74 / 0.25 = 2.96 SGD… here SGD 1, USD 0.74: 1 USD = 1 / 0.74 SGD
    const ex = new Explainer();
    const parts = {
      hh: { id: 'hh', currency: 'SGD' },
      year: 2026,
      members: [{ id: A, name: 'Alex', age: 40, date_of_birth: null } as never],
      policies: [rec(P1, { member_id: A, plan_name: 'Global Life', currency: 'USD' })],
      coverages: [],
      benefits: [
        rec(B1, {
          insurance_id: P1,
          type: 'Death',
          expiry_age: 99,
          duration: 1,
          lump_sum: { currency: 'USD', amount: 100_000 },
        }),
      ],
      targets: [rec('t1', { member_id: A, benefit_type: 'Death', amount: 200_000, currency: 'USD' })],
      rates: { SGD: 1, USD: 0.74 },
      household: { as_of: '2026-03-01', incomes: [] },
      thresholds,
    };
    const out = coverageOf({ ...parts, ex });
    // explaining changes no figure
    expect(coverageOf(parts)).toEqual(out);
    const row = out.members[0]?.rows[0];
    // 100,000 / 0.74 = 135,135.135… → 135,135.14; the target 200,000 / 0.74 = 270,270.27
    expect([row?.cover, row?.target, row?.gap]).toEqual([135_135.14, 270_270.27, 135_135.13]);
    expect(ex.get(`in:benefits:${B1}:amount`)).toMatchObject({
      value: 100_000,
      label: 'Global Life: Death benefit, in USD',
    });
    expect(ex.get(`insurance:benefit:${B1}:amount`)).toMatchObject({
      value: 135_135.14,
      parts: [`in:benefits:${B1}:amount`, 'fx:USD:SGD'],
    });
    expect(ex.get('fx:USD:SGD')?.value).toBeCloseTo(1 / 0.74, 12);
    expect(ex.get(`insurance:${A}:Death:gap`)?.value).toBe(135_135.13);
    expect(mismatches(ex.steps)).toEqual([]);
  });
});
