import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, normalize, sep } from 'node:path';
import type { auth } from '@kinfolio/contracts';
import express, { type Request, type Response, Router } from 'express';
import { escapeHtml } from './html';
import { absoluteImageUrl, ogImage, PUBLIC_PAGE_SCRIPT_HASH, type RenderedPage } from './public-page';

export { absoluteImageUrl };

export const REMOTE_NAMES = ['mf_advisor', 'mf_customer', 'mf_admin', 'mf_support'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface WebOptions {
  shellDir: string;
  /** Each remote's static build (its dist folder). */
  remotes: Record<RemoteName, string>;
}

/** `/mf/mf-advisor/` for `mf_advisor`: each remote's build is served under its own path. */
export const remoteBase = (name: RemoteName) => `/mf/${name.replace(/_/g, '-')}/`;

/** Env keys that point a remote at another server: REMOTE_MF_ADVISOR_URL, ... */
export const remoteEnvKey = (name: RemoteName) => `REMOTE_${name.toUpperCase()}_URL` as const;

/**
 * Where each remote's manifest is (`/remotes.json`): by default the gateway's own copy; a REMOTE_MF_*_URL key (in
 * configuration or environment) or `overrides` point a remote elsewhere, so one remote can be deployed alone.
 */
export function remotesManifest(
  config: Partial<Record<ReturnType<typeof remoteEnvKey>, string | undefined>>,
  overrides: Record<string, string> = {},
  env: Record<string, string | undefined> = process.env,
): Record<RemoteName, string> {
  const out = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    out[name] =
      overrides[name] ?? config[remoteEnvKey(name)] ?? env[remoteEnvKey(name)] ?? `${remoteBase(name)}mf-manifest.json`;
  }
  return out;
}

/** Origins (scheme://host:port) of remotes served from another server, for the content security policy. */
export function foreignOrigins(manifest: Record<string, string>): string[] {
  const out = new Set<string>();
  for (const url of Object.values(manifest)) {
    if (/^https?:\/\//i.test(url)) {
      try {
        out.add(new URL(url).origin);
      } catch {
        // not a URL: served by us
      }
    }
  }
  return [...out];
}

const HASHED = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|woff2?|png|jpe?g|svg|webp|gif|ico|map)$/i;
const ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'index.html', 'mf-stats.json']);

/** Content-hashed files are immutable for a year; entry points (manifest, remoteEntry, index.html) always revalidate. */
export function cacheControlFor(path: string): string {
  const name = basename(path);
  if (ENTRY_FILES.has(name)) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

function setStaticHeaders(res: Response, path: string) {
  res.setHeader('Cache-Control', cacheControlFor(path));
}

/** Paths the single-page fallback never answers with index.html. */
const NOT_SPA = /^\/(?:api|mf|socket\.io|dev)(?:\/|$)/;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kinfolio: not built yet</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1d2b2b}code{background:#eef6f6;padding:.1rem .3rem}h1{color:#2f7f7d}</style>
</head><body><h1>Kinfolio's web app is not built yet</h1>
<p>The gateway and the API are running, but the shell (the web front end) has no build to serve.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds when needed), then reload this page.</p>
<p>The API reference is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** The default description (spec §1), for an advisor without a designation. */
export const DEFAULT_DESCRIPTION = 'Fintech Advisory';

/**
 * The page-sharing tags of an advisor's sub-domain (spec §1): og:title (the name), og:description (the
 * designation, else the default description) and og:image (the profile image, else the generated card), escaped.
 */
export function advisorOgTags(advisor: auth.AdvisorPublic, origin: string): string {
  const tags: Array<[string, string]> = [
    ['og:title', advisor.name],
    ['og:description', advisor.designation?.trim() || DEFAULT_DESCRIPTION],
    ['og:image', ogImage(advisor, origin).url],
  ];
  return tags.map(([p, v]) => `<meta property="${p}" content="${escapeHtml(v)}" />`).join('\n    ');
}

/** `tags` placed at the end of the document's head (before <body> when there is no </head>; else unchanged). */
export function injectIntoHead(html: string, tags: string): string {
  for (const re of [/<\/head>/i, /<body[\s>]/i]) {
    const m = re.exec(html);
    if (m) return `${html.slice(0, m.index)}    ${tags}\n  ${html.slice(m.index)}`;
  }
  return html;
}

/** The head tags of the request's tenant page (og tags of its advisor), or null: none for this host, or no data. */
export type TenantHead = (req: Request) => Promise<string | null>;

/**
 * The server-rendered public page of the request's tenant (public-page.ts): null when the host names no tenant or
 * svc-auth could not be asked (then the shell is served as before).
 */
