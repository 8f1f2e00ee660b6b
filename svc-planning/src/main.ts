import { closePorts, createLogger, createPorts, KitConfig, loadConfig, onShutdown, startService } from '@kinfolio/service-kit';
import { z } from 'zod';
import { planningModule } from './module';
import { FundImportConfig } from './reference/investment/config';

const config = loadConfig(KitConfig.and(z.object({ PORT: z.coerce.number().int().min(0).max(65535).default(3000) })), process.env, 'svc-planning');
// the fund price import's keys (issue 15): a bad FUND_FEED_URL or interval stops the start here
loadConfig(FundImportConfig, process.env, 'svc-planning');
const logger = createLogger('svc-planning', config.LOG_LEVEL);
const ports = createPorts(config, logger);
startService(planningModule, { config, ports, port: config.PORT, logger })
  .then((svc) =>
    onShutdown(logger, async () => {
      await svc.stop();
      await closePorts(ports);
    }),
  )
  .catch((err) => {
    logger.fatal({ err }, 'svc-planning failed to start');
    process.exit(1);
  });
