import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import express, { type Response, Router } from 'express';

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

/**
 * The web front end: each remote's build under /mf/<remote>/ (CORS open, so a shell on another origin can load
 * it), `/remotes.json`, and the shell with a single-page fallback to its index.html for HTML navigations.
 */
export function webRouter(web: WebOptions, manifest: Record<RemoteName, string>): Router {
  const router = Router();
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
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    if (!req.accepts('html') || basename(req.path).includes('.')) return next();
    const index = join(web.shellDir, 'index.html');
    res.setHeader('Cache-Control', 'no-cache');
    if (!existsSync(index)) {
      res.status(503).type('html').send(NOT_BUILT);
      return;
    }
    res.sendFile(index);
  });
  return router;
}
