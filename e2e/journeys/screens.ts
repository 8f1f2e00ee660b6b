import { type Browser, expect, type Page } from '@playwright/test';
import { REPORT_SUB_TABS, TABS } from '../../mf-customer/src/shared/frame/tabs';
import { ADMIN_BASE, ADMIN_SECTIONS, advisorMenu, customerMenu, type MenuItem } from '../../shell/src/layout/menus';
import { signIn, signInCustomer } from './helpers';

/**
 * Every screen of every role, derived from the menus the product draws (the shell's advisor and admin menus, the
 * customer dashboard's tabs), so a screen added to a menu is checked by the journeys that walk them (accessibility,
 * mobile layout) without touching the journeys.
 */

export type Role = 'public' | 'admin' | 'advisor' | 'customer';

export interface Screen {
  role: Role;
  path: string;
  /** What the screen is called in test output. */
  name: string;
}

const CSRF = { 'x-requested-with': 'kinfolio' };

export const PUBLIC_SCREENS: Screen[] = [
  '/home',
  '/auth/login',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/advisor/auth/create-account',
  '/advisor/auth/verification',
  '/customer/auth/login',
  '/customer/auth/forgot-password',
  '/customer/auth/reset-password',
  '/subscription',
  '/on-boarding',
  '/no-such-page',
].map((path) => ({ role: 'public', path, name: path }));

function flatten(items: MenuItem[]): string[] {
  return items.flatMap((i) => (i.children ? flatten(i.children) : [i.to]));
}

export function adminScreens(ticketId: string | null): Screen[] {
  const paths = ADMIN_SECTIONS.flatMap((s) => s.items.map((i) => ADMIN_BASE + i.path));
  if (ticketId) paths.push(`${ADMIN_BASE}support/tickets/${ticketId}`);
  return paths.map((path) => ({ role: 'admin', path, name: path }));
}

export function advisorScreens(advisorId: string, ticketId: string | null): Screen[] {
  const paths = [...new Set(flatten(advisorMenu(advisorId)))];
  paths.push('/support/raise-ticket?as=%2Fsupport');
  if (ticketId) paths.push(`/support?tab=my_tickets&ticket_id=${ticketId}`);
  return paths.map((path) => ({ role: 'advisor', path, name: path.replace(advisorId, '{id}') }));
}

export function customerScreens(ticketId: string | null, closedTicketId?: string): Screen[] {
  const base = '/customer/dashboard';
  const paths = TABS.map((t) => `${base}/${t.path}`);
  for (const s of REPORT_SUB_TABS) paths.push(`${base}/financial-report/dashboard/${s.path}`);
  // the household's insurance section (issue 12): the policies by member and coverage by member
  paths.push(`${base}/financial-report/insurance`);
  // the household's balance sheet (issue 13): the funds tabs, the loans with their schedules, the property sale plans
  paths.push(`${base}/financial-report/funds?activeTab=pension`);
  paths.push(`${base}/financial-report/debt`);
  paths.push(`${base}/financial-report/property`);
  for (const p of flatten(customerMenu())) if (!paths.includes(p) && p !== base) paths.push(p);
  paths.push('/support/raise-ticket?as=%2Fcustomer%2Fdashboard');
  if (ticketId) paths.push(`/support?tab=my_tickets&ticket_id=${ticketId}`);
  if (closedTicketId) paths.push(`/support?tab=my_tickets&ticket_id=${closedTicketId}`);
  return paths.map((path) => ({ role: 'customer', path, name: path }));
}

export const DEMO = {
  admin: 'admin@kinfolio.test',
  advisor: 'advisor@kinfolio.test',
  customer: 'customer@kinfolio.test',
} as const;

/** Signs in as a demo account and answers the signed-in user's id. */
export async function signInAs(page: Page, role: Exclude<Role, 'public'>): Promise<string> {
  if (role === 'customer') await signInCustomer(page, DEMO.customer);
  else await signIn(page, DEMO[role]);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const me = await page.request.get('/api/v1/users/me', { headers: { 'authorization-type': role } });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { data: { id: string } }).data.id;
}

/** A ticket of the signed-in advisor or customer, raised through the API, so the conversation screens exist. */
export async function raiseTicket(page: Page, role: 'advisor' | 'customer', query: string): Promise<string> {
  const res = await page.request.post('/api/v1/user/query-ticket', {
    headers: { ...CSRF, 'authorization-type': role },
    data: { query, query_type: 'General enquiry', attachments: [] },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Closes a ticket as the demo admin, in a browser context of its own (a closed conversation has its own look). */
export async function closeTicket(browser: Browser, ticketId: string): Promise<void> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAs(admin, 'admin');
  const res = await admin.request.patch(`/api/v1/admin/query-ticket/${ticketId}/update`, {
    headers: { ...CSRF, 'authorization-type': 'admin' },
    data: { status: 'closed' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
}

/**
 * Opens a screen and waits until it has settled: the route's progress bar gone, a level-1 heading shown, nothing
 * marked busy (skeletons), and the network quiet.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('progressbar', { name: 'Page loading' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}
