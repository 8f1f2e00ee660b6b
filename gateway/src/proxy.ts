import type http from 'node:http';
import type { Socket } from 'node:net';
import type { ServiceName } from '@kinfolio/contracts';
import type { Logger } from '@kinfolio/service-kit';
import { createProxyMiddleware, type Plugin, type RequestHandler } from 'http-proxy-middleware';
import { errorCode, isConnectError, type Replica, type ReplicaPool } from './upstreams';

interface Attempt {
  pool: ReplicaPool;
  order: Replica[];
  index: number;
  body?: Buffer;
  correlationId: string;
  done: boolean;
}

export interface ServiceProxyOptions {
  agent: http.Agent;
  connectTimeoutMs: number;
  proxyTimeoutMs: number;
  logger: Logger;
}

const attempts = new WeakMap<http.IncomingMessage, Attempt>();
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

function sendError(res: http.ServerResponse, status: number, message: string, correlationId: string): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ message, correlationId });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

export const unavailableMessage = (service: ServiceName) =>
  `Service unavailable: ${service} is not reachable right now. Please try again shortly.`;

/**
 * http-proxy-middleware (httpxy underneath) with a shared keep-alive agent, forwarding a request to one replica of
 * a service with the path unchanged. A replica that refuses or does not accept the connection within
 * CONNECT_TIMEOUT_MS is marked down and the next replica is tried; when none is left the caller gets 503 in the
 * error shape at once. A replica that stays silent longer than PROXY_TIMEOUT_MS gives 504.
 */
export class ServiceProxy {
  private readonly middleware: RequestHandler;

  constructor(private readonly o: ServiceProxyOptions) {
    const plugin: Plugin = (server) => {
      server.on('proxyReq', (proxyReq, req) => this.onProxyReq(proxyReq, req));
      server.on('proxyRes', (_proxyRes, req) => {
        const a = attempts.get(req);
        const replica = a?.order[a.index];
        if (a && replica) a.pool.markUp(replica);
      });
      server.on('error', (err, req, res) => {
        if (req && res) this.onError(err, req, res);
        else this.o.logger.error({ err }, 'proxy error without a request');
      });
      server.on('econnreset', () => undefined); // the client went away
      server.on('proxyReqWs', (_proxyReq, _req, socket) => {
        socket.on('error', () => undefined);
      });
      server.on('open', (proxySocket) => {
        proxySocket.on('error', () => undefined);
      });
    };
    this.middleware = createProxyMiddleware({
      router: (req) => {
        const a = attempts.get(req);
        const replica = a?.order[a.index];
        if (!replica) throw new Error('no replica chosen');
        return replica.url;
      },
      agent: o.agent,
      xfwd: false,
      changeOrigin: false,
      ejectPlugins: true,
      plugins: [plugin],
    });
  }

  /** Proxies `req` (its url unchanged) to `pool`; `body` is the already-read request body, if any. */
  web(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    pool: ReplicaPool,
    opts: { body?: Buffer; correlationId: string; stickyKey?: string },
  ): void {
    const attempt: Attempt = {
      pool,
      order: pool.order(opts.stickyKey),
      index: 0,
      body: opts.body,
      correlationId: opts.correlationId,
      done: false,
    };
    attempts.set(req, attempt);
    this.run(req, res, attempt);
  }

  /** Proxies a websocket upgrade to one replica of `pool` (identity headers must already be on `req`). */
  upgrade(req: http.IncomingMessage, socket: Socket, head: Buffer, pool: ReplicaPool, stickyKey?: string): void {
    attempts.set(req, { pool, order: pool.order(stickyKey), index: 0, correlationId: '', done: false });
    this.middleware.upgrade(req, socket, head);
  }

  private run(req: http.IncomingMessage, res: http.ServerResponse, attempt: Attempt): void {
    void this.middleware(req, res, (err?: unknown) => {
      if (err && !attempt.done) {
        attempt.done = true;
        this.o.logger.error({ err }, 'proxy failed before reaching a replica');
        sendError(res, 502, 'Bad gateway', attempt.correlationId);
      }
    });
  }

  private onProxyReq(proxyReq: http.ClientRequest, req: http.IncomingMessage): void {
    const socket = proxyReq.socket;
    if (socket?.connecting) {
      const timer = setTimeout(() => {
        proxyReq.destroy(
          Object.assign(new Error(`connect timeout after ${this.o.connectTimeoutMs} ms`), { code: 'ECONNECT_TIMEOUT' }),
        );
      }, this.o.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    }
    proxyReq.setTimeout(this.o.proxyTimeoutMs, () => {
      proxyReq.destroy(
        Object.assign(new Error(`no answer within ${this.o.proxyTimeoutMs} ms`), { code: 'EUPSTREAM_TIMEOUT' }),
      );
    });
    const body = attempts.get(req)?.body;
    if (body?.length) proxyReq.write(body);
  }

  private onError(err: Error, req: http.IncomingMessage, res: http.ServerResponse | Socket): void {
    const a = attempts.get(req);
    if (!('writeHead' in res)) {
      // websocket upgrade: answer plainly when nothing was sent yet, then close
      const replica = a?.order[a.index];
      if (a && replica && isConnectError(err)) a.pool.markDown(replica);
      if (res.writable) res.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      res.destroy();
      return;
    }
    if (!a || a.done) {
      if (!res.headersSent) sendError(res, 502, 'Bad gateway', a?.correlationId ?? '');
      return;
    }
    const replica = a.order[a.index];
    const code = errorCode(err);
    const neverReached =
      isConnectError(err) || (code === 'ECONNRESET' && (err as { reusedSocket?: boolean }).reusedSocket === true);
    if (replica && isConnectError(err)) a.pool.markDown(replica);
    const retry =
      !res.headersSent &&
      a.index + 1 < a.order.length &&
      (neverReached || (code === 'ECONNRESET' && IDEMPOTENT.has(req.method ?? '')));
    this.o.logger.warn({ upstream: a.pool.service, replica: replica?.url.host, code, retry }, 'upstream error');
    if (retry) {
      a.index++;
      this.run(req, res, a);
      return;
    }
    a.done = true;
    if (code === 'EUPSTREAM_TIMEOUT')
      sendError(
        res,
        504,
        `Service timed out: ${a.pool.service} did not answer in time. Please try again.`,
        a.correlationId,
      );
    else sendError(res, 503, unavailableMessage(a.pool.service), a.correlationId);
  }
}
