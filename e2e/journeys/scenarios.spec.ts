import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeProblems, overflow } from './checks';
import { signIn, signInCustomer, watchPageErrors } from './helpers';

/**
 * Issue 14, data table and scenario modelling: the advisor opens the demo customer's data table, chooses columns and
 * saves them as a filter that is still there after a reload; runs a scenario retiring earlier with a death event
 * and sees the current plan and the scenario side by side with the probability of success. The customer sees the
 * same read-only. Checked with axe and at phone width on the way.
 */
test.describe.configure({ timeout: 240_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function customerPage(browser: Browser): Promise<{ page: Page; householdId: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInCustomer(page, 'customer@kinfolio.test');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const me = await page.request.get('/api/v1/users/me', { headers: { 'authorization-type': 'customer' } });
  const userId = ((await me.json()) as { data: { id: string } }).data.id;
  const hh = await page.request.get(`/api/v1/single-lead/${userId}`, { headers: { 'authorization-type': 'customer' } });
  expect(hh.status()).toBe(200);
  return { page, householdId: ((await hh.json()) as { data: { id: string } }).data.id };
}

const headers = (page: Page) => page.getByRole('region', { name: /Year by year, in/ }).getByRole('columnheader');

test('the advisor saves a data-table filter and runs a scenario; the customer sees both read-only', async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  const name = `Cash view ${tag()}`;
  const { page: customer, householdId } = await customerPage(browser);

  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  const base = `/advisor/customers/${householdId}`;

  // the data table: choose columns, save them as a filter, and find it again after a reload
  await page.goto(`${base}/data-table`);
  await expect(page.getByRole('heading', { name: 'Data Table' })).toBeVisible();
  await expect(headers(page).first()).toHaveText('Year');
  await page.getByRole('checkbox', { name: 'Tax', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Net worth', exact: true }).uncheck();
  await expect(headers(page).filter({ hasText: /^Tax$/ })).toHaveCount(1);
  await expect(headers(page).filter({ hasText: /^Net worth$/ })).toHaveCount(0);
  await page.getByLabel('Filter name').fill(name);
  await page.getByRole('button', { name: 'Save filter' }).click();
  await expect(page.getByLabel('Saved filter')).toHaveValue(/[0-9a-f-]{36}/);
  expect(await axeProblems(page, 'data table')).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Data Table' })).toBeVisible();
  await expect(headers(page).filter({ hasText: /^Net worth$/ })).toHaveCount(1); // the default columns again
  await page.getByLabel('Saved filter').selectOption({ label: name });
  await expect(headers(page).filter({ hasText: /^Tax$/ })).toHaveCount(1);
  await expect(headers(page).filter({ hasText: /^Net worth$/ })).toHaveCount(0);

  // a scenario: retiring earlier with a death event (stored as the household's life-uncertainty cash flow)
  await page.goto(`${base}/scenario-modelling`);
  await expect(page.getByRole('heading', { name: 'Scenario Modelling' })).toBeVisible();
  await expect(page.getByTestId('probability')).toBeVisible({ timeout: 30_000 });
  await page
    .getByLabel(/^Retirement age of/)
    .first()
    .fill('55');
  const year = new Date().getFullYear() + 3;
  await page.getByLabel('Member', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Event', { exact: true }).selectOption('death');
  await page.getByLabel('Event year').fill(String(year));
  await page.getByRole('button', { name: 'Add event' }).click();
  const event = page.getByText(new RegExp(`^Death of .+ in ${year}$`));
  await expect(event).toBeVisible();
  await page.getByRole('button', { name: 'Run scenario' }).click();
  await expect(page.getByRole('button', { name: 'Run scenario' })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Current plan', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Scenario', exact: true })).toBeVisible();
  await expect(page.getByTestId('probability')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(page.getByRole('img', { name: /^Net worth by year in/ })).toBeVisible();
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('region', { name: 'Percentiles by year' })).toBeVisible();
  expect(await axeProblems(page, 'scenario modelling')).toEqual([]);

  // the customer: the same filter and scenario inputs, read-only
  await customer.goto('/customer/dashboard/data-table');
  await expect(customer.getByRole('heading', { name: 'Data Table' })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Save filter' })).toHaveCount(0);
  await customer.getByLabel('Saved filter').selectOption({ label: name });
  await expect(headers(customer).filter({ hasText: /^Tax$/ })).toHaveCount(1);
  await customer.setViewportSize({ width: 360, height: 740 });
  expect(await overflow(customer)).toBeLessThanOrEqual(0);
  await customer.goto('/customer/dashboard/scenario-modelling');
  await expect(customer.getByText(new RegExp(`^Death of .+ in ${year}$`))).toBeVisible();
  await expect(customer.getByTestId('probability')).toHaveText(/^\d+(\.\d)?%$/, { timeout: 30_000 });
  await expect(customer.getByRole('region', { name: 'Current plan', exact: true })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Run scenario' })).toHaveCount(0);
  await expect(customer.getByRole('button', { name: 'Add event' })).toHaveCount(0);
  await expect(customer.getByLabel(/^Retirement age of/).first()).toBeDisabled();
  expect(await overflow(customer)).toBeLessThanOrEqual(0);
  expect(await axeProblems(customer, 'customer scenario modelling')).toEqual([]);

  // tidy up the demo household: the event and the filter go again
  await page.getByRole('button', { name: 'Remove event' }).first().click();
  await expect(event).toHaveCount(0);
  await page.goto(`${base}/data-table`);
  await page.getByLabel('Saved filter').selectOption({ label: name });
  await page.getByRole('button', { name: 'Delete filter' }).click();
  await expect(page.getByLabel('Saved filter').getByRole('option', { name })).toHaveCount(0);
  expect(errors).toEqual([]);
});
