import { join } from 'node:path';
import { billing } from '@kinfolio/contracts';
import { AppError, internalOnly, loadConfig, type ServiceContext, type ServiceModule } from '@kinfolio/service-kit';
import { migrations } from '../migrations';
import { type Billing, sweepSubscriptions } from './domain/billing';
import { sweepExpiredTrials } from './domain/trials';
import { handleWebhook } from './domain/webhooks';
import { billingRoutes } from './http/v1/billing.routes';
import { trialRoutes } from './http/v1/trial.routes';
import { webhookRoutes } from './http/v1/webhook.routes';
import { onAdvisorRegistered } from './messaging/on-advisor-registered';
import { onUserDeleted } from './messaging/on-user-deleted';
import { OfflineProvider } from './payments/offline';
import type { PaymentProvider } from './payments/provider';
import { StripeConfig, stripeFromConfig } from './payments/stripe';

export const DEFAULT_TRIAL_SWEEP_MS = 60_000;

export interface BillingOptions {
  /** How often the trial and subscription sweep runs (ms); 0 turns it off. Default: env TRIAL_SWEEP_MS, else 60000. */
  trialSweepMs?: number;
  /** The payment provider; default: Stripe when STRIPE_* are set, else the offline test-mode provider. */
  provider?: PaymentProvider;
  /** Days a past-due subscription stays usable; default env BILLING_GRACE_DAYS, else billing.GRACE_DAYS (3). */
  graceDays?: number;
}

function sweepIntervalFromEnv(): number {
  const raw = process.env.TRIAL_SWEEP_MS;
  const n = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_TRIAL_SWEEP_MS;
}

function graceDaysFromEnv(): number {
  const raw = process.env.BILLING_GRACE_DAYS;
  const n = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 60 ? n : billing.GRACE_DAYS;
}

/**
 * The configured provider: Stripe when its three keys are set (a partial set fails the start), else offline, its
 * state kept under `dataDir` when given (embedded `npm start` survives a restart).
 */
export function providerFromEnv(
  env: Record<string, string | undefined> = process.env,
  dataDir?: string,
): PaymentProvider {
  return (
    stripeFromConfig(loadConfig(StripeConfig, env, 'svc-billing')) ??
    new OfflineProvider({ stateFile: dataDir ? join(dataDir, 'payments', 'offline-provider.json') : undefined })
  );
}

/** One billing sweep: the offline provider's clock to now (renewals, retries), then expiries and period ends. */
export async function sweepBilling(b: Billing, now = new Date()): Promise<void> {
  if (b.provider instanceof OfflineProvider) await b.provider.advanceClock(now);
  await sweepSubscriptions(b, now);
}

/** svc-billing: trials, plans, cards, subscriptions, transactions and the payment provider's webhooks. */
export function createBillingModule(options: BillingOptions = {}): ServiceModule {
  const timers = new WeakMap<ServiceContext, NodeJS.Timeout>();
  const running = new WeakMap<ServiceContext, Billing>();
  /** The sweep under way, which a stop waits for before the database closes (a sweep left running waited out the
   * pool's 10 s acquire timeout). */
  const sweeping = new WeakMap<ServiceContext, Promise<void>>();
  return {
    name: 'svc-billing',
    migrations,
    routes(app, ctx) {
      const provider = options.provider ?? providerFromEnv(process.env, ctx.config.DATA_DIR);
      const b: Billing = { ctx, provider, graceDays: options.graceDays ?? graceDaysFromEnv() };
      running.set(ctx, b);
      // the offline provider's events go through the same handler, signature check included, as Stripe's
      if (provider instanceof OfflineProvider)
        provider.connect(async (payload, signature) => {
          await handleWebhook(b, payload, signature);
        });
      webhookRoutes(app, b);
      // test only: BILLING_TEST_CLOCK=true with the offline provider lets a system test (signed internal call) run
      // the billing sweep as of a later time — renewals, retries, grace — on a service running as a process.
      // Never mounted otherwise (404), and never with Stripe, whose clock is its own.
      if (process.env.BILLING_TEST_CLOCK === 'true') {
        if (provider instanceof OfflineProvider)
          app.post('/internal/test-clock', internalOnly, async (req, res) => {
            const to = Date.parse(String((req.body as { to?: unknown } | undefined)?.to ?? ''));
            if (!Number.isFinite(to))
              throw new AppError(400, 'to must be a date-time', { errors: [{ to: ['Invalid'] }] });
            await sweepBilling(b, new Date(to));
            await provider.flush();
            res.json({ data: { now: new Date(provider.now() * 1000).toISOString() } });
          });
        else ctx.logger.warn('BILLING_TEST_CLOCK ignored: only the offline provider has a test clock');
      }
      trialRoutes(app, b);
      billingRoutes(app, b);
    },
    consumers: (ctx) => [onAdvisorRegistered(ctx), onUserDeleted()],
    async onStart(ctx) {
      const every = options.trialSweepMs ?? sweepIntervalFromEnv();
      if (every <= 0) return;
      const timer = setInterval(() => {
        if (sweeping.has(ctx)) return;
        const b = running.get(ctx);
        const sweep = sweepExpiredTrials(ctx)
          .then(() => (b ? sweepBilling(b) : undefined))
          .catch((err: unknown) => ctx.logger.error({ err }, 'billing sweep failed'))
          .finally(() => sweeping.delete(ctx));
        sweeping.set(ctx, sweep);
      }, every);
      timer.unref();
      timers.set(ctx, timer);
    },
    async onStop(ctx) {
      const timer = timers.get(ctx);
      if (timer) clearInterval(timer);
      timers.delete(ctx);
      await sweeping.get(ctx);
      const b = running.get(ctx);
      // a provider the module made is the module's to close; one handed in belongs to the caller
      if (b && !options.provider) await b.provider.close();
    },
  };
}

export const billingModule: ServiceModule = createBillingModule();
