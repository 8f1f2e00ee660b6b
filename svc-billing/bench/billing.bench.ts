/**
 * Webhook benchmark (issue 16 targets: 1,000 webhook events delivered twice each, shuffled, at 200/s → every
 * subscription ends in the state the provider's final event says, 0 effects applied twice, p99 handling ≤ 50 ms;
 * svc-billing killed during such a run and restarted → still 0 lost, 0 doubled).
 *
 * svc-billing runs as its own process in distributed mode (`node --import tsx svc-billing/src/main.ts`) on real
 * PostgreSQL (a throwaway database), RabbitMQ (its own namespace) and Redis (its own prefix), in Stripe mode: its
 * STRIPE_* keys name a webhook secret this bench knows, and its Stripe client points at the local Stripe test server
 * (`test/fake-stripe.ts`, 127.0.0.1) so that no call can leave the machine. The bench plays Stripe: it signs every
 * delivery with `stripe.webhooks.generateTestHeaderString` (the scheme the service verifies, signed at send time like
 * Stripe's retries) and POSTs it to /api/v1/webhooks/stripe.
 *
 * Subscriptions are set up through the service's own webhook path: one `customer.subscription.created` each (with
 * Stripe's metadata user_id/plan_id/currency), delivered once, in order. Each subscription then gets 10 events with
 * increasing `created`: renewal paid, period update, two failed attempts and past due, recovery paid, active again,
 * cancel requested, the next renewal paid, and a final event that is one of: resumed (active), deleted as requested
 * (cancelled), past due, deleted after failed payments (expired). 100 subscriptions × 10 = 1,000 events.
 *
 * Runs (each on its own subscriptions, same process, same run):
 *   warm-up   — 1,000 events once, shuffled (not reported);
 *   baseline  — the 1,000 events once, in order;
 *   shuffled  — the 1,000 events twice each, shuffled (2,000 deliveries);
 *   killed    — like shuffled; svc-billing is SIGKILLed 40% of the way in and started again on the same port.
 * Deliveries are paced open loop at BENCH_RATE/s; a delivery that gets no 2xx (connection refused, reset, 5xx) is
 * tried again 300 ms later, as Stripe retries, until it is accepted (bounded).
 *
 * Checked from the database afterwards: final state per subscription vs the final event's state (mismatches),
 * every event id recorded (lost events), transactions vs the invoice events sent (lost / doubled), and deliveries
 * the service answered as applied (not duplicate) more than once per event id (doubled).
 *
 * Env: BENCH_RATE (200/s), BENCH_SUBS (100 subscriptions per run; 10 events each).
 * Exits 0 whatever the figures (a benchmark, not a test); prints PASS / ABOVE TARGET per figure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { destroyNamespace, TEST_AMQP_URL } from '@kinfolio/service-kit';
import knexFactory, { type Knex } from 'knex';
import Stripe from 'stripe';
import { waitFor } from '../../e2e/support/distributed';
import { freePort } from '../../e2e/support/tcp-proxy';
import { type FakeStripe, startFakeStripe } from '../test/fake-stripe';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SUBS = Number(process.env.BENCH_SUBS ?? 100);
const TARGET_P99 = 50;
const PLAN_ID = '6f1c2a0e-7d4b-4c55-9f3e-2b1a00000001'; // the seeded Monthly plan (migrations/002_payments.ts)
const WEBHOOK_SECRET = `whsec_bench${randomBytes(12).toString('hex')}`;
const DAY = 86_400;
const root = resolve(__dirname, '../..');
const signer = new Stripe('sk_test_bench_signer_only').webhooks;

type Final = 'active' | 'cancelled' | 'past_due' | 'expired';
interface BenchEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}
interface SubPlan {
  providerId: string;
  userId: string;
  final: Final;
  setup: BenchEvent;
  events: BenchEvent[];
  invoiceRefs: string[];
}
interface RunResult {
  name: string;
  subs: SubPlan[];
  latencies: number[];
  applied: Map<string, number>;
  deliveries: number;
  retries: number;
  refused4xx: number;
  elapsedMs: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function shuffle<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

function subscriptionObject(
  p: { providerId: string; userId: string; customer: string },
  status: string,
  period: [number, number],
  extra: { cancel_at_period_end?: boolean; reason?: string | null } = {},
): Record<string, unknown> {
  return {
    id: p.providerId,
    object: 'subscription',
    customer: p.customer,
    status,
    cancel_at_period_end: extra.cancel_at_period_end ?? false,
    cancellation_details: { reason: extra.reason ?? null },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${p.providerId}`,
          price: { id: 'price_bench_unknown' },
          current_period_start: period[0],
          current_period_end: period[1],
        },
      ],
    },
    metadata: { user_id: p.userId, plan_id: PLAN_ID, currency: 'SGD' },
  };
}

function invoiceObject(
  providerId: string,
  id: string,
  created: number,
  paid: boolean,
  attempt: number,
  reason: string,
) {
  return {
    id,
    object: 'invoice',
    status: paid ? 'paid' : 'open',
    amount_paid: paid ? 4900 : 0,
    amount_due: 4900,
    currency: 'sgd',
    created,
    attempt_count: attempt,
    billing_reason: reason,
    status_transitions: { paid_at: paid ? created : null },
    parent: { subscription_details: { subscription: providerId } },
  };
}

/** One subscription's setup event and its 10 events (strictly increasing `created`), ending in `final`. */
function planSubscription(run: string, i: number, t0: number): SubPlan {
  const finals: Final[] = ['active', 'cancelled', 'past_due', 'expired'];
  const final = finals[i % finals.length] as Final;
  const providerId = `sub_${run}_${i}`;
  const p = { providerId, userId: randomUUID(), customer: `cus_${run}_${i}` };
  let seq = 0;
  const ev = (type: string, created: number, object: Record<string, unknown>): BenchEvent => ({
    id: `evt_${run}_${i}_${seq++}`,
    type,
    created,
    data: { object },
  });
  const p1: [number, number] = [t0 - 30 * DAY, t0];
  const p2: [number, number] = [t0, t0 + 30 * DAY];
  const p3: [number, number] = [t0 + 30 * DAY, t0 + 60 * DAY];
  const setup = ev('customer.subscription.created', t0 - 30 * DAY, subscriptionObject(p, 'active', p1));
  const inv1 = `in_${run}_${i}_1`;
  const inv2 = `in_${run}_${i}_2`;
  const inv3 = `in_${run}_${i}_3`;
  const events = [
    ev('invoice.paid', t0 + 1, invoiceObject(providerId, inv1, t0 + 1, true, 1, 'subscription_cycle')),
    ev('customer.subscription.updated', t0 + 2, subscriptionObject(p, 'active', p2)),
    ev('invoice.payment_failed', t0 + 3, invoiceObject(providerId, inv2, t0 + 3, false, 1, 'subscription_cycle')),
    ev('customer.subscription.updated', t0 + 4, subscriptionObject(p, 'past_due', p2)),
    ev('invoice.payment_failed', t0 + 5, invoiceObject(providerId, inv2, t0 + 5, false, 2, 'subscription_cycle')),
    ev('invoice.paid', t0 + 6, invoiceObject(providerId, inv2, t0 + 6, true, 3, 'subscription_cycle')),
    ev('customer.subscription.updated', t0 + 7, subscriptionObject(p, 'active', p2)),
    ev('customer.subscription.updated', t0 + 8, subscriptionObject(p, 'active', p2, { cancel_at_period_end: true })),
    ev('invoice.paid', t0 + 9, invoiceObject(providerId, inv3, t0 + 9, true, 1, 'subscription_cycle')),
    final === 'active'
      ? ev('customer.subscription.updated', t0 + 10, subscriptionObject(p, 'active', p3))
      : final === 'past_due'
        ? ev('customer.subscription.updated', t0 + 10, subscriptionObject(p, 'past_due', p3))
        : ev(
            'customer.subscription.deleted',
            t0 + 10,
            subscriptionObject(p, 'canceled', p3, {
              reason: final === 'expired' ? 'payment_failed' : 'cancellation_requested',
            }),
          ),
  ];
  const invoiceRefs = [`${inv1}:charge`, `${inv2}:failure:1`, `${inv2}:failure:2`, `${inv2}:charge`, `${inv3}:charge`];
  return { providerId, userId: p.userId, final, setup, events, invoiceRefs };
}

