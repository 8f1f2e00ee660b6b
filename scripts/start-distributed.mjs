#!/usr/bin/env node
// `npm run start:distributed`: one process per service (REPLICAS, or SVC_<NAME>_REPLICAS, per service) plus the
// gateway, against PostgreSQL, RabbitMQ and Redis from the environment (DATABASE_URL, AMQP_URL, REDIS_URL, S3_*).
// Migrations run once per service before the replicas start. Services listen on BIND_HOST (127.0.0.1 unless set) and
// the gateway on HOST (127.0.0.1 unless set); a child that dies is started again with a growing delay.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { httpProbe, requireNode, supervise } from './launch.mjs';
import { ensureReplicaUrl } from './replica.mjs';

requireNode();

const root = new URL('..', import.meta.url).pathname;
const env = {
  MODE: 'distributed',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  REDIS_URL: 'redis://127.0.0.1:6379',
  BIND_HOST: '127.0.0.1',
  HOST: '127.0.0.1',
  ...process.env,
};
if (!env.INTERNAL_SECRET) {
  env.INTERNAL_SECRET = randomBytes(32).toString('hex');
  console.log('INTERNAL_SECRET was not set: using a random one for this run.');
}
// issue 37: svc-planning's lag-tolerant reads go to a hot standby of a primary on this machine (scripts/replica.mjs
// starts it on 5433); REPLICA=off, a READ_DATABASE_URL of your own or a primary elsewhere leave it as it is
const planningReadEnv = {};
if (env.REPLICA !== 'off' && !env.READ_DATABASE_URL) {
  const primary = new URL(env.DATABASE_URL);
  if (['127.0.0.1', 'localhost'].includes(primary.hostname) && (primary.port || '5432') === '5432') {
    const url = await ensureReplicaUrl(env.DATABASE_URL);
    if (url) planningReadEnv.READ_DATABASE_URL = url;
  }
}
const services = ['svc-auth', 'svc-planning', 'svc-billing', 'svc-support'];
const basePort = Number(env.SERVICE_BASE_PORT ?? 4100);

const m = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { cwd: root, stdio: 'inherit', env });
if (m.status !== 0) process.exit(m.status ?? 1);

const children = [];
const log = (message) => console.error(`[start:distributed] ${message}`);
// the back-off of a child starts over once it answered its probe for 10 s (services: /readyz; gateway: /healthz,
// as its /readyz also waits for the services)
const node = (name, script, childEnv, probeUrl) =>
  children.push(
    supervise(
      name,
      () => spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit', env: childEnv }),
      {
        log,
        probe: httpProbe(probeUrl),
      },
    ),
  );
// issue 37: svc-planning's long work runs on its worker processes (below), not in the API's processes
env.PLANNING_JOBS ??= 'workers';
// after a write of a household someone has open, its report is made before the screen reloads it (issue 37)
env.PREWARM_REPORTS ??= 'on';
const urls = {};
let port = basePort;
for (const svc of services) {
  const key = `${svc.replace('-', '_').toUpperCase()}_REPLICAS`;
  const replicas = Number(env[key] ?? env.REPLICAS ?? 1);
  urls[svc] = [];
  for (let i = 0; i < replicas; i++) {
    const p = port++;
    const host = env.BIND_HOST === '0.0.0.0' || env.BIND_HOST === '::' ? '127.0.0.1' : env.BIND_HOST;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${p}`;
    urls[svc].push(url);
    const svcEnv = { ...env, ...(svc === 'svc-planning' ? planningReadEnv : {}), PORT: String(p) };
    node(`${svc}#${i + 1} (port ${p})`, `${svc}/src/main.ts`, svcEnv, `${url}/readyz`);
  }
}
// svc-planning's job workers (issue 37): SVC_PLANNING_WORKERS processes (default 1) competing on the jobs queue, each
// niced below the API and probed on its own /healthz (WORKER_PORT)
const workers = env.PLANNING_JOBS === 'workers' ? Number(env.SVC_PLANNING_WORKERS ?? 1) : 0;
for (let i = 0; i < workers; i++) {
  const p = port++;
  node(
    `svc-planning-worker#${i + 1} (port ${p})`,
    'svc-planning/src/worker.ts',
    // the replica too: a worker's household writes mark the household for read-your-writes like the API's
    { ...env, ...planningReadEnv, WORKER_PORT: String(p) },
    `http://127.0.0.1:${p}/healthz`,
  );
}
const gatewayEnv = {
  ...env,
  PORT: env.PORT ?? '8080',
  SVC_AUTH_URLS: urls['svc-auth'].join(','),
  SVC_PLANNING_URLS: urls['svc-planning'].join(','),
  SVC_BILLING_URLS: urls['svc-billing'].join(','),
  SVC_SUPPORT_URLS: urls['svc-support'].join(','),
};
const gatewayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
node(
  'gateway',
  'gateway/src/main.ts',
  gatewayEnv,
  `http://${gatewayHost.includes(':') ? `[${gatewayHost}]` : gatewayHost}:${gatewayEnv.PORT}/healthz`,
);
console.log(
  `Kinfolio (distributed) starting: gateway on http://${env.HOST}:${gatewayEnv.PORT}; services ${JSON.stringify(urls)}`,
);

let stopping = false;
const stopAll = (sig) => {
  if (stopping) return;
  stopping = true;
  Promise.all(children.map((c) => c.stop(sig))).then(() => process.exit(0));
  setTimeout(() => process.exit(0), 12_000).unref();
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(sig));
