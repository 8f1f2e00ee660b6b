import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Screen } from './screens';

/**
 * What the screen walks check on each screen: axe (issue 10 item 17), no sideways scroll and a working menu button
 * at phone width (item 15), one page container and nothing under the help button (items 14, 16).
 */

const BLOCKING = new Set(['serious', 'critical']);

/** Serious or critical axe violations of the page as it is now, one line each. */
export async function axeProblems(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${label}: [${v.impact}] ${v.id} (${v.help}) at ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Sideways overflow of the page (0 when none). */
export const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Visible controls that overlap the help button, with the page scrolled to its end. */
export async function coveredByHelpButton(page: Page): Promise<string[]> {
  const fab = page.getByRole('button', { name: 'Help', exact: true });
  if (!(await fab.count())) return [];
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Inner scroll areas (a conversation) to their end too.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid="conversation-scroller"]'))
      el.scrollTop = el.scrollHeight;
  });
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    const fabEl = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Help');
    if (!fabEl) return [];
    const f = fabEl.getBoundingClientRect();
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="file"]), select, textarea, label[data-file-picker-button], [role="log"] li',
    );
    for (const el of controls) {
      if (el === fabEl || el.closest('[data-testid="help-panel"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // only the part a scroll box shows counts: a control scrolled out of its box (a windowed table's rows beyond
      // the view, its columns scrolled sideways) is clipped there, not under the help button
      const r = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a);
        if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        r.left = Math.max(r.left, c.left);
        r.right = Math.min(r.right, c.right);
        r.top = Math.max(r.top, c.top);
        r.bottom = Math.min(r.bottom, c.bottom);
      }
      if (r.right <= r.left || r.bottom <= r.top) continue;
      const overlaps = r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top;
      if (overlaps)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label')}"`,
        );
    }
    return out;
  });
}

/** The screens drawn in a sidebar layout (the shell's layout rules: admin, advisor and support pages). */
export const hasSidebar = (s: Screen) =>
  s.role === 'admin' ||
  (s.role === 'advisor' && !s.path.startsWith('/advisor/customers/')) ||
  s.path.startsWith('/support');

/** At phone width: no sideways scroll; a sidebar layout has a closed menu button and a collapsed sidebar. */
export async function phoneProblems(page: Page, s: Screen): Promise<string[]> {
  const problems: string[] = [];
  const wide = await overflow(page);
  if (wide > 0) problems.push(`${s.name}: the page scrolls ${wide}px sideways`);
  if (hasSidebar(s)) {
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    if (!(await menu.isVisible())) problems.push(`${s.name}: no menu button`);
    else if ((await menu.getAttribute('aria-expanded')) !== 'false') problems.push(`${s.name}: the menu starts open`);
    const nav = page.getByRole('navigation', { name: /^(Admin|Advisor|Customer) menu$/ });
    if (await nav.isVisible()) problems.push(`${s.name}: the sidebar is not collapsed`);
  }
  return problems;
}

/** Where a sidebar page's content starts, in px from the sidebar (null: no sidebar or no page container). */
export const gutter = (page: Page) =>
  page.evaluate(() => {
    const side = document.getElementById('kf-sidebar')?.getBoundingClientRect();
    // Where the page's content starts: the page's first box (a card's heading sits inside its card).
    const first = document.querySelector('main [data-page-container] > *')?.getBoundingClientRect();
    return side && first ? Math.round(first.left - side.right) : null;
  });

/** The menu button opens the sidebar; a link in it navigates and closes it again. */
export async function useMenu(page: Page, menuName: string, link: string, url: RegExp): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const nav = page.getByRole('navigation', { name: menuName });
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await nav.getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(url);
  await expect(nav).toBeHidden();
  // (A link may lead out of the sidebar layouts, e.g. a customer's to their dashboard: no menu button there.)
  if (await menu.count()) await expect(menu).toHaveAttribute('aria-expanded', 'false');
}
