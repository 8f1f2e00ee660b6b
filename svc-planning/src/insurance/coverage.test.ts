import { reference as Ref } from '@kinfolio/contracts';
import fc from 'fast-check';
import { coverageRows, earnedIncomeCents, type HeldBenefit } from './coverage';

/** The thresholds in force with no admin value stored (reference.THRESHOLD_DEFAULTS). */
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
const P = '00000000-0000-4000-8000-0000000000f1';
const held = (member_id: string, type: HeldBenefit['type'], amount: number, n: number): HeldBenefit => ({
  member_id,
  type,
  amount,
  insurance_id: P,
  benefit_id: `00000000-0000-4000-8000-00000000010${n}`,
  plan_name: 'Life Plus',
  until_age: 99,
  unlimited: false,
});
const members = [
  { id: A, name: 'Alex', age: 40 },
  { id: B, name: 'Sam', age: 38 },
];
const same = (amount: number) => amount;

describe('coverageRows: one cover, target and gap per member and type (docs/planning-model.md worked example)', () => {
  const earned = earnedIncomeCents(
    [
      { member_id: A, kind: 'gross income', amount: 8500, frequency: 'monthly' },
      { member_id: B, kind: 'gross income', amount: 7000, frequency: 'monthly' },
      // rental is not earned; an income ended last year is not in force
      { member_id: B, kind: 'rental', amount: 2000, frequency: 'monthly' },
      { member_id: A, kind: 'bonus', amount: 10000, frequency: 'annual', end_year: 2025 },
    ],
    2026,
    same,
  );

  it('issue 31 (5): an early critical illness benefit is critical-illness cover; thresholds give the targets', () => {
    expect([...earned]).toEqual([
      [A, 10200000],
      [B, 8400000],
    ]);
    const out = coverageRows({
      currency: 'SGD',
      members,
      benefits: [held(A, 'Death', 500000, 1), held(A, 'Early Critical Illness', 250000, 2)],
      targets: [],
      thresholds,
      earned,
    });
    const rows = out.members.map((m) => m.rows.map((r) => [r.label, r.cover, r.target, r.gap, r.target_source]));
    expect(rows).toEqual([
      [
        ['Death', 500000, 918000, 418000, 'threshold'],
        ['Critical illness', 250000, 408000, 158000, 'threshold'],
      ],
      [
        ['Death', 0, 756000, 756000, 'threshold'],
        ['Critical illness', 0, 336000, 336000, 'threshold'],
      ],
    ]);
    // the headline is the sum of the rows
    expect(out.totals).toEqual({ cover: 750000, target: 2418000, gap: 1668000 });
  });

  it("the advisor's target wins over the threshold; a target of the early type counts in the critical-illness row", () => {
    const out = coverageRows({
      currency: 'SGD',
      members,
      benefits: [held(A, 'Major Illness', 100000, 1), held(A, 'Early Critical Illness', 50000, 2)],
      targets: [
        { id: P, member_id: A, benefit_type: 'Early Critical Illness', amount: 120000 },
        { id: P, member_id: B, benefit_type: 'Medical', amount: 1000 },
      ],
      thresholds,
      earned: new Map([[A, 10200000]]),
    });
    const alex = out.members[0]?.rows ?? [];
    expect(alex.map((r) => [r.label, r.cover, r.target, r.gap, r.target_source])).toEqual([
      ['Death', 0, 918000, 918000, 'threshold'],
      ['Critical illness', 150000, 120000, 0, 'advisor'],
    ]);
    // Sam earns nothing: no threshold target, the advisor's medical target only
    expect(out.members[1]?.rows.map((r) => [r.label, r.target, r.gap])).toEqual([['Medical', 1000, 1000]]);
  });
});

describe('coverageRows over generated households (fast-check)', () => {
  const TYPES = [
    'Death',
    'Disability',
    'Major Illness',
    'Early Critical Illness',
    'Medical',
    'Custom Benefit',
  ] as const;
  const money = fc.integer({ min: 0, max: 200_000_000 }).map((c) => c / 100);
  const member = fc.constantFrom(A, B);
  const household = fc.record({
    benefits: fc.array(fc.record({ member, type: fc.constantFrom(...TYPES), amount: money }), { maxLength: 8 }),
    targets: fc.uniqueArray(fc.record({ member, type: fc.constantFrom(...TYPES), amount: money }), {
      maxLength: 6,
      selector: (t) => `${t.member}|${t.type}`,
    }),
    incomeA: fc.integer({ min: 0, max: 5_000_000 }),
    incomeB: fc.integer({ min: 0, max: 5_000_000 }),
  });

  it('the headline is the sum of the rows; gap = max(target − cover, 0); the advisor wins, else the threshold', () => {
    fc.assert(
      fc.property(household, (h) => {
        const earned = new Map([
          [A, h.incomeA],
          [B, h.incomeB],
        ]);
        const out = coverageRows({
          currency: 'SGD',
          members,
          benefits: h.benefits.map((b, k) => held(b.member, b.type, b.amount, k)),
          targets: h.targets.map((t) => ({ id: P, member_id: t.member, benefit_type: t.type, amount: t.amount })),
          thresholds,
          earned,
        });
        const rows = out.members.flatMap((m) => m.rows);
        const c = (x: number | null) => Math.round((x ?? 0) * 100);
        expect(out.totals).toEqual({
          cover: rows.reduce((a, r) => a + c(r.cover), 0) / 100,
          target: rows.reduce((a, r) => a + c(r.target), 0) / 100,
          gap: rows.reduce((a, r) => a + c(r.gap), 0) / 100,
        });
        // every benefit's amount is in exactly one row: the early CI type in the critical-illness row
        expect(rows.reduce((a, r) => a + c(r.cover), 0)).toBe(h.benefits.reduce((a, b) => a + c(b.amount), 0));
        expect(rows.some((r) => r.benefit_type === 'Early Critical Illness')).toBe(false);
        for (const r of rows) {
          expect(r.gap).toBe(r.target === null ? null : Math.max(c(r.target) - c(r.cover), 0) / 100);
          const own = h.targets.find((t) => t.member === r.member_id && t.type === r.benefit_type);
          const early = h.targets.find((t) => t.member === r.member_id && t.type === 'Early Critical Illness');
          const advisor = own ?? (r.benefit_type === 'Major Illness' ? early : undefined);
          const income = earned.get(r.member_id) ?? 0;
          const multiple = r.benefit_type === 'Death' ? 9 : r.benefit_type === 'Major Illness' ? 4 : null;
          if (advisor) expect([r.target_source, r.target]).toEqual(['advisor', advisor.amount]);
          else if (multiple !== null && income > 0)
            expect([r.target_source, r.target]).toEqual(['threshold', Math.round(income * multiple) / 100]);
          else expect([r.target_source, r.target]).toEqual([null, null]);
        }
      }),
      { numRuns: 500 },
    );
  });
});
