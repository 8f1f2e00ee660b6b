// Runs every service's migrations once (distributed mode, before the replicas start; the Kubernetes migrate Job).
import { createDb, createLogger, defaultDbConfig, KitConfig, kitMigrations, loadConfig, migrate } from '@kinfolio/service-kit';
import { modules } from './modules';

async function main(): Promise<void> {
  const config = loadConfig(KitConfig, process.env, 'migrate');
  const logger = createLogger('migrate', config.LOG_LEVEL);
  for (const mod of modules) {
    const dbConfig = defaultDbConfig(mod.name, config);
    const db = await createDb(dbConfig);
    try {
      const applied = await migrate(db, [...kitMigrations, ...mod.migrations], dbConfig.kind === 'pg' ? dbConfig.schema : undefined);
      logger.info({ service: mod.name, applied }, applied.length ? 'migrations applied' : 'schema up to date');
    } finally {
      await db.destroy();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
