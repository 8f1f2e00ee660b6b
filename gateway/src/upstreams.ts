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
  /**
   * The health probe found it accepting connections but not answering (a stopped or wedged process): requests skip
   * it entirely, since trying it would cost the whole time limit. Cleared by the next probe it answers.
   */
  hung: boolean;
}

/**
 * The replicas of one service: round-robin, skipping replicas that recently refused connections and leaving out
 * replicas the health probe found hung.
 */
export class ReplicaPool {
  private next = 0;
  readonly replicas: Replica[];

  constructor(
    readonly service: ServiceName,
    urls: string[],
  ) {
    if (!urls.length) throw new Error(`No replica configured for ${service}`);
    this.replicas = urls.map((u) => ({ url: new URL(u), downUntil: 0, hung: false }));
  }

  /**
   * Replicas to try for one request, in order: starting at the round-robin position (or at `key`'s hash for
   * sticky routing), healthy ones first, then the ones marked down (they may be back). Hung ones are left out: an
   * empty list means "503 now".
   */
  order(key?: string): Replica[] {
    const n = this.replicas.length;
    const start = key === undefined ? this.next++ % n : hash(key) % n;
    if (this.next > 1e9) this.next = 0;
    if (n === 1) {
      const only = this.replicas[0] as Replica;
      return only.hung ? [] : [only];
    }
    const now = Date.now();
    const up: Replica[] = [];
    const down: Replica[] = [];
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(start + i) % n] as Replica;
      if (!r.hung) (r.downUntil <= now ? up : down).push(r);
    }
    return down.length ? up.concat(down) : up;
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

/** How often each replica's /healthz is asked, and how long it may take to answer before it counts as hung. */
export const PROBE_INTERVAL_MS = 1000;
export const PROBE_TIMEOUT_MS = 1000;

/**
 * Asks every replica's /healthz every `intervalMs`: one that accepts the connection but does not answer within
 * `timeoutMs` is marked hung (requests to it get 503 at once instead of waiting out their time limit); one that
 * answers is cleared at once, so the service recovers by itself. A refused connection only marks it down as a
 * request would (refused connections fail fast anyway). Timers are unref'd; `stop()` ends the probing.
 */
export function probeReplicas(
  pools: ReplicaPool[],
  agent: http.Agent,
  o: { intervalMs: number; timeoutMs: number; connectTimeoutMs: number; onChange?: (r: Replica) => void },
): { stop(): void } {
  const busy = new WeakSet<Replica>();
  const probe = (pool: ReplicaPool, r: Replica) => {
    if (busy.has(r)) return; // the last probe is still waiting: it will decide
    busy.add(r);
    callReplica(r.url, agent, {
      method: 'GET',
      path: '/healthz',
      timeoutMs: o.timeoutMs,
      connectTimeoutMs: o.connectTimeoutMs,
    })
      .then(
        () => {
          if (r.hung) {
            r.hung = false;
            o.onChange?.(r);
          }
        },
        (err: unknown) => {
          if (isConnectError(err)) pool.markDown(r);
          const hung = errorCode(err) === 'EUPSTREAM_TIMEOUT';
          if (hung !== r.hung) {
            r.hung = hung;
            o.onChange?.(r);
          }
        },
      )
      .finally(() => busy.delete(r));
  };
  const timer = setInterval(() => {
    for (const pool of pools) for (const r of pool.replicas) probe(pool, r);
  }, o.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
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
  let lastErr: unknown = Object.assign(new Error(`every replica of ${pool.service} is hung`), { code: 'EHUNG' });
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
