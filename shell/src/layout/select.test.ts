import { ADMIN_SECTIONS, activeAdminSection, advisorMenu } from './menus';
import { guardFor, homeFor, layoutFor } from './select';

describe('layout by route (spec §2.1)', () => {
  it.each([
    ['/auth/login', 'public'],
    ['/customer/auth/login', 'public'],
    ['/advisor/auth/create-account', 'public'],
    ['/advisor/auth/verification', 'public'],
    ['/on-boarding', 'public'],
    ['/admin-dashboard/active-users', 'admin'],
    ['/admin-dashboard/support/tickets', 'admin'],
    ['/advisor/customers', 'advisor'],
    ['/advisor/profile/abc', 'advisor'],
    ['/support', 'advisor'],
    ['/support/raise-ticket', 'advisor'],
    ['/advisor/customers/c1/financial-report/dashboard', 'customer'],
    ['/advisor/customers/c1', 'customer'],
    ['/customer/dashboard', 'customer'],
    ['/document-viewer', 'bare'],
    ['/home', 'none'],
    ['/', 'none'],
    ['/subscription', 'default'],
    ['/auth/forgot-password', 'default'],
    ['/somewhere-else', 'default'],
  ])('%s → %s', (path, kind) => {
    expect(layoutFor(path)).toBe(kind);
  });
});

describe('route guarding', () => {
  it('sends signed-out visitors of the signed-in areas to the right login', () => {
    expect(guardFor('/advisor/customers')).toEqual({ login: '/auth/login' });
    expect(guardFor('/admin-dashboard/active-users')).toEqual({ login: '/auth/login' });
    expect(guardFor('/support')).toEqual({ login: '/auth/login' });
    expect(guardFor('/customer/dashboard/profile')).toEqual({ login: '/customer/auth/login' });
    expect(guardFor('/advisor/auth/create-account')).toBeNull();
    expect(guardFor('/home')).toBeNull();
    expect(guardFor('/supportive')).toBeNull();
  });
  it('lands each kind of user on their home', () => {
    expect(homeFor('admin')).toBe('/admin-dashboard/active-users');
    expect(homeFor('advisor')).toBe('/advisor/customers');
    expect(homeFor('customer')).toBe('/customer/dashboard');
  });
});

describe('menus (spec §2.3, §2.4)', () => {
  it('has the advisor entries with Expert Positioning at the advisor id', () => {
    const m = advisorMenu('a1');
    expect(m.map((i) => i.label)).toEqual(['Customers', 'Leads', 'Expert Positioning', 'Account Settings', 'Support']);
    expect(m[2]!.to).toBe('/advisor/profile/a1');
    expect(m[3]!.children!.map((c) => [c.label, c.to])).toEqual([
      ['Subscription & Settings', '/advisor/account-settings/my-subscription'],
      ['Billing History', '/advisor/account-settings/billing-history'],
    ]);
  });
  it('shows every admin section, including Investment, Rate tables and Logs, without projections-tables', () => {
    expect(ADMIN_SECTIONS.map((s) => s.label)).toEqual([
      'Subscriptions',
      'Users',
      'Support',
      'Insurance',
      'Investment',
      'CMS',
      'Rate tables',
      'Logs',
    ]);
    expect(ADMIN_SECTIONS.flatMap((s) => s.items.map((i) => i.path))).not.toContain('projections-tables');
  });
  it('finds the active section for the sub-menu bar', () => {
    expect(activeAdminSection('/admin-dashboard/deactivated-users')?.label).toBe('Users');
    expect(activeAdminSection('/admin-dashboard/support/tickets/123')?.label).toBe('Support');
    expect(activeAdminSection('/admin-dashboard/investment/bank')?.label).toBe('Investment');
    expect(activeAdminSection('/admin-dashboard/insurance/company')?.label).toBe('Insurance');
    expect(activeAdminSection('/admin-dashboard/error-logs')?.label).toBe('Logs');
    // issue 32: the back office's rate tables, an item of their own
    expect(activeAdminSection('/admin-dashboard/rate-tables')?.label).toBe('Rate tables');
    expect(ADMIN_SECTIONS.find((s) => s.label === 'Rate tables')?.items).toEqual([
      { label: 'Rate tables', path: 'rate-tables' },
    ]);
    // issue 35: the seller's details receipts print, next to the other billing pages
    expect(activeAdminSection('/admin-dashboard/seller-details')?.label).toBe('Subscriptions');
    expect(activeAdminSection('/advisor/customers')).toBeNull();
  });
});

describe('after sign-in', () => {
  it('returns to the guarded page of the same role, else home; never off-site', async () => {
    const { afterLogin } = await import('../pages/auth');
    expect(afterLogin('advisor', '/advisor/leads?x=1')).toBe('/advisor/leads?x=1');
    expect(afterLogin('advisor', '/admin-dashboard/faq')).toBe('/advisor/customers');
    expect(afterLogin('admin', '/admin-dashboard/faq')).toBe('/admin-dashboard/faq');
    expect(afterLogin('advisor', '//evil.example/advisor')).toBe('/advisor/customers');
    expect(afterLogin('customer', null)).toBe('/customer/dashboard');
  });
});
