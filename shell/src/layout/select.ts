/** Layout by route (spec §2.1). */
export type LayoutKind = 'bare' | 'public' | 'admin' | 'customer' | 'advisor' | 'default' | 'none';

const CUSTOMER_DASHBOARD = /(^|\/)advisor\/customers\/[^/]+(\/|$)/;

export function layoutFor(pathname: string): LayoutKind {
  const p = pathname.toLowerCase();
  // Document routes render bare, with no frame.
  if (p.startsWith('/document-viewer')) return 'bare';
  if (p.includes('auth/login') || p.includes('advisor/auth') || p.includes('on-boarding')) return 'public';
  if (p.includes('admin')) return 'admin';
  // advisor/ and customers/{customer_id}/: the customer layout with the dashboard top bar (drawn by mf_customer).
  if (CUSTOMER_DASHBOARD.test(p.slice(1))) return 'customer';
  if (p.startsWith('/customer/dashboard')) return 'customer';
  if (p.includes('advisor/') || p === '/advisor' || p.includes('support')) return 'advisor';
  // Anything else: the default header, omitted on the home route and on e-mail verification routes.
  if (p === '/' || p === '/home' || p.includes('verification') || p.includes('verify-email')) return 'none';
  return 'default';
}

/** Routes a signed-out visitor may not open; where they are sent instead. */
export function guardFor(pathname: string): { login: string } | null {
  if (/^\/(advisor(?!\/auth)|admin-dashboard|support)(\/|$)/.test(pathname)) return { login: '/auth/login' };
  if (/^\/customer\/dashboard(\/|$)/.test(pathname)) return { login: '/customer/auth/login' };
  return null;
}

/** Where each kind of user lands after signing in (and when opening another role's area). */
export function homeFor(type: string | undefined): string {
  if (type === 'admin') return '/admin-dashboard/active-users';
  if (type === 'customer') return '/customer/dashboard';
  return '/advisor/customers';
}
