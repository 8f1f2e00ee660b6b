import { prefixRoutes, routes } from '@kinfolio/contracts';
import { RouteTable } from './route-table';

describe('RouteTable', () => {
  const table = new RouteTable(routes, prefixRoutes);

  it('finds every route of the table by its method and path', () => {
    for (const r of routes) {
      const concrete = r.path.replace(/:\w+/g, '0b0e4f43-5a8e-4c3b-9a55-0a8f7f0d3c11').replace(/\*\w+/g, 'a/b/c.png');
      expect([r.method, concrete, table.match(r.method, concrete)?.service]).toEqual([r.method, concrete, r.service]);
    }
  });

  it('prefers explicit routes to prefix routes, and the longest prefix', () => {
    expect(table.match('GET', 'customer/review-and-ratings')?.service).toBe('svc-auth');
    expect(table.match('POST', 'customer/auth/login')?.service).toBe('svc-auth');
    expect(table.match('GET', 'customer/anything/else')?.service).toBe('svc-planning');
    expect(table.match('GET', 'admin/advisor-meta/1/update')?.service).toBe('svc-auth');
    expect(table.match('GET', 'admin/insurance-plans-category')?.access).toEqual(['admin']);
    expect(table.match('GET', 'leads')?.service).toBe('svc-planning');
  });

  it('keeps editing and removing an investment fund to admins while the rest of investment-funds stays a session route', () => {
    const id = '0b0e4f43-5a8e-4c3b-9a55-0a8f7f0d3c11';
    for (const method of ['PATCH', 'DELETE']) {
      expect(table.match(method, `investment-funds/${id}`)).toEqual({
        path: 'investment-funds/:id',
        service: 'svc-planning',
        access: ['admin'],
        withoutMembership: undefined,
      });
    }
    expect(table.match('GET', `investment-funds/${id}`)).toMatchObject({ path: 'investment-funds', access: 'session' });
    expect(table.match('GET', 'investment-funds')).toMatchObject({ path: 'investment-funds', access: 'session' });
    expect(table.match('POST', 'investment-funds')?.access).toBe('session');
    // deeper paths are not the fund itself: the prefix route keeps them
    expect(table.match('PATCH', `investment-funds/${id}/prices`)).toMatchObject({ path: 'investment-funds' });
  });

  it('ignores case and one trailing slash, matches HEAD as GET', () => {
    expect(table.match('GET', 'Users/ME/')?.path).toBe('users/me');
    expect(table.match('HEAD', 'membership-plans')?.path).toBe('membership-plans');
    expect(table.match('GET', 'user/permissions/abc/lm')?.path).toBe('user/permissions/:id/LM');
  });

  it('finds nothing for unknown paths, wrong methods and look-alike prefixes', () => {
    expect(table.match('GET', 'nope')).toBeUndefined();
    expect(table.match('DELETE', 'users/me')).toBeUndefined();
    expect(table.match('GET', 'register')).toBeUndefined();
    expect(table.match('GET', 'leadsx')).toBeUndefined();
    expect(table.match('GET', 'users/a/b')).toBeUndefined();
    expect(table.match('GET', '')).toBeUndefined();
  });
});
