/**
 * svc-planning in a process of its own for the benches (distributed mode: the service apart from the load
 * generator and the gateway), on the schema the bench seeded. Env: the kit's config (MODE=distributed,
 * DATABASE_URL, AMQP_URL, REDIS_URL, INTERNAL_SECRET), PORT, BENCH_SCHEMA. Tells its parent its URL once it listens.
 */
import { KitConfig, loadConfig, runServiceProcess } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';

const config = loadConfig(KitConfig, process.env, 'svc-planning');
const schema = process.env.BENCH_SCHEMA;
if (!schema || !config.DATABASE_URL) throw new Error('BENCH_SCHEMA and DATABASE_URL are required');
runServiceProcess('svc-planning', config, planningModule, {
  port: Number(process.env.PORT ?? 0),
  db: { kind: 'pg', url: config.DATABASE_URL, schema, poolMax: 10 },
  onListening: (svc) => process.send?.({ url: svc.url }),
});
