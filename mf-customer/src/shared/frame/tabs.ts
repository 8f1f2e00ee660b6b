/** The customer dashboard's tabs and sub-tabs (spec platform-shell §2.8, planning-content §2). */
export interface TabDef {
  /** Path relative to the dashboard's base (/advisor/customers/{id} or /customer/dashboard). */
  path: string;
  label: string;
  /** The tab is active for any path under this prefix. */
  match: string;
  /** Hidden in on-boarding mode (query on_boarding). */
  hiddenOnBoarding?: boolean;
}

export const TABS: readonly TabDef[] = [
  { path: 'financial-report/dashboard', match: 'financial-report', label: 'Financial Report', hiddenOnBoarding: true },
  { path: 'profile', match: 'profile', label: 'Profile' },
  { path: 'data-table', match: 'data-table', label: 'Data Table' },
  { path: 'dreams-concerns/my-dreams', match: 'dreams-concerns/my-dreams', label: 'My Dreams', hiddenOnBoarding: true },
  { path: 'goals', match: 'goals', label: 'Goals', hiddenOnBoarding: true },
  { path: 'scenario-modelling', match: 'scenario-modelling', label: 'Scenario Modelling' },
  { path: 'dreams-concerns/my-concerns', match: 'dreams-concerns/my-concerns', label: 'My Concerns' },
];

/** Sub-tabs of financial-report/dashboard. */
export const REPORT_SUB_TABS = [
  { path: 'cashflow', label: 'Cashflow' },
  { path: 'networth', label: 'Net Worth' },
  { path: 'insurance', label: 'Insurance' },
  { path: 'funds', label: 'Funds' },
  { path: 'debt', label: 'Debt' },
  { path: 'property', label: 'Property' },
] as const;
export type ReportSubTab = (typeof REPORT_SUB_TABS)[number]['path'];

/**
 * Funds sub-tab links: each adds ?activeTab= with the spec's value (add_fund → 'long term', add-savings → 'cash
 * equivalent', add-portfolio → 'investment', add-pension → 'pension') and opens that tab's add form directly
 * (add_fund=true, which the Funds page reads; long term and investment also carry the spec's step parameter).
 */
export const FUND_LINKS = [
  { action: 'add_fund', label: 'Add fund', activeTab: 'long term' },
  { action: 'add-savings', label: 'Add savings', activeTab: 'cash equivalent' },
  { action: 'add-portfolio', label: 'Add portfolio', activeTab: 'investment' },
  { action: 'add-pension', label: 'Add pension', activeTab: 'pension' },
] as const;

export function fundsLink(activeTab: string): string {
  const q = new URLSearchParams({ activeTab, add_fund: 'true' });
  if (activeTab === 'long term' || activeTab === 'investment') q.set('step', activeTab);
  return `financial-report/funds?${q.toString()}`;
}

/** Sub-pages of a concern (dreams-concerns/my-concerns/{concern_id}/...): property is disabled there. */
export const CONCERN_SUB_TABS = [
  { path: 'cashflow', label: 'Income & Expenses', disabled: false },
  { path: 'insurance', label: 'Insurance', disabled: false },
  { path: 'funds', label: 'Funds', disabled: false },
  { path: 'debt', label: 'Debt', disabled: false },
  { path: 'property', label: 'Property', disabled: true },
] as const;

/** Tabs shown for the mode: in on-boarding mode the financial report and My Dreams are hidden. */
export function visibleTabs(onBoarding: boolean): TabDef[] {
  return TABS.filter((t) => !(onBoarding && t.hiddenOnBoarding));
}

/** Query flag on_boarding: present and not 'false'/'0'. */
export function isOnBoarding(search: URLSearchParams): boolean {
  if (!search.has('on_boarding')) return false;
  const v = search.get('on_boarding');
  return v !== 'false' && v !== '0';
}

/** Is `pathname` (absolute) under `base`/`prefix`? */
export function isUnder(pathname: string, base: string, prefix: string): boolean {
  const root = `${base.replace(/\/+$/, '')}/${prefix}`;
  return pathname === root || pathname.startsWith(`${root}/`);
}
