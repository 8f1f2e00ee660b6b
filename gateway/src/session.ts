import { createHash } from 'node:crypto';
import type http from 'node:http';
import { auth, sessionCookieName } from '@kinfolio/contracts';
import { type Cache, type Logger, signIdentityHeaders } from '@kinfolio/service-kit';
import type { SessionMirror } from './session-mirror';
import { callService, type ReplicaPool } from './upstreams';

export type SessionIdentity = auth.SessionIdentity;

/** What the gateway knows about the caller of one request. */
export type SessionState =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'valid'; identity: SessionIdentity; tokenHash: string }
  /** svc-auth could not be asked (down): never logs anyone out, answers 503. */
  | { kind: 'unavailable' };

/**
 * The session token: `Authorization: Bearer <token>`, or the session cookie of the request's scheme (`kf_session`
 * over http, `__Host-kf_session` over https: contracts sessionCookieName).
 */
export function sessionToken(headers: http.IncomingHttpHeaders, secure = false): string | undefined {
  const name = sessionCookieName(secure);
  const authz = headers.authorization;
  if (typeof authz === 'string' && /^bearer\s+/i.test(authz)) {
    const t = authz.replace(/^bearer\s+/i, '').trim();
    if (t) return t;
  }
  const cookie = headers.cookie;
  if (typeof cookie === 'string' && cookie.includes(name)) {
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      if (part.slice(0, eq).trim() !== name) continue;
      let v = part.slice(eq + 1).trim();
      if (v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
      try {
        v = decodeURIComponent(v);
      } catch {
        // keep as is
      }
      if (v) return v;
    }
  }
  return undefined;
}

export const sessionCacheKey = (tokenHash: string) => `session:${tokenHash}`;
const invalidKey = (tokenHash: string) => `session-invalid:${tokenHash}`;
/** How long a token svc-auth refused is remembered, so junk tokens do not reach svc-auth on every request. */
const INVALID_TTL_SEC = 5;
const CACHE_TIMEOUT_MS = 500;
const CACHE_DOWN_MS = 2000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionResolverOptions {
  cache: Cache;
  /** With Redis: the exact in-process copy of the session keys (see session-mirror.ts). */
  mirror?: Pick<SessionMirror, 'get' | 'put' | 'seq'>;
  authPool: ReplicaPool;
  agent: http.Agent;
  secret: string;
  ttlSec: number;
  connectTimeoutMs: number;
  logger: Logger;
}

/**
 * Verifies a session once per request: the JSON SessionIdentity svc-auth keeps at `session:<sha256hex(token)>`
 * in the shared cache; on a miss, `POST <svc-auth>/internal/sessions/verify {token}` (signed as the gateway),
 * whose answer is cached for SESSION_CACHE_TTL_SEC.
 */
export class SessionResolver {
  /** Parsed identities by token hash, reused while the cached JSON is byte-for-byte the same (saves a parse per request). */
  private readonly parsed = new Map<string, { json: string; identity: SessionIdentity }>();
  /** sha256 of recently seen tokens (a token is sent on every request of its session: hashed once, not per request). */
  private readonly hashes = new Map<string, string>();
  private cacheDownUntil = 0;

  constructor(private readonly o: SessionResolverOptions) {}

  private parse(tokenHash: string, json: string): SessionIdentity | undefined {
    const memo = this.parsed.get(tokenHash);
    if (memo && memo.json === json) return memo.identity;
    const identity = parseIdentity(json);
    if (identity) {
      if (this.parsed.size >= 10_000) this.parsed.clear();
      this.parsed.set(tokenHash, { json, identity });
    }
    return identity;
  }

