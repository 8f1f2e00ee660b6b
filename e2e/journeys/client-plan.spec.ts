import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { axeProblems } from './checks';
import { signIn, watchPageErrors } from './helpers';

/**
 * Issue 35, the client plan in the browser: the advisor opens a household's dashboard, opens "Client plan" from the
 * top bar, leaves a section out, moves one up with the keyboard, saves the choice (read back through the API), makes
 * the plan as a PDF, sees the job's progress bar and then the file (it starts with %PDF), shares it with a note, and
 * finds it among the household's shared documents. The dialog is checked with axe.
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
