#!/usr/bin/env node
// `npm run start:distributed`: one process per service (REPLICAS, or SVC_<NAME>_REPLICAS, per service) plus the
// gateway, against PostgreSQL, RabbitMQ and Redis from the environment (DATABASE_URL, AMQP_URL, REDIS_URL, S3_*).
// Migrations run once per service before the replicas start.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const root = new URL('..', import.meta.url).pathname;
const env = {
  MODE: 'distributed',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  REDIS_URL: 'redis://127.0.0.1:6379',
  ...process.env,
};
if (!env.INTERNAL_SECRET) {
  env.INTERNAL_SECRET = randomBytes(32).toString('hex');
  console.log('INTERNAL_SECRET was not set: using a random one for this run.');
}
const services = ['svc-auth', 'svc-planning', 'svc-billing', 'svc-support'];
const basePort = Number(env.SERVICE_BASE_PORT ?? 4100);

const m = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { cwd: root, stdio: 'inherit', env });
if (m.status !== 0) process.exit(m.status ?? 1);

const children = [];
const urls = {};
let port = basePort;
for (const svc of services) {
  const key = `${svc.replace('-', '_').toUpperCase()}_REPLICAS`;
  const replicas = Number(env[key] ?? env.REPLICAS ?? 1);
  urls[svc] = [];
  for (let i = 0; i < replicas; i++) {
    const p = port++;
    urls[svc].push(`http://127.0.0.1:${p}`);
    children.push(spawn(process.execPath, ['--import', 'tsx', `${svc}/src/main.ts`], { cwd: root, stdio: 'inherit', env: { ...env, PORT: String(p) } }));
  }
}
const gatewayEnv = {
  ...env,
  PORT: env.PORT ?? '8080',
  SVC_AUTH_URLS: urls['svc-auth'].join(','),
  SVC_PLANNING_URLS: urls['svc-planning'].join(','),
  SVC_BILLING_URLS: urls['svc-billing'].join(','),
  SVC_SUPPORT_URLS: urls['svc-support'].join(','),
};
children.push(spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], { cwd: root, stdio: 'inherit', env: gatewayEnv }));
console.log(`Kinfolio (distributed) starting: gateway on http://localhost:${gatewayEnv.PORT}; services ${JSON.stringify(urls)}`);

let stopping = false;
const stopAll = (sig) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill(sig);
  setTimeout(() => process.exit(0), 12_000).unref();
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(sig));
for (const c of children) c.on('exit', (code) => { if (!stopping && code) console.error(`a process exited with ${code}`); });
