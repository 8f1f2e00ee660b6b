import { KitConfig } from '@kinfolio/service-kit';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The gateway's own keys (everything else comes from the kit's KitConfig). */
export const GatewayKeys = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** How long a replica may take to accept a TCP connection before the next one is tried (ms). */
  CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1000),
  /** How long an upstream may stay silent before the gateway answers 504 (ms): every route but the slow ones. */
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** The same for the slow routes (uploads, stored files, calculations, document sharing; see time-limits.ts). */
  SLOW_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /** Largest request body (bytes): a 10 MB file in base64 inside JSON is about 13.4 MB. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(15 * 1024 * 1024),
  /** How long a verified session is cached when svc-auth had to be asked (s). */
  SESSION_CACHE_TTL_SEC: z.coerce.number().int().min(1).max(3600).default(30),
  /** Set when a load balancer in front appends X-Forwarded-For (then its last hop is kept, not replaced). */
  TRUST_PROXY: bool,
  REMOTE_MF_ADVISOR_URL: z.string().min(1).optional(),
  REMOTE_MF_CUSTOMER_URL: z.string().min(1).optional(),
  REMOTE_MF_ADMIN_URL: z.string().min(1).optional(),
  REMOTE_MF_SUPPORT_URL: z.string().min(1).optional(),
});
export type GatewayKeys = z.infer<typeof GatewayKeys>;

/** Validated configuration of the distributed gateway: the kit's keys and the gateway's. */
export const GatewayConfig = KitConfig.and(GatewayKeys);
/**
 * What createGateway accepts: the kit's configuration, with any of the gateway's keys (missing ones take their
 * defaults), so embedded mode can pass the services' KitConfig as it is.
 */
export type GatewayConfig = KitConfig & Partial<GatewayKeys>;

export type ResolvedGatewayConfig = KitConfig & GatewayKeys;

export function resolveGatewayConfig(config: GatewayConfig): ResolvedGatewayConfig {
  const defaults = GatewayKeys.parse({});
  const merged: ResolvedGatewayConfig = { ...config, ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof GatewayKeys>) {
    const v = config[key];
    if (v !== undefined) Object.assign(merged, { [key]: v });
  }
  for (const key of [
    'REMOTE_MF_ADVISOR_URL',
    'REMOTE_MF_CUSTOMER_URL',
    'REMOTE_MF_ADMIN_URL',
    'REMOTE_MF_SUPPORT_URL',
  ] as const) {
    if (config[key]) merged[key] = config[key];
  }
  return merged;
}
