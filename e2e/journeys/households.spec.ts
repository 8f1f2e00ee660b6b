import { type Browser, expect, type Page, test } from '@playwright/test';
import { latestCode, signIn, signInCustomer, watchPageErrors } from './helpers';

/**
 * Issue 11, what a person does: an advisor adds a household through Add customer (the on-boarding fact-find),
 * edits it and sees the save confirmation, converts the lead and shares the profile; the customer creates a password
 * from the mailed code, signs in and reads the same figures with nothing to change, and sees the advisor's next
 * change live. And an on-boarding left half-way
 * resumes from its draft in another browser.
 */
test.describe.configure({ timeout: 180_000 });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function addCustomerFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Add customer' }).click();
  await expect(page).toHaveURL(/\/on-boarding\?referral_id=.*&advisor_id=/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 1 of 5: Profile');
}

async function newAdvisorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  return page;
}

test('an advisor adds a customer through Add customer; the customer sets a password and reads the same figures', async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  const t = tag();
  const name = `Kim Lee ${t}`;
  const email = `kim.${t}@example.com`;
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  await addCustomerFromMenu(page);

  // 1. profile
  const form = () => page.locator('main form, form').first();
  await form().getByLabel('Name', { exact: false }).fill(name);
  await form().getByLabel('Email', { exact: false }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  // 2. family
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 2 of 5: Family members');
  await expect(page).toHaveURL(/draft=/);
  await page.getByRole('button', { name: 'Add a family member' }).click();
  await page.getByRole('group', { name: 'Family member 1' }).getByLabel('Name', { exact: false }).fill('Jun');
  // a child is recorded as a child (issue 31 (9)): the children list, not a member, and no income asked
  await page.getByRole('button', { name: 'Add a family member' }).click();
  const child = page.getByRole('group', { name: 'Family member 2' });
  await child.getByLabel('Name', { exact: false }).fill('Mia');
  await child.getByLabel('Relation', { exact: false }).selectOption({ label: 'Child' });
  await child.getByLabel('Age', { exact: false }).fill('8');
  await page.getByRole('button', { name: 'Next' }).click();
  // 3. incomes and expenses
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 3 of 5: Incomes & expenses');
  await page.getByLabel(`${name}: gross income a month`).fill('6000');
  await page.getByLabel('Jun: gross income a month').fill('4000');
  await expect(page.getByLabel('Mia: gross income a month')).toHaveCount(0);
  await page.getByLabel(/^Food/).fill('900');
  await page.getByRole('button', { name: 'Next' }).click();
  // 4. a dream and a concern from the reference lists
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 4 of 5: Dreams & concerns');
  await page.getByRole('group', { name: 'Which dreams matter to you?' }).getByRole('checkbox').first().check();
  await page.getByRole('group', { name: 'What concerns you most?' }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 5 of 5: Review');
  // the Review lists the children and the chosen dream and concern
  const review = (term: string) =>
    page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(review('Children')).toHaveText('Mia, 8');
  await expect(review('Dreams')).not.toHaveText('None chosen');
  await expect(review('Concerns')).not.toHaveText('None chosen');
  await page.getByRole('button', { name: 'Finish' }).click();

  // the new lead's Income & Expenses, figures from the server
  await expect(page).toHaveURL(/\/advisor\/customers\/[0-9a-f-]{36}\/financial-report\/dashboard\/cashflow$/);
  const householdId = /customers\/([0-9a-f-]{36})\//.exec(page.url())?.[1] as string;
  const summary = page.getByRole('region', { name: 'Cash flow summary' });
  await expect(summary.getByRole('row', { name: /^Income / })).toContainText('10,000');
  await expect(summary.getByRole('row', { name: /^Expenses / })).toContainText('900');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // an edit on the Profile tab: the save confirmation with its countdown
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Profile' }).click();
  const profile = page.getByRole('form', { name: 'Household profile' });
  // the child in the children list and the count; each member's monthly income from their income records
  await expect(profile.getByLabel('Number of children', { exact: false })).toHaveValue('1');
  await expect(profile.getByLabel('Child 1 name', { exact: false })).toHaveValue('Mia');
  const members = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Monthly income' }) });
  await expect(members.getByRole('row', { name: `${name} Me`, exact: false }).getByTestId('member-income')).toHaveText(
    'SGD 6,000',
  );
  await expect(members.getByRole('row', { name: /^Jun Spouse/ }).getByTestId('member-income')).toHaveText('SGD 4,000');
  await expect(members.getByRole('row', { name: /^Mia/ })).toHaveCount(0);
  await profile.getByLabel('Phone', { exact: false }).fill('91234567');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  const saved = page.getByRole('dialog', { name: 'Saved Successfully!' });
  await expect(saved).toBeVisible();
  await expect(saved.getByTestId('save-countdown')).toHaveText(/\([1-5]s\)/);
  await saved.getByRole('button', { name: 'Stay on This Page' }).click();
  await expect(saved).toHaveCount(0);

  // the lead becomes a customer, whose profile is shared
  await page.goto('/advisor/leads');
  await page.getByRole('textbox', { name: /Search leads/ }).fill(t);
  const leadRow = page.getByRole('row', { name: new RegExp(name) });
  await leadRow.getByRole('button', { name: 'Convert to customer' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} is now a customer.`);
  await page.goto('/advisor/customers');
  await page.getByRole('textbox', { name: /Search customers/ }).fill(t);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Share profile' }).click();
  await expect(page.getByRole('status')).toContainText('profile is shared');

  // the customer: the code from the mail, a password, then their own dashboard, read-only
  const code = await latestCode(page, 'mail', email);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerErrors = watchPageErrors(customer);
  await customer.goto(`/customer/auth/create-password?email=${encodeURIComponent(email)}`);
  await customer.getByLabel('Code').fill(code);
  await customer.getByLabel('Password', { exact: true }).fill('Harbour-Lights-2042');
  await customer.getByRole('button', { name: 'Create password' }).click();
  await expect(customer).toHaveURL(/\/customer\/auth\/login/);
  await signInCustomer(customer, email, 'Harbour-Lights-2042');
  await expect(customer).toHaveURL(/\/customer\/dashboard/);
  await customer.goto('/customer/dashboard/financial-report/dashboard/cashflow');
  const theirs = customer.getByRole('region', { name: 'Cash flow summary' });
  await expect(theirs.getByRole('row', { name: /^Income / })).toContainText('10,000');
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(customer.getByRole('button', { name: /^Add / })).toHaveCount(0);
  // a meeting: the advisor adds an income while the customer's dashboard is open; it shows there without a reload
  await page.goto(`/advisor/customers/${householdId}/financial-report/dashboard/cashflow`);
  await page.getByRole('button', { name: 'Add income' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add income' });
  await dialog.getByLabel('Income kind', { exact: false }).selectOption('bonus');
  await dialog.getByLabel('Amount', { exact: false }).fill('1500');
  await dialog.getByRole('button', { name: 'Save income' }).click();
  await expect(page.getByRole('dialog', { name: 'Saved Successfully!' })).toBeVisible();
  await expect(theirs.getByRole('row', { name: /^Income / })).toContainText('11,500', { timeout: 5000 });
  await customer.goto('/customer/dashboard/profile');
  await expect(customer.getByText('91234567')).toBeVisible();
  await expect(customer.getByRole('button', { name: /Save|Edit|Remove/ })).toHaveCount(0);
  // and nobody else's household
  const other = await customer.request.get(
    `/api/v1/single-lead/${householdId.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`,
    {
      headers: { 'authorization-type': 'customer' },
    },
  );
  expect(other.status()).toBe(404);
  await customerContext.close();
  expect(errors).toEqual([]);
  expect(customerErrors).toEqual([]);
});

test('an on-boarding left half-way resumes from its draft in another browser', async ({ browser }) => {
  const first = await newAdvisorPage(browser);
  await addCustomerFromMenu(first);
  const name = `Resume ${tag()}`;
  await first.locator('form').first().getByLabel('Name', { exact: false }).fill(name);
  await first.getByRole('button', { name: 'Next' }).click();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('Step 2 of 5: Family members');
  await expect(first).toHaveURL(/draft=[0-9a-f-]{36}/);
  const link = first.url();

  const second = await newAdvisorPage(browser);
  await second.goto(link);
  await expect(second.getByRole('heading', { level: 2 })).toHaveText('Step 2 of 5: Family members');
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(second.locator('form').first().getByLabel('Name', { exact: false })).toHaveValue(name);
});
