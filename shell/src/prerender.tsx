// The sign-in pages as HTML (issue 30 "The first load grew"): at build time (scripts/build-web.mjs, after the shell's
// rspack build) each public auth page is rendered to markup with its styled-components CSS and written into a copy of
// the built index.html, so the page paints from the HTML before any script has run; the shell's script then takes
// the page over (createRoot replaces the markup in one commit, as it replaced the splash before). The gateway serves
// these copies for exactly these paths (`prerendered.json`), every other path gets index.html.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { Shell } from './App';

/**
 * The signed-out auth pages rendered at build time. Query parameters (?email=, ?next=, ?verified=) only prefill a
 * field or add a notice: the markup is rendered without them and the script fills them in when it takes over.
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
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

const ROOT_DIV = /<div id="root"([^>]*)>[\s\S]*?<\/div><\/div>/;

/**
 * Until the script takes over, a form of the markup must not submit itself: the browser's own submission would send
 * the typed password in the address (GET to the page). Each form posts (should it ever submit, nothing is put in the
 * address) and its submit button is disabled, which also stops the Enter key's implicit submission; the script's
 * render has neither.
 */
export function inertForms(html: string): string {
  return html
    .replace(/<form(?=[\s>])/g, '<form method="post"')
    .replace(/<button type="submit"/g, '<button type="submit" disabled=""');
}

/**
 * The built index.html with `page` in #root (marked data-prerendered with its path) and its styles at the end of
 * <head>, so the first paint needs nothing but this document; the scripts (deferred) then take the page over.
 */
export function injectPage(indexHtml: string, path: string, page: { html: string; styles: string }): string {
  const m = ROOT_DIV.exec(indexHtml);
  if (!m) throw new Error('index.html has no <div id="root"> with the splash to replace');
  const root = `<div id="root"${m[1]} data-prerendered="${path}">${inertForms(page.html)}</div>`;
  return indexHtml.replace(ROOT_DIV, () => root).replace('</head>', () => `${page.styles}</head>`);
}
