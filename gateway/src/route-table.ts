import type { Access, Method, ServiceName } from '@kinfolio/contracts';

export interface RouteInfo {
  /** The route table's path (`users/:id`), or the prefix of a prefix route. */
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
 * regular expressions, then the prefix routes (longest prefix first). Matching is case-insensitive and ignores
 * one trailing slash, as express does. HEAD is matched as GET.
 */
export class RouteTable {
  private readonly exact = new Map<string, RouteInfo>();
  private readonly patterns = new Map<string, Compiled[]>();
  private readonly prefixes: Array<{ prefix: string; route: RouteInfo }>;

  constructor(
    routes: ReadonlyArray<RouteInfo & { method: Method }>,
    prefixRoutes: ReadonlyArray<{ prefix: string; service: ServiceName; access: Access }>,
  ) {
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
    this.prefixes = [...prefixRoutes]
      .sort((a, b) => b.prefix.length - a.prefix.length)
      .map((p) => ({
        prefix: p.prefix.toLowerCase(),
        route: { path: p.prefix, service: p.service, access: p.access },
      }));
  }

  /** `path` is the part after `/api/v1/`, without the query string. */
  match(method: string, path: string): RouteInfo | undefined {
    const m = method === 'HEAD' ? 'GET' : method;
    const p = path.endsWith('/') ? path.slice(0, -1) : path;
    if (!p) return undefined;
    const exact = this.exact.get(`${m} ${p.toLowerCase()}`);
    if (exact) return exact;
    for (const c of this.patterns.get(m) ?? []) if (c.re.test(p)) return c.route;
    const lower = p.toLowerCase();
    for (const { prefix, route } of this.prefixes) {
      if (lower === prefix || lower.startsWith(`${prefix}/`)) return route;
    }
    return undefined;
  }
}
