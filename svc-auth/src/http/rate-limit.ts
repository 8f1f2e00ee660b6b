import type { Response } from 'express';
import { AppError, type Limit, RateLimiterRes, retryAfterSec, type ServiceContext } from '@kinfolio/service-kit';

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * svc-auth's limits (rate-limiter-flexible, docs/decisions/auth.md "Rate limits"). Nothing is limited by account
 * alone in a way that refuses: an account's own counters only slow sign-in down (ACCOUNT_DELAY) or stop extra
 * mails, so a stranger cannot lock the owner out. Refusals are keyed by address, or by account and address.
 */
export const LIMITS = {
  /**
   * Documented login protection: consecutive failures by account and address (reset on success), then a block.
   * The sign-in limits are consumed before the password check and refunded when it was not a wrong password.
   */
  loginFailPair: { points: 10, duration: DAY, blockDuration: HOUR },
  /** Documented login protection: slow brute force by address, failures per day. */
  loginFailIpDay: { points: 100, duration: DAY, blockDuration: DAY },
  /** Sign-in attempts per address, whatever the outcome (bounds password hashing per address). */
  loginIp: { points: 50, duration: 15 * MIN },
  /** Failures per account from any address: never refuses, only grows ACCOUNT_DELAY (reset on success). */
  loginFailAccount: { points: 1_000_000, duration: DAY },
  otpPair: { points: 10, duration: 15 * MIN },
  otpIp: { points: 60, duration: 15 * MIN },
  passwordPair: { points: 5, duration: 15 * MIN },
  passwordIp: { points: 30, duration: 15 * MIN },
  resendPair: { points: 5, duration: 15 * MIN },
  resendIp: { points: 30, duration: 15 * MIN },
  /**
   * Mails of codes per account (forgot-password, verify-email): over it the request is answered as usual but no
   * new mail goes out. The window is the codes' 10-minute lifetime, so the newest mailed code is still valid.
   */
  mailAccount: { points: 3, duration: 10 * MIN },
  registerPair: { points: 5, duration: HOUR },
  registerIp: { points: 20, duration: HOUR },
  /** Sign-ups per e-mail from any address (mail and SMS bombing); sign-up is no way into an existing account. */
  registerAccount: { points: 10, duration: HOUR },
} as const;

export type LimitName = keyof typeof LIMITS;

/** Growing delay before a sign-in for an account with recent failures: none for 5, then 250 ms doubling up to 4 s. */
export const ACCOUNT_DELAY = { free: 5, baseMs: 250, maxMs: 4000 } as const;
export const accountDelayMs = (failures: number): number =>
  failures < ACCOUNT_DELAY.free
    ? 0
    : Math.min(ACCOUNT_DELAY.maxMs, ACCOUNT_DELAY.baseMs * 2 ** (failures - ACCOUNT_DELAY.free));

export interface Rule {
  name: LimitName;
  key: string;
}

/** A rule for a subject: an address, an account (`door:email`), or both (account, address). */
export const rule = (name: LimitName, ...subject: string[]): Rule => ({
  name,
  key: subject.map((s) => s.toLowerCase()).join('|'),
});

const refuse = (res: Response, left: RateLimiterRes, what: string): AppError => {
  const seconds = retryAfterSec(left);
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  res.set('Retry-After', String(seconds));
  return new AppError(429, `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
};

/** The limiters of svc-auth, made once per service over the kit's rate-limit port (Redis or memory). */
export class AuthLimits {
  private readonly limits = new Map<LimitName, Limit>();

  constructor(ctx: ServiceContext) {
    for (const [name, opts] of Object.entries(LIMITS) as Array<[LimitName, (typeof LIMITS)[LimitName]]>) {
      const points = name === 'loginIp' ? ctx.config.AUTH_SIGN_IN_PER_ADDRESS : opts.points;
      this.limits.set(name, ctx.limiter.create({ name: `auth:${name}`, ...opts, points }));
    }
  }

  private of(name: LimitName): Limit {
    return this.limits.get(name)!;
  }

  /** Runs `call` on every rule's limiter at once; a limiter that fails is passed over (best effort). */
  private async eachQuietly(rules: Rule[], call: (limiter: Limit, key: string) => Promise<unknown>): Promise<void> {
    await Promise.all(rules.map((r) => call(this.of(r.name), r.key).catch(() => undefined)));
  }

  /** Counts one attempt under the rule: null when within it, else what the limiter said (time left). */
  private async take(r: Rule): Promise<RateLimiterRes | null> {
    try {
      await this.of(r.name).consume(r.key);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return err;
      throw err;
    }
  }

  /** Counts one attempt under every rule; over any → 429 with Retry-After and a message saying when to retry. */
  async count(res: Response, rules: Rule[], what: string): Promise<void> {
    for (const r of rules) {
      const over = await this.take(r);
      if (over) throw refuse(res, over, what);
    }
  }

  /** Counts one attempt under the rule and says whether it was within it (no refusal: the caller decides). */
  async within(r: Rule): Promise<boolean> {
    return (await this.take(r)) === null;
  }

  /** Records a failure under every rule (never refuses). */
  async fail(rules: Rule[]): Promise<void> {
    for (const r of rules) await this.of(r.name).penalty(r.key);
  }

  /** Hands back one counted attempt under every rule (it turned out not to be a failure). */
  async refund(rules: Rule[]): Promise<void> {
    await this.eachQuietly(rules, (limiter, key) => limiter.reward(key));
  }

  /** Forgets the rules' counts (after a success). */
  async clear(rules: Rule[]): Promise<void> {
    await this.eachQuietly(rules, (limiter, key) => limiter.delete(key));
  }

  /** The failures counted so far under a rule. */
  async failures(r: Rule): Promise<number> {
    return (await this.of(r.name).get(r.key))?.consumedPoints ?? 0;
  }
}
