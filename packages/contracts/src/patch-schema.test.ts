import { z } from 'zod';
import { patchSchema } from './record-kinds';

describe('patchSchema', () => {
  const kind = z.strictObject({
    amount: z.number(),
    frequency: z.enum(['monthly', 'annual']).default('monthly'),
    note: z.string().optional(),
    nested: z.strictObject({ age: z.number().default(100) }).prefault({}),
  });
  const patch = patchSchema(kind);

  it('applies no default: a patch holds only what it names', () => {
    expect(patch.parse({ amount: 5 })).toEqual({ amount: 5 });
    expect(patch.parse({})).toEqual({});
  });

  it('takes null for optional and defaulted fields (to remove them), not for required ones', () => {
    expect(patch.parse({ note: null, frequency: null })).toEqual({ note: null, frequency: null });
    expect(patch.safeParse({ amount: null }).success).toBe(false);
  });

  it('keeps the field rules and the strictness of the kind; nested objects keep their defaults', () => {
    expect(patch.safeParse({ frequency: 'weekly' }).success).toBe(false);
    expect(patch.safeParse({ extra: 1 }).success).toBe(false);
    expect(patch.parse({ nested: {} })).toEqual({ nested: { age: 100 } });
  });
});
