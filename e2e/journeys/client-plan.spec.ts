import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { axeProblems } from './checks';
import { signIn, signInCustomer, watchPageErrors } from './helpers';

/**
 * Issue 35, the client plan in the browser: the advisor opens a household's dashboard, opens "Client plan" from the
 * top bar, leaves a section out, moves one up with the keyboard, saves the choice (read back through the API), makes
 * the plan as a PDF, sees the job's progress bar and then the file (it starts with %PDF), shares it with a note, and
 * finds it among the household's shared documents. The demo customer makes the plan on their own dashboard from the
 * advisor's choice (no saving, no sharing), and finds the plan their advisor shared under Shared documents. The dialog
 * is checked with axe for both.
 */
test.describe.configure({ timeout: 240_000 });

const CSRF = { 'x-requested-with': 'kinfolio' };

/** A lead of the advisor with an e-mail (a share needs one), an income, an expense and savings. */
async function household(page: Page): Promise<string> {
  const as = { headers: { ...CSRF, 'authorization-type': 'advisor' } };
  const tag = Date.now().toString(36);
  const made = await page.request.post('/api/v1/leads', {
    ...as,
    data: { name: `Plan ${tag}`, email: `plan-${tag}@example.com`, age: 40, currency: 'SGD' },
  });
  expect(made.status()).toBe(201);
  const lead = ((await made.json()) as { data: { id: string; members: Array<{ id: string; relation: string }> } }).data;
  const me = lead.members.find((m) => m.relation === 'me')?.id;
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await page.request.post(`/api/v1/customer/${path}`, { ...as, data: { lead_id: lead.id, ...data } });
    expect([path, res.status()]).toEqual([path, 201]);
  };
  await post('member-income', {
    member_id: me,
    kind: 'gross income',
    amount: 9000,
    frequency: 'monthly',
    currency: 'SGD',
  });
  await post('member-expense', {
    member_id: me,
    category: 'food',
    amount: 2500,
    frequency: 'monthly',
    currency: 'SGD',
  });
  await post('saving-fund', { bank_name: 'DBS', currency: 'SGD', current_value: 40000 });
  return lead.id;
}

