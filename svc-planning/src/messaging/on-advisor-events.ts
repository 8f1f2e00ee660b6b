import { Events } from '@kinfolio/contracts';
import type { Consumer, ServiceContext } from '@kinfolio/service-kit';

/**
 * auth.advisor.registered.v1 and auth.user.updated.v1 (advisors) → the `advisors` table: the name and designation
 * reports are branded with. Each row keeps the time of the event it came from, and an event older than that changes
 * nothing, so replays and events handed over out of order leave the newest facts.
 */
export function advisorEventsConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['auth.advisor.registered.v1', 'auth.user.updated.v1'],
    async handle(event, trx) {
      // the broker may hand events over out of order: an older fact never overwrites a newer one
      const at = new Date(event.occurredAt);
      if (event.type === 'auth.advisor.registered.v1') {
        const p = Events['auth.advisor.registered.v1'].safeParse(event.payload);
        if (!p.success) return void ctx.logger.warn({ eventId: event.id }, 'ignoring a malformed advisor event');
        await trx('advisors')
          .insert({ id: p.data.user_id, name: p.data.name, updated_at: at })
          .onConflict('id')
          .merge(['name', 'updated_at'])
          .where('advisors.updated_at', '<', at);
        return;
      }
      const p = Events['auth.user.updated.v1'].safeParse(event.payload);
      if (!p.success) return void ctx.logger.warn({ eventId: event.id }, 'ignoring a malformed user event');
      if (p.data.type !== 'advisor') return;
      const row: Record<string, unknown> = { id: p.data.user_id, name: p.data.name, updated_at: at };
      if (p.data.designation !== undefined) row.designation = p.data.designation;
      await trx('advisors')
        .insert(row)
        .onConflict('id')
        .merge(Object.keys(row).filter((k) => k !== 'id'))
        .where('advisors.updated_at', '<', at);
    },
  };
}

/** The advisor's name and designation as svc-planning last heard them, or null before any event arrived. */
export async function advisorBranding(
  db: ServiceContext['db'],
  advisorId: string,
): Promise<{ name: string; designation: string | null } | null> {
  const row = await db('advisors').where({ id: advisorId }).first('name', 'designation');
  return row ? { name: row.name as string, designation: (row.designation as string | null) ?? null } : null;
}
