import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Configuration every service shares; a service extends it with its own keys. Validated at start. */
export const KitConfig = z
  .object({
    MODE: z.enum(['embedded', 'distributed']).default('embedded'),
    INTERNAL_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }),
    DATA_DIR: z.string().min(1).default('.data'),
    /** The interface a service listens on: loopback unless set (containers set 0.0.0.0; issue 10 item 6). */
    BIND_HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    DATABASE_URL: z.string().url().optional(),
    /**
     * A hot standby of DATABASE_URL (same databases, read-only) for reads that can lag (issue 37): distributed mode
     * only; a service that routes reads there (svc-planning read-db.ts) falls back to the primary while it is down.
     */
    READ_DATABASE_URL: z.string().url().optional(),
    AMQP_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    /** Prefixes exchange and queue names (tests and side-by-side installs share one broker). */
    AMQP_NAMESPACE: z.string().regex(/^[a-z0-9_.-]*$/).default(''),
    REDIS_PREFIX: z.string().default('kf:'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z.string().url().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Kinfolio <no-reply@kinfolio.app>'),
    SMS_WEBHOOK_URL: z.string().url().optional(),
    SMS_API_KEY: z.string().optional(),
    SEED_DEMO: bool,
    /**
     * svc-auth: sign-in attempts allowed per address in 15 minutes, whatever the outcome (rate-limit.ts `loginIp`).
     * The default is the documented protection; the end-to-end suite, which signs in some fifty times from one
     * address, raises it so a retried journey does not lock the next one out.
     */
    AUTH_SIGN_IN_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
    /** Keeps sent mail and SMS viewable at /dev/mailbox (always on in embedded mode). */
    OFFLINE_OUTBOX: bool,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Replies checked against their contracts (http.ts contractCheck): the tests run 'strict'. */
    CONTRACT_CHECK: z.enum(['off', 'log', 'strict']).default('off'),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.MODE !== 'distributed') return;
    for (const key of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL'] as const) {
      if (!cfg[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in distributed mode' });
    }
    if (cfg.S3_BUCKET && (!cfg.S3_ACCESS_KEY_ID || !cfg.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3 credentials are required with S3_BUCKET' });
    }
  });
export type KitConfig = z.infer<typeof KitConfig>;

/** Validates configuration, failing fast with one line per bad key. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env, who = 'service'): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid configuration for ${who}:\n${lines.join('\n')}`);
  }
  return result.data;
}
