import { expect, test } from '@playwright/test';
import { axeProblems, overflow } from './checks';
import { customerPage, signIn, watchPageErrors } from './helpers';

/**
 * Issue 36, meeting mode: the advisor starts a meeting on the demo customer's dashboard; the customer (on a phone,
 * 360 px wide) sees the invitation and joins with one click, follows three navigations, a year put in focus and a
 * scenario change (the advisor's unsaved what-if), reloads and lands on the same view, and is back on their own
 * navigation when the advisor ends the meeting. Both bars are checked with axe on the way.
 */
test.describe.configure({ timeout: 240_000 });

test('the advisor presents live: the customer joins, follows, reloads into the meeting and is let go at the end', async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  const { page: customer, householdId } = await customerPage(browser, { width: 360, height: 740 });
  const customerErrors = watchPageErrors(customer);
  const base = `/advisor/customers/${householdId}`;
  const own = '/customer/dashboard';

  // the customer is on their own dashboard before the meeting starts
  await customer.goto(`${own}/profile`);
  await expect(customer.getByRole('navigation', { name: 'Dashboard sections' })).toBeVisible();

  // the advisor starts the meeting on the net worth
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  await page.goto(`${base}/financial-report/dashboard/networth`);
  await page.getByRole('button', { name: 'Start meeting' }).click();
  const advisorBar = page.getByRole('region', { name: 'Meeting' });
  await expect(advisorBar).toBeVisible({ timeout: 15_000 });

  // the invitation comes live; one click joins, and the customer lands on the advisor's view
  const invitation = customer.getByRole('region', { name: 'Meeting invitation' });
  await expect(invitation).toContainText('has started a meeting', { timeout: 15_000 });
  expect(await axeProblems(customer, 'meeting invitation')).toEqual([]);
  await invitation.getByRole('button', { name: 'Join meeting' }).click();
  const familyBar = customer.getByRole('region', { name: 'Meeting' });
  await expect(familyBar.getByRole('status')).toHaveText(/^Following /);
  await expect(customer).toHaveURL(new RegExp(`${own}/financial-report/dashboard/networth$`));
  // the advisor sees the customer in
  await expect(advisorBar.getByRole('list', { name: 'Who is in the meeting' })).toContainText('(in)');
  await expect(advisorBar.getByRole('list', { name: 'Who is in the meeting' }).getByRole('listitem')).toHaveCount(2);

  // a year in focus
  const year = new Date().getFullYear() + 2;
  await advisorBar.getByLabel('Year in focus').selectOption(String(year));
  await expect(customer.getByTestId('year-focus')).toHaveText(`Year in focus: ${year}`);

  // an explanation opened on a figure opens on the customer's screen, the figure outlined; closing closes it
  await page.locator('[data-figure="networth:today:net_worth"]').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(customer.getByRole('dialog')).toBeVisible();
  await expect(customer.locator('[data-figure="networth:today:net_worth"]')).toHaveAttribute(
    'data-highlighted',
    'true',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(customer.getByRole('dialog')).toHaveCount(0);

  // the customer raises a hand on that figure; the advisor sees it and lowers it
  await familyBar.getByRole('button', { name: 'Raise hand' }).click();
  const hands = advisorBar.getByRole('list', { name: 'Raised hands' });
  await expect(hands.getByRole('listitem')).toHaveText(/asks about Net worth today/);
  await expect(familyBar).toContainText('Your hand is raised');
  await hands.getByRole('button', { name: /^Lower / }).click();
  await expect(advisorBar.getByRole('list', { name: 'Raised hands' })).toHaveCount(0);
  await expect(familyBar.getByRole('button', { name: 'Raise hand' })).toBeVisible();

  // three navigations, followed in order (the time from the advisor's click to the customer's address, as the
  // journey sees it: Playwright's polling included)
  const lags: number[] = [];
  const follow = async (click: () => Promise<void>, url: RegExp) => {
    const t0 = Date.now();
    await click();
    await expect(customer).toHaveURL(url);
    lags.push(Date.now() - t0);
  };
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  await follow(
    () => page.getByRole('navigation', { name: 'Financial report' }).getByRole('link', { name: 'Insurance' }).click(),
    new RegExp(`${own}/financial-report/dashboard/insurance$`),
  );
  await follow(() => sections.getByRole('link', { name: 'Goals' }).click(), new RegExp(`${own}/goals$`));
  await follow(
    () => sections.getByRole('link', { name: 'Scenario Modelling' }).click(),
    new RegExp(`${own}/scenario-modelling$`),
  );
  console.log(`meeting journey: advisor's click to the customer's address, ms: ${lags.join(', ')}`);

  // the family's bar at phone width: nothing overflows, axe-clean
  expect(await overflow(customer)).toBe(0);
  expect(await axeProblems(customer, 'meeting bar (family, 360 px)')).toEqual([]);
  expect(await axeProblems(page, 'meeting bar (advisor)')).toEqual([]);
  // the advisor's bar wraps at phone width too
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(advisorBar.getByRole('button', { name: 'End meeting' })).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // a scenario change: the advisor's what-if (not saved) reaches the customer's screen
  await expect(page.getByTestId('probability')).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByTestId('probability')).toBeVisible({ timeout: 30_000 });
  const retirement = page.getByLabel(/^Retirement age of/).first();
  const before = await retirement.inputValue();
  const target = before === '55' ? '58' : '55';
  await retirement.fill(target);
  const run = page.getByRole('button', { name: 'Run scenario' });
  if (await run.isVisible()) await run.click();
  await expect(customer.getByLabel(/^Retirement age of/).first()).toHaveValue(target, { timeout: 15_000 });
  await expect(customer.getByRole('region', { name: 'Scenario', exact: true })).toBeVisible({ timeout: 30_000 });

  // a reload lands on the advisor's current view, in the meeting
  await customer.reload();
  await expect(familyBar.getByRole('status')).toHaveText(/^Following /, { timeout: 15_000 });
  await expect(customer).toHaveURL(new RegExp(`${own}/scenario-modelling$`));
  await expect(customer.getByLabel(/^Retirement age of/).first()).toHaveValue(target, { timeout: 15_000 });

  // the advisor ends the meeting: the customer is told and navigates on their own again
  await advisorBar.getByRole('button', { name: 'End meeting' }).click();
  await advisorBar.getByRole('button', { name: 'Yes, end meeting' }).click();
  await expect(customer.getByText('The meeting has ended')).toBeVisible({ timeout: 15_000 });
  await customer.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Profile' }).click();
  await expect(customer).toHaveURL(new RegExp(`${own}/profile$`));
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Goals' }).click();
  await customer.waitForTimeout(1_000);
  await expect(customer).toHaveURL(new RegExp(`${own}/profile$`));
  // the stored plan is unchanged: the advisor's what-if was never kept
  await page.goto(`${base}/scenario-modelling`);
  await expect(page.getByLabel(/^Retirement age of/).first()).toHaveValue(before, { timeout: 30_000 });

  expect(errors).toEqual([]);
  expect(customerErrors).toEqual([]);
});
