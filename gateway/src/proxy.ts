import http from 'node:http';
import type { Socket } from 'node:net';
import type { ServiceName } from '@kinfolio/contracts';
import type { Logger } from '@kinfolio/service-kit';
import { createProxyMiddleware, type Plugin, type RequestHandler } from 'http-proxy-middleware';
import { armConnectTimeout, errorCode, isConnectError, type Replica, type ReplicaPool } from './upstreams';

export interface ServiceProxyOptions {
  agent: http.Agent;
  connectTimeoutMs: number;
  logger: Logger;
}

export interface ProxyCall {
  /** The request body, already read (the gateway buffers bodies so it can replay them on another replica). */
  body?: Buffer;
  correlationId: string;
  /** Same key, same replica (socket.io long-polling). */
  stickyKey?: string;
  /** How long the replica may stay silent before the caller gets 504 (the route's time limit). */
  timeoutMs: number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and are never forwarded. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

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

export const timedOutMessage = (service: ServiceName) =>
  `Service timed out: ${service} did not answer in time. Please try again.`;

/** The headers sent upstream: the client's (identity already signed in by the gateway) minus hop-by-hop ones. */
function upstreamHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...req.headers };
  for (const h of HOP_BY_HOP) delete headers[h];
  return headers;
}

/**
 * Forwards a request to one replica of a service with the path unchanged, on node:http with the shared keep-alive
 * agent (see docs/decisions/gateway.md: http-proxy-middleware cost a tenth of the gateway's CPU per request).
 * A replica that refuses or does not accept the connection within CONNECT_TIMEOUT_MS is marked down and the next
 * replica is tried; a replica the health probe found hung is not tried at all; when none is left the caller gets
 * 503 in the error shape at once. A replica that stays silent longer than the route's time limit gives 504.
 * Websocket upgrades (one per socket.io connection, not a hot path) still go through http-proxy-middleware.
 */
export class ServiceProxy {
  private readonly ws: RequestHandler;
  private readonly wsReplica = new WeakMap<http.IncomingMessage, Replica>();
  private readonly wsPool = new WeakMap<http.IncomingMessage, ReplicaPool>();

  constructor(private readonly o: ServiceProxyOptions) {
    const plugin: Plugin = (server) => {
      server.on('error', (err, req, res) => {
        const replica = this.wsReplica.get(req);
        if (replica && isConnectError(err)) this.wsPool.get(req)?.markDown(replica);
        const socket = res as Socket | undefined;
        if (socket && !('writeHead' in socket)) {
          if (socket.writable)
            socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          socket.destroy();
        }
      });
      server.on('econnreset', () => undefined); // the client went away
      server.on('proxyReqWs', (_proxyReq, _req, socket) => {
        socket.on('error', () => undefined);
      });
      server.on('open', (proxySocket) => {
        proxySocket.on('error', () => undefined);
      });
    };
    this.ws = createProxyMiddleware({
      router: (req) => {
        const replica = this.wsReplica.get(req);
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

  /** Proxies `req` (its url unchanged) to `pool`. */
  web(req: http.IncomingMessage, res: http.ServerResponse, pool: ReplicaPool, call: ProxyCall): void {
    const order = pool.order(call.stickyKey);
    if (!order.length) {
      sendError(res, 503, unavailableMessage(pool.service), call.correlationId);
      return;
    }
    this.attempt(req, res, pool, order, 0, call, upstreamHeaders(req));
  }

  /** Proxies a websocket upgrade to one replica of `pool` (identity headers must already be on `req`). */
  upgrade(req: http.IncomingMessage, socket: Socket, head: Buffer, pool: ReplicaPool, stickyKey?: string): void {
    const replica = pool.order(stickyKey)[0];
    if (!replica) {
      if (socket.writable)
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    this.wsReplica.set(req, replica);
    this.wsPool.set(req, pool);
    this.ws.upgrade(req, socket, head);
  }

  private attempt(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    pool: ReplicaPool,
    order: Replica[],
    index: number,
    call: ProxyCall,
    headers: http.OutgoingHttpHeaders,
  ): void {
    const replica = order[index] as Replica;
    let settled = false;
    const upstream = http.request({
      protocol: replica.url.protocol,
      hostname: replica.url.hostname,
      port: replica.url.port,
      method: req.method,
      path: req.url,
      headers,
      agent: this.o.agent,
    });
    armConnectTimeout(upstream, this.o.connectTimeoutMs);
    upstream.setTimeout(call.timeoutMs, () => {
      upstream.destroy(
        Object.assign(new Error(`no answer within ${call.timeoutMs} ms`), { code: 'EUPSTREAM_TIMEOUT' }),
      );
    });
    // the client went away: stop waiting for the replica
    const abandon = () => {
      if (!res.writableFinished) upstream.destroy();
    };
    res.once('close', abandon);

    upstream.on('response', (up) => {
      settled = true;
      pool.markUp(replica);
      const out: http.OutgoingHttpHeaders = up.headers;
      for (const h of HOP_BY_HOP) delete out[h];
      if (res.destroyed) {
        up.resume();
        return;
      }
      res.writeHead(up.statusCode ?? 502, out);
      up.on('error', () => res.destroy());
      up.pipe(res);
    });

    upstream.on('error', (err) => {
      res.off('close', abandon);
      if (settled) {
        // the reply was cut off half-way: the client sees a cut connection too, never a made-up status
        res.destroy();
        return;
      }
      settled = true;
      if (res.destroyed) return;
      const code = errorCode(err);
      const neverReached =
        isConnectError(err) || (code === 'ECONNRESET' && (upstream as { reusedSocket?: boolean }).reusedSocket);
      if (isConnectError(err)) pool.markDown(replica);
      const retry =
        index + 1 < order.length && (neverReached || (code === 'ECONNRESET' && IDEMPOTENT.has(req.method ?? '')));
      this.o.logger.warn({ upstream: pool.service, replica: replica.url.host, code, retry }, 'upstream error');
      if (retry) this.attempt(req, res, pool, order, index + 1, call, headers);
      else if (code === 'EUPSTREAM_TIMEOUT') sendError(res, 504, timedOutMessage(pool.service), call.correlationId);
      else sendError(res, 503, unavailableMessage(pool.service), call.correlationId);
    });

    upstream.end(call.body?.length ? call.body : undefined);
  }
}
