import type { Migration } from '@kinfolio/service-kit';

/**
 * Issue 37: long work as jobs (Monte Carlo runs, exports, the fund price import) on svc-planning's worker processes.
 * One row per job, the truth about it (packages/contracts/src/jobs.ts); its message on the jobs queue only says "run
 * it". The tenant (the advisor) leads the primary key and every index (the distribution key; the platform's own jobs,
 * the fund import, carry the zero uuid). `attempts` counts the workers that took the job: the one whose attempt is
 * still the row's may finish it (done once). `reuse_key` is a Monte Carlo run's household version and body: an
 * identical request reuses the finished result. The per-process export runner's table (issue 35) is replaced.
 */
export const jobs: Migration = {
  name: '023_jobs',
  async up(knex) {
    await knex.schema.createTable('jobs', (t) => {
      t.uuid('advisor_id').notNullable();
      t.uuid('id').notNullable();
      t.primary(['advisor_id', 'id']);
      t.uuid('household_id').nullable();
      // who asked (their socket room); null for the schedule's fund import
      t.uuid('user_id').nullable();
      t.string('user_type', 20).nullable();
      t.string('kind', 20).notNullable();
      t.string('status', 12).notNullable().defaultTo('queued');
      t.integer('progress').notNullable().defaultTo(0);
      t.string('stage', 300).notNullable().defaultTo('');
      t.integer('attempts').notNullable().defaultTo(0);
      t.jsonb('payload').notNullable();
      t.jsonb('result').nullable();
      t.string('reuse_key', 200).nullable();
      t.string('error', 500).nullable();
      t.boolean('cancel_requested').notNullable().defaultTo(false);
      t.string('correlation_id', 64).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('started_at', { useTz: true }).nullable();
      t.timestamp('finished_at', { useTz: true }).nullable();
      t.timestamp('heartbeat_at', { useTz: true }).nullable();
      t.index(['advisor_id', 'user_id', 'status'], 'jobs_requester');
      t.index(['advisor_id', 'household_id', 'kind', 'reuse_key'], 'jobs_reuse');
      t.index(['advisor_id', 'status', 'created_at'], 'jobs_status');
    });
    // the fund import runs one at a time: at most one queued or running per tenant (the platform's)
    await knex.raw(
      "CREATE UNIQUE INDEX jobs_one_fund_import ON jobs (advisor_id, kind) WHERE kind = 'fund_import' AND status IN ('queued', 'running')",
    );
    // the one queue every tenant shares: how many are queued ahead of a new job, and the open jobs embedded mode remakes
    // at its start, read by this small partial index (the only cross-tenant reads: docs/decisions/distribution.md)
    await knex.raw("CREATE INDEX jobs_open_queue ON jobs (created_at) WHERE status IN ('queued', 'running')");
    await knex.schema.dropTableIfExists('export_jobs');
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('jobs');
  },
};
