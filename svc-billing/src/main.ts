import { billing } from '@kinfolio/contracts';
import { KitConfig, loadConfig, runServiceProcess } from '@kinfolio/service-kit';
import { z } from 'zod';
import { createBillingModule, DEFAULT_TRIAL_SWEEP_MS, providerFromEnv } from './module';

const config = loadConfig(
  KitConfig.and(
    z.object({
      PORT: z.coerce.number().int().min(0).max(65535).default(3000),
      TRIAL_SWEEP_MS: z.coerce.number().int().min(0).default(DEFAULT_TRIAL_SWEEP_MS),
      BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(billing.GRACE_DAYS),
    }),
  ),
  process.env,
  'svc-billing',
);
// STRIPE_* validated here too (all three or none): a partial set stops the start with one line per key
const provider = providerFromEnv(process.env, config.DATA_DIR);
runServiceProcess(
  'svc-billing',
  config,
  (logger) => {
    logger.info({ provider: provider.kind }, 'payment provider');
    return createBillingModule({ trialSweepMs: config.TRIAL_SWEEP_MS, graceDays: config.BILLING_GRACE_DAYS, provider });
  },
  { port: config.PORT },
);