export type TenantPage = (req: Request) => Promise<RenderedPage | null>;

/** The paths of an advisor's sub-domain that are the public page: the sub-domain itself and the shell's /home. */
const PUBLIC_PAGE_PATHS = new Set(['/', '/home', '/home/']);

function sendPage(req: Request, res: Response, page: RenderedPage) {
  res.status(page.status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  if (page.script) {
    const csp = res.getHeader('Content-Security-Policy');
    if (typeof csp === 'string')
      res.setHeader('Content-Security-Policy', csp.replace(/script-src /, `script-src ${PUBLIC_PAGE_SCRIPT_HASH} `));
  }
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? page.gzip : Buffer.from(page.html);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

const prerenderedMaps = new Map<string, { mtimeMs: number; map: Record<string, string> }>();

/**
 * The shell's prerendered page for `path`, if its build made one: shell/dist/prerendered.json maps the sign-in paths
 * (/auth/login, ...) to HTML files that carry the page's markup and CSS, so it paints before any script runs
 * (issue 30, docs/decisions/web.md). Exact paths only; a build without the file (or an entry outside the folder)
 * gives null, and the plain index.html is served.
 */
export function prerenderedPage(shellDir: string, path: string): string | null {
  const mapFile = join(shellDir, 'prerendered.json');
  let entry = prerenderedMaps.get(mapFile);
  try {
    const { mtimeMs } = statSync(mapFile);
    if (!entry || entry.mtimeMs !== mtimeMs) {
      entry = { mtimeMs, map: JSON.parse(readFileSync(mapFile, 'utf8')) as Record<string, string> };
      prerenderedMaps.set(mapFile, entry);
    }
  } catch {
    prerenderedMaps.delete(mapFile);
    return null;
  }
  const file = Object.hasOwn(entry.map, path) ? entry.map[path] : undefined;
  if (typeof file !== 'string') return null;
  const full = normalize(join(shellDir, file));
  return full.startsWith(normalize(shellDir) + sep) && existsSync(full) ? full : null;
}

/**
 * The web front end: each remote's build under /mf/<remote>/ (CORS open, so a shell on another origin can load
 * it), `/remotes.json`, and the shell with a single-page fallback to its index.html for HTML navigations (the
 * sign-in pages get their prerendered copy of it, `prerenderedPage`). On an
 * advisor's sub-domain, `/` and `/home` are the server-rendered public page (`tenantPage`; a 404 page for an unknown
 * username) and the shell's other paths carry the advisor's og tags (`tenantHead`): crawlers do not run the shell's
 * JavaScript. When svc-auth cannot be asked the plain index is served.
 */
export function webRouter(
  web: WebOptions,
  manifest: Record<RemoteName, string>,
  tenantHead?: TenantHead,
  tenantPage?: TenantPage,
): Router {
  const router = Router();
  if (tenantPage)
    router.use(async (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !PUBLIC_PAGE_PATHS.has(req.path)) return next();
      const page = await tenantPage(req).catch(() => null);
      if (!page) return next();
      sendPage(req, res, page);
    });
  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(manifest);
  });
  for (const name of REMOTE_NAMES) {
    const base = remoteBase(name).slice(0, -1);
    router.use(base, (req, res, next) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', '*');
        res.status(204).end();
        return;
      }
      next();
    });
    router.use(
      base,
      express.static(web.remotes[name], { index: false, fallthrough: true, setHeaders: setStaticHeaders }),
    );
  }
  router.use('/mf', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  router.use(express.static(web.shellDir, { index: false, fallthrough: true, setHeaders: setStaticHeaders }));
  router.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    if (!req.accepts('html') || basename(req.path).includes('.')) return next();
    // with a query (an ?email= prefill, a ?verified= notice) the shell renders the page afresh, replacing the
    // prerendered markup and whatever was typed into it: such an address gets the plain index (issue 30)
    const prerendered = req.originalUrl.includes('?') ? null : prerenderedPage(web.shellDir, req.path);
    const index = prerendered ?? join(web.shellDir, 'index.html');
    res.setHeader('Cache-Control', 'no-cache');
    if (!existsSync(index)) {
      res.status(503).type('html').send(NOT_BUILT);
      return;
    }
    const tags = tenantHead ? await tenantHead(req).catch(() => null) : null;
    const html = tags ? await readFile(index, 'utf8').catch(() => null) : null;
    if (tags && html !== null) {
      res.type('html').send(injectIntoHead(html, tags));
      return;
    }
    res.sendFile(index);
  });
  return router;
}
