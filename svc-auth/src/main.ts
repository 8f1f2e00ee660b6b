import { closePorts, createLogger, createPorts, KitConfig, loadConfig, onShutdown, startService } from '@kinfolio/service-kit';
import { z } from 'zod';
import { authModule } from './module';

const config = loadConfig(KitConfig.and(z.object({ PORT: z.coerce.number().int().min(0).max(65535).default(3000) })), process.env, 'svc-auth');
const logger = createLogger('svc-auth', config.LOG_LEVEL);
const ports = createPorts(config, logger);
startService(authModule, { config, ports, port: config.PORT, logger })
  .then((svc) =>
    onShutdown(logger, async () => {
      await svc.stop();
      await closePorts(ports);
    }),
  )
  .catch((err) => {
    logger.fatal({ err }, 'svc-auth failed to start');
    process.exit(1);
  });
