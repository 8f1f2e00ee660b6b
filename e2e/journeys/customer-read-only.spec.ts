import { type Browser, expect, type Page, test } from '@playwright/test';
import { FUND_TABS } from '../../mf-customer/src/features/balance-sheet/model';
import { CONCERN_SUB_TABS, REPORT_SUB_TABS, TABS } from '../../mf-customer/src/shared/frame/tabs';
import { signIn, signInCustomer, watchPageErrors } from './helpers';

/**
 * Issue 30 item 13: a customer reads their household; only its advisor writes it (planning-content §6 "Advisors edit
 * customer data; customers view it"). The journey gives the demo household a record of every kind the lists draw (so
 * the rows' Edit/Delete controls would exist), then walks every tab and sub-tab of the customer's own dashboard and
 * fails on any button or link that names a write, except the customer's own permitted actions below.
 */
test.describe.configure({ timeout: 420_000 });

const CSRF = { 'x-requested-with': 'kinfolio' };
const WRITE = /add|edit|delete|remove|save|new|import|upload/i;

/**
 * What the customer may do themselves, each by the spec:
 * - their review of the advisor (platform-shell §1 "customers ... can leave reviews and ratings"; §5
 *   customer/review-and-ratings GET, POST, PATCH, DELETE): the review strip's buttons;
 * - the support desk (platform-shell §2.8/§5: every signed-in user raises and answers their own tickets): the top
 *   bar's help entry may say "New ticket" / "Raise a new ticket".
 * Reading shared documents (Download) and exports (Export) match no write word and need no entry.
 */
const ALLOWED: RegExp[] = [/^(Rate|Edit|Delete) (your )?(review|rating)/i, /^(Edit|Delete) my review/i, /new ticket/i];

interface Control {
  role: 'button' | 'link';
  name: string;
}

/** Every visible button and link on the page with its accessible name (the walk's evidence). */
async function controls(page: Page): Promise<Control[]> {
  const out: Control[] = [];
  for (const role of ['button', 'link'] as const) {
    for (const el of await page.getByRole(role).all()) {
      if (!(await el.isVisible())) continue;
      const name = (await el.getAttribute('aria-label')) ?? (await el.innerText()).trim();
      out.push({ role, name: name.replace(/\s+/g, ' ') });
    }
  }
  return out;
}

/** The write controls a screen shows that the allow-list does not justify. */
async function forbidden(page: Page): Promise<string[]> {
  return (await controls(page))
    .filter((c) => WRITE.test(c.name) && !ALLOWED.some((a) => a.test(c.name)))
    .map((c) => `${c.role} "${c.name}"`);
}

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('progressbar', { name: 'Page loading' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('main h1, main h2').first()).toBeVisible({ timeout: 15_000 });
  // a section still loading (the coverage by member is slow on a loaded machine) draws its controls when it is done:
  // wait for it, but a slow one does not fail the walk (the controls are checked on what is there)
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** The signed-in customer's household id (their single-lead read answers the household they belong to). */
async function ownHousehold(page: Page): Promise<string> {
  const headers = { 'authorization-type': 'customer' };
  const me = await page.request.get('/api/v1/users/me', { headers });
  const userId = ((await me.json()) as { data: { id: string } }).data.id;
  const hh = await page.request.get(`/api/v1/single-lead/${userId}`, { headers });
  expect(hh.status()).toBe(200);
  return ((await hh.json()) as { data: { id: string } }).data.id;
}

/** The demo advisor gives the demo household a record in every list the customer's tabs draw. */
async function recordsOfEveryKind(browser: Browser, householdId: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  const as = { headers: { ...CSRF, 'authorization-type': 'advisor' } };
  const hh = await page.request.get(`/api/v1/single-lead/${householdId}`, as);
  expect(hh.status()).toBe(200);
  const members = ((await hh.json()) as { data: { members: Array<{ id: string; relation: string }> } }).data.members;
  const me = members.find((m) => m.relation === 'me')?.id;
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await page.request.post(`/api/v1/customer/${path}`, { ...as, data: { lead_id: householdId, ...data } });
    expect([path, res.status()], await res.text()).toEqual([path, 201]);
  };
  await post('saving-fund', { bank_name: 'Walk Bank', currency: 'SGD', current_value: 12000 });
  await post('pension', { member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 30000 });
  await post('insurance', {
    member_id: me,
    plan_name: 'Walk Life',
    premium: 1200,
    currency: 'SGD',
    policy_date: '2021-03-01',
  });
  await post('debt', {
    name: 'Walk Home',
    type: 'mortgage',
    currency: 'SGD',
    original_loan: 300000,
    loan_interest: 2.5,
    loan_tenure: 25,
    starting_year: 2021,
    purchase_price: 600000,
    market_value: 650000,
  });
  await context.close();
}