test('the advisor chooses and orders the sections, saves them, makes a PDF plan with progress, and shares it', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  const id = await household(page);

  await page.goto(`/advisor/customers/${id}/profile`);
  await page.getByRole('button', { name: 'Client plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Client plan' });
  const list = dialog.getByRole('list', { name: 'Sections of the plan' });
  await expect(list.getByRole('listitem')).toHaveCount(10, { timeout: 30_000 });
  // before any choice: every section, in the default order
  await expect(list.getByRole('listitem').nth(7)).toContainText('Goals');

  // leave Property out; move Goals up twice, with the keyboard (the focus stays on its button)
  await dialog.getByRole('checkbox', { name: 'Property' }).uncheck();
  const up = dialog.getByRole('button', { name: 'Move Goals up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem').nth(5)).toContainText('Goals');
  expect(await axeProblems(page, 'client plan dialog')).toEqual([]);

  await dialog.getByRole('button', { name: 'Save choice' }).click();
  await expect(dialog.getByText('Choice saved')).toBeVisible({ timeout: 30_000 });
  const stored = await page.request.get(`/api/v1/customer/${id}/client-plan`, {
    headers: { 'authorization-type': 'advisor' },
  });
  expect(((await stored.json()) as { data: { sections: string[] } }).data.sections).toEqual([
    'summary',
    'cashflow',
    'networth',
    'insurance',
    'funds',
    'goals',
    'debt',
    'scenario',
    'appendix',
  ]);

  // the plan as a PDF: the progress bar, then the file downloads by itself
  await expect(dialog.getByRole('button', { name: 'PDF', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const downloaded = page.waitForEvent('download', { timeout: 180_000 });
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Making the client plan' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  const download = await downloaded;
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  // the focus, lost as Create plan was disabled, is on Download once the file is there
  await expect(dialog.getByRole('button', { name: 'Download PDF' })).toBeFocused();

  // shared with the customer, with a note; it is listed under the household's shared documents
  await dialog.getByLabel('Note to the customer (optional)').fill('Our plan for the next ten years');
  await dialog.getByRole('button', { name: 'Share with customer' }).click();
  await expect(dialog.getByText('Shared with the customer. They have been sent an e-mail.')).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  const shared = page.getByRole('region', { name: 'Shared documents' });
  await expect(shared.getByRole('button', { name: 'Download Client plan (PDF)' })).toBeVisible({ timeout: 30_000 });
  await expect(shared).toContainText('Our plan for the next ten years');
  expect(errors).toEqual([]);
});

/** The demo customer's household (the customer's user id names it in single-lead). */
async function ownHousehold(page: Page): Promise<string> {
  const headers = { 'authorization-type': 'customer' };
  const me = await page.request.get('/api/v1/users/me', { headers });
  const userId = ((await me.json()) as { data: { id: string } }).data.id;
  const hh = await page.request.get(`/api/v1/single-lead/${userId}`, { headers });
  expect(hh.status()).toBe(200);
  return ((await hh.json()) as { data: { id: string } }).data.id;
}

test('the customer makes the plan from the saved choice, and finds the one their advisor shared', async ({
  page,
  browser,
}) => {
  const context = await browser.newContext();
  const customer = await context.newPage();
  const customerErrors = watchPageErrors(customer);
  await signInCustomer(customer, 'customer@kinfolio.test');
  await expect(customer).not.toHaveURL(/\/auth\/login/, { timeout: 30_000 });
  const id = await ownHousehold(customer);

  // the customer's dialog: the sections as a list to read, no box to tick, nothing to save; a Word plan
  await customer.goto('/customer/dashboard/profile');
  await customer.getByRole('button', { name: 'Client plan', exact: true }).click();
  const own = customer.getByRole('dialog', { name: 'Client plan' });
  await expect(own.getByRole('list', { name: 'Sections of the plan' }).getByRole('listitem').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(own.getByRole('checkbox')).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Save choice' })).toHaveCount(0);
  expect(await axeProblems(customer, 'client plan dialog, customer')).toEqual([]);
  await own.getByRole('button', { name: 'Word', exact: true }).click();
  const word = customer.waitForEvent('download', { timeout: 180_000 });
  await own.getByRole('button', { name: 'Create plan' }).click();
  await expect(own.getByRole('progressbar', { name: 'Making the client plan' })).toBeVisible({ timeout: 30_000 });
  const docx = readFileSync(await (await word).path());
  expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(docx.includes(Buffer.from('word/document.xml'))).toBe(true);
  await expect(own.getByRole('button', { name: 'Share with customer' })).toHaveCount(0);
  await customer.keyboard.press('Escape');
  await expect(customer.getByRole('dialog')).toHaveCount(0);

  // the advisor makes the PDF plan of that household and shares it with a note
  const errors = watchPageErrors(page);
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  await page.goto(`/advisor/customers/${id}/profile`);
  await page.getByRole('button', { name: 'Client plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Client plan' });
  await expect(dialog.getByRole('list', { name: 'Sections of the plan' }).getByRole('listitem')).toHaveCount(10, {
    timeout: 30_000,
  });
  const pdf = page.waitForEvent('download', { timeout: 180_000 });
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  expect(
    readFileSync(await (await pdf).path())
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');
  const note = `Your plan ${Date.now().toString(36)}`;
  await dialog.getByLabel('Note to the customer (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Share with customer' }).click();
  await expect(dialog.getByText('Shared with the customer. They have been sent an e-mail.')).toBeVisible({
    timeout: 30_000,
  });

  // the customer finds it under Shared documents, named as a client plan
  await customer.reload();
  const shared = customer.getByRole('region', { name: 'Shared documents' });
  const item = shared.getByRole('listitem').filter({ hasText: note });
  await expect(item).toContainText('Client plan (PDF)', { timeout: 30_000 });
  await expect(item.getByRole('button', { name: 'Download Client plan (PDF)' })).toBeVisible();
  expect(errors).toEqual([]);
  expect(customerErrors).toEqual([]);
  await context.close();
});
