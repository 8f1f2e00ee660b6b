import pino, { type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger };

/** Structured JSON logs; every line carries the service name and the current correlation id. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    mixin() {
      const ctx = currentContext();
      return ctx ? { correlationId: ctx.correlationId, userId: ctx.identity?.userId } : {};
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'token'], remove: true },
  });
}
