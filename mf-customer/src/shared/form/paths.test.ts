import type { BalanceSheetFields, InsuranceFields } from '../household/api';
import { type FieldPath, fieldsOf, sectionsOf } from './paths';

/*
 * Type-level checks: tsc (npm run typecheck, which covers the tests) fails when a `@ts-expect-error` line below
 * compiles, so these prove that a field path the schema does not have (a renamed field) is a compile error.
 */
type PolicyPath = FieldPath<InsuranceFields<'policy'>>;

describe('FieldPath: form-field paths typed against the contracts’ schemas', () => {
  it('accepts the schema’s own and nested paths', () => {
    const fields = fieldsOf<InsuranceFields<'policy'>>([
      { path: 'premium', label: 'Premium', kind: 'float' },
      { path: 'premium_detail.amount', label: 'Premium detail amount', kind: 'float' },
      { path: 'retirement.maturity_age', label: 'Maturity age', kind: 'number' },
    ]);
    expect(fields.map((f) => f.path)).toEqual(['premium', 'premium_detail.amount', 'retirement.maturity_age']);
    const nested: PolicyPath = 'withdrawal_limit.dividend';
    expect(nested).toBe('withdrawal_limit.dividend');
  });

  it('refuses a path the schema does not have, at compile time', () => {
    const fields = fieldsOf<InsuranceFields<'policy'>>([
      // @ts-expect-error a policy has no field premium_amount (what a renamed premium would leave behind)
      { path: 'premium_amount', label: 'Premium', kind: 'float' },
    ]);
    // @ts-expect-error premium_detail has no field amounts
    const wrongNested: PolicyPath = 'premium_detail.amounts';
    // @ts-expect-error a path of another kind's schema (a plan's data_by_age) is not a policy's
    const otherKind: PolicyPath = 'data_by_age';
    const sections = sectionsOf<BalanceSheetFields<'debt'>>([
      // @ts-expect-error a debt has no field premium
      { id: 'x', title: 'X', fields: [{ path: 'premium', label: 'Premium', kind: 'float' }] },
    ]);
    // at run time the tables are plain field lists
    expect([fields.length, sections.length, wrongNested, otherKind]).toEqual([
      1,
      1,
      'premium_detail.amounts',
      'data_by_age',
    ]);
  });
});
