import type { Access, Method, ServiceName } from '@kinfolio/contracts';

export interface RouteInfo {
  /** The route table's path (`users/:id`). */
  path: string;
  service: ServiceName;
  access: Access;
  withoutMembership?: boolean;
}

interface Compiled {
  route: RouteInfo;
  re: RegExp;
}

const escapeRe = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `users/:id` → /^users\/([^/]+)$/i ; `files/blob/*key` → /^files\/blob\/(.+)$/i */
function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '([^/]+)' : seg.startsWith('*') ? '(.+)' : escapeRe(seg)))
    .join('/');
  return new RegExp(`^${source}$`, 'i');
}

/**
 * The gateway's view of the route table, compiled once: exact paths by method in a map, parameterised paths as
 * regular expressions. Only explicit routes: a path no route lists is a 404 at the gateway (no prefix routes that
 * forward whole trees to a service that may not serve them: issue 10 item 13). Matching is case-insensitive and ignores
 * one trailing slash, as express does. HEAD is matched as GET.
 */
export class RouteTable {
  private readonly exact = new Map<string, RouteInfo>();
  private readonly patterns = new Map<string, Compiled[]>();

  constructor(routes: ReadonlyArray<RouteInfo & { method: Method }>) {
    for (const r of routes) {
      const info: RouteInfo = {
        path: r.path,
        service: r.service,
        access: r.access,
        withoutMembership: r.withoutMembership,
      };
      if (/[:*]/.test(r.path)) {
        const list = this.patterns.get(r.method) ?? [];
        list.push({ route: info, re: compile(r.path) });
        this.patterns.set(r.method, list);
      } else {
        const key = `${r.method} ${r.path.toLowerCase()}`;
        if (!this.exact.has(key)) this.exact.set(key, info);
      }
    }
  }

  /** `path` is the part after `/api/v1/`, without the query string. */
  match(method: string, path: string): RouteInfo | undefined {
    const m = method === 'HEAD' ? 'GET' : method;
    const p = path.endsWith('/') ? path.slice(0, -1) : path;
    if (!p) return undefined;
    const exact = this.exact.get(`${m} ${p.toLowerCase()}`);
    if (exact) return exact;
    for (const c of this.patterns.get(m) ?? []) if (c.re.test(p)) return c.route;
    return undefined;
  }
}
