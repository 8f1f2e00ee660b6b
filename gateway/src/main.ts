import { join, resolve } from 'node:path';
import type { ServiceName } from '@kinfolio/contracts';
import { type Cache, loadConfig, logUncaughtErrors, MemoryCache, RedisCache } from '@kinfolio/service-kit';
import pino from 'pino';
import { GatewayConfig } from './config';
import { createGateway } from './gateway';

/**
 * Distributed entry: `node --import tsx gateway/src/main.ts`. Service replicas from SVC_AUTH_URLS,
 * SVC_PLANNING_URLS, SVC_BILLING_URLS, SVC_SUPPORT_URLS (comma-separated base URLs); sessions from Redis
 * (REDIS_URL) or, without it, an in-process cache; the web builds from <repo>/shell/dist and <repo>/mf-*\/dist
 * (SHELL_DIR, MF_*_DIR override).
 */
async function main() {
  // an empty variable counts as unset (REDIS_URL= means "no Redis")
  const env = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')) as Record<
    string,
    string | undefined
  >;
  const root = resolve(__dirname, '../..');
  const config = loadConfig(GatewayConfig, env, 'gateway');
  // Access logs are one line per request: written through a buffer (flushed at shutdown), not a syscall each.
  const logOut = pino.destination({ sync: false, minLength: 4096 });
  const logger = pino(
    {
      name: 'gateway',
      level: config.LOG_LEVEL,
      base: { service: 'gateway' },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    },
    logOut,
  );
  // an error nothing handled is logged (fatal, with its stack; the buffer written out first) and ends the process
  // with 1, which start:distributed restarts (issue 30)
  logUncaughtErrors(logger, 'gateway', (code) => {
    logOut.flushSync();
    process.exit(code);
  });
  const flushLogs = setInterval(() => logOut.flush(), 1000);
  flushLogs.unref();
  const urls = (key: string, service: ServiceName) => {
    const list = (env[key] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const u of list) {
      try {
        new URL(u);
      } catch {
        throw new Error(`Invalid configuration for gateway:\n  ${key}: '${u}' is not a URL`);
      }
    }
    if (!list.length)
      throw new Error(`Invalid configuration for gateway:\n  ${key}: at least one base URL of ${service} is required`);
    return list;
  };
  const services: Record<ServiceName, string[]> = {
    'svc-auth': urls('SVC_AUTH_URLS', 'svc-auth'),
    'svc-planning': urls('SVC_PLANNING_URLS', 'svc-planning'),
    'svc-billing': urls('SVC_BILLING_URLS', 'svc-billing'),
    'svc-support': urls('SVC_SUPPORT_URLS', 'svc-support'),
  };
  const cache: Cache = config.REDIS_URL ? new RedisCache(config.REDIS_URL, config.REDIS_PREFIX) : new MemoryCache();
  if (!config.REDIS_URL) logger.warn('REDIS_URL is not set: sessions are cached in this process only');
  const dir = (key: string, fallback: string) => resolve(env[key] ?? join(root, fallback));
  const gateway = await createGateway({
    config,
    services,
    cache,
    logger,
    web: {
      shellDir: dir('SHELL_DIR', 'shell/dist'),
      remotes: {
        mf_advisor: dir('MF_ADVISOR_DIR', 'mf-advisor/dist'),
        mf_customer: dir('MF_CUSTOMER_DIR', 'mf-customer/dist'),
        mf_admin: dir('MF_ADMIN_DIR', 'mf-admin/dist'),
        mf_support: dir('MF_SUPPORT_DIR', 'mf-support/dist'),
      },
    },
  });
  const port = await gateway.listen(config.PORT, env.HOST ?? '0.0.0.0');
  logger.info({ port, services }, `gateway listening on http://localhost:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await gateway.close();
      await cache.close();
    } finally {
      logOut.flushSync();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
