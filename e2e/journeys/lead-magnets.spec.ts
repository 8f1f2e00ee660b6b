import { type Browser, expect, type Page, test } from '@playwright/test';
import { openPublicPage, signIn, watchPageErrors } from './helpers';

/**
 * Issue 15, lead magnets and presentations: the admin adds a presentation that then shows in the help widget's
 * Presentation tab; the advisor adds a lead magnet on Expert Positioning; a visitor on the advisor's sub-domain leaves
 * name, e-mail and consent, downloads it, and the advisor sees the new lead appear on the Leads page without reloading.
 */
test.describe.configure({ timeout: 180_000 });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  return context.newPage();
}

test('an admin presentation shows in the help widget; a visitor downloads a lead magnet and becomes a lead live', async ({
  browser,
  page,
}) => {
  const errors = watchPageErrors(page);
  const t = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const folder = `Client decks ${t}`;
  const magnet = `Retirement checklist ${t}`;
  const visitorName = `Visitor ${t}`;

  // The admin adds a presentation folder with a pdf, from the page walkthroughs page.
  await signIn(page, 'admin@kinfolio.test');
  await expect(page).toHaveURL(/\/admin-dashboard\//);
  await page.goto('/admin-dashboard/page-walkthrough');
  await page.getByRole('link', { name: 'Presentations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Presentations' })).toBeVisible();
  await page.getByRole('button', { name: 'Add folder' }).click();
  const folderDialog = page.getByRole('dialog', { name: 'Add folder' });
  await folderDialog.getByLabel('Folder name').fill(folder);
  await folderDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 2, name: folder })).toBeVisible();
  await page.getByRole('button', { name: `Add a file to ${folder}` }).click();
  const fileDialog = page.getByRole('dialog', { name: `Add a file to ${folder}` });
  await fileDialog.getByLabel(/^File/).setInputFiles({ name: 'intro.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(fileDialog.getByText('intro.pdf', { exact: true })).toBeVisible();
  await fileDialog.getByLabel('Name').fill('Introduction');
  await fileDialog.getByRole('button', { name: 'Save' }).click();
  await expect(fileDialog).toBeHidden();
  await expect(page.getByRole('list', { name: `Files of ${folder}` }).getByText('Introduction')).toBeVisible();

  // It shows in the help widget's Presentation tab.
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const help = page.getByTestId('help-panel');
  await expect(help).toBeVisible();
  await help.getByRole('tab', { name: 'Presentation' }).click();
  await help.getByRole('button', { name: new RegExp(folder) }).click();
  await expect(
    help.getByRole('list', { name: `Files in ${folder}` }).getByRole('button', { name: 'Introduction' }),
  ).toBeVisible();

  // The advisor uploads a lead magnet on Expert Positioning.
  const advisor = await newPage(browser);
  const advisorErrors = watchPageErrors(advisor);
  await signIn(advisor, 'advisor@kinfolio.test');
  await expect(advisor).toHaveURL(/\/advisor\//);
  await advisor.getByRole('link', { name: 'Expert Positioning' }).first().click();
  await expect(advisor.getByRole('heading', { level: 1, name: 'Expert Positioning' })).toBeVisible();
  await advisor.getByRole('button', { name: 'Upload lead magnet' }).click();
  const lmDialog = advisor.getByRole('dialog', { name: 'Upload lead magnet' });
  await lmDialog.getByLabel('Title').fill(magnet);
  await lmDialog.getByLabel(/^File/).setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(lmDialog.getByText('checklist.pdf', { exact: true })).toBeVisible();
  await lmDialog.getByRole('button', { name: 'Save' }).click();
  await expect(lmDialog).toBeHidden();
  const mine = advisor
    .getByRole('list', { name: 'Your lead magnets' })
    .getByRole('listitem')
    .filter({ hasText: magnet });
  await expect(mine.getByRole('checkbox', { name: 'Show on my public page' })).toBeChecked();

  // The advisor watches the Leads page.
  await advisor.goto('/advisor/leads');
  await advisor.getByRole('textbox', { name: /Search leads/ }).fill(t);
  await expect(advisor.getByRole('row', { name: new RegExp(visitorName) })).toHaveCount(0);

  // A visitor on the advisor's sub-domain leaves name, e-mail and consent and downloads the file.
  const here = new URL(page.url());
  const visitor = await newPage(browser);
  const visitorErrors = watchPageErrors(visitor);
  await openPublicPage(visitor, `${here.protocol}//demo-advisor.${here.host}/home`, (v) =>
    v.getByRole('heading', { name: magnet }),
  );
  await expect(visitor.getByRole('heading', { level: 1, name: 'Demo Advisor' })).toBeVisible();
  // (the sub-domain's /home is the gateway's server-rendered page: a form per lead magnet, with its own script)
  await expect(visitor.getByRole('heading', { level: 2, name: 'Free resources' })).toBeVisible();
  const card = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: magnet }) });
  const form = card.getByRole('form');
  const magnetId = await form.getAttribute('data-magnet');
  expect(magnetId).toMatch(/^[0-9a-f-]{36}$/);
  // without consent the service refuses, naming the field
  const refused = await visitor.request.post(`/api/v1/advisor/public/lead-magnets/${magnetId}/download`, {
    headers: { 'x-requested-with': 'kinfolio' },
    data: { name: visitorName, email: `visitor.${t}@example.com`, consent: false },
  });
  expect(refused.status()).toBe(400);
  expect(Object.keys(((await refused.json()) as { errors: Array<Record<string, unknown>> }).errors[0]!)).toEqual([
    'consent',
  ]);
  await form.getByLabel('Name').fill(visitorName);
  await form.getByLabel('E-mail').fill(`visitor.${t}@example.com`);
  await form.getByRole('checkbox', { name: /may contact me about this file/ }).check();
  const download = visitor.waitForEvent('download');
  await form.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('checklist.pdf');
  await expect(form.getByRole('status')).toContainText('Your download is starting.');

  // The advisor sees the new lead appear without reloading.
  await expect(advisor.getByRole('row', { name: new RegExp(visitorName) })).toBeVisible({ timeout: 15_000 });

  // The admin deletes the folder again (the demo data other journeys share keeps no presentation of this run).
  await help.getByRole('button', { name: 'Close help' }).click();
  await page.getByRole('button', { name: `Delete ${folder}` }).click();
  await page.getByRole('dialog', { name: 'Delete this folder?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 2, name: folder })).toHaveCount(0);

  expect([...errors, ...advisorErrors, ...visitorErrors]).toEqual([]);
});