class BillingProcess {
  child: ChildProcess | null = null;
  output: string[] = [];
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'svc-billing/src/main.ts'], {
      cwd: root,
      env: { ...this.env, PORT: String(this.port), PUBLIC_URL: `http://127.0.0.1:${this.port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (b: Buffer) => {
      this.output.push(b.toString());
      if (this.output.length > 200) this.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    await waitFor(`http://127.0.0.1:${this.port}/healthz`, 90_000, {
      name: 'svc-billing',
      port: this.port,
      child,
      output: this.output,
    });
  }

  kill(signal: NodeJS.Signals): void {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((res) => {
      child.once('exit', () => res());
      child.kill('SIGTERM');
      setTimeout(() => {
        child.kill('SIGKILL');
        res();
      }, 8000).unref();
    });
  }
}

/** POSTs one event, signed now. Returns the outcome; never throws. */
async function deliver(
  url: string,
  event: BenchEvent,
): Promise<{ ok: boolean; status: number; duplicate: boolean; ms: number }> {
  const payload = JSON.stringify(event);
  const signature = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { duplicate?: boolean };
    return { ok: res.ok, status: res.status, duplicate: body.duplicate === true, ms: performance.now() - started };
  } catch {
    return { ok: false, status: 0, duplicate: false, ms: performance.now() - started };
  }
}

