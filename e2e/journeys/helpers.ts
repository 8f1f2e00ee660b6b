import { type Browser, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Kinfolio!2026';

/** Fails the test on any uncaught page error, so a broken remote or a render crash cannot pass silently. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: /sign in/i }).click();
}

export async function signInCustomer(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/customer/auth/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: /sign in/i }).click();
}

/** The newest 6-digit code the offline outbox sent to `to` (the embedded install's test mailbox and SMS sink). */
export async function latestCode(page: Page, kind: 'mail' | 'sms', to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/mailbox.json?kind=${kind}&to=${encodeURIComponent(to)}`);
      const json = (await res.json()) as { data?: Array<{ text: string }> };
      const m = /\b(\d{6})\b/.exec(json.data?.[0]?.text ?? '');
      code = m?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * Opens an advisor's public page (the gateway's server-rendered sub-domain page) until it shows `fresh`, what the
 * journey has just changed. The gateway reuses a rendered page for 5 s (PublicPages' ttlMs: edits show within that
 * time), so a page another journey's visitor had rendered a moment before may not show it yet.
 */
export async function openPublicPage(page: Page, url: string, fresh: (page: Page) => Locator): Promise<void> {
  await expect(async () => {
    await page.goto(url);
    await expect(fresh(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000, intervals: [1_000] });
}

/**
 * The demo customer signed in on a page of its own (a new browser context, `viewport` if given, e.g. a 360 px phone),
 * and the id of their household.
 */
export async function customerPage(
  browser: Browser,
  viewport?: { width: number; height: number },
): Promise<{ page: Page; householdId: string }> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signInCustomer(page, 'customer@kinfolio.test');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const me = await page.request.get('/api/v1/users/me', { headers: { 'authorization-type': 'customer' } });
  const userId = ((await me.json()) as { data: { id: string } }).data.id;
  const hh = await page.request.get(`/api/v1/single-lead/${userId}`, { headers: { 'authorization-type': 'customer' } });
  expect(hh.status()).toBe(200);
  return { page, householdId: ((await hh.json()) as { data: { id: string } }).data.id };
}
