/**
 * Buttons and links whose accessible name (aria-label) does not contain their visible text (WCAG 2.5.3, axe's
 * label-content-name-mismatch): a person who says what they see ("click Reset to default") must reach the control.
 * One line each, `"<visible>" named "<name>"`; empty when every name contains its visible text.
 */
export function nameMismatches(root: ParentNode = document): string[] {
  const norm = (s: string) =>
    s
      .replace(/[^\p{L}\p{N}\s]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  const out: string[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('button[aria-label], a[aria-label]')) {
    const visible = norm(el.textContent ?? '');
    const name = norm(el.getAttribute('aria-label') ?? '');
    if (visible && !name.includes(visible))
      out.push(`"${el.textContent?.trim()}" named "${el.getAttribute('aria-label')}"`);
  }
  return out;
}
