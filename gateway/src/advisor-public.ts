import type http from 'node:http';
import { auth } from '@kinfolio/contracts';
import { type Logger, signIdentityHeaders } from '@kinfolio/service-kit';
import { callService, type ReplicaPool } from './upstreams';

export interface AdvisorDirectoryOptions {
  authPool: ReplicaPool;
  agent: http.Agent;
  secret: string;
  connectTimeoutMs: number;
  logger: Logger;
  /** How long an answer (an advisor, or none for that sub-domain) is reused. */
  ttlMs?: number;
  /** How long a failed look-up (svc-auth down or slow) is remembered, so pages are not held up on every request. */
  failureTtlMs?: number;
  /** How long svc-auth may take: the page waits for it. */
  timeoutMs?: number;
  /** Sub-domains remembered at most (the oldest are dropped). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  until: number;
  value: Promise<auth.AdvisorPublic | null>;
}

/**
 * The public details of the advisor a sub-domain names, for the gateway's own pages (the og tags of index.html):
 * `GET /api/v1/advisor/public` on svc-auth with signed internal headers carrying the tenant, as every proxied call
 * does. Answers are cached briefly per sub-domain and concurrent look-ups share one call. It never throws: an
 * unknown sub-domain, an unexpected reply or an unreachable svc-auth all answer null.
 */
export class AdvisorDirectory {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly failureTtlMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly o: AdvisorDirectoryOptions) {
    this.ttlMs = o.ttlMs ?? 60_000;
    this.failureTtlMs = o.failureTtlMs ?? 5_000;
    this.timeoutMs = o.timeoutMs ?? 1_500;
    this.maxEntries = o.maxEntries ?? 1_000;
    this.now = o.now ?? Date.now;
  }

  get(tenant: string, correlationId: string): Promise<auth.AdvisorPublic | null> {
    const key = tenant.toLowerCase();
    const known = this.entries.get(key);
    if (known && known.until > this.now()) return known.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // cached while the call runs (shared by concurrent requests); its answer sets how long it stays
    const entry: Entry = { until: Number.POSITIVE_INFINITY, value: Promise.resolve(null) };
    entry.value = this.fetch(key, correlationId).then(({ advisor, failed }) => {
      entry.until = this.now() + (failed ? this.failureTtlMs : this.ttlMs);
      return advisor;
    });
    this.entries.set(key, entry);
    return entry.value;
  }

  private async fetch(
    tenant: string,
    correlationId: string,
  ): Promise<{ advisor: auth.AdvisorPublic | null; failed: boolean }> {
    try {
      const res = await callService(this.o.authPool, this.o.agent, {
        method: 'GET',
        path: '/api/v1/advisor/public',
        headers: signIdentityHeaders(this.o.secret, null, tenant, correlationId),
        timeoutMs: this.timeoutMs,
        connectTimeoutMs: this.o.connectTimeoutMs,
      });
      if (res.status === 404) return { advisor: null, failed: false };
      const data = (res.body as { data?: unknown } | null)?.data;
      const parsed = res.status === 200 ? auth.AdvisorPublic.safeParse(data) : null;
      if (parsed?.success) return { advisor: parsed.data, failed: false };
      this.o.logger.warn({ status: res.status, tenant }, 'advisor/public answered in an unexpected way');
      return { advisor: null, failed: true };
    } catch (err) {
      this.o.logger.warn({ err, tenant }, 'svc-auth unreachable for the advisor public page');
      return { advisor: null, failed: true };
    }
  }
}
