import { matchesPath } from './content';

const w = (...data: string[]) => ({ page_meta: { data, folder_name: '' } });

describe('walkthrough path matching (every page-meta value contained in the path)', () => {
  it('matches when the one value is in the path', () => {
    expect(matchesPath(w('/advisor/customers'), '/advisor/customers')).toBe(true);
    expect(matchesPath(w('customers'), '/advisor/customers/42/edit')).toBe(true);
  });

  it('needs every value, in any order', () => {
    expect(matchesPath(w('advisor', 'planning'), '/advisor/planning/retirement')).toBe(true);
    expect(matchesPath(w('planning', 'advisor'), '/advisor/planning/retirement')).toBe(true);
    expect(matchesPath(w('advisor', 'billing'), '/advisor/planning/retirement')).toBe(false);
  });

  it('is case-sensitive and substring-based, as the spec says "contained"', () => {
    expect(matchesPath(w('Customers'), '/advisor/customers')).toBe(false);
    expect(matchesPath(w('custom'), '/advisor/customers')).toBe(true);
  });

  it('never matches with no values (an empty list would otherwise match every page)', () => {
    expect(matchesPath(w(), '/advisor')).toBe(false);
    expect(matchesPath(w(), '')).toBe(false);
  });

  it('does not match an empty path', () => {
    expect(matchesPath(w('advisor'), '')).toBe(false);
  });
});
