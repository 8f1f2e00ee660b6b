import { isSecureRequest, sessionCookieName } from '@kinfolio/contracts';
import { currentContext, type ServiceContext } from '@kinfolio/service-kit';
import type { Request, Response } from 'express';
import { SESSION_IDLE_DAYS } from '../domain/sessions';

/**
 * Whether the browser reached Kinfolio over https: PUBLIC_URL is https, or the gateway says so. The gateway sets
 * X-Forwarded-Proto on every call it forwards (from its own TLS, or from a proxy it trusts); only a call the gateway
 * signed is believed (issue 30 item 8, docs/decisions/gateway.md).
 */
function secure(ctx: ServiceContext, req: Request): boolean {
  const proto = currentContext()?.trusted ? req.headers['x-forwarded-proto'] : undefined;
  return isSecureRequest(ctx.config.PUBLIC_URL, Array.isArray(proto) ? proto[0] : proto);
}

/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/, no Domain (only the host that set it gets it back). Over https
 * it is Secure and named `__Host-kf_session`; over plain http (localhost) `kf_session` (contracts sessionCookieName).
 */
function cookie(ctx: ServiceContext, req: Request) {
  const isSecure = secure(ctx, req);
  return {
    name: sessionCookieName(isSecure),
    options: { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isSecure },
  };
}

export function setSessionCookie(ctx: ServiceContext, res: Response, token: string): void {
  const c = cookie(ctx, res.req);
  res.cookie(c.name, token, { ...c.options, maxAge: SESSION_IDLE_DAYS * 86_400_000 });
}

export function clearSessionCookie(ctx: ServiceContext, res: Response): void {
  const c = cookie(ctx, res.req);
  res.clearCookie(c.name, c.options);
}

/** The token the browser already holds (bearer, or the cookie of the request's scheme), revoked at the next sign-in. */
export function presentedToken(ctx: ServiceContext, req: Request): string | undefined {
  const authz = req.headers.authorization;
  if (typeof authz === 'string' && /^bearer\s+\S/i.test(authz))
    return authz
      .replace(/^bearer\s+/i, '')
      .trim()
      .slice(0, 512);
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  const name = cookie(ctx, req).name;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const v = part
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '');
      if (v) return v.slice(0, 512);
    }
  }
  return undefined;
}
