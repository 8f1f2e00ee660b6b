import type { ServiceContext, ServiceModule } from '@kinfolio/service-kit';
import { migrations } from '../migrations';
import { sweepExpiredTrials } from './domain/trials';
import { trialRoutes } from './http/v1/trial.routes';
import { onAdvisorRegistered } from './messaging/on-advisor-registered';
import { onUserDeleted } from './messaging/on-user-deleted';

export const DEFAULT_TRIAL_SWEEP_MS = 60_000;

export interface BillingOptions {
  /** How often the trial expiry sweep runs (ms); 0 turns it off. Default: env TRIAL_SWEEP_MS, else 60000. */
  trialSweepMs?: number;
}

function sweepIntervalFromEnv(): number {
  const raw = process.env.TRIAL_SWEEP_MS;
  const n = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_TRIAL_SWEEP_MS;
}

/** svc-billing: trials now; plans, cards, subscriptions and the payment provider come with the payments work. */
export function createBillingModule(options: BillingOptions = {}): ServiceModule {
  const timers = new WeakMap<ServiceContext, NodeJS.Timeout>();
  return {
    name: 'svc-billing',
    migrations,
    routes(app, ctx) {
      trialRoutes(app, ctx);
    },
    consumers: (ctx) => [onAdvisorRegistered(ctx), onUserDeleted()],
    async onStart(ctx) {
      const every = options.trialSweepMs ?? sweepIntervalFromEnv();
      if (every <= 0) return;
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        sweepExpiredTrials(ctx)
          .catch((err: unknown) => ctx.logger.error({ err }, 'trial expiry sweep failed'))
          .finally(() => {
            running = false;
          });
      }, every);
      timer.unref();
      timers.set(ctx, timer);
    },
    async onStop(ctx) {
      const timer = timers.get(ctx);
      if (timer) clearInterval(timer);
      timers.delete(ctx);
    },
  };
}

export const billingModule: ServiceModule = createBillingModule();
