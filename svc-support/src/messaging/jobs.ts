import { eventPayload } from '@kinfolio/contracts';
import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { hubFor } from '../realtime/hub';
import { afterCommit } from './after-commit';

/**
 * svc-planning's job progress → the open screens of whoever asked for the job (issue 37 long work as jobs). The push
 * goes to the user rooms the event names (the job's requester, decided by svc-planning from the job's row) and to
 * `admins` only when the event says so (the fund import): no other user ever receives a job's progress. Sent after
 * the consumer's transaction commits; a redelivered event is dropped by the kit's idempotency. A missed message is
 * harmless: the browser polls the job's row when no progress came for a while.
 */
export function jobsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['planning.job.progress.v1'],
    async handle(event, trx) {
      if (event.type !== 'planning.job.progress.v1') return;
      const p = eventPayload('planning.job.progress.v1', event, ctx.logger);
      if (!p) return;
      afterCommit(trx, () => hubFor(ctx)?.jobProgress(p));
    },
  };
}