/**
 * Delivers `queue` open loop at RATE/s; a delivery that is not accepted is tried again 300 ms later (Stripe retries)
 * until accepted or `deadlineMs` passes. `duringRun(sent)` is called after each first send (for the kill).
 */
async function runDeliveries(
  name: string,
  url: string,
  subs: SubPlan[],
  queue: BenchEvent[],
  duringRun?: (sent: number) => void,
  deadlineMs = 90_000,
): Promise<RunResult> {
  const result: RunResult = {
    name,
    subs,
    latencies: [],
    applied: new Map(),
    deliveries: 0,
    retries: 0,
    refused4xx: 0,
    elapsedMs: 0,
  };
  const started = performance.now();
  const until = Date.now() + deadlineMs;
  const pending: Array<Promise<void>> = [];
  const attempt = async (event: BenchEvent, first: boolean): Promise<void> => {
    for (;;) {
      const out = await deliver(url, event);
      result.deliveries++;
      if (!first) result.retries++;
      first = false;
      if (out.ok) {
        result.latencies.push(out.ms);
        if (!out.duplicate) result.applied.set(event.id, (result.applied.get(event.id) ?? 0) + 1);
        return;
      }
      if (out.status >= 400 && out.status < 500) {
        result.refused4xx++;
        return;
      }
      if (Date.now() > until) return;
      await sleep(300);
    }
  };
  const interval = 1000 / RATE;
  for (let k = 0; k < queue.length; k++) {
    const due = started + k * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(attempt(queue[k] as BenchEvent, true));
    duringRun?.(k + 1);
  }
  await Promise.all(pending);
  result.elapsedMs = performance.now() - started;
  return result;
}

interface Verdict {
  mismatches: number;
  lostEvents: number;
  lostEffects: number;
  doubled: number;
}

