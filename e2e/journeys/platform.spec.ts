import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { latestCode, signIn, signInCustomer, watchPageErrors } from './helpers';

/** Issue 2 §8: the journeys a person takes through the platform shell, through the gateway of an embedded install. */

test('an advisor signs up, verifies both codes, lands in the advisor layout, sets a username and copies the link', async ({
  page,
  context,
}) => {
  const errors = watchPageErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tag = Date.now().toString(36);
  const email = `journey.${tag}@example.com`;
  const mobile = `9${String(Date.now()).slice(-7)}`;

  await page.goto('/advisor/auth/create-account');
  await page.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Harbour-Lights-2042');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel(/Profile image/).setInputFiles(join(__dirname, '../fixtures/receipt.png'));
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/advisor\/auth\/verification/);
  await page.getByLabel('E-mail code').fill(await latestCode(page, 'mail', email));
  await page.getByRole('button', { name: 'Verify e-mail' }).click();
  await expect(page.getByText('E-mail verified.')).toBeVisible();
  await page.getByLabel('Mobile code').fill(await latestCode(page, 'sms', `+65${mobile}`));
  await page.getByRole('button', { name: 'Verify mobile' }).click();

  // The second code verified signs the advisor in: straight into the advisor area, no password asked again.
  await expect(page).toHaveURL(/\/advisor\/customers/);
  // the image picked at sign-up is uploaded at this first sign-in and becomes the avatar
  await expect(page.locator('img[src*="/api/v1/files/blob/storage/user/media/"]').first()).toBeVisible();
  // The advisor layout: its sidebar menu.
  const nav = page.getByRole('navigation', { name: /advisor/i });
  await expect(nav.getByRole('link', { name: 'Expert Positioning' })).toBeVisible();

  // No username yet: the invitation link opens the Add User Name modal instead of copying.
  await page.getByRole('button', { name: /Nur Aisyah/ }).click();
  await page.getByRole('menuitem', { name: /invitation link/i }).click();
  const modal = page.getByRole('dialog', { name: 'Add User Name' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('* Only alpha and numeric characters are allowed.')).toBeVisible();
  await modal.getByRole('button', { name: /save/i }).click();
  await expect(modal.getByText('Enter user name')).toBeVisible();
  await modal.getByLabel(/user ?name/i).pressSequentially(`Nur Aisyah ${tag}`);
  await expect(modal.getByLabel(/user ?name/i)).toHaveValue(`nur-aisyah-${tag}`);
  await modal.getByRole('button', { name: /save/i }).click();
  await expect(modal.getByText('Link Copied', { exact: true }).first()).toBeVisible();
  await expect(modal).toBeHidden({ timeout: 5000 });

  // With a username, the invitation link copies {username}.{host} and says so for 3 seconds.
  await page.getByRole('button', { name: /Nur Aisyah/ }).click();
  await page.getByRole('menuitem', { name: /invitation link/i }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`nur-aisyah-${tag}.`);

  // The advisor's public page on that sub-domain, with the sharing tags the gateway put in for crawlers.
  const here = new URL(page.url());
  await page.goto(`${here.protocol}//nur-aisyah-${tag}.${here.host}/home`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nur Aisyah' })).toBeVisible();
  await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(page.getByRole('link', { name: mobile })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Nur Aisyah');
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', 'Fintech Advisory');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^http:\/\/nur-aisyah-[a-z0-9]+\.localhost:\d+\/api\/v1\/files\/blob\/storage\/user\/media\//,
  );
  expect(errors).toEqual([]);
});

test('an admin deactivates a user, whose session stops working at once', async ({ browser, page }) => {
  // The user to deactivate: a fresh advisor signed in in their own browser context.
  const advisorContext = await browser.newContext();
  const advisor = await advisorContext.newPage();
  const tag = Date.now().toString(36);
  const email = `deactivate.${tag}@example.com`;
  const mobile = `8${String(Date.now()).slice(-7)}`;
  const reg = await advisor.request.post('/api/v1/register', {
    headers: { 'x-requested-with': 'kinfolio' },
    data: {
      name: `Lim Deactivate ${tag}`,
      email,
      password: 'Harbour-Lights-2042',
      country_code: '+65',
      contact_number: mobile,
      gender: 'male',
    },
  });
  expect(reg.status()).toBe(201);
  for (const [kind, path, key, to] of [
    ['mail', 'auth/verify-otp', 'otp', email],
    ['sms', 'auth/verify-mobile-otp', 'contact_otp', `+65${mobile}`],
  ] as const) {
    const code = await latestCode(advisor, kind, to);
    const res = await advisor.request.post(`/api/v1/${path}`, {
      headers: { 'x-requested-with': 'kinfolio' },
      data: { email, [key]: code },
    });
    expect(res.status()).toBe(200);
  }
  await signIn(advisor, email, 'Harbour-Lights-2042');
  await expect(advisor).toHaveURL(/\/advisor\/customers/);
  expect((await advisor.request.get('/api/v1/users/me')).status()).toBe(200);

  await signIn(page, 'admin@kinfolio.test');
  await expect(page).toHaveURL(/\/admin-dashboard\/active-users/);
  await page
    .getByRole('searchbox')
    .or(page.getByLabel(/search/i))
    .first()
    .fill(tag);
  const row = page.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Deactivate / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Deactivate' }).click();
  await expect(row).toBeHidden();

  // The deactivated advisor's session is revoked server-side: the next call is refused and the shell signs out.
  expect((await advisor.request.get('/api/v1/users/me')).status()).toBe(401);
  await advisor.reload();
  await expect(advisor).toHaveURL(/\/auth\/login/);
  await advisorContext.close();
});

test('a customer signs in and logs out through the confirmation', async ({ page }) => {
  const errors = watchPageErrors(page);
  await signInCustomer(page, 'customer@kinfolio.test');
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect((await page.request.get('/api/v1/users/me', { headers: { 'authorization-type': 'customer' } })).status()).toBe(
    401,
  );
  expect(errors).toEqual([]);
});

test('with a remote server stopped, the shell and the other remotes keep working and the area says so', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  // The admin remote's server is unreachable: every request for its files fails at the network level.
  await page.route('**/mf/mf-admin/**', (route) => route.abort('connectionrefused'));
  await signIn(page, 'admin@kinfolio.test');
  await expect(page).toHaveURL(/\/admin-dashboard/);
  // The shell's admin layout still renders, and the failed area says so.
  await expect(page.getByRole('navigation', { name: /admin/i })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /not available/i })).toBeVisible();
  // Another remote still works in the same session: the support remote's document viewer route.
  await page.goto('/document-viewer?media=');
  await expect(page.getByText(/No PowerPoint file provided\.|Download the PDF/)).toBeVisible();
  expect(errors).toEqual([]);
});
