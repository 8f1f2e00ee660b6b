#!/usr/bin/env node
// Builds the web front end: the shell (host) and the four remotes, each to its own dist/ folder, with rspack's JS API.
//   node scripts/build-web.mjs               builds what changed (dist older than its sources or shared packages)
//   node scripts/build-web.mjs --force       builds everything
//   node scripts/build-web.mjs --only shell,mf-admin
//   node scripts/build-web.mjs --parallel 2  two builds at a time (default one: the machine is shared)
//   node scripts/build-web.mjs --only shell --out DIR   builds one workspace into DIR instead of its dist/ (tests)
// After the shell's build, its sign-in pages are prerendered into HTML beside index.html (shell/prerender.ts).
// A remote without rspack.config.mjs is skipped with a warning. Exits non-zero when any build fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_WORKSPACES = ['shell', 'mf-advisor', 'mf-customer', 'mf-admin', 'mf-support'];
const SHARED_SOURCES = [
  'packages/ui-kit/src',
  'packages/support-ui/src',
  'packages/contracts/src',
  'packages/money/src',
  'scripts/rspack-config.mjs',
  'package-lock.json',
];
const STAMP = '.built';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    max = Math.max(max, newestMtime(join(path, entry.name)));
  }
  return max;
}

function upToDate(ws) {
  const stamp = join(ROOT, ws, 'dist', STAMP);
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  const sources = [
    join(ws, 'src'),
    join(ws, 'rspack.config.mjs'),
    join(ws, 'package.json'),
    join(ws, 'prerender.ts'),
    ...SHARED_SOURCES,
  ];
  return sources.every((p) => newestMtime(join(ROOT, p)) <= built);
}

function filesUnder(dir) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

export function distSizes(wsOrDir) {
  const files = filesUnder(wsOrDir.startsWith('/') ? wsOrDir : join(ROOT, wsOrDir, 'dist')).filter((f) =>
    /\.(m?js|css)$/.test(f),
  );
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(f);
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.length, raw, gz };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The shell's sign-in pages as HTML (issue 30): renders them with the shell's own components (under tsx, in a child
 * process) into copies of the built index.html, and writes prerendered.json, which the gateway serves them by.
 */
function prerenderShell(outDir) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'shell', 'prerender.ts'), outDir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`prerendering the sign-in pages failed:\n${r.stderr || r.stdout}`);
}

async function buildOne(ws, outDir) {
  const dir = join(ROOT, ws);
  const configPath = join(dir, 'rspack.config.mjs');
  if (!existsSync(configPath)) {
    console.warn(`! ${ws}: no rspack.config.mjs yet, skipped`);
    return { ws, skipped: true };
  }
  const started = Date.now();
  const { rspack } = await import('@rspack/core');
  const mod = await import(pathToFileURL(configPath).href);
  const config = typeof mod.default === 'function' ? await mod.default({}, { mode: 'production' }) : mod.default;
  if (outDir) config.output.path = outDir;
  const dist = config.output.path;
  const stats = await new Promise((res, rej) => {
    const compiler = rspack(config);
    compiler.run((err, st) => {
      compiler.close(() => undefined);
      if (err) rej(err);
      else res(st);
    });
  });
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  if (stats.hasErrors()) {
    console.error(`✗ ${ws}: build failed`);
    for (const e of (info.errors ?? []).slice(0, 20))
      console.error(`  ${e.moduleName ?? e.file ?? ''} ${e.message}`.trimEnd());
    return { ws, ok: false };
  }
  for (const w of (info.warnings ?? []).slice(0, 5))
    console.warn(`  warning ${ws}: ${(w.message ?? '').split('\n')[0]}`);
  if (ws === 'shell') prerenderShell(dist);
  writeFileSync(join(dist, STAMP), new Date().toISOString());
  const s = distSizes(dist);
  console.log(
    `✓ ${ws} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${s.files} files, ${kb(s.raw)} (${kb(s.gz)} gzip) → ${relative(ROOT, dist)}`,
  );
  return { ws, ok: true };
}

async function main(argv) {
  const force = argv.includes('--force');
  const onlyIdx = argv.indexOf('--only');
  const only = onlyIdx >= 0 ? (argv[onlyIdx + 1] ?? '').split(',').filter(Boolean) : null;
  const parIdx = argv.indexOf('--parallel');
  const parallel = Math.max(1, Math.min(4, Number(parIdx >= 0 ? argv[parIdx + 1] : 1) || 1));
  const outIdx = argv.indexOf('--out');
  const outDir = outIdx >= 0 ? resolve(argv[outIdx + 1] ?? '') : undefined;
  if (outDir && only?.length !== 1) {
    console.error('--out needs --only with one workspace');
    return 2;
  }
  process.env.NODE_ENV ??= 'production';

  const todo = [];
  for (const ws of only ?? WEB_WORKSPACES) {
    if (!WEB_WORKSPACES.includes(ws)) {
      console.error(`unknown web workspace: ${ws}`);
      return 2;
    }
    if (!force && !outDir && upToDate(ws)) console.log(`· ${ws}: up to date`);
    else todo.push(ws);
  }
  const results = [];
  const queue = [...todo];
  const worker = async () => {
    while (queue.length) {
      const ws = queue.shift();
      try {
        results.push(await buildOne(ws, outDir));
      } catch (e) {
        console.error(`✗ ${ws}: ${e instanceof Error ? e.stack || e.message : e}`);
        results.push({ ws, ok: false });
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const failed = results.filter((r) => r.ok === false);
  if (failed.length) {
    console.error(`web build failed: ${failed.map((r) => r.ws).join(', ')}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