async function verify(db: Knex, r: RunResult): Promise<Verdict> {
  const ids = r.subs.map((s) => s.providerId);
  const rows = (await db('subscriptions')
    .whereIn('provider_subscription_id', ids)
    .select('id', 'provider_subscription_id', 'status')) as Array<{
    id: string;
    provider_subscription_id: string;
    status: string;
  }>;
  const byProvider = new Map(rows.map((x) => [x.provider_subscription_id, x]));
  let mismatches = 0;
  for (const s of r.subs) if (byProvider.get(s.providerId)?.status !== s.final) mismatches++;

  const eventIds = r.subs.flatMap((s) => s.events.map((e) => e.id));
  const recorded = new Set<string>();
  for (let i = 0; i < eventIds.length; i += 500) {
    const chunk = eventIds.slice(i, i + 500);
    for (const row of (await db('webhook_events').whereIn('event_id', chunk).select('event_id')) as Array<{
      event_id: string;
    }>)
      recorded.add(row.event_id);
  }
  const lostEvents = eventIds.filter((id) => !recorded.has(id)).length;

  const localIds = rows.map((x) => x.id);
  const tx = (await db('transactions').whereIn('subscription_id', localIds).select('provider_ref')) as Array<{
    provider_ref: string;
  }>;
  const counts = new Map<string, number>();
  for (const t of tx) counts.set(t.provider_ref, (counts.get(t.provider_ref) ?? 0) + 1);
  const expected = r.subs.flatMap((s) => s.invoiceRefs);
  const lostEffects = expected.filter((ref) => !counts.has(ref)).length;
  let doubled = [...counts.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
  doubled += [...r.applied.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
  return { mismatches, lostEvents, lostEffects, doubled };
}

async function main(): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  const database = `kf_bench_billing_${tag}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  let db: Knex | null = null;
  let fake: FakeStripe | null = null;
  let svc: BillingProcess | null = null;
  let created = false;
  const dataDir = mkdtempSync(join(tmpdir(), 'kf-bench-billing-')); // the service's DATA_DIR: never the repo's .data
  const cleanup = async () => {
    await svc?.stop().catch(() => undefined);
    if (svc) await destroyNamespace(TEST_AMQP_URL, `b${tag}.`).catch(() => undefined);
    await fake?.close().catch(() => undefined);
    await db?.destroy().catch(() => undefined);
    if (created) await admin.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.destroy().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => {
    svc?.kill('SIGKILL');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const hardStop = setTimeout(() => {
    console.log('bench: 170 s budget used up, stopping');
    onSignal();
  }, 170_000);
  hardStop.unref();

  try {
    await admin.raw(`CREATE DATABASE ${database}`);
    created = true;
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    const port = await freePort();
    svc = new BillingProcess(port, {
      ...(process.env as Record<string, string>),
      MODE: 'distributed',
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
      REDIS_URL: 'redis://127.0.0.1:6379',
      AMQP_NAMESPACE: `b${tag}.`,
      REDIS_PREFIX: `b:${tag}:`,
      OFFLINE_OUTBOX: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      TRIAL_SWEEP_MS: '0', // no sweep: the run's outcome is the events' alone
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
    });
    let t = performance.now();
    await svc.start();
    console.log(
      `svc-billing (distributed, Stripe mode against 127.0.0.1:${fake.port}) up in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    db = knexFactory({
      client: 'pg',
      connection: `postgres://postgres@127.0.0.1:5432/${database}`,
      searchPath: ['svc_billing'], // the kit's schema per service
      pool: { min: 0, max: 2 },
    });
    const url = `http://127.0.0.1:${port}/api/v1/webhooks/stripe`;

    const t0 = Math.floor(Date.now() / 1000) - 60;
    const runs = { warmup: 'w', baseline: 'b', shuffled: 's', killed: 'k' } as const;
    const plans = Object.fromEntries(
      Object.entries(runs).map(([name, short]) => [
        name,
        Array.from({ length: SUBS }, (_, i) => planSubscription(`${short}${tag}`, i, t0)),
      ]),
    ) as Record<keyof typeof runs, SubPlan[]>;

    // setup: each subscription created through the webhook path, once, in order (also the warm-up)
    t = performance.now();
    const allSubs = [...plans.warmup, ...plans.baseline, ...plans.shuffled, ...plans.killed];
    const setup = await runDeliveries(
      'setup',
      url,
      allSubs,
      allSubs.map((s) => s.setup),
    );
    const setupRows = Number(
      ((await db('subscriptions').count<{ count: string }[]>('* as count'))[0] as { count: string }).count,
    );
    console.log(
      `setup: ${allSubs.length} subscriptions created by customer.subscription.created in ${((performance.now() - t) / 1000).toFixed(1)} s (${setupRows} stored, ${setup.refused4xx} refused)`,
    );

    const events = (subs: SubPlan[]) => subs.flatMap((s) => s.events);
    // warm-up (not reported): one run's worth of events on subscriptions of its own, so both measured runs meet a
    // process past its JIT and pool warm-up
    await runDeliveries('warmup', url, plans.warmup, shuffle(events(plans.warmup)));
    const inOrder = events(plans.baseline).sort((a, b) => a.created - b.created);
    const baseline = await runDeliveries('baseline', url, plans.baseline, inOrder);
    const shuffled = await runDeliveries(
      'shuffled',
      url,
      plans.shuffled,
      shuffle([...events(plans.shuffled), ...events(plans.shuffled)]),
    );

    // phase 2: the same shape; svc-billing SIGKILLed 40% in, started again on the same port
    const killQueue = shuffle([...events(plans.killed), ...events(plans.killed)]);
    const killAt = Math.floor(killQueue.length * 0.4);
    let restart: Promise<void> | null = null;
    let downMs = 0;
    const proc = svc;
    const killed = await runDeliveries('killed', url, plans.killed, killQueue, (sent) => {
      if (sent !== killAt) return;
      const down = performance.now();
      proc.kill('SIGKILL');
      restart = new Promise<void>((res) => proc.child?.once('exit', () => res()))
        .then(() => proc.start())
        .then(() => {
          downMs = performance.now() - down;
        });
    });
    if (restart) await restart;

    const vb = await verify(db, baseline);
    const vs = await verify(db, shuffled);
    const vk = await verify(db, killed);

    const line = (label: string, value: string, base: string, ratio: string, verdict: string) =>
      console.log(
        `  ${label.padEnd(44)} ${value.padStart(10)}   baseline ${base.padStart(9)}   ratio ${ratio.padStart(6)}   ${verdict}`,
      );
    const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? '1.00' : '∞') : (a / b).toFixed(2));
    const zero = (n: number) => (n === 0 ? 'PASS' : 'ABOVE TARGET');
    const p99 = (r: RunResult) => pct(r.latencies, 99);

    console.log(`\nload average (1 min) at the end: ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores`);
    console.log(`webhooks: ${SUBS} subscriptions × 10 events = ${SUBS * 10} events per run, paced at ${RATE}/s`);
    console.log(
      `  baseline: ${baseline.deliveries} deliveries once in order in ${(baseline.elapsedMs / 1000).toFixed(1)} s; shuffled: ${shuffled.deliveries} deliveries (twice each) in ${(shuffled.elapsedMs / 1000).toFixed(1)} s`,
    );
    console.log('\nphase 1 — each event twice, shuffled (target in brackets)');
    line(
      "final state ≠ provider's final event (0)",
      String(vs.mismatches),
      String(vb.mismatches),
      ratio(vs.mismatches, vb.mismatches),
      zero(vs.mismatches),
    );
    line(
      'effects applied twice (0)',
      String(vs.doubled),
      String(vb.doubled),
      ratio(vs.doubled, vb.doubled),
      zero(vs.doubled),
    );
    line(
      'events / effects lost (0)',
      `${vs.lostEvents}/${vs.lostEffects}`,
      `${vb.lostEvents}/${vb.lostEffects}`,
      ratio(vs.lostEvents + vs.lostEffects, vb.lostEvents + vb.lostEffects),
      zero(vs.lostEvents + vs.lostEffects),
    );
    line(
      `p99 handling latency ms (≤ ${TARGET_P99})`,
      p99(shuffled).toFixed(1),
      p99(baseline).toFixed(1),
      ratio(p99(shuffled), p99(baseline)),
      p99(shuffled) <= TARGET_P99 ? 'PASS' : 'ABOVE TARGET',
    );
    line(
      'p50 handling latency ms (informational)',
      pct(shuffled.latencies, 50).toFixed(1),
      pct(baseline.latencies, 50).toFixed(1),
      ratio(pct(shuffled.latencies, 50), pct(baseline.latencies, 50)),
      '',
    );
    line(
      'answered as duplicate (expect 1,000)',
      String(shuffled.latencies.length - [...shuffled.applied.values()].reduce((a, b) => a + b, 0)),
      '0',
      '',
      '',
    );
    line(
      'refused 4xx (0)',
      String(shuffled.refused4xx),
      String(baseline.refused4xx),
      '',
      zero(shuffled.refused4xx + baseline.refused4xx),
    );

    console.log(
      `\nphase 2 — svc-billing SIGKILLed after ${killAt} of ${killQueue.length} deliveries, restarted on the same port (down ${(downMs / 1000).toFixed(1)} s); ${killed.retries} retried deliveries`,
    );
    line(
      "final state ≠ provider's final event (0)",
      String(vk.mismatches),
      String(vb.mismatches),
      ratio(vk.mismatches, vb.mismatches),
      zero(vk.mismatches),
    );
    line(
      'events / effects lost (0)',
      `${vk.lostEvents}/${vk.lostEffects}`,
      `${vb.lostEvents}/${vb.lostEffects}`,
      ratio(vk.lostEvents + vk.lostEffects, vb.lostEvents + vb.lostEffects),
      zero(vk.lostEvents + vk.lostEffects),
    );
    line(
      'effects applied twice (0)',
      String(vk.doubled),
      String(vb.doubled),
      ratio(vk.doubled, vb.doubled),
      zero(vk.doubled),
    );
    line(
      'p99 of accepted deliveries ms (informational)',
      p99(killed).toFixed(1),
      p99(baseline).toFixed(1),
      ratio(p99(killed), p99(baseline)),
      '',
    );
    line('refused 4xx (0)', String(killed.refused4xx), String(baseline.refused4xx), '', zero(killed.refused4xx));
  } finally {
    clearTimeout(hardStop);
    await cleanup();
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error('bench failed:', err);
    process.exit(1);
  });
