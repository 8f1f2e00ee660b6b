#!/usr/bin/env node
// `npm start`: installs if needed, builds the web apps if they are missing or older than their sources,
// then runs Kinfolio in embedded mode (gateway + every service in one process; nothing else to install).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { requireNode } from './launch.mjs';

requireNode();

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
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

const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/embedded-main.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
