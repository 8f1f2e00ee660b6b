import { expect, type Page, test } from '@playwright/test';
import { axeProblems, coveredByHelpButton, gutter, hasSidebar, phoneProblems, useMenu } from './checks';
import { watchPageErrors } from './helpers';
import {
  adminScreens,
  advisorScreens,
  customerScreens,
  openScreen,
  PUBLIC_SCREENS,
  raiseTicket,
  type Screen,
  signInAs,
} from './screens';

/**
 * Issue 10 items 14-17, on every screen of every role (the screens come from the product's own menus, see
 * screens.ts) and on the public pages, at desktop width and at 360 px. One walk per role and width, each screen
 * opened once and checked for everything:
 * - axe-core: no serious or critical violation (item 17);
 * - nothing under the help button once the page is scrolled to its end (item 14);
 * - desktop: every sidebar page starts the same 24 px from the sidebar, in the one page container (item 16);
 * - 360 px: no sideways scroll, and a sidebar layout shows a closed menu button instead of the sidebar (item 15).
 */

// Each test walks every screen of a role: minutes, not the default minute.
test.describe.configure({ timeout: 900_000 });

const PAGE_GUTTER_PX = 24;

/** A ticket conversation screen (it has its own full-height layout). */
const isConversation = (s: Screen) => /ticket_id=|support\/tickets\//.test(s.path);

async function walk(page: Page, screens: Screen[], phone: boolean): Promise<string[]> {
  const problems: string[] = [];
  const width = phone ? '360 px' : 'desktop';
  for (const s of screens) {
    await openScreen(page, s.path);
    problems.push(...(await axeProblems(page, `${s.role} ${s.name} @${width}`)));
    if (phone) problems.push(...(await phoneProblems(page, s)));
    else if (hasSidebar(s) && s.role !== 'customer' && !isConversation(s)) {
      const gap = await gutter(page);
      if (gap !== PAGE_GUTTER_PX)
        problems.push(`${s.name}: content starts ${gap ?? 'without a page container'} px from the sidebar`);
    }
    const covered = await coveredByHelpButton(page);
    if (covered.length) problems.push(`${s.name} @${width}: under the help button: ${covered.join(', ')}`);
  }
  return problems;
}

/** The menus a person opens on the way (profile menu, help panel): scanned open, on the current screen. */
async function openMenusProblems(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  const profile = page.getByRole('button', { name: /^Profile menu/ });
  if (await profile.count()) {
    await profile.click();
    problems.push(...(await axeProblems(page, `${label} with the profile menu open`)));
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await expect(page.getByTestId('help-panel')).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  problems.push(...(await axeProblems(page, `${label} with the help panel open`)));
  await page.keyboard.press('Escape');
  return problems;
}

for (const { label, viewport, phone } of [
  { label: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { label: '360 px', viewport: { width: 360, height: 740 }, phone: true },
]) {
  test.describe(`every screen at ${label}`, () => {
    test.use({ viewport });

    test(`the public pages (${label})`, async ({ page }) => {
      const errors = watchPageErrors(page);
      const problems = await walk(page, PUBLIC_SCREENS, phone);
      if (phone) {
        await openScreen(page, '/home');
        const trial = page.getByRole('banner').getByRole('link', { name: '14-Day Free Trial' });
        // One line of text: the button is no taller than its 40 px minimum.
        const box = await trial.boundingBox();
        if (!box || box.height > 44) problems.push(`'14-Day Free Trial' wraps: ${box?.height} px high`);
      }
      expect(problems, problems.join('\n')).toEqual([]);
      expect(errors).toEqual([]);
    });

    test(`every admin screen (${label})`, async ({ browser, page }) => {
      const errors = watchPageErrors(page);
      // A ticket so the admin's conversation screen exists.
      const advisorContext = await browser.newContext();
      const advisor = await advisorContext.newPage();
      await signInAs(advisor, 'advisor');
      const ticketId = await raiseTicket(advisor, 'advisor', `Screens check ${Date.now()}`);
      await advisorContext.close();

      await signInAs(page, 'admin');
      const problems = await walk(page, adminScreens(ticketId), phone);
      problems.push(...(await openMenusProblems(page, `admin @${label}`)));
      expect(problems, problems.join('\n')).toEqual([]);
      if (phone) {
        await openScreen(page, '/admin-dashboard/active-users');
        await useMenu(page, 'Admin menu', 'CMS', /\/admin-dashboard\/faq/);
      }
      expect(errors).toEqual([]);
    });

    test(`every advisor screen (${label})`, async ({ page }) => {
      const errors = watchPageErrors(page);
      const id = await signInAs(page, 'advisor');
      const ticketId = await raiseTicket(page, 'advisor', `Screens check ${Date.now()}`);
      const problems = await walk(page, advisorScreens(id, ticketId), phone);
      problems.push(...(await openMenusProblems(page, `advisor @${label}`)));
      expect(problems, problems.join('\n')).toEqual([]);
      if (phone) {
        await openScreen(page, '/advisor/customers');
        await useMenu(page, 'Advisor menu', 'Leads', /\/advisor\/leads/);
      }
      expect(errors).toEqual([]);
    });

    test(`every customer screen (${label})`, async ({ page }) => {
      const errors = watchPageErrors(page);
      await signInAs(page, 'customer');
      const ticketId = await raiseTicket(page, 'customer', `Screens check ${Date.now()}`);
      const problems = await walk(page, customerScreens(ticketId), phone);
      problems.push(...(await openMenusProblems(page, `customer @${label}`)));
      expect(problems, problems.join('\n')).toEqual([]);
      if (phone) {
        await openScreen(page, '/support');
        await useMenu(page, 'Customer menu', 'My dashboard', /\/customer\/dashboard/);
      }
      expect(errors).toEqual([]);
    });
  });
}
