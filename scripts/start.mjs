#!/usr/bin/env node
// `npm start`: installs if needed, builds the web apps if they are missing or older than their sources,
// then runs Kinfolio in embedded mode (gateway + every service in one process; nothing else to install).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { httpProbe, requireNode, supervise } from './launch.mjs';

requireNode();

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  console.log('Installing dependencies (first run)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const webApps = ['shell', 'mf-advisor', 'mf-customer', 'mf-admin', 'mf-support'];
const stale = webApps.some((app) => {
  const index = join(root, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return newest(join(root, app, 'src')) > built || newest(join(root, 'packages/ui-kit/src')) > built;
});
if (stale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web apps…');
  run('node', ['scripts/build-web.mjs']);
  run('node', ['--import', 'tsx', 'scripts/prepare-db.ts']);
}

// The embedded process is supervised (issue 30): if anything ever ends it after it was up, it is started again
// with a growing delay (back to the base delay after 10 s of answering /healthz) and the log says so. A first start
// that fails (a port in use, a bad configuration) is not retried: its exit code is ours.
const port = process.env.PORT ?? '8080';
const host = process.env.HOST?.trim() || '127.0.0.1';
const probeHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const app = supervise(
  'kinfolio (embedded)',
  () =>
    spawn(process.execPath, ['--import', 'tsx', 'scripts/embedded-main.ts'], {
      cwd: root,
      // an IPC channel besides the terminal: the process says 'ready' on it once it serves
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: process.env,
    }),
  {
    log: (message) => console.error(`[npm start] ${message}`),
    probe: httpProbe(`http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${port}/healthz`),
    onStartFailed: (code) => process.exit(code ?? 1),
  },
);
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    app.stop(sig).then(() => process.exit(0));
  });
