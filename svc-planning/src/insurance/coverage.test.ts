import { reference as Ref } from '@kinfolio/contracts';
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
