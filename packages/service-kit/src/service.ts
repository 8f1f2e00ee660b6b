import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { type EventEnvelope, EventTopology, type ServiceName } from '@kinfolio/contracts';
import { RateLimiter } from './cache/limiter';
import type { KitConfig } from './config';
import { createDb, type DbConfig, dbReady, type Knex, migrate, type Migration } from './db';
import { topicMatches } from './bus/types';
import { createHttpApp, finish } from './http';
import { idempotency } from './idempotency';
import { createLogger, type Logger } from './logger';
import { idempotent, kitMigrations, OutboxRelay } from './outbox';
import type { Ports } from './ports';
import { ReadReplica } from './read-replica';

export interface ServiceContext {
  name: ServiceName;
  config: KitConfig;
  logger: Logger;
  db: Knex;
  /**
   * The read replica (READ_DATABASE_URL, distributed mode): reads that can lag may go to `replica.db` (issue 37);
   * absent in embedded mode and without a replica, where every read uses `db`.
   */
  replica?: ReadReplica;
  ports: Ports;
  limiter: RateLimiter;
  /** Runs `fn` in a transaction; after it commits, the outbox relay is asked to publish what it enqueued. */
  tx<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
}

export interface Consumer {
  /** Event types (topic patterns) this consumer handles. */
  bindings: string[];
  handle(event: EventEnvelope, trx: Knex.Transaction): Promise<void>;
}

/** What a service is: its migrations, its routes, its event consumers. `main.ts` files only wire this. */
export interface ServiceModule {
  name: ServiceName;
  migrations: Migration[];
  routes(app: Express, ctx: ServiceContext): void | Promise<void>;
  consumers?(ctx: ServiceContext): Consumer[];
  onStart?(ctx: ServiceContext): Promise<void>;
  /** Called once the HTTP server listens (socket.io and other upgrade handlers attach here). */
  attach?(server: Server, ctx: ServiceContext): void | Promise<void>;
  /** Called first on stop (close sockets, timers) before the server and database close. */
  onStop?(ctx: ServiceContext): Promise<void>;
}

export interface StartOptions {
  config: KitConfig;
  ports: Ports;
  /** 0 picks a free port (embedded mode and tests). */
  port: number;
  host?: string;
  /** Overrides where the database lives (tests use a throwaway schema or an in-memory PGlite). */
  db?: DbConfig;
  logger?: Logger;
  /** Skip the outbox relay (tests that drive it by hand). */
  relay?: boolean;
}

export interface RunningService {
  name: ServiceName;
  port: number;
  url: string;
  ctx: ServiceContext;
  relay: OutboxRelay;
  server: Server;
  stop(): Promise<void>;
}

export function defaultDbConfig(name: ServiceName, cfg: KitConfig): DbConfig {
  if (cfg.MODE === 'distributed' && cfg.DATABASE_URL)
    return { kind: 'pg', url: cfg.DATABASE_URL, schema: name.replace(/-/g, '_') };
  return { kind: 'pglite', dir: join(cfg.DATA_DIR, 'db', name) };
}

/**
 * Starts one service: database and migrations, outbox relay, event consumers (one durable queue named after the
 * service), HTTP server with health and readiness. `stop()` shuts down gracefully: stop accepting, finish
 * in-flight requests, stop the relay, close the database.
 */
