import { expect, test } from '@playwright/test';
import { axeProblems } from './checks';
import { signIn, watchPageErrors } from './helpers';

/**
 * Issue 15, what a person does: the admin adds an insurance company, then a plan of it with a premium table (one age
 * imported from a CSV file, one typed in) through the back-office screens; an advisor recording a customer's policy
 * then finds that plan, with its company, in the insurance editor's plan picker.
 */
test.describe.configure({ timeout: 240_000 });

const CSRF = { 'x-requested-with': 'kinfolio' };
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the admin adds an insurance company and a plan with a premium table; the advisor’s plan picker offers it', async ({
  browser,
}) => {
  const t = tag();
  const company = `Aegis Assurance ${t}`;
  const plan = `Aegis Whole Life ${t}`;

  // the admin: a company, then a plan with its premium table
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminErrors = watchPageErrors(admin);
  await signIn(admin, 'admin@kinfolio.test');
  await expect(admin).toHaveURL(/\/admin-dashboard\//);
  await admin.goto('/admin-dashboard/insurance/company');
  await expect(admin.getByRole('heading', { level: 1, name: 'Insurance Companies' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add company' }).click();
  const coDialog = admin.getByRole('dialog', { name: 'Add company' });
  await coDialog.getByLabel('Company name').fill(company);
  await coDialog.getByLabel('Country', { exact: false }).fill('SG');
  await coDialog.getByRole('button', { name: 'Save company' }).click();
  await expect(admin.getByRole('status')).toHaveText(`Added the company '${company}'.`);
  await expect(admin.getByRole('row').filter({ hasText: company })).toBeVisible();
  expect(await axeProblems(admin, 'insurance companies')).toEqual([]);

  await admin.goto('/admin-dashboard/insurance-plans');
  await expect(admin.getByRole('heading', { level: 1, name: 'Insurance Plans' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add plan' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add plan' });
  await dialog.getByLabel('Plan name').fill(plan);
  await dialog.getByLabel('Company').selectOption({ label: company });
  await dialog.getByLabel('Category').selectOption({ label: 'Life' });
  await dialog.getByLabel('Plan type').selectOption({ label: 'Whole Life' });
  await dialog.getByLabel('Import premium table').setInputFiles({
    name: 'premiums.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('age,male,female\n30,1200,1100\n31,1250.5,1150\n'),
  });
  await expect(dialog.getByText('Read 2 ages from premiums.csv. Save the plan to keep them.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add age' }).click();
  await expect(dialog.getByLabel('Age, row 3', { exact: true })).toHaveValue('32');
  await dialog.getByLabel('Male premium, row 3', { exact: true }).fill('1300');
  await dialog.getByLabel('Female premium, row 3', { exact: true }).fill('1200');
  expect(await axeProblems(admin, 'plan editor')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(admin.getByRole('status')).toHaveText(`Added the plan '${plan}'.`);
  await admin.getByLabel('Search plans').fill(t);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const row = admin.getByRole('row').filter({ hasText: plan });
  await expect(row).toContainText(company);
  await expect(row.getByRole('cell').nth(4)).toHaveText('3');
  expect(adminErrors).toEqual([]);

  // the advisor: a new lead's policy editor offers the plan with its company
  const advisorContext = await browser.newContext();
  const page = await advisorContext.newPage();
  const errors = watchPageErrors(page);
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  const lead = await page.request.post('/api/v1/leads', {
    headers: { ...CSRF, 'authorization-type': 'advisor' },
    data: { name: `Reference Lead ${t}`, age: 35 },
  });
  expect(lead.status()).toBe(201);
  const householdId = ((await lead.json()) as { data: { id: string } }).data.id;
  await page.goto(`/advisor/customers/${householdId}/financial-report/insurance`);
  await expect(page.getByRole('heading', { name: 'Policies by member' })).toBeVisible();
  await page.getByRole('link', { name: 'Add policy' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 6: Policy' })).toBeVisible();
  const picker = page.getByLabel("Plan from the insurers' list", { exact: false });
  await expect(picker.locator('option', { hasText: `${plan}, ${company}` })).toHaveCount(1);
  await picker.selectOption({ label: `${plan}, ${company}` });
  await expect(page.getByLabel('Plan name', { exact: false })).toHaveValue(plan);
  expect(errors).toEqual([]);
  await adminContext.close();
  await advisorContext.close();
});
