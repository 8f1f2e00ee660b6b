// The prerendered sign-in pages' forms (shell/src/prerender.tsx) are inert until the app has hydrated them: until
// then the browser's own submission would send the typed password in the address (GET to the page). Each form posts
// and its submit button is disabled (which also stops Enter's implicit submission); its fields are read-only, since
// hydration sets each controlled field to the app's state and would wipe what was typed before it (a journey lost a
// typed e-mail that way); all are marked, and the app lifts exactly these once React owns the page. Kept apart from
// prerender.tsx: this part runs in the browser.

const MARK = 'data-kf-inert';

/** Makes the forms of prerendered markup inert (string in, string out; build time). */
export function inertForms(html: string): string {
  return html
    .replace(/<form(?=[\s>])/g, `<form ${MARK}="" method="post"`)
    .replace(/<button type="submit"/g, `<button type="submit" ${MARK}="" disabled=""`)
    .replace(/<input(?=[\s>/])(?![^>]*\sreadonly)/g, `<input ${MARK}="" readonly=""`);
}

/** Lifts what inertForms added, in the page (after hydration, when React's handlers are attached). */
export function releaseInertForms(root: ParentNode): void {
  for (const el of Array.from(root.querySelectorAll(`[${MARK}]`))) {
    if (el.tagName === 'FORM') el.removeAttribute('method');
    else if (el.tagName === 'INPUT') el.removeAttribute('readonly');
    else el.removeAttribute('disabled');
    el.removeAttribute(MARK);
  }
}

/**
 * Whether the app can hydrate the prerendered markup in `root` rather than replace it: only when the page was
 * rendered for this very path and there is no query (?email= prefills, ?verified= adds a notice: the markup was
 * rendered without them, so the app renders afresh there).
 */
export function canHydrate(root: HTMLElement, loc: { pathname: string; search: string }): boolean {
  return root.dataset.prerendered === loc.pathname && loc.search === '';
}
