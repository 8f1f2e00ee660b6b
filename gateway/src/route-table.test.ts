import { routes } from '@kinfolio/contracts';
import { RouteTable } from './route-table';

// What the table is matched against: that each entry is served by its service is proven by
// scripts/test/routes-served.test.ts (real services), not here.
describe('RouteTable', () => {
  const table = new RouteTable(routes);
  const id = '0b0e4f43-5a8e-4c3b-9a55-0a8f7f0d3c11';

  it('matches a parameterised path and a catch-all key to their route', () => {
    expect(table.match('GET', `users/${id}`)).toMatchObject({ path: 'users/:id', service: 'svc-auth' });
    expect(table.match('GET', 'files/blob/storage/user/media/1/2.png')).toMatchObject({
      path: 'files/blob/*key',
      service: 'svc-support',
      access: 'public',
    });
    expect(table.match('PATCH', `admin/query-ticket/${id}/update`)?.access).toEqual(['admin']);
  });

  it('prefers an exact path to a parameterised one', () => {
    expect(table.match('GET', 'users/me')?.path).toBe('users/me');
  });

  it('ignores case and one trailing slash, matches HEAD as GET', () => {
    expect(table.match('GET', 'Users/ME/')?.path).toBe('users/me');
    expect(table.match('HEAD', 'currency-rates')?.path).toBe('currency-rates');
    expect(table.match('GET', 'user/permissions/abc/lm')?.path).toBe('user/permissions/:id/LM');
  });

  it('forwards nothing the table does not list: no prefix routes, no wrong methods, no look-alikes', () => {
    expect(table.match('GET', 'nope')).toBeUndefined();
    expect(table.match('DELETE', 'users/me')).toBeUndefined();
    expect(table.match('GET', 'register')).toBeUndefined();
    expect(table.match('GET', 'users/a/b')).toBeUndefined();
    expect(table.match('GET', '')).toBeUndefined();
    // these trees were forwarded wholesale to svc-planning / svc-auth, whose handlers did not exist (issue 10 item 13)
    for (const path of [
      'insurance',
      'insurance/anything',
      'admin/threshold',
      'scrap-all-funds/now',
      'admin/advisor-meta/1',
    ])
      expect([path, table.match('GET', path)]).toEqual([path, undefined]);
  });
});