test('a customer walks every tab of their dashboard and finds no add, edit, delete, save or import control', async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  await signInCustomer(page, 'customer@kinfolio.test');
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const householdId = await ownHousehold(page);
  await recordsOfEveryKind(browser, householdId);

  const base = '/customer/dashboard';
  const paths = TABS.map((t) => `${base}/${t.path}`);
  for (const s of REPORT_SUB_TABS) paths.push(`${base}/financial-report/dashboard/${s.path}`);
  paths.push(
    `${base}/financial-report/insurance`,
    `${base}/financial-report/debt`,
    `${base}/financial-report/property`,
  );
  for (const t of FUND_TABS) {
    paths.push(`${base}/financial-report/funds?${new URLSearchParams({ activeTab: t.activeTab })}`);
    // the advisor's add address typed by the customer opens no form either
    paths.push(`${base}/financial-report/funds?${new URLSearchParams({ activeTab: t.activeTab, add_fund: 'true' })}`);
  }
  paths.push(`${base}/financial-report/debt?edit=new`);
  // a concern's sub-pages (the demo household has one) and a policy's own page
  const concerns = await page.request.get(`/api/v1/advisor/leads/${householdId}/concerns`, {
    headers: { 'authorization-type': 'customer' },
  });
  expect(concerns.status()).toBe(200);
  const concernId = ((await concerns.json()) as { data: { rows: Array<{ id: string }> } }).data.rows[0]?.id;
  expect(concernId).toMatch(/^[0-9a-f-]{36}$/);
  if (concernId)
    for (const s of CONCERN_SUB_TABS.filter((c) => !c.disabled))
      paths.push(`${base}/dreams-concerns/my-concerns/${concernId}/${s.path}`);

  const found: string[] = [];
  let walked = 0;
  for (const path of paths) {
    await settle(page, path);
    walked++;
    for (const f of await forbidden(page)) found.push(`${path}: ${f}`);
  }
  // the policy's detail page, reached the way the customer reaches it
  await settle(page, `${base}/financial-report/insurance`);
  await page.getByRole('link', { name: 'Walk Life', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: /Walk Life/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  for (const f of await forbidden(page)) found.push(`policy page: ${f}`);

  // the walk saw the records it was to check (a walk of empty lists would prove nothing)
  await settle(page, `${base}/financial-report/funds?activeTab=cash+equivalent`);
  await expect(page.getByText('Walk Bank').first()).toBeVisible();
  expect(walked).toBe(paths.length);
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});

test('the API refuses a customer every write to their household, whatever the screen shows', async ({ page }) => {
  await signInCustomer(page, 'customer@kinfolio.test');
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const householdId = await ownHousehold(page);
  const as = { headers: { ...CSRF, 'authorization-type': 'customer' } };
  const sheet = await page.request.get(`/api/v1/customer/cash-flow/${householdId}`, as);
  expect(sheet.status()).toBe(200);
  const writes: Array<[string, Promise<{ status(): number }>]> = [
    [
      'POST saving-fund',
      page.request.post('/api/v1/customer/saving-fund', {
        ...as,
        data: { lead_id: householdId, bank_name: 'x', currency: 'SGD', current_value: 1 },
      }),
    ],
    [
      'POST member-income',
      page.request.post('/api/v1/customer/member-income', {
        ...as,
        data: { lead_id: householdId, kind: 'gross income', amount: 1, frequency: 'monthly', currency: 'SGD' },
      }),
    ],
    [
      'POST debt',
      page.request.post('/api/v1/customer/debt', {
        ...as,
        data: { lead_id: householdId, name: 'x', type: 'mortgage', currency: 'SGD', original_loan: 1 },
      }),
    ],
    [
      'PATCH lead',
      page.request.patch(`/api/v1/leads/${householdId}`, { ...as, data: { name: 'Renamed by customer' } }),
    ],
    ['DELETE lead', page.request.delete(`/api/v1/leads/${householdId}/destroy`, as)],
  ];
  const statuses = await Promise.all(writes.map(async ([what, p]) => [what, (await p).status()] as const));
  for (const [what, status] of statuses) expect([what, status]).toEqual([what, 403]);
});
