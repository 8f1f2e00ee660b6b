import { KitConfig, loadConfig, runServiceProcess } from '@kinfolio/service-kit';
import { z } from 'zod';
import { planningModule } from './module';
import { FundImportConfig } from './reference/investment/config';

const config = loadConfig(KitConfig.and(z.object({ PORT: z.coerce.number().int().min(0).max(65535).default(3000) })), process.env, 'svc-planning');
// the fund price import's keys (issue 15): a bad FUND_FEED_URL or interval stops the start here
loadConfig(FundImportConfig, process.env, 'svc-planning');
runServiceProcess('svc-planning', config, planningModule, { port: config.PORT });
