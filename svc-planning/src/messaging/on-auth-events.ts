import { eventPayload } from '@kinfolio/contracts';
import { type Consumer, enqueueEvent, type ServiceContext } from '@kinfolio/service-kit';
import { householdChanged } from '../households/changes';

/**
 * auth.customer.linked.v1 → the household's customer_user_id, so that customer reads it (and only it) read-only
 * (records/access.ts). Setting the same link again changes nothing. A household deleted before the link arrived
 * (share, then delete at once) gets planning.household.deleted.v1 again with the login, so svc-auth removes it too,
 * unless another household of the advisor is linked to the same login.
 */
export function authEventsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['auth.customer.linked.v1'],
    async handle(event, trx) {
      const p = eventPayload('auth.customer.linked.v1', event, ctx.logger);
      if (!p) return;
      const n = await trx('households')
        .where({ id: p.household_id, advisor_id: p.advisor_id })
        .update({ customer_user_id: p.customer_user_id, updated_at: new Date() });
      if (n) {
        await householdChanged(
          trx,
          { id: p.household_id, advisor_id: p.advisor_id, customer_user_id: p.customer_user_id },
          'profile',
        );
        ctx.logger.info({ householdId: p.household_id, userId: p.customer_user_id }, 'customer login linked');
        return;
      }
      const other = await trx('households')
        .where({ advisor_id: p.advisor_id, customer_user_id: p.customer_user_id })
        .first('id');
      if (other) return;
      await enqueueEvent(trx, 'planning.household.deleted.v1', {
        household_id: p.household_id,
        advisor_id: p.advisor_id,
        customer_user_id: p.customer_user_id,
        deleted_at: new Date().toISOString(),
      });
      ctx.logger.info({ householdId: p.household_id }, 'customer login linked to a deleted household: removing it');
    },
  };
}
