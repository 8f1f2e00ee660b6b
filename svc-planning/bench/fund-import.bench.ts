/*
 * Fund price import benchmark (npm run bench:funds, issue 15 target: 5,000 funds in ≤ 10 s in embedded mode).
 * svc-planning runs embedded (PGlite, as `npm start` does) with no FUND_FEED_URL, so the import reads the bundled
 * sample feed of 5,000 deterministic funds. Measured through the service's HTTP API: GET scrap-all-funds, then
 * GET scraping-funds-status polled every 20 ms until the run is done (a first import that creates every fund, then a
 * rerun that changes nothing). The same-run baseline writes the same 5,000 checked funds with one INSERT per fund
 * (each its own statement and commit) into the same database, after the imported ones are removed.
 */
import { randomUUID } from 'node:crypto';
import { startTestService, testIdentity } from '@kinfolio/service-kit';
import { planningModule } from '../src/module';
import { checkEntry, parseFeed } from '../src/reference/investment/feed';
import { SAMPLE_FUND_COUNT, sampleFeedCsv } from '../src/reference/investment/sample-feed';

const TARGET_MS = 10_000;

async function main() {
  delete process.env.FUND_FEED_URL;
  process.env.FUND_IMPORT_INTERVAL_MS = '0';
  const t = await startTestService(planningModule, { infra: 'embedded' });
  const admin = testIdentity('admin');
  try {
    const run = async (label: string) => {
      const started = performance.now();
      const go = await t.call('GET', 'scrap-all-funds', { as: admin });
      if (go.status !== 202)
        throw new Error(`${label}: scrap-all-funds answered ${go.status} ${JSON.stringify(go.body)}`);
      for (;;) {
        const s = await t.call('GET', 'scraping-funds-status', { as: admin });
        const r = s.body.data.run;
        if (r && r.state !== 'running') {
          if (r.state !== 'done') throw new Error(`${label}: the run ${r.state}: ${r.error}`);
          return { ms: performance.now() - started, run: r };
        }
        await new Promise((res) => setTimeout(res, 20));
      }
    };
    const first = await run('first import');
    const rerun = await run('rerun');

    // baseline: one INSERT per fund, same funds, same database
    const db = t.svc.ctx.db;
    const currencies = new Set<string>(await db('currency_rates').pluck('code'));
    const funds = parseFeed(sampleFeedCsv()).flatMap((e) => {
      const c = checkEntry(e, currencies);
      return 'fund' in c ? [c.fund] : [];
    });
    await db('investment_funds').whereNotNull('code').delete();
    const b0 = performance.now();
    for (const f of funds) {
      await db('investment_funds').insert({
        id: randomUUID(),
        code: f.code,
        name: f.name,
        company: f.company ?? '',
        currency: f.currency,
        risk_level: f.risk_level ?? 'medium',
        equity: f.split?.equity ?? 0,
        bond: f.split?.bond ?? 0,
        others: f.split?.others ?? 100,
        price: f.price,
        price_date: f.price_date,
      });
    }
    const baselineMs = performance.now() - b0;

    const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const rate = (ms: number) => `${Math.round(SAMPLE_FUND_COUNT / (ms / 1000)).toLocaleString('en')} funds/s`;
    console.log(
      `\nFund price import, embedded mode (PGlite), ${SAMPLE_FUND_COUNT.toLocaleString('en')} funds of the bundled sample feed`,
    );
    console.log('-------------------------------------------------------------------------------------------');
    console.log(
      `first import (batched upsert, HTTP start → status done)  ${fmt(first.ms).padStart(9)}  ${rate(first.ms).padStart(16)}  created ${first.run.created}, failed ${first.run.failed}`,
    );
    console.log(
      `rerun of the same feed (nothing written)                 ${fmt(rerun.ms).padStart(9)}  ${rate(rerun.ms).padStart(16)}  created ${rerun.run.created}, updated ${rerun.run.updated}, unchanged ${rerun.run.unchanged}`,
    );
    console.log(
      `baseline: one INSERT per fund (same run, same database)  ${fmt(baselineMs).padStart(9)}  ${rate(baselineMs).padStart(16)}  ${funds.length} rows`,
    );
    const pass = first.ms <= TARGET_MS && first.run.created === SAMPLE_FUND_COUNT;
    console.log(
      `\ntarget: first import ≤ ${fmt(TARGET_MS)}: ${pass ? 'PASS' : 'FAIL'} (${(baselineMs / first.ms).toFixed(1)}× the baseline's speed)`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await t.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
