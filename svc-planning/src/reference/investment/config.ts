import { z } from 'zod';

const httpUrl = z
  .string()
  .url({ message: 'must be a URL' })
  .refine((u) => /^https?:\/\//i.test(u), { message: 'must be an http or https URL of a CSV or JSON feed' });

/**
 * The fund price import's configuration (issue 15), validated with the service's own at start: where prices come
 * from, how often the job runs, its batch size and its lease. Without FUND_FEED_URL embedded mode reads the bundled
 * sample feed (sample-feed.ts) and distributed mode has no source (the import answers that it is not configured).
 */
export const FundImportConfig = z.object({
  FUND_FEED_URL: z.preprocess((v) => (v === '' ? undefined : v), httpUrl.optional()),
  /** Milliseconds between scheduled runs (default 6 hours); 0 runs it on demand only. */
  FUND_IMPORT_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000)
    .default(6 * 3_600_000),
  /** Funds written per multi-row upsert. */
  FUND_IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(5_000).default(500),
  /** A pause between batches, to spread the load on a busy database (default none). */
  FUND_IMPORT_BATCH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** How long a replica holds the run without renewing (renewed after every batch); a crashed one's run is resumed after it. */
  FUND_IMPORT_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** The feed's largest accepted size in bytes. */
  FUND_FEED_MAX_BYTES: z.coerce.number().int().min(1_000).max(200_000_000).default(20_000_000),
});
export type FundImportConfig = z.infer<typeof FundImportConfig>;

/** Parses the import's keys from the environment; throws one line per bad key (as loadConfig does). */
export function fundImportConfig(env: Record<string, string | undefined> = process.env): FundImportConfig {
  const result = FundImportConfig.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid configuration for svc-planning:\n${lines.join('\n')}`);
  }
  return result.data;
}
