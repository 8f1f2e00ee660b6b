import { type Route, routes } from '@kinfolio/contracts';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError, UNKNOWN_KEY_MESSAGE } from './errors';

/**
 * The request-edge rules of every JSON body route of the route table (issue 30 items 6 and 7), applied by the kit
 * before a service's handler so no service can differ:
 * - a POST, PUT or PATCH of a route whose table entry has a `body` takes `application/json` only: any other content
 *   type, or bytes with none, is a 415 (express.json would leave such a body unread and the handler would see `{}`);
 *   a request with no body at all and no content type is an empty JSON object, as before;
 * - a key the route's body schema does not know is a 400 naming it, whatever the handler checks first.
 * Routes without a `body` (multipart uploads, raw files, the Stripe webhook, calls that read no body) are untouched.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const escapeRe = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

export interface BodyRoutes {
  /** The table route (with a `body`) that serves `method` and the path after `/api/v1/`, if any. */
  match(method: string, path: string): Route | undefined;
}

/**
 * The JSON body routes of one service, matched as the gateway matches the table (gateway/src/route-table.ts): exact
 * paths first, then parameterised ones in table order; case-insensitive, one trailing slash ignored. A table route
 * of another method or without a body never shadows one with a body here, because the gateway routed the call already.
 */
export function bodyRoutes(service: string): BodyRoutes {
  const exact = new Map<string, Route>();
  const patterns: Array<{ method: string; re: RegExp; route: Route }> = [];
  const shadowed = new Set<string>();
  for (const r of routes) {
    if (r.service !== service) continue;
    if (!/[:*]/.test(r.path)) {
      const key = `${r.method} ${r.path.toLowerCase()}`;
      if (!exact.has(key) && !shadowed.has(key)) {
        if (r.body) exact.set(key, r);
        else shadowed.add(key);
      }
      continue;
    }
    const source = r.path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.startsWith('*') ? '.+' : escapeRe(seg)))
      .join('/');
    patterns.push({ method: r.method, re: new RegExp(`^${source}$`, 'i'), route: r });
  }
  return {
    match(method, path) {
      const p = path.endsWith('/') ? path.slice(0, -1) : path;
      if (!p) return undefined;
      const key = `${method} ${p.toLowerCase()}`;
      if (shadowed.has(key)) return undefined;
      const hit = exact.get(key);
      if (hit) return hit;
      const found = patterns.find((c) => c.method === method && c.re.test(p))?.route;
      return found?.body ? found : undefined;
    },
  };
}

export const JSON_ONLY_MESSAGE = 'This call takes a JSON body: send it with Content-Type: application/json';

const API = '/api/v1/';
const routeOf = (table: BodyRoutes, method: string, path: string): Route | undefined =>
  WRITE_METHODS.has(method) && path.startsWith(API) ? table.match(method, path.slice(API.length)) : undefined;

/** Before body parsing: a JSON body route refuses every other content type with a 415. */
export function requireJsonContentType(table: BodyRoutes): RequestHandler {
  return (req, _res, next) => {
    if (!routeOf(table, req.method, req.path)) return next();
    const type = req.headers['content-type'];
    const length = req.headers['content-length'];
    const hasBytes = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (type === undefined ? hasBytes : type.split(';')[0]?.trim().toLowerCase() !== 'application/json')
      throw new AppError(415, JSON_ONLY_MESSAGE, { errors: [{ 'content-type': [JSON_ONLY_MESSAGE] }] });
    next();
  };
}

/**
 * After body parsing: the keys the route's body schema does not know, one error each named by its path. Only
 * unknown keys are answered here; every other problem is the handler's to name, in its own order.
 */
export function refuseUnknownKeys(table: BodyRoutes): RequestHandler {
  return (req, _res, next) => {
    const route = routeOf(table, req.method, req.path);
    if (!route?.body) return next();
    const result = (route.body as z.ZodType).safeParse(req.body ?? {});
    if (result.success) return next();
    const unknown = result.error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys' ? i.keys.map((k) => [...i.path, k].join('.')) : [],
    );
    if (!unknown.length) return next();
    throw new AppError(400, `${unknown[0]}: ${UNKNOWN_KEY_MESSAGE}`, {
      errors: unknown.map((field) => ({ [field]: [UNKNOWN_KEY_MESSAGE] })),
    });
  };
}