  async resolve(token: string | undefined, correlationId: string): Promise<SessionState> {
    if (!token) return { kind: 'none' };
    if (token.length > 512) return { kind: 'invalid' };
    let tokenHash = this.hashes.get(token);
    if (tokenHash === undefined) {
      if (this.hashes.size >= 10_000) this.hashes.clear();
      tokenHash = hashToken(token);
      this.hashes.set(token, tokenHash);
    }
    const key = sessionCacheKey(tokenHash);
    const cached = await this.cached(key);
    if (cached) {
      const identity = this.parse(tokenHash, cached);
      if (identity) return usable(identity, tokenHash);
    } else if (cached === null) {
      const refused = await this.cacheGet(invalidKey(tokenHash));
      if (refused) return { kind: 'invalid' };
    }
    let res: { status: number; body: unknown };
    try {
      res = await callService(this.o.authPool, this.o.agent, {
        method: 'POST',
        path: '/internal/sessions/verify',
        body: { token },
        headers: signIdentityHeaders(this.o.secret, null, undefined, correlationId),
        timeoutMs: 5000,
        connectTimeoutMs: this.o.connectTimeoutMs,
      });
    } catch (err) {
      this.o.logger.warn({ err }, 'svc-auth unreachable for session verification');
      return { kind: 'unavailable' };
    }
    if (res.status >= 500) return { kind: 'unavailable' };
    const body = res.body as { data?: unknown } | null;
    const identity =
      res.status === 200
        ? auth.SessionIdentity.safeParse(body && typeof body === 'object' && 'data' in body ? body.data : body)
        : null;
    if (!identity?.success) {
      if (res.status === 200)
        this.o.logger.error({ status: res.status }, 'svc-auth answered a session in an unknown shape');
      this.cacheSet(invalidKey(tokenHash), '1', INVALID_TTL_SEC);
      return { kind: 'invalid' };
    }
    this.cacheSet(key, JSON.stringify(identity.data), this.o.ttlSec);
    return usable(identity.data, tokenHash);
  }

  /** The session key's value: from the mirror when it has it, else from the cache (and kept in the mirror). */
  private async cached(key: string): Promise<string | null | undefined> {
    const mirror = this.o.mirror;
    if (!mirror) return this.cacheGet(key);
    const hit = mirror.get(key);
    if (hit !== undefined) return hit;
    const seq = mirror.seq;
    const value = await this.cacheGet(key);
    if (typeof value === 'string') mirror.put(key, value, seq);
    return value;
  }

  /**
   * A cache read that never holds a request up: when the cache is down (not connected, erroring, or slower than
   * CACHE_TIMEOUT_MS) the answer is `undefined` and, for CACHE_DOWN_MS, the cache is not asked at all; sessions are
   * then verified by svc-auth.
   */
  private async cacheGet(key: string): Promise<string | null | undefined> {
    if (Date.now() < this.cacheDownUntil) return undefined;
    if (!this.o.cache.isReady()) return this.cacheDown(new Error('cache not connected'));
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.o.cache.get(key),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`cache did not answer within ${CACHE_TIMEOUT_MS} ms`)),
            CACHE_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (err) {
      return this.cacheDown(err);
    } finally {
      clearTimeout(timer);
    }
  }

  private cacheSet(key: string, value: string, ttlSec: number): void {
    if (Date.now() < this.cacheDownUntil || !this.o.cache.isReady()) return;
    this.o.cache.set(key, value, ttlSec).catch((err: unknown) => this.cacheDown(err));
  }

  private cacheDown(err: unknown): undefined {
    if (Date.now() >= this.cacheDownUntil)
      this.o.logger.warn({ err }, 'session cache unavailable: verifying sessions with svc-auth');
    this.cacheDownUntil = Date.now() + CACHE_DOWN_MS;
    return undefined;
  }
}

function usable(identity: SessionIdentity, tokenHash: string): SessionState {
  return identity.status === 'active' ? { kind: 'valid', identity, tokenHash } : { kind: 'invalid' };
}

function parseIdentity(json: string): SessionIdentity | undefined {
  try {
    const r = auth.SessionIdentity.safeParse(JSON.parse(json));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}
