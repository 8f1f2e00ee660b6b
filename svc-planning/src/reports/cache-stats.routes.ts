import type { ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { cacheStats } from './cache';

/**
 * GET /internal/cache-stats on svc-planning's own port (never routed by the gateway, outside the /api/v1 table, like
 * /healthz): this instance's counters of every projection cache, `{ caches: { <name>: { local_hits, shared_hits,
 * misses, shared_errors, bytes_written, too_large, waited_hits } } }`. The scale bench reads it from every replica and
 * sums. Counts only, no household data: unauthenticated, as /healthz is.
 */
export function cacheStatsRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/internal/cache-stats', (_req, res) => {
    res.json(cacheStats(ctx));
  });
}
