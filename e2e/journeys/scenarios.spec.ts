import { expect, type Page, test } from '@playwright/test';
import { axeProblems, overflow } from './checks';
import { customerPage, signIn, watchPageErrors } from './helpers';

/**
 * Issue 14, data table and scenario modelling: the advisor opens the demo customer's data table, chooses columns and
 * saves them as a filter that is still there after a reload; runs a scenario retiring earlier with a death event
 * and sees the current plan and the scenario side by side with the probability of success. The customer sees the
 * same read-only. Checked with axe and at phone width on the way.
 */
test.describe.configure({ timeout: 240_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

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

/**
 * Issue 36, named scenarios: the advisor keeps two scenarios under names, marks one as the recommended plan and
 * shares the other, and compares them side by side (figures, probability, chart); the customer sees the recommended
 * plan first with its figures, the shared one, and no write control, at phone width and with axe.
 */
test('the advisor saves named scenarios, recommends and shares them and compares two; the customer sees the recommended plan', async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  const t = tag();
  const early = `Retire at 58 ${t}`;
  const late = `Retire at 62 ${t}`;
  const { page: customer, householdId } = await customerPage(browser);
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  await page.goto(`/advisor/customers/${householdId}/scenario-modelling`);
  await expect(page.getByRole('heading', { name: 'Named scenarios' })).toBeVisible();
  await expect(page.getByTestId('probability')).toBeVisible({ timeout: 30_000 });

  const item = (p: Page, name: string) => p.getByRole('listitem').filter({ has: p.getByText(name, { exact: true }) });
  for (const [name, age] of [
    [early, '58'],
    [late, '62'],
  ] as const) {
    await page
      .getByLabel(/^Retirement age of/)
      .first()
      .fill(age);
    await page.getByLabel('Name of the scenario').fill(name);
    await page.getByRole('button', { name: 'Save as named scenario' }).click();
    await expect(item(page, name)).toBeVisible();
  }
  await page.getByRole('button', { name: `Mark ${early} as recommended` }).click();
  await expect(item(page, early).getByText('Recommended', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Share ${late} with customer` }).click();
  await expect(page.getByRole('button', { name: `Stop sharing ${late}` })).toBeVisible();

  // opening one puts its inputs on the page
  await page.getByRole('button', { name: `Open ${early}` }).click();
  await expect(page.getByLabel(/^Retirement age of/).first()).toHaveValue('58');
  await expect(page.getByTestId('on-screen')).toHaveText(new RegExp(`^On screen: ${early}`));

  // compare the two side by side
  const compare = page.getByRole('form', { name: 'Compare scenarios' });
  await compare.getByLabel('First scenario').selectOption({ label: early });
  await compare.getByLabel('Second scenario').selectOption({ label: late });
  await compare.getByRole('button', { name: 'Compare' }).click();
  for (const name of [early, late]) {
    const side = page.getByRole('region', { name, exact: true });
    await expect(side).toBeVisible({ timeout: 60_000 });
    await expect(side.getByRole('definition').first()).toHaveText(/^(Never|\d{4})$/);
    await expect(side.getByRole('definition').last()).toHaveText(/^\d+(\.\d)?%$/);
  }
  await expect(page.getByRole('img', { name: /^Net worth of both scenarios, / })).toBeVisible();
  expect(await axeProblems(page, 'named scenarios')).toEqual([]);
  // the advisor's page with the list, the comparison and its chart at phone width: nothing scrolls sideways
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('img', { name: /^Net worth of both scenarios, / })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // the customer: the recommended plan first, the shared one, nothing to change
  await customer.setViewportSize({ width: 360, height: 740 });
  await customer.goto('/customer/dashboard/scenario-modelling');
  await expect(customer.getByRole('heading', { name: `Recommended plan: ${early}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    customer.getByRole('region', { name: 'Recommended plan', exact: true }).getByRole('definition').last(),
  ).toHaveText(/^\d+(\.\d)?%$/, { timeout: 60_000 });
  await expect(item(customer, late)).toBeVisible();
  await expect(customer.getByRole('button', { name: /^(Rename|Delete|Mark) / })).toHaveCount(0);
  await expect(customer.getByRole('button', { name: 'Save as named scenario' })).toHaveCount(0);
  expect(await overflow(customer)).toBeLessThanOrEqual(0);
  expect(await axeProblems(customer, 'customer named scenarios')).toEqual([]);

  // tidy up the demo household
  for (const name of [early, late]) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(item(page, name)).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
