import { expect, type Page, test } from '@playwright/test';
import { axeProblems, overflow } from './checks';
import { signIn, watchPageErrors } from './helpers';

/**
 * Issue 31 observation 6, goals and dreams in the plan: on a fresh lead of the demo advisor, the advisor answers the
 * reference dream "Children’s education" ("from 2036"), makes it a goal from the dream card (the form comes prefilled:
 * education, from 2036), completes it as 62,500 a year to 2039, and finds it in the Data Table's Goals column in
 * 2036-2039 only; the retirement dream's "60" becomes the retirement age the plan uses. The goals screen is checked
 * with axe and at phone width.
 */
test.describe.configure({ timeout: 180_000 });

const CSRF = { 'x-requested-with': 'kinfolio' };

async function newLead(page: Page, name: string): Promise<string> {
  const as = { headers: { ...CSRF, 'authorization-type': 'advisor' } };
  const made = await page.request.post('/api/v1/leads', { ...as, data: { name, age: 40, currency: 'SGD' } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { data: { id: string } }).data.id;
}

/** Answers a reference dream of My Dreams and closes the save confirmation. */
async function answerDream(page: Page, title: string, answers: Record<string, string>): Promise<void> {
  await page.getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  for (const [question, answer] of Object.entries(answers)) await dialog.getByLabel(question).fill(answer);
  await dialog.getByRole('button', { name: 'Save dream' }).click();
  await page.getByRole('button', { name: 'Stay on This Page' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
}

test('a dream becomes a goal that the data table shows in its years; the retirement dream sets the retirement age', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await signIn(page, 'advisor@kinfolio.test');
  await expect(page).toHaveURL(/\/advisor\//);
  const id = await newLead(page, `Goals ${Date.now().toString(36)}`);
  const base = `/advisor/customers/${id}`;

  await page.goto(`${base}/dreams-concerns/my-dreams`);
  await expect(page.getByRole('heading', { name: 'My Dreams' })).toBeVisible();
  await answerDream(page, 'Children’s education', {
    'Which children, and from which year?': 'Both, from 2036',
    'How much do you want to set aside?': '250,000',
  });

  // "Make it a goal", by keyboard: the form opens prefilled from the dream
  const card = page.getByRole('article', { name: 'Children’s education' });
  await card.getByRole('button', { name: 'Make Children’s education a goal' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add goal' });
  await expect(form.getByLabel('Goal kind')).toHaveValue('education');
  await expect(form.getByLabel('Year from')).toHaveValue('2036');
  await form.getByLabel('Year to').fill('2039');
  await form.getByLabel('Amount a year').fill('62500');
  await form.getByLabel(/^Inflation/).fill('0');
  await form.getByRole('button', { name: 'Save goal' }).click();
  await expect(form).toHaveCount(0);
  await expect(card.getByText(/^Goal: Education, 2036–2039/)).toBeVisible();

  // the retirement dream's age is the plan's
  await answerDream(page, 'Retirement', { 'At what age would you like to retire?': '60' });
  await expect(
    page.getByRole('article', { name: 'Retirement' }).getByText(/^Retirement age in the plan: 60/),
  ).toBeVisible();

  expect(await axeProblems(page, 'my dreams with a goal')).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // the goals screen: reached from the dashboard's tabs; lists the goal and its dream
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Goals' }).click();
  await expect(page.getByRole('heading', { name: 'Goals', exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Children’s education' });
  await expect(row.getByRole('cell').nth(3)).toHaveText('2036–2039');
  await expect(row.getByRole('cell').nth(6)).toHaveText('Children’s education');
  expect(await axeProblems(page, 'goals')).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // the data table's Goals column: 62,500 in 2036-2039, nothing the year before and after
  await page.goto(`${base}/data-table`);
  await expect(page.getByRole('heading', { name: 'Data Table' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Goals', exact: true }).check();
  const table = page.getByRole('region', { name: /Year by year, in/ });
  const headers = await table.getByRole('columnheader').allTextContents();
  const col = headers.indexOf('Goals');
  expect(col).toBeGreaterThan(0);
  const goalsIn = (year: number) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: String(year), exact: true }) })
      .locator('th, td')
      .nth(col);
  for (const year of [2036, 2037, 2038, 2039]) await expect(goalsIn(year)).toHaveText(/^62,500(\.00)?$/);
  for (const year of [2035, 2040]) await expect(goalsIn(year)).toHaveText(/^0(\.00)?$/);
  expect(errors).toEqual([]);
});
