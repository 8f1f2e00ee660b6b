import { Events, type households as H } from '@kinfolio/contracts';
import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { createHousehold } from '../households/repository';
import type { HouseholdRow } from '../records/access';
import { kinds } from '../records/kinds';
import { createRecord } from '../records/repository';

/** The demo customer svc-auth seeds (svc-auth/src/domain/seed.ts) when SEED_DEMO is on. */
export const DEMO_CUSTOMER_EMAIL = 'customer@kinfolio.test';

/**
 * With SEED_DEMO on, the demo customer gets a household of the demo advisor, so that `npm start` opens on a real
 * example: three members, their incomes, the household's expenses, savings, a goal, a dream and a concern. The
 * household is the customer's own (customer_user_id), as a shared profile would be. Runs once: a customer who
 * already has a household gets nothing more.
 */
export function demoHouseholdConsumer(ctx: ServiceContext): Consumer {
  return {
    bindings: ['auth.customer.created.v1'],
    async handle(event, trx) {
      if (!ctx.config.SEED_DEMO) return;
      const parsed = Events['auth.customer.created.v1'].safeParse(event.payload);
      if (!parsed.success) return;
      const p = parsed.data;
      if (p.email !== DEMO_CUSTOMER_EMAIL || !p.advisor_id) return;
      if (await trx('households').where({ customer_user_id: p.user_id }).first('id')) return;

      const lead: H.LeadBody = {
        name: p.name || 'Demo Customer',
        email: p.email,
        gender: 'male',
        age: 42,
        marital_status: 'married',
        dependencies: ['spouse', 'children'],
        children_count: 1,
        citizenship: 'citizen',
        holding_pr: false,
        currency: 'SGD',
        members: [
          { name: 'Mei Lin', gender: 'female', relation: 'spouse', age: 40, holding_pr: false, status: 'active' },
          { name: 'Ethan', gender: 'male', relation: 'all', age: 9, holding_pr: false, status: 'active' },
        ],
      };
      const created = await createHousehold(trx, p.advisor_id, lead);
      const now = new Date();
      await trx('households')
        .where({ id: created.id, advisor_id: created.advisor_id })
        .update({ type: 'customer', customer_user_id: p.user_id, shared_at: now, converted_at: now, updated_at: now });
      const hh: HouseholdRow = { ...created, type: 'customer', customer_user_id: p.user_id };
      const members = await trx('members')
        .where({ advisor_id: hh.advisor_id, household_id: hh.id })
        .select('id', 'relation');
      const me = members.find((m) => m.relation === 'me')?.id as string;
      const spouse = members.find((m) => m.relation === 'spouse')?.id as string;
      const sgd = { currency: 'SGD', frequency: 'monthly' };
      for (const r of [
        { member_id: me, kind: 'gross income', amount: 8500, ...sgd },
        { member_id: me, kind: 'bonus', amount: 17000, currency: 'SGD', frequency: 'annual' },
        { member_id: spouse, kind: 'gross income', amount: 6200, ...sgd },
      ])
        await createRecord(trx, kinds.income, hh, r);
      for (const [category, amount] of [
        ['food', 1200],
        ['utility', 280],
        ['transport', 650],
        ['insurance', 450],
        ['children', 900],
      ] as const)
        await createRecord(trx, kinds.expense, hh, { category, amount, ...sgd });
      await createRecord(trx, kinds.livingExpense, hh, { title: 'Household running costs', amount: 1800, ...sgd });
      await createRecord(trx, kinds.saving, hh, { member_id: me, title: 'Emergency fund', amount: 1000, ...sgd });
      await createRecord(trx, kinds.goal, hh, {
        type: 'education',
        title: "Ethan's university",
        member_id: members.find((m) => m.relation === 'all')?.id,
        year_from: now.getFullYear() + 9,
        year_to: now.getFullYear() + 12,
        amount: 40000,
        currency: 'SGD',
      });
      await createRecord(trx, kinds.dream, hh, {
        title: 'Retire at 60',
        question_answers: [
          { question: 'Where would you like to live?', answer: 'Stay in our flat, travel twice a year' },
          { question: 'How much a month would you need?', answer: 'About 4,000 in today’s money' },
        ],
      });
      await createRecord(trx, kinds.concern, hh, {
        title: 'If I could not work',
        question_answers: [{ question: 'How long could the family manage?', answer: 'Six months on savings' }],
      });
      ctx.logger.info({ householdId: hh.id }, 'demo household seeded for the demo customer');
    },
  };
}
