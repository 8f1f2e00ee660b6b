import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createGateway } from '@kinfolio/gateway';
import { closePorts, createLogger, createPorts, KitConfig, loadConfig, type RunningService, startService } from '@kinfolio/service-kit';
import type { ServiceName } from '@kinfolio/contracts';
import { listenHost } from './launch.mjs';
import { modules } from './modules';

const root = resolve(__dirname, '..');

export interface Embedded {
  url: string;
  port: number;
  services: RunningService[];
  stop(): Promise<void>;
}

/** The internal secret of an embedded install is made once and kept with its data. */
function internalSecret(dataDir: string): string {
  const file = join(dataDir, 'internal-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Embedded mode (`npm start`): every service and the gateway in one process; PGlite per service under DATA_DIR,
 * in-memory bus and cache, files on disk, offline mail and SMS viewable at /dev/mailbox.
 */
export async function startEmbedded(env: Record<string, string | undefined> = process.env): Promise<Embedded> {
  const dataDir = resolve(root, env.DATA_DIR ?? '.data');
  const port = Number(env.PORT ?? 8080);
  const config = loadConfig(
    KitConfig,
    {
      SEED_DEMO: 'true',
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
      MODE: 'embedded',
      DATA_DIR: dataDir,
      INTERNAL_SECRET: env.INTERNAL_SECRET ?? internalSecret(dataDir),
    },
    'kinfolio',
  );
  const logger = createLogger('kinfolio', config.LOG_LEVEL);
  const ports = createPorts(config, logger);
  const services: RunningService[] = [];
  // Relays start only once every service has subscribed: the in-memory bus has no queue to hold an event published
  // before its consumer exists (the demo advisor's registration must reach billing).
  // Services start side by side (each opens its own PGlite); the order of `modules` is kept for stopping.
  services.push(...(await Promise.all(modules.map((mod) => startService(mod, { config, ports, port: 0, host: '127.0.0.1', relay: false, logger: logger.child({ service: mod.name }) })))));
  for (const s of services) s.relay.start();
  const urls = Object.fromEntries(services.map((s) => [s.name, [s.url]])) as Record<ServiceName, string[]>;
  const offline = ports.offline;
  const gateway = await createGateway({
    config: { ...config, PORT: port },
    services: urls,
    cache: ports.cache,
    logger: logger.child({ service: 'gateway' }),
    web: {
      shellDir: join(root, 'shell/dist'),
      remotes: {
        mf_advisor: join(root, 'mf-advisor/dist'),
        mf_customer: join(root, 'mf-customer/dist'),
        mf_admin: join(root, 'mf-admin/dist'),
        mf_support: join(root, 'mf-support/dist'),
      },
    },
    offlineOutbox: offline ? { list: (kind, to) => (kind === 'mail' ? offline.mail.list(to) : offline.sms.list(to)) } : undefined,
  });
  const bound = await gateway.listen(port, listenHost(env));
  return {
    url: `http://localhost:${bound}`,
    port: bound,
    services,
    async stop() {
      await gateway.close();
      for (const s of [...services].reverse()) await s.stop();
      await closePorts(ports);
    },
  };
}
