// The shell's first load, from a real production build (scripts/build-web.mjs into a temporary folder): what the
// browser fetches on /auth/login before any remote stays within 170 KB of gzipped JavaScript, and the page's HTML as
// the gateway serves it carries the sign-in form before any script. `npm run bench:web` stays the measured check
// (Chromium, Lighthouse); this one is cheap and deterministic, so it runs with every `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { prerenderedPage } from '../../gateway/src/web';

const ROOT = resolve(__dirname, '..', '..');
const BUDGET_BYTES = 170 * 1024;
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'kf-shell-build-'));
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-web.mjs'), '--only', 'shell', '--out', dist], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (r.status !== 0) throw new Error(`the shell's build failed:\n${r.stdout}\n${r.stderr}`);
}, 300_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The scripts index.html makes the browser fetch at once: the entry and every preloaded chunk. */
function firstLoadScripts(html: string): string[] {
  const files = [
    ...[...html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link rel="preload" as="script"[^>]* href="\/([^"]+\.js)"/g)].map((m) => m[1]!),
  ];
  return [...new Set(files)];
}

describe("the shell's first load (issue 30)", () => {
  it('fetches at most 170 KB of gzipped JavaScript on /auth/login, and no zod or socket.io', () => {
    const html = readFileSync(prerenderedPage(dist, '/auth/login') ?? join(dist, 'index.html'), 'utf8');
    const scripts = firstLoadScripts(html);
    expect(scripts.length).toBeGreaterThan(1);
    const sizes = scripts.map((f) => {
      const body = readFileSync(join(dist, f));
      return { f, gz: gzipSync(body, { level: 9 }).length, body: body.toString('utf8') };
    });
    const total = sizes.reduce((n, s) => n + s.gz, 0);
    const listing = sizes.map((s) => `${(s.gz / 1024).toFixed(1)} KB ${s.f}`).join(', ');
    expect([total <= BUDGET_BYTES, `${(total / 1024).toFixed(1)} KB: ${listing}`]).toEqual([true, expect.any(String)]);
    // markers of libraries the sign-in page does not need (zod's error map, socket.io's engine)
    for (const s of sizes) {
      expect([s.f, s.body.includes('ZodError')]).toEqual([s.f, false]);
      expect([s.f, s.body.includes('engine.io')]).toEqual([s.f, false]);
    }
  });

  it('serves /auth/login as HTML with the sign-in form and its CSS before any script runs', () => {
    const file = prerenderedPage(dist, '/auth/login');
    expect(file).not.toBeNull();
    const html = readFileSync(file!, 'utf8');
    const form = html.search(/<form[^>]*aria-label="Sign in"/);
    expect(form).toBeGreaterThan(0);
    expect(form).toBeLessThan(html.indexOf('<script'));
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/>Sign In<\/button>/);
    expect(html.indexOf('<style data-kf-prerendered')).toBeLessThan(html.indexOf('</head>'));
    // the other sign-in pages too, and not the signed-in areas
    for (const path of ['/auth/forgot-password', '/advisor/auth/create-account', '/customer/auth/login'])
      expect([
        path,
        readFileSync(prerenderedPage(dist, path) ?? join(dist, 'index.html'), 'utf8').includes('<form'),
      ]).toEqual([path, true]);
    expect(prerenderedPage(dist, '/advisor/customers')).toBeNull();
  });
});
