import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '@kinfolio/contracts';
import type { ServiceContext } from '@kinfolio/service-kit';
import { SESSION_IDLE_DAYS } from '../domain/sessions';

/** kf_session: HttpOnly, SameSite=Lax, Path=/, Secure when the public URL is https (so not on plain localhost). */
function options(ctx: ServiceContext) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: ctx.config.PUBLIC_URL.startsWith('https:') };
}

export function setSessionCookie(ctx: ServiceContext, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, { ...options(ctx), maxAge: SESSION_IDLE_DAYS * 86_400_000 });
}

export function clearSessionCookie(ctx: ServiceContext, res: Response): void {
  res.clearCookie(SESSION_COOKIE, options(ctx));
}

/** The token the browser already holds (cookie or bearer), revoked at the next sign-in. */
export function presentedToken(req: Request): string | undefined {
  const authz = req.headers.authorization;
  if (typeof authz === 'string' && /^bearer\s+\S/i.test(authz)) return authz.replace(/^bearer\s+/i, '').trim().slice(0, 512);
  const cookie = req.headers.cookie;
  if (typeof cookie !== 'string') return undefined;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const v = part.slice(eq + 1).trim().replace(/^"|"$/g, '');
      if (v) return v.slice(0, 512);
    }
  }
  return undefined;
}
