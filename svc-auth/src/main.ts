import { KitConfig, loadConfig, runServiceProcess } from '@kinfolio/service-kit';
import { z } from 'zod';
import { authModule } from './module';

const config = loadConfig(KitConfig.and(z.object({ PORT: z.coerce.number().int().min(0).max(65535).default(3000) })), process.env, 'svc-auth');
runServiceProcess('svc-auth', config, authModule, { port: config.PORT });
