import type { RouteInfo } from './route-table';

/**
 * Routes that may legitimately take long: uploads and stored files (a 10 MB body on a slow link), the planning
 * calculations (scenario modelling, data tables), report exports and document sharing (render a document). Everything
 * else answers in well under a second, so a silent upstream there is given PROXY_TIMEOUT_MS, not minutes.
 */
const SLOW = /^(files\/|customer\/calculate\/|share-document$|customer\/:id\/exports$)|upload/i;

export function isSlowRoute(route: Pick<RouteInfo, 'path'>): boolean {
  return SLOW.test(route.path);
}

/** The time limit of one route (ms): how long its service may stay silent before the caller gets 504. */
export function timeLimitFor(
  route: Pick<RouteInfo, 'path'>,
  cfg: { PROXY_TIMEOUT_MS: number; SLOW_PROXY_TIMEOUT_MS: number },
): number {
  return isSlowRoute(route) ? cfg.SLOW_PROXY_TIMEOUT_MS : cfg.PROXY_TIMEOUT_MS;
}
