import { type Identity, startTestService, testIdentity } from '@kinfolio/service-kit';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
import { benchGateway } from './harness';

const PER_KIND = 40;
const RUNS = Number(process.env.EXPORT_RUNS ?? 10);
const TARGETS = { xlsx: 700, pptx: 1500, docx: 1000, pdf: 1500 } as const;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] as number;
};

async function main() {
  const t = await startTestService(planningModule, { infra: 'real', poolMax: 10 });
  const advisor: Identity = testIdentity('advisor');
  const gw = await benchGateway(t, 'exp', 16);
  await gw.sessionOf(advisor);
  const call = (method: string, path: string, body?: unknown) => gw.call(method, path, { as: advisor, body });
  try {
    // the household, stored through the API
    const made = async (path: string, body: Record<string, unknown>) => {
      const r = await call('POST', path, body);
      if (r.status !== 201) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(r.json())}`);
      return (r.json() as { data: { id: string } }).data;
    };
    const t0 = performance.now();
    const lead = (await made('leads', {
      name: 'Bench Household',
      age: 42,
      email: 'bench@example.com',
      currency: 'SGD',
      members: [{ name: 'Sam', relation: 'spouse', age: 40, gender: 'female' }],
    })) as unknown as { id: string; members: Array<{ id: string; relation: string }> };
    const L = { lead_id: lead.id };
    const me = lead.members.find((m) => m.relation === 'me')?.id as string;
    const spouse = lead.members.find((m) => m.relation === 'spouse')?.id as string;
    const work: Array<() => Promise<unknown>> = [];
    for (let k = 0; k < PER_KIND; k++) {
      const m = k % 2 ? spouse : me;
      work.push(
        () =>
          made('customer/member-income', {
            ...L,
            member_id: m,
            kind: 'gross income',
            amount: 3000 + k,
            frequency: 'monthly',
            currency: 'SGD',
          }),
        () =>
          made('customer/member-expense', {
            ...L,
            member_id: m,
            category: 'food',
            amount: 200 + k,
            frequency: 'monthly',
            currency: 'SGD',
          }),
        () => made('customer/member-living-expense', { ...L, amount: 100 + k, currency: 'SGD', frequency: 'monthly' }),
        () =>
          made('customer/member-saving', { ...L, member_id: m, amount: 50 + k, currency: 'SGD', frequency: 'monthly' }),
        () =>
          made('customer/goals', {
            ...L,
            type: 'car',
            year_from: 2030 + (k % 20),
            year_to: 2030 + (k % 20),
            amount: 5000 + k,
            currency: 'SGD',
          }),
        () => made('customer/saving-fund', { ...L, bank_name: `Bank ${k}`, currency: 'SGD', current_value: 1000 + k }),
        () =>
          made('customer/portfolio-fund', { ...L, plan_name: `Fund ${k}`, currency: 'SGD', current_value: 2000 + k }),
        async () => {
          const p = await made('customer/insurance', {
            ...L,
            member_id: m,
            plan_name: `Plan ${k}`,
            custom_company_name: 'Acme',
            premium: 1200 + k,
            currency: 'SGD',
            policy_date: '2020-01-15',
          });
          await made('customer/insurance-coverage-benefit', {
            ...L,
            insurance_id: p.id,
            type: 'Death',
            expiry_age: 99,
            duration: 1,
            payout: { lump_sum_payout: { currency: 'SGD', amount: 100000 + k } },
          });
        },
      );
    }
    work.push(
      () => made('customer/pension', { ...L, member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 80000 }),
      () => made('customer/pension', { ...L, member_id: spouse, type: 'CPF', currency: 'SGD', cpf_oa: 60000 }),
      () =>
        made('customer/debt', {
          ...L,
          name: 'Home',
          type: 'mortgage',
          currency: 'SGD',
          original_loan: 500000,
          loan_interest: 2.6,
          loan_tenure: 30,
          starting_year: 2020,
          purchase_price: 800000,
          market_value: 900000,
        }),
      () =>
        made('customer/debt', {
          ...L,
          name: 'Car',
          type: 'vehicle',
          currency: 'SGD',
          original_loan: 80000,
          loan_interest: 2.8,
          loan_tenure: 7,
          starting_year: 2023,
        }),
      () =>
        made('customer/debt', {
          ...L,
          name: 'Condo',
          type: 'property',
          currency: 'SGD',
          purchase_price: 600000,
          market_value: 750000,
          starting_year: 2015,
        }),
    );
    for (let i = 0; i < work.length; i += 8) await Promise.all(work.slice(i, i + 8).map((f) => f()));
    for (const m of [me, spouse])
      await made('customer/insurance-coverage-target', {
        ...L,
        member_id: m,
        benefit_type: 'Death',
        currency: 'SGD',
        amount: 5_000_000,
      });
    console.log(
      `stored a household of ${PER_KIND} records per kind through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const time = async (f: () => Promise<{ status: number; bytes: number }>) => {
      const warm = await f();
      if (warm.status !== 200) throw new Error(`status ${warm.status}`);
      const xs: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const r = await f();
        xs.push(performance.now() - s);
        if (r.status !== 200) throw new Error(`status ${r.status}`);
        bytes = r.bytes;
      }
      return { p50: pct(xs, 0.5), p95: pct(xs, 0.95), bytes };
    };
    const reportRead = await call('GET', `customer/${lead.id}/financial-report`);
    const baselineName =
      reportRead.status === 200 ? 'GET customer/{id}/financial-report (JSON)' : 'POST calculate/data-tables (JSON)';
    const base = await time(() =>
      reportRead.status === 200
        ? call('GET', `customer/${lead.id}/financial-report`)
        : call('POST', 'customer/calculate/data-tables', { household_id: lead.id }),
    );
    console.log(
      `baseline ${baselineName}: p50 ${base.p50.toFixed(1)} ms, p95 ${base.p95.toFixed(1)} ms (${RUNS} runs after a warm-up)`,
    );
    for (const format of ['xlsx', 'pptx', 'docx', 'pdf'] as const) {
      const r = await time(() =>
        call('POST', `customer/${lead.id}/exports`, {
          report: 'financial-report',
          format,
          branding: { advisor_name: 'Bench Advisor', designation: 'CFP' },
        }),
      );
      const target = TARGETS[format];
      console.log(
        `export financial-report ${format.padEnd(4)} p50 ${r.p50.toFixed(0).padStart(5)} ms  p95 ${r.p95
          .toFixed(0)
          .padStart(
            5,
          )} ms  (target ≤ ${target} ms; baseline p95 ${base.p95.toFixed(1)} ms; ${(r.bytes / 1024).toFixed(0)} KiB)  ${
          r.p95 <= target ? 'ok' : 'OVER'
        }`,
      );
    }
    const dt = await time(() => call('POST', `customer/${lead.id}/exports`, { report: 'data-table', format: 'xlsx' }));
    console.log(
      `export data-table xlsx      p50 ${dt.p50.toFixed(0).padStart(5)} ms  p95 ${dt.p95.toFixed(0).padStart(5)} ms`,
    );
  } finally {
    await gw.stop();
    await t.stop();
    await closeScenarioPool();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
