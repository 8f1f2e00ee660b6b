import type http from 'node:http';
import { type Logger, signIdentityHeaders } from '@kinfolio/service-kit';
import { callService, type ReplicaPool } from './upstreams';

/** What the gateway needs to ask svc-auth about a sub-domain, and how long it keeps the answers. */
export interface TenantLookupOptions {
  authPool: ReplicaPool;
  agent: http.Agent;
  secret: string;
  connectTimeoutMs: number;
  logger: Logger;
  /** How long an answer is reused. */
  ttlMs?: number;
  /**
   * How long a failed look-up (svc-auth down, slow or answering oddly) is remembered, so pages are not held up on
   * every request.
   */
  failureTtlMs?: number;
  /** How long svc-auth may take: the page waits for it. */
  timeoutMs?: number;
  /** Sub-domains remembered at most (the oldest are dropped). */
  maxEntries?: number;
  now?: () => number;
}

/** A look-up's answer; `failed` answers are kept for `failureTtlMs` instead of `ttlMs`. */
export interface TenantAnswer<T> {
  value: T | null;
  failed: boolean;
}

interface Entry<T> {
  until: number;
  value: Promise<T | null>;
}

/**
 * Answers per sub-domain (tenant) from svc-auth, for the gateway's own pages (AdvisorDirectory's og tags,
 * PublicPages): each is cached for a while, concurrent look-ups of one tenant share one call, and at most
 * `maxEntries` tenants are remembered. `load` never throws (it answers `failed` instead).
 */
export class TenantLookup<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly failureTtlMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly o: TenantLookupOptions,
    defaults: { ttlMs: number; failureTtlMs: number },
    private readonly load: (tenant: string, correlationId: string) => Promise<TenantAnswer<T>>,
  ) {
    this.ttlMs = o.ttlMs ?? defaults.ttlMs;
    this.failureTtlMs = o.failureTtlMs ?? defaults.failureTtlMs;
    this.timeoutMs = o.timeoutMs ?? 1_500;
    this.maxEntries = o.maxEntries ?? 1_000;
    this.now = o.now ?? Date.now;
  }

  get(tenant: string, correlationId: string): Promise<T | null> {
    const key = tenant.toLowerCase();
    const known = this.entries.get(key);
    if (known && known.until > this.now()) return known.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // cached while the call runs (shared by concurrent requests); its answer sets how long it stays
    const entry: Entry<T> = { until: Number.POSITIVE_INFINITY, value: Promise.resolve(null) };
    entry.value = this.load(key, correlationId).then(({ value, failed }) => {
      entry.until = this.now() + (failed ? this.failureTtlMs : this.ttlMs);
      return value;
    });
    this.entries.set(key, entry);
    return entry.value;
  }

  /** `GET path` on svc-auth with signed internal headers carrying the tenant, as every proxied call does. */
  callAuth(path: string, tenant: string, correlationId: string) {
    return callService(this.o.authPool, this.o.agent, {
      method: 'GET',
      path,
      headers: signIdentityHeaders(this.o.secret, null, tenant, correlationId),
      timeoutMs: this.timeoutMs,
      connectTimeoutMs: this.o.connectTimeoutMs,
    });
  }
}
