import type { Migration } from '@kinfolio/service-kit';

/** The two plans every installation starts with (fixed ids: embedded mode and tests get the same ones). */
export const SEEDED_PLANS = [
  {
    id: '6f1c2a0e-7d4b-4c55-9f3e-2b1a00000001',
    name: 'Monthly',
    interval: 'monthly',
    price_sgd: 4900,
    price_rm: 15900,
    features: ['Unlimited customers and leads', 'Projections and scenario modelling', 'Expert profile page'],
  },
  {
    id: '6f1c2a0e-7d4b-4c55-9f3e-2b1a00000002',
    name: 'Yearly',
    interval: 'yearly',
    price_sgd: 49000,
    price_rm: 159000,
    features: ['Everything in Monthly', 'Two months free'],
  },
] as const;

/**
 * Payments (issue 16): plans, the provider's prices for them, billing customers, cards, the subscription's plan and
 * period, transactions, and the webhook events applied (their ids, so each applies once).
 */
export const payments: Migration = {
  name: '002_payments',
  async up(knex) {
    await knex.schema.createTable('plans', (t) => {
      t.uuid('id').primary();
      t.string('name', 100).notNullable();
      t.string('interval', 16).notNullable();
      t.integer('price_sgd').notNullable();
      t.integer('price_rm').notNullable();
      t.jsonb('features').notNullable().defaultTo('[]');
      t.boolean('active').notNullable().defaultTo(true);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw("ALTER TABLE plans ADD CONSTRAINT plans_interval_check CHECK (interval IN ('monthly', 'yearly'))");
    for (const p of SEEDED_PLANS) await knex('plans').insert({ ...p, features: JSON.stringify(p.features) });

    // the provider's price for one plan, currency, amount and interval (created once, reused)
    await knex.schema.createTable('provider_prices', (t) => {
      t.uuid('plan_id').notNullable();
      t.string('currency', 8).notNullable();
      t.integer('amount').notNullable();
      t.string('interval', 16).notNullable();
      t.string('price_id', 255).notNullable();
      t.primary(['plan_id', 'currency', 'amount', 'interval']);
    });

    await knex.schema.createTable('billing_customers', (t) => {
      t.uuid('user_id').primary();
      t.string('provider_customer_id', 255).notNullable().unique();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });

    await knex.schema.createTable('cards', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().index();
      t.string('payment_method_id', 255).notNullable().unique();
      t.string('brand', 32).notNullable();
      t.string('last4', 4).notNullable();
      t.integer('exp_month').notNullable();
      t.integer('exp_year').notNullable();
      t.boolean('is_default').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('CREATE UNIQUE INDEX cards_one_default ON cards (user_id) WHERE is_default');

    await knex.raw('ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check');
    await knex.raw(
      "ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('active', 'past_due', 'cancelled', 'expired'))",
    );
    await knex.schema.alterTable('subscriptions', (t) => {
      t.uuid('plan_id').nullable();
      t.string('currency', 8).nullable();
      t.integer('amount').nullable();
      t.string('interval', 16).nullable();
      t.string('provider_subscription_id', 255).nullable().unique();
      t.uuid('card_id').nullable();
      t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
      t.timestamp('current_period_start', { useTz: true }).nullable();
      t.timestamp('current_period_end', { useTz: true }).nullable();
      t.timestamp('past_due_since', { useTz: true }).nullable();
      t.string('cancel_reason', 500).nullable();
      // `created` (epoch seconds) of the newest provider event applied: an older event never overwrites newer state
      t.bigInteger('provider_event_at').notNullable().defaultTo(0);
      // bumped on every change we make: part of the idempotency key of the next provider call
      t.integer('revision').notNullable().defaultTo(0);
    });
    // one live subscription per advisor
    await knex.raw(
      "CREATE UNIQUE INDEX subscriptions_one_live ON subscriptions (user_id) WHERE status IN ('active', 'past_due')",
    );

    await knex.schema.createTable('transactions', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.uuid('subscription_id').nullable();
      t.string('kind', 16).notNullable();
      t.integer('amount').notNullable();
      t.string('currency', 8).notNullable();
      t.string('description', 300).notNullable();
      t.string('plan_name', 100).nullable();
      t.string('card_brand', 32).nullable();
      t.string('card_last4', 4).nullable();
      t.string('receipt_url', 1000).nullable();
      // what the provider calls it (invoice or charge id + kind): a charge seen twice is recorded once
      t.string('provider_ref', 300).notNullable().unique();
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.index(['user_id', 'occurred_at']);
    });
    await knex.raw(
      "ALTER TABLE transactions ADD CONSTRAINT transactions_kind_check CHECK (kind IN ('charge', 'refund', 'failure'))",
    );

    await knex.schema.createTable('webhook_events', (t) => {
      t.string('event_id', 255).primary();
      t.string('type', 120).notNullable();
      t.bigInteger('created').notNullable();
      t.timestamp('applied_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTable('webhook_events');
    await knex.schema.dropTable('transactions');
    await knex.raw('DROP INDEX subscriptions_one_live');
    await knex.schema.alterTable('subscriptions', (t) => {
      for (const c of [
        'plan_id',
        'currency',
        'amount',
        'interval',
        'provider_subscription_id',
        'card_id',
        'cancel_at_period_end',
      ])
        t.dropColumn(c);
      for (const c of [
        'current_period_start',
        'current_period_end',
        'past_due_since',
        'cancel_reason',
        'provider_event_at',
        'revision',
      ])
        t.dropColumn(c);
    });
    await knex.schema.dropTable('cards');
    await knex.schema.dropTable('billing_customers');
    await knex.schema.dropTable('provider_prices');
    await knex.schema.dropTable('plans');
  },
};
