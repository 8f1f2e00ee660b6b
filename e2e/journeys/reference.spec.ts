import { expect, test } from '@playwright/test';
import { axeProblems } from './checks';
import { signIn, watchPageErrors } from './helpers';

/**
 * Issue 15, what a person does: the admin adds an insurance company, then a plan of it with a premium table (one age
 * imported from a CSV file, one typed in) through the back-office screens; an advisor recording a customer's policy
 * then finds that plan, with its company, in the insurance editor's plan picker. Issue 31 item 8: the plan's
 * premium table (48 ages) gives the premium for the insured's age and gender, at the chosen mode.
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
  // issue 31 item 8: a table of 48 ages (25-72): male 1,200 + 10 × age, female 1,000 + 10 × age (42: 1,420)
  const csv = ['age,male,female'];
  for (let age = 25; age <= 72; age++) csv.push(`${age},${1200 + 10 * age},${1000 + 10 * age}`);
  await dialog.getByLabel('Import premium table').setInputFiles({
    name: 'premiums.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv.join('\n')}\n`),
  });
  await expect(dialog.getByText('Read 48 ages from premiums.csv. Save the plan to keep them.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add age' }).click();
  await expect(dialog.getByLabel('Age, row 49', { exact: true })).toHaveValue('73');
  await dialog.getByLabel('Male premium, row 49', { exact: true }).fill('1930');
  await dialog.getByLabel('Female premium, row 49', { exact: true }).fill('1730');
  expect(await axeProblems(admin, 'plan editor')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(admin.getByRole('status')).toHaveText(`Added the plan '${plan}'.`);
  await admin.getByLabel('Search plans').fill(t);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const row = admin.getByRole('row').filter({ hasText: plan });
  await expect(row).toContainText(company);
  await expect(row.getByRole('cell').nth(4)).toHaveText('49');

  // issue 31 item 8: the bundled price feed is named as a sample and asks before it adds its funds (cancelled here:
  // the other journeys share this installation's fund list)
  await admin.goto('/admin-dashboard/investment/funds');
  await expect(admin.getByRole('heading', { level: 2, name: 'Sample prices' })).toBeVisible();
  await admin.getByRole('button', { name: 'Import sample prices' }).click();
  const ask = admin.getByRole('dialog', { name: /^Add [\d,]+ sample funds\?$/ });
  await expect(ask).toContainText('made-up funds from the sample feed will be added to the list advisors pick from');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(adminErrors).toEqual([]);

  // the advisor: a new lead's policy editor offers the plan with its company
  const advisorContext = await browser.newContext();
  const page = await advisorContext.newPage();
  const errors = watchPageErrors(page);
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  const lead = await page.request.post('/api/v1/leads', {
    headers: { ...CSRF, 'authorization-type': 'advisor' },
    data: { name: `Reference Lead ${t}`, age: 42, gender: 'female' },
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
  await expect(page.getByLabel('Plan type', { exact: false })).toHaveValue('Whole Life');
  // the premium: the table's for the insured (a woman of 42), yearly, then monthly (1,420 / 12 = 118.33)
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 6: Premium' })).toBeVisible();
  await expect(page.getByLabel('Premium', { exact: true })).toHaveValue('1420');
  await expect(page.getByText("From the plan's premium table: woman aged 42, SGD 1,420.00 a year.")).toBeVisible();
  await page.getByLabel('Mode', { exact: false }).selectOption('monthly');
  await expect(page.getByLabel('Premium', { exact: true })).toHaveValue('118.33');
  // a policy date 20 years back: she was 22, an age the table does not have: said beside the field
  const back = `${new Date().getUTCFullYear() - 20}-01-01`;
  await page.getByLabel('Policy Date', { exact: false }).fill(back);
  await expect(
    page.getByText("This plan's premium table has no premium for a woman aged 22: type the premium."),
  ).toBeVisible();
  expect(errors).toEqual([]);
  await adminContext.close();
  await advisorContext.close();
});
