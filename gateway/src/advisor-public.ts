import { auth } from '@kinfolio/contracts';
import { type TenantAnswer, TenantLookup, type TenantLookupOptions } from './tenant-lookup';

/** ttlMs: how long an answer (an advisor, or none for that sub-domain) is reused, 60 s; failureTtlMs 5 s. */
export type AdvisorDirectoryOptions = TenantLookupOptions;

/**
 * The public details of the advisor a sub-domain names, for the gateway's own pages (the og tags of index.html):
 * `GET /api/v1/advisor/public` on svc-auth with signed internal headers carrying the tenant, as every proxied call
 * does. Answers are cached briefly per sub-domain and concurrent look-ups share one call. It never throws: an
 * unknown sub-domain, an unexpected reply or an unreachable svc-auth all answer null.
 */
export class AdvisorDirectory {
  private readonly lookup: TenantLookup<auth.AdvisorPublic>;

  constructor(private readonly o: AdvisorDirectoryOptions) {
    this.lookup = new TenantLookup(o, { ttlMs: 60_000, failureTtlMs: 5_000 }, (tenant, correlationId) =>
      this.fetch(tenant, correlationId),
    );
  }

  get(tenant: string, correlationId: string): Promise<auth.AdvisorPublic | null> {
    return this.lookup.get(tenant, correlationId);
  }

  private async fetch(tenant: string, correlationId: string): Promise<TenantAnswer<auth.AdvisorPublic>> {
    try {
      const res = await this.lookup.callAuth('/api/v1/advisor/public', tenant, correlationId);
      if (res.status === 404) return { value: null, failed: false };
      const data = (res.body as { data?: unknown } | null)?.data;
      const parsed = res.status === 200 ? auth.AdvisorPublic.safeParse(data) : null;
      if (parsed?.success) return { value: parsed.data, failed: false };
      this.o.logger.warn({ status: res.status, tenant }, 'advisor/public answered in an unexpected way');
      return { value: null, failed: true };
    } catch (err) {
      this.o.logger.warn({ err, tenant }, 'svc-auth unreachable for the advisor public page');
      return { value: null, failed: true };
    }
  }
}
