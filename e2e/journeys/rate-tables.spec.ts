import { expect, test } from '@playwright/test';
import { axeProblems } from './checks';
import { signIn, watchPageErrors } from './helpers';

/**
 * Issue 32, "Rate tables an admin keeps", as a person does it: the admin opens Rate tables from the back office's
 * menu, sees the CPF table with the document its figures come from, and adds next period's EPF dividend as a new
 * version: a negative rate is refused with the service's own message (and nothing is saved), then 5.5 is saved
 * and listed with who added it.
 *
 * It runs against the rate-tables API (GET admin/rate-tables, POST admin/rate-tables/:kind/versions) that
 * svc-planning serves: written on the screen's branch before the service was merged, it passes only with it.
 * 2099 is far past any published dividend, so the version never changes a figure another journey checks.
 */
test.describe.configure({ timeout: 120_000 });

test('the admin sees each rate table with its source and adds a new EPF dividend version; a negative rate is refused', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await signIn(page, 'admin@kinfolio.test');
  await expect(page).toHaveURL(/\/admin-dashboard\//);

  // the back office's menu leads to the screen
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Rate tables' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/rate-tables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rate tables' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  // every table is listed with the version in force; CPF cites its publisher and links its document
  const summary = page.getByRole('table', { name: 'Rate tables and the version in force' });
  for (const title of ['CPF (Singapore)', 'EPF (Malaysia)', 'EPF dividends', 'Singapore income tax']) {
    await expect(summary.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  const cpf = page.getByRole('region', { name: 'CPF (Singapore)', exact: true });
  await expect(cpf.getByRole('heading', { level: 2 })).toHaveText('CPF (Singapore)');
  const inForce = cpf.getByRole('article').filter({ hasText: 'In force this year' });
  await expect(inForce).toHaveCount(1);
  await expect(inForce.getByText('CPF Board', { exact: true })).toBeVisible();
  await expect(inForce.getByRole('link').first()).toHaveAttribute('href', /^https:\/\/www\.cpf\.gov\.sg\//);
  // the figures are tables (the contribution rates by age), not JSON
  await expect(inForce.getByRole('table', { name: 'Rates' })).toBeVisible();
  await expect(
    inForce.getByRole('table', { name: 'Rates' }).getByRole('columnheader', { name: 'To age' }),
  ).toBeVisible();
  expect(await axeProblems(page, 'rate tables')).toEqual([]);

  // Add version: EPF dividends for 2099, first with a negative rate
  const dividends = page.getByRole('region', { name: 'EPF dividends', exact: true });
  await dividends.getByRole('button', { name: 'Add version to EPF dividends' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a version of EPF dividends' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Publisher')).toHaveValue('KWSP (EPF)');
  await dialog.getByLabel('From year').fill('2099');
  await dialog.getByLabel('Document title').fill('Dividend for 2099 (journey)');
  await dialog.getByLabel('Document address').fill('https://www.kwsp.gov.my/en/others/resource-centre/dividend');
  const figures = dialog.getByLabel('Figures (JSON)');
  await expect(figures).toHaveCSS('font-family', /monospace/);
  await figures.fill('{"rate": -1}');
  expect(await axeProblems(page, 'add a rate table version')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save version' }).click();
  // the refusal, as the service words it, beside the form; the dialog stays open with what was typed
  await expect(dialog.getByRole('alert')).toContainText(/negative/i);
  await expect(dialog.getByRole('alert')).toContainText('-1');
  await expect(figures).toHaveValue('{"rate": -1}');

  // then 5.5: saved, the dialog closes, and the version is listed with who added it
  await figures.fill('{"rate": 5.5}');
  await dialog.getByRole('button', { name: 'Save version' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Added epfDividend@2099 (2099 onward) to EPF dividends.');
  const added = dividends.getByRole('article', { name: /epfDividend@2099/ });
  await expect(added.getByRole('heading', { level: 3 })).toHaveText(/^2099/);
  await expect(added).toContainText(/Added by .+ on .*\d{4}/);
  await expect(added.getByRole('link', { name: /Dividend for 2099 \(journey\)/ })).toHaveAttribute(
    'href',
    'https://www.kwsp.gov.my/en/others/resource-centre/dividend',
  );
  // a past version is never edited: no edit control anywhere on the screen
  await expect(page.getByRole('main').getByRole('button', { name: /edit/i })).toHaveCount(0);

  // the service kept it: a fresh read lists it
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'EPF dividends', exact: true }).getByRole('article', { name: /epfDividend@2099/ }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
