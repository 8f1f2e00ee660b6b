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
 * The last line of defence of a process (issue 30): an error nobody handled (an 'error' event without a listener, a
 * throw in a callback, a rejected promise nobody awaited) is logged with pino, fatal, with its stack, and the process
 * exits 1 as Node itself would. It is not kept running: after an uncaught exception its state is unknown, and a bug
 * stays a visible crash that the supervisor restarts and logs. The real defence is an 'error' listener on every stream.
 * Returns a function that removes the handlers.
 */
export function logUncaughtErrors(
  logger: Logger,
  name: string,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  const handler = (kind: 'uncaught exception' | 'unhandled rejection') => (err: unknown) => {
    try {
      logger.fatal({ err, kind }, `${name}: ${kind}, exiting (a supervisor starts it again)`);
      logger.flush();
    } finally {
      exit(1);
    }
  };
  const onException = handler('uncaught exception');
  const onRejection = handler('unhandled rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}

/**
 * A service's process entry (each service's `src/main.ts`): the logger and ports from the validated config, the module
 * (made with the logger when it needs one), the start, and a graceful shutdown on SIGTERM/SIGINT; a start that
 * fails is logged and exits 1, and so does any error nothing handled (`logUncaughtErrors`).
 */
export function runServiceProcess(
  name: string,
  config: KitConfig,
  mod: ServiceModule | ((logger: Logger) => ServiceModule),
  opts: ServiceProcessOptions,
): void {
  const logger = createLogger(name, config.LOG_LEVEL);
  logUncaughtErrors(logger, name);
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
