import { expect, type Page, test } from '@playwright/test';
import { axeProblems, coveredByHelpButton, gutter, hasSidebar, phoneProblems, useMenu } from './checks';
import { watchPageErrors } from './helpers';
import {
  adminScreens,
  advisorScreens,
  closeTicket,
  customerScreens,
  openScreen,
  PUBLIC_SCREENS,
  raiseTicket,
  type Screen,
  signInAs,
} from './screens';

/**
 * Issue 10 items 14-17, on every screen of every role (the screens come from the product's own menus, see
 * screens.ts) and on the public pages, at desktop width and at 360 px. Each role's screens are walked in two halves
 * (two tests, so the journeys' workers share them); each screen is opened once at desktop width, checked, then
 * narrowed to 360 px (as a person turns a tablet or narrows a window: the layout is media queries) and checked again:
 * - axe-core: no serious or critical violation (item 17), on every screen at desktop width, and at 360 px on the
 *   first screen of the walk (the phone header and its menu button) and with the menus open;
 * - nothing under the help button once the page is scrolled to its end, at both widths (item 14);
 * - desktop: every sidebar page starts the same 24 px from the sidebar, in the one page container (item 16);
 * - 360 px: no sideways scroll, and a sidebar layout shows a closed menu button instead of the sidebar (item 15).
 */

// Each test walks half the screens of a role: more than the default minute.
test.describe.configure({ timeout: 900_000 });

const PAGE_GUTTER_PX = 24;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** A ticket conversation screen (it has its own full-height layout). */
const isConversation = (s: Screen) => /ticket_id=|support\/tickets\//.test(s.path);

/**
 * One half of a role's screens: the first half without the ticket screens, the second with them (the screens that
 * need a ticket come last in each list). Together the halves are every screen once.
 */
function half(screens: Screen[], part: 0 | 1): Screen[] {
  const withoutTickets = screens.filter((s) => !isConversation(s) && !s.path.startsWith('/support'));
  const cut = Math.ceil(withoutTickets.length / 2);
  const first = withoutTickets.slice(0, cut);
  return part === 0 ? first : screens.filter((s) => !first.includes(s));
}

async function helpButtonProblems(page: Page, s: Screen, width: string): Promise<string[]> {
  const covered = await coveredByHelpButton(page);
  return covered.length ? [`${s.name} @${width}: under the help button: ${covered.join(', ')}`] : [];
}

async function walk(page: Page, screens: Screen[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, s] of screens.entries()) {
    await page.setViewportSize(DESKTOP);
    await openScreen(page, s.path);
    problems.push(...(await axeProblems(page, `${s.role} ${s.name} @desktop`)));
    if (hasSidebar(s) && s.role !== 'customer' && !isConversation(s)) {
      const gap = await gutter(page);
      if (gap !== PAGE_GUTTER_PX)
        problems.push(`${s.name}: content starts ${gap ?? 'without a page container'} px from the sidebar`);
    }
    problems.push(...(await helpButtonProblems(page, s, 'desktop')));

    await page.setViewportSize(PHONE);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (i === 0) problems.push(...(await axeProblems(page, `${s.role} ${s.name} @360 px`)));
    problems.push(...(await phoneProblems(page, s)));
    problems.push(...(await helpButtonProblems(page, s, '360 px')));
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

/** The open menus at both widths (the walk ends at 360 px). */
async function menusAtBothWidths(page: Page, role: string): Promise<string[]> {
  const problems = await openMenusProblems(page, `${role} @360 px`);
  await page.setViewportSize(DESKTOP);
  problems.push(...(await openMenusProblems(page, `${role} @desktop`)));
  await page.setViewportSize(PHONE);
  return problems;
}

test.describe('every screen, at desktop width and at 360 px', () => {
  test('the public pages', async ({ page }) => {
    const errors = watchPageErrors(page);
    const problems = await walk(page, PUBLIC_SCREENS);
    await page.setViewportSize(PHONE);
    await openScreen(page, '/home');
    const trial = page.getByRole('banner').getByRole('link', { name: '14-Day Free Trial' });
    // One line of text at 360 px: the button is no taller than its 40 px minimum.
    const box = await trial.boundingBox();
    if (!box || box.height > 44) problems.push(`'14-Day Free Trial' wraps: ${box?.height} px high`);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(errors).toEqual([]);
  });

  // Each role's walk in two halves, one test each, so the journeys' workers finish together (a whole walk took 45 s).
  for (const part of [0, 1] as const) {
    const label = part === 0 ? 'first half' : 'second half, with the ticket and the menus';

    test(`every admin screen (${label})`, async ({ browser, page }) => {
      const errors = watchPageErrors(page);
      let ticketId: string | null = null;
      if (part === 1) {
        // A ticket so the admin's conversation screen exists.
        const advisorContext = await browser.newContext();
        const advisor = await advisorContext.newPage();
        await signInAs(advisor, 'advisor');
        ticketId = await raiseTicket(advisor, 'advisor', `Screens check ${Date.now()}`);
        await advisorContext.close();
      }
      await signInAs(page, 'admin');
      const problems = await walk(page, half(adminScreens(ticketId), part));
      if (part === 1) problems.push(...(await menusAtBothWidths(page, 'admin')));
      expect(problems, problems.join('\n')).toEqual([]);
      if (part === 1) {
        await openScreen(page, '/admin-dashboard/active-users');
        await useMenu(page, 'Admin menu', 'CMS', /\/admin-dashboard\/faq/);
      }
      expect(errors).toEqual([]);
    });

    test(`every advisor screen (${label})`, async ({ page }) => {
      const errors = watchPageErrors(page);
      const id = await signInAs(page, 'advisor');
      const ticketId = part === 1 ? await raiseTicket(page, 'advisor', `Screens check ${Date.now()}`) : null;
      const problems = await walk(page, half(advisorScreens(id, ticketId), part));
      if (part === 1) problems.push(...(await menusAtBothWidths(page, 'advisor')));
      expect(problems, problems.join('\n')).toEqual([]);
      if (part === 1) {
        await openScreen(page, '/advisor/customers');
        await useMenu(page, 'Advisor menu', 'Leads', /\/advisor\/leads/);
      }
      expect(errors).toEqual([]);
    });

    test(`every customer screen (${label})`, async ({ browser, page }) => {
      const errors = watchPageErrors(page);
      await signInAs(page, 'customer');
      let ticketId: string | null = null;
      let closedId: string | undefined;
      if (part === 1) {
        ticketId = await raiseTicket(page, 'customer', `Screens check ${Date.now()}`);
        // and a closed one: its conversation shows the time it took to close and the refusal instead of a reply box
        closedId = await raiseTicket(page, 'customer', `Screens check, closed ${Date.now()}`);
        await closeTicket(browser, closedId);
      }
      const problems = await walk(page, half(customerScreens(ticketId, closedId), part));
      if (part === 1) problems.push(...(await menusAtBothWidths(page, 'customer')));
      expect(problems, problems.join('\n')).toEqual([]);
      if (part === 1) {
        await openScreen(page, '/support');
        await useMenu(page, 'Customer menu', 'My dashboard', /\/customer\/dashboard/);
      }
      expect(errors).toEqual([]);
    });
  }
});
