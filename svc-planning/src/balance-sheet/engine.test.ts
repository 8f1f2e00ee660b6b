import { balanceSheet as BS } from '@kinfolio/contracts';
import { project } from '../domain/calculations';
import { cpfOwnRates, pensionInput } from './engine';

/**
 * Issue 32: the spec's default CPF growth "ra 5" reads as CPF's 4% floor plus extra interest. A stored CPF record
 * keeps the spec's defaults (oa 2.5, sa_ma 4, ra 5) as its schema fills them in; passed to the engine as the record's
 * own rates they made the RA earn 5% and extra interest on top (counted twice). A default rate now means CPF's rates.
 */
describe('a stored CPF record’s growth rates', () => {
  it('the spec’s defaults mean CPF’s own rates: nothing is passed as the record’s rate', () => {
    expect(cpfOwnRates({ oa: 2.5, sa_ma: 4, ra: 5 })).toBeUndefined();
    expect(cpfOwnRates(undefined)).toBeUndefined();
  });
  it('a rate the advisor changed is theirs, and only that one', () => {
    expect(cpfOwnRates({ oa: 3, sa_ma: 4, ra: 5 })).toEqual({ oa: 3 });
    expect(cpfOwnRates({ oa: 2.5, sa_ma: 4, ra: 4.5 })).toEqual({ ra: 4.5 });
  });
  it('a record saved with the defaults projects its RA at 4% plus extra interest, not 5% plus extra interest', () => {
    // Member aged 60 on 1 January 2026, RA 100,000, nothing else, no wage. By hand: 4% → 104,000; extra interest from
    // 55: 2% on the first 30,000 + 1% on the next 30,000 = 900 → 104,900 at the end of 2026 (5% would give 105,900).
    const M = '00000000-0000-4000-8000-000000000001';
    const stored = BS.PensionAccount.parse({ member_id: M, type: 'CPF', currency: 'SGD', cpf_ra: 100_000, retirement_age: 55 });
    expect(stored.cpf_contribution_growth_rate).toEqual({ oa: 2.5, sa_ma: 4, ra: 5 });
    const p = project({
      as_of: '2026-01-01',
      currency: 'SGD',
      members: [{ id: M, relation: 'me', age: 60, retirement_age: 55 }],
      pensions: [pensionInput({ ...stored, id: 'p1' })],
    });
    expect(p.rows.find((r) => r.year === 2026)?.assets.pensions).toBe(104_900);
  });
});