export async function startService(mod: ServiceModule, opts: StartOptions): Promise<RunningService> {
  const logger = opts.logger ?? createLogger(mod.name, opts.config.LOG_LEVEL);
  const dbConfig = opts.db ?? defaultDbConfig(mod.name, opts.config);
  const db = await createDb(dbConfig);
  const applied = await migrate(
    db,
    [...kitMigrations, ...mod.migrations],
    dbConfig.kind === 'pg' ? dbConfig.schema : undefined,
  );
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const relay = new OutboxRelay(db, opts.ports.bus, logger);
  // not part of readiness: a replica that does not answer sends reads to the primary
  const replica =
    opts.config.READ_DATABASE_URL && dbConfig.kind === 'pg'
      ? new ReadReplica(opts.config.READ_DATABASE_URL, dbConfig.schema, logger, { poolMax: dbConfig.poolMax ?? 10 })
      : undefined;
  const ctx: ServiceContext = {
    name: mod.name,
    config: opts.config,
    logger,
    db,
    replica,
    ports: opts.ports,
    limiter: RateLimiter.over(opts.ports.cache),
    async tx(fn) {
      const result = await db.transaction(fn);
      relay.kick();
      return result;
    },
  };

  const app = createHttpApp({
    name: mod.name,
    logger,
    internalSecret: opts.config.INTERNAL_SECRET,
    readiness: [() => dbReady(db), async () => opts.ports.bus.isConnected()],
    contractCheck: opts.config.CONTRACT_CHECK,
  });
  app.use(idempotency(db, logger)); // Idempotency-Key on writes: before the routes, after body parsing
  await mod.routes(app, ctx);
  finish(app, logger);

  // One durable queue per service receives every event any of its consumers binds; a queue delivers each message
  // to one subscriber whatever its bindings, so the service subscribes once and dispatches by event type here.
  const consumers = mod.consumers?.(ctx) ?? [];
  if (consumers.length) {
    const bindings = [...new Set(consumers.flatMap((c) => c.bindings))];
    assertInTopology(mod.name, bindings);
    const dispatch = async (event: EventEnvelope, trx: Knex.Transaction) => {
      for (const consumer of consumers) {
        if (consumer.bindings.some((pattern) => topicMatches(pattern, event.type))) await consumer.handle(event, trx);
      }
    };
    await opts.ports.bus.subscribe(
      mod.name,
      bindings,
      idempotent(db, dispatch, () => relay.kick()),
    );
  }
  await mod.onStart?.(ctx);
  if (opts.relay !== false) relay.start();

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(opts.port, opts.host ?? opts.config.BIND_HOST, (err?: Error) =>
      err ? reject(err) : resolve(s),
    );
  });
  server.keepAliveTimeout = 65_000;
  // Once listening, a server's 'error' is a connection it could not accept (EMFILE under a flood of connections):
  // logged, never an unhandled 'error' that ends the process (issue 30); it keeps listening.
  server.on('error', (err) => logger.error({ err }, 'the HTTP server could not accept a connection'));
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, host: opts.host ?? opts.config.BIND_HOST }, 'service listening');
  await mod.attach?.(server, ctx);

  let stopping: Promise<void> | null = null;
  return {
    name: mod.name,
    port,
    url: `http://127.0.0.1:${port}`,
    ctx,
    relay,
    server,
    stop() {
      stopping ??= (async () => {
        // events first: a delivery after the database closed would wait out the pool's acquire timeout (10 s) and
        // hold the process open; what is not taken stays queued for the next start
        if (consumers.length)
          await opts.ports.bus
            .unsubscribe(mod.name)
            .catch((err: unknown) => logger.error({ err }, 'unsubscribe failed'));
        await mod.onStop?.(ctx).catch((err: unknown) => logger.error({ err }, 'onStop failed'));
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5000).unref();
        });
        await relay.stop();
        await replica?.close();
        await db.destroy();
        logger.info('service stopped');
      })();
      return stopping;
    },
  };
}

/**
 * A consumer may bind only the events EventTopology lists for its service: the broker queues are declared from
 * that list by every publisher, so a binding missing there could lose events published before this service connects.
 */
export function assertInTopology(service: string, bindings: readonly string[]): void {
  const declared: readonly string[] = EventTopology[service as ServiceName] ?? [];
  const missing = bindings.filter((b) => !declared.includes(b));
  if (missing.length) {
    throw new Error(`${service} consumes ${missing.join(', ')} but EventTopology does not list it for ${service}`);
  }
}

/** Graceful shutdown on SIGTERM/SIGINT for a process's main. */
export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let done = false;
  const handler = (signal: string) => {
    if (done) return;
    done = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stop()
      .then(() => process.exit(0))
      .catch((err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => handler('SIGTERM'));
  process.on('SIGINT', () => handler('SIGINT'));
}
