import type { Response } from 'express';
import { AppError, type ServiceContext } from '@kinfolio/service-kit';

export interface Rule {
  key: string;
  limit: number;
  windowSec: number;
}

/** Limits (count, window in seconds). Per account keys use the e-mail; per address keys the client IP. */
export const LIMITS = {
  loginAccount: { limit: 10, windowSec: 900 },
  loginIp: { limit: 50, windowSec: 900 },
  otpAccount: { limit: 10, windowSec: 900 },
  otpIp: { limit: 60, windowSec: 900 },
  passwordAccount: { limit: 5, windowSec: 900 },
  passwordIp: { limit: 30, windowSec: 900 },
  resendAccount: { limit: 5, windowSec: 900 },
  resendIp: { limit: 30, windowSec: 900 },
  registerAccount: { limit: 5, windowSec: 3600 },
  registerIp: { limit: 20, windowSec: 3600 },
} as const;

export const rule = (name: keyof typeof LIMITS, subject: string): Rule => ({ key: `auth:${name}:${subject.toLowerCase()}`, ...LIMITS[name] });

/** Counts one attempt under every rule; over any limit → 429 with Retry-After and a message saying when to retry. */
export async function limit(ctx: ServiceContext, res: Response, rules: Rule[], what: string): Promise<void> {
  for (const r of rules) {
    const result = await ctx.limiter.hit(r.key, r.limit, r.windowSec);
    if (!result.allowed) {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSec / 60));
      res.set('Retry-After', String(result.retryAfterSec));
      throw new AppError(429, `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }
}

export async function resetLimit(ctx: ServiceContext, r: Rule): Promise<void> {
  await ctx.limiter.reset(r.key).catch(() => undefined);
}
