// The sign-in pages as HTML (issue 30 "The first load grew"): at build time (scripts/build-web.mjs, after the shell's
// rspack build) each public auth page is rendered to markup with its styled-components CSS and written into a copy of
// the built index.html, so the page paints from the HTML before any script has run. The shell's script then hydrates
// it (bootstrap.tsx; the same components give the same class names), or renders afresh when the address has a query.
// The gateway serves these copies for exactly these paths (`prerendered.json`), every other path gets index.html.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { Shell } from './App';
import { inertForms } from './inert';

/**
 * The signed-out auth pages rendered at build time. Query parameters (?email=, ?next=, ?verified=) only prefill a
 * field or add a notice: the markup is rendered without them, and with a query the script renders the page afresh.
 */
export const PRERENDERED_PATHS = [
  '/auth/login',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/advisor/auth/create-account',
  '/advisor/auth/verification',
  '/customer/auth/login',
  '/customer/auth/forgot-password',
  '/customer/auth/create-password',
  '/customer/auth/reset-password',
] as const;

/** The file (under the shell's dist folder) a prerendered path is written to: `/auth/login` → `auth/login.html`. */
export function prerenderedFile(path: string): string {
  return `${path.replace(/^\//, '')}.html`;
}

/** One page's markup (what goes inside #root) and its style tags (what goes into <head>), signed out. */
export function renderPage(path: string): { html: string; styles: string } {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <MemoryRouter initialEntries={[path]}>
          <Shell />
        </MemoryRouter>,
      ),
    );
    // Not marked as styled-components' own: the app's styled-components would take these rules over (remove the tag,
    // parse it, insert the rules again) when it starts, and the page must keep its styles through that. The app
    // inserts the same rules (same class names) into its own tag: a few KB drawn from twice, nothing changes.
    const styles = sheet.getStyleTags().replace(/<style[^>]*>/g, '<style data-kf-prerendered="">');
    return { html, styles };
  } finally {
    sheet.seal();
  }
}

const ROOT_DIV = /<div id="root"([^>]*)>[\s\S]*?<\/div><\/div>/;

/**
 * The app's chunks are still fetched at once, but at low priority: the page is drawn already, so they must not
 * compete with the document for the first paint (high-priority preloads count as before the first paint, in
 * Lighthouse's model too).
 */
const LOW_PRIORITY_PRELOAD = '<link rel="preload" as="script" fetchpriority="low"';

/**
 * The built index.html with `page` in #root (marked data-prerendered with its path) and its styles at the end of
 * <head>, so the first paint needs nothing but this document; the scripts (deferred) then hydrate it.
 */
export function injectPage(indexHtml: string, path: string, page: { html: string; styles: string }): string {
  const m = ROOT_DIV.exec(indexHtml);
  if (!m) throw new Error('index.html has no <div id="root"> with the splash to replace');
  const root = `<div id="root"${m[1]} data-prerendered="${path}">${inertForms(page.html)}</div>`;
  return indexHtml
    .replace(ROOT_DIV, () => root)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(/<link rel="preload" as="script"/g, LOW_PRIORITY_PRELOAD);
}
