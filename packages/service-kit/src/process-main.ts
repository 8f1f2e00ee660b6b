import type { KitConfig } from './config';
import type { DbConfig } from './db';
import { createLogger, type Logger } from './logger';
import { closePorts, createPorts } from './ports';
import { onShutdown, type RunningService, type ServiceModule, startService } from './service';

export interface ServiceProcessOptions {
  /** The port to listen on (0: any free one). */
  port: number;
  /** Where the database lives, when not the service's own schema of DATABASE_URL (benchmarks). */
  db?: DbConfig;
  /** Called once the service listens. */
  onListening?(svc: RunningService): void;
}

/**
 * A service's process entry (each service's `src/main.ts`): the logger and ports from the validated config, the module
 * (made with the logger when it needs one), the start, and a graceful shutdown on SIGTERM/SIGINT; a start that
 * fails is logged and exits 1.
 */
export function runServiceProcess(
  name: string,
  config: KitConfig,
  mod: ServiceModule | ((logger: Logger) => ServiceModule),
  opts: ServiceProcessOptions,
): void {
  const logger = createLogger(name, config.LOG_LEVEL);
  const ports = createPorts(config, logger);
  Promise.resolve()
    .then(() =>
      startService(typeof mod === 'function' ? mod(logger) : mod, {
        config,
        ports,
        logger,
        port: opts.port,
        db: opts.db,
      }),
    )
    .then((svc) => {
      opts.onListening?.(svc);
      onShutdown(logger, async () => {
        await svc.stop();
        await closePorts(ports);
      });
    })
    .catch((err: unknown) => {
      logger.fatal({ err }, `${name} failed to start`);
      process.exit(1);
    });
}
