import { KitConfig, loadConfig, runServiceProcess } from '@kinfolio/service-kit';
import { z } from 'zod';
import { supportModule } from './module';

const config = loadConfig(
  KitConfig.and(z.object({ PORT: z.coerce.number().int().min(0).max(65535).default(3004) })),
  process.env,
  'svc-support',
);
runServiceProcess('svc-support', config, supportModule, { port: config.PORT });
