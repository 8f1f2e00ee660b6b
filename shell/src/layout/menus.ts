/** The advisor menu (spec §2.3) and the admin menu with its sub-menus (spec §2.4, every section shown). */
export interface MenuItem {
  label: string;
  to: string;
  children?: MenuItem[];
}

export function advisorMenu(advisorId: string): MenuItem[] {
  return [
    { label: 'Customers', to: '/advisor/customers' },
    { label: 'Leads', to: '/advisor/leads' },
    { label: 'Expert Positioning', to: `/advisor/profile/${advisorId}` },
    {
      label: 'Account Settings',
      to: '/advisor/account-settings/my-subscription',
      children: [
        { label: 'Subscription & Settings', to: '/advisor/account-settings/my-subscription' },
        { label: 'Billing History', to: '/advisor/account-settings/billing-history' },
      ],
    },
    { label: 'Support', to: '/support' },
  ];
}

/**
 * A signed-in customer's menu where the advisor layout is drawn for them (/support): their dashboard and support.
 * Without it a customer on /support saw the advisor's menu (issue 10 item 15: every role's menu button works).
 */
export function customerMenu(): MenuItem[] {
  return [
    { label: 'My dashboard', to: '/customer/dashboard' },
    { label: 'Support', to: '/support' },
  ];
}

export interface AdminSection {
  label: string;
  items: Array<{ label: string; path: string }>;
}

export const ADMIN_BASE = '/admin-dashboard/';

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    label: 'Subscriptions',
    items: [
      { label: 'Active Subscribers', path: 'active-subscribers' },
      { label: 'Pending Registrations', path: 'pending-registrations' },
      { label: 'Expired Subscribers', path: 'expired-subscribers' },
      { label: 'Subscription Transactions', path: 'subscription-transactions' },
      { label: 'Seller Details', path: 'seller-details' },
    ],
  },
  {
    label: 'Users',
    items: [
      { label: 'Active Users', path: 'active-users' },
      { label: 'Deactivated Users', path: 'deactivated-users' },
    ],
  },
  { label: 'Support', items: [{ label: 'Tickets', path: 'support/tickets' }] },
  {
    label: 'Insurance',
    // projections-tables exists but is hidden from the menu (spec §2.4).
    items: [
      { label: 'Insurance Plans', path: 'insurance-plans' },
      { label: 'Company', path: 'insurance/company' },
    ],
  },
  {
    label: 'Investment',
    items: [
      { label: 'Company', path: 'investment/company' },
      { label: 'Bank', path: 'investment/bank' },
      { label: 'Funds', path: 'investment/funds' },
      { label: 'Investment Plans', path: 'investment/investment-plans' },
    ],
  },
  {
    label: 'CMS',
    items: [
      { label: 'FAQ', path: 'faq' },
      { label: 'Threshold Management', path: 'threshold-management' },
      { label: 'Page Walkthrough', path: 'page-walkthrough' },
      { label: 'Advisor Meta', path: 'advisor-meta' },
      { label: 'Lead Magnet', path: 'lead-magnet' },
    ],
  },
  // Issue 32: the rate tables the projections use (periods, sources, figures); an admin adds the next version here.
  { label: 'Rate tables', items: [{ label: 'Rate tables', path: 'rate-tables' }] },
  { label: 'Logs', items: [{ label: 'Error Logs', path: 'error-logs' }] },
];

/** The admin section the path is in (for the sub-menu bar), or null. */
export function activeAdminSection(pathname: string): AdminSection | null {
  if (!pathname.startsWith(ADMIN_BASE)) return null;
  const rest = pathname.slice(ADMIN_BASE.length);
  let best: { s: AdminSection; len: number } | null = null;
  for (const s of ADMIN_SECTIONS) {
    for (const i of s.items) {
      if ((rest === i.path || rest.startsWith(`${i.path}/`)) && (!best || i.path.length > best.len))
        best = { s, len: i.path.length };
    }
  }
  if (best) return best.s;
  if (rest.startsWith('support')) return ADMIN_SECTIONS.find((s) => s.label === 'Support') ?? null;
  if (
    rest.startsWith('investment/') ||
    ['company', 'bank', 'funds', 'investment-plans'].includes(rest.split('/')[0] ?? '')
  ) {
    return ADMIN_SECTIONS.find((s) => s.label === 'Investment') ?? null;
  }
  if (rest.startsWith('insurance') || rest.startsWith('projections-tables'))
    return ADMIN_SECTIONS.find((s) => s.label === 'Insurance') ?? null;
  return null;
}
