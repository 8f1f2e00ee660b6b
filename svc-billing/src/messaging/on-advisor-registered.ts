import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { openTrial } from '../domain/trials';

/** auth.advisor.registered.v1 → opens the advisor's free trial (once, however often the event arrives). */
export function onAdvisorRegistered(ctx: ServiceContext): Consumer {
  return {
    bindings: ['auth.advisor.registered.v1'],
    async handle(event, trx) {
      const trial = await openTrial(trx, event.payload);
      if (trial) ctx.logger.info({ userId: trial.user_id, trialId: trial.id, endsAt: trial.ends_at }, 'trial opened');
      else ctx.logger.info({ eventId: event.id }, 'advisor already has a trial; nothing opened');
    },
  };
}
