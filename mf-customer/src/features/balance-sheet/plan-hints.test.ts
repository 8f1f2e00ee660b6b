import { EDITORS } from './model';

/** Issue 31: a field the plan does not use says so under it in the form; the fields it uses, and names, do not. */
describe('the balance-sheet editors mark the fields the plan does not use', () => {
  const field = (editor: keyof typeof EDITORS, path: string) =>
    EDITORS[editor].steps.flatMap((s) => s.fields).find((f) => f.path === path);

  it('a portfolio’s recession sensitivity is not used by the plan, its value and return are', () => {
    expect(field('portfolio', 'recession_sensitivity')?.hint).toBe(
      'Not used by the plan: used by the recession scenario only, not by the plan',
    );
    expect(field('portfolio', 'current_value')?.hint).toBeUndefined();
    expect(field('portfolio', 'expected_return')?.hint).toBeUndefined();
  });

  it('names and notes carry no such hint', () => {
    expect(field('cash', 'name')?.hint).toBeUndefined();
    expect(field('cash', 'bank_name')?.hint).toBeUndefined();
  });
});
