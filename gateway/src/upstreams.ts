import http from 'node:http';
import type { ServiceName } from '@kinfolio/contracts';

/** How long a replica that refused a connection is skipped by new requests (it is retried after that). */
const DOWN_FOR_MS = 2000;

/** Errors that mean the request never reached the replica: safe to try the next one, whatever the method. */
const CONNECT_ERRORS = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ECONNECT_TIMEOUT',
]);

export function isConnectError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONNECT_ERRORS.has(code);
}

export function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'EUNKNOWN';
}

export interface Replica {
  url: URL;
  downUntil: number;
}

/** The replicas of one service: round-robin, skipping replicas that recently refused connections. */
export class ReplicaPool {
  private next = 0;
  readonly replicas: Replica[];

  constructor(
    readonly service: ServiceName,
    urls: string[],
  ) {
    if (!urls.length) throw new Error(`No replica configured for ${service}`);
    this.replicas = urls.map((u) => ({ url: new URL(u), downUntil: 0 }));
  }

  /**
   * Replicas to try for one request, in order: starting at the round-robin position (or at `key`'s hash for
   * sticky routing), healthy ones first, then the ones marked down (they may be back).
   */
  order(key?: string): Replica[] {
    const n = this.replicas.length;
    const start = key === undefined ? this.next++ % n : hash(key) % n;
    if (this.next > 1e9) this.next = 0;
    const now = Date.now();
    const rotated = Array.from({ length: n }, (_, i) => this.replicas[(start + i) % n] as Replica);
    return [...rotated.filter((r) => r.downUntil <= now), ...rotated.filter((r) => r.downUntil > now)];
  }

  markDown(replica: Replica): void {
    replica.downUntil = Date.now() + DOWN_FOR_MS;
  }

  markUp(replica: Replica): void {
    replica.downUntil = 0;
  }
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function createAgent(): http.Agent {
  return new http.Agent({
    keepAlive: true,
    keepAliveMsecs: 1000,
    maxSockets: 512,
    maxFreeSockets: 128,
    scheduling: 'lifo',
  });
}

/**
 * Arms a connect timeout on an outgoing request: a replica that does not accept the TCP connection in time is
 * treated like one that refused it (code ECONNECT_TIMEOUT), so the next replica is tried and nothing hangs.
 */
export function armConnectTimeout(req: http.ClientRequest, ms: number): void {
  req.once('socket', (socket) => {
    if (!socket.connecting) return;
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error(`connect timeout after ${ms} ms`), { code: 'ECONNECT_TIMEOUT' }));
    }, ms);
    socket.once('connect', () => clearTimeout(timer));
    socket.once('close', () => clearTimeout(timer));
  });
}

export interface InternalResponse {
  status: number;
  body: unknown;
}

export interface InternalRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  connectTimeoutMs: number;
}

/**
 * A JSON call from the gateway itself to a service (session verification, readiness, dev outbox), with failover
 * to the next replica on connect errors. Rejects with the last error when no replica answers.
 */
export async function callService(
  pool: ReplicaPool,
  agent: http.Agent,
  opts: InternalRequest,
): Promise<InternalResponse> {
  let lastErr: unknown;
  for (const replica of pool.order()) {
    try {
      const res = await callReplica(replica.url, agent, opts);
      pool.markUp(replica);
      return res;
    } catch (err) {
      lastErr = err;
      if (!isConnectError(err)) throw err;
      pool.markDown(replica);
    }
  }
  throw lastErr;
}

export function callReplica(base: URL, agent: http.Agent, opts: InternalRequest): Promise<InternalResponse> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const req = http.request(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        path: opts.path,
        method: opts.method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 502, body });
        });
      },
    );
    armConnectTimeout(req, opts.connectTimeoutMs);
    req.setTimeout(opts.timeoutMs, () => {
      req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { code: 'EUPSTREAM_TIMEOUT' }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
