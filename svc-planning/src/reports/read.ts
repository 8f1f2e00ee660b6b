import { type balanceSheet as B, reports as R } from '@kinfolio/contracts';
import { convert, convertAmount, convertExact, normaliseCurrency, round2 } from '@kinfolio/money';
import type { ServiceContext } from '@kinfolio/service-kit';
import { debtFigures } from '../balance-sheet/read';
import { readContext } from '../read-db';
import { isProperty, pensionBalance, todayIso, todayTotals } from '../balance-sheet/rules';
import { listCurrencyRates } from '../currency/repository';
import { coverageByMember } from '../insurance/read';
import { type HouseholdRow, householdByKey } from '../records/access';
import { usableRow } from '../records/issues';
import { type RecordRow, type StoredRecord, toRecord } from '../records/repository';
import { planningThresholds } from '../reference/thresholds/read';
import type { Explainer } from '../domain/calculations/explain';
import { sumRule } from '../domain/calculations/projection-explain';
import { householdStamp, StampedCache } from './cache';
import type { PrewarmWork } from './prewarm';
import { structuredCodec } from './shared-cache';
import {
  fundsLabel,
  m,
  recordCashflow,
  recordDebtAndProperty,
  recordDebtYears,
  recordNetWorth,
  recordToday,
  ReportSteps,
  same,
} from './explain-report';
import { reportChecks } from './checks';
import { type HouseholdProjection, projectionAt } from './projection';

/**
 * GET customer/{id}/financial-report: every tab of the report (planning spec §2) from the engine's projection of the
 * stored household and the stored insurance and balance-sheet reads, in the household's currency, cached per
 * household version (./cache.ts); the currency asked for is applied on the way out (§9: the stored rates, 3
 * decimals for the conversion, 2 for the amount).
 */
type Report = R.FinancialReport;
/** The report of one household version in its own currency, and the projection it was made from. */
export interface Base {
  report: Omit<Report, 'currency' | 'rate'>;
  rates: Record<string, number>;
  /** The engine's projection every tab reads (the data table's rows, the exports' data-table section). */
  projection: HouseholdProjection;
  /** The read model in each currency asked for, converted once per version. */
  shown?: Map<string, ReadModel>;
}

/**
 * The household's one read model (docs/decisions/plan-read-model.md) in the currency asked for: the report every
 * tab shows, the projection it was made from, and `amount`, the one conversion of a household-currency figure
 * into that currency (3 decimals, then 2): the exports convert with it, so a figure reads the same everywhere.
 */
export interface ReadModel {
  report: Report;
  projection: HouseholdProjection;
  amount: (x: number) => number;
}

/** Shared by the replicas, without its per-currency views (`shown`: made again on the first read of each currency). */
export const reportCache = new StampedCache<Base>('report', {
  codec: structuredCodec(({ shown: _s, ...base }) => base),
});

/** Sums amounts in integer cents (no float drift), as a 2-decimal amount. */
const sum = (xs: number[]) => xs.reduce((a, x) => a + Math.round(x * 100), 0) / 100;
const pos = (x: number) => Math.max(x, 0);

/** The provident accounts of a stored pension by scheme, in the order the spec lists them (their sum is the balance). */
const PROVIDENT_ACCOUNTS: Record<string, Array<[keyof B.PensionAccount, string]>> = {
  CPF: [
    ['cpf_oa', 'OA'],
    ['special', 'SA'],
    ['cpf_ra', 'RA'],
    ['medisave', 'MA'],
  ],
  EPF: [
    ['account1_amount', 'Account 1'],
    ['account2_amount', 'Account 2'],
    ['account3_amount', 'Account 3'],
  ],
};

const TABLES = [
  'saving_funds',
  'portfolio_funds',
  'portfolio_fund_details',
  'pension_accounts',
  'debts',
  'debt_rental_incomes',
] as const;
type Table = (typeof TABLES)[number];

/** The balance-sheet records the report reads, by table, in one round trip (position order). */
async function records(ctx: ServiceContext, hh: HouseholdRow): Promise<Record<Table, StoredRecord[]>> {
  const sql = TABLES.map(
    (t) =>
      `SELECT '${t}' AS tbl, id, advisor_id, household_id, member_id, position, data, created_at, updated_at FROM ${t} WHERE advisor_id = ? AND household_id = ?`,
  ).join(' UNION ALL ');
  const res = await ctx.db.raw(
    `${sql} ORDER BY position, created_at, id`,
    TABLES.flatMap(() => [hh.advisor_id, hh.id]),
  );
  const out = Object.fromEntries(TABLES.map((t) => [t, [] as StoredRecord[]])) as Record<Table, StoredRecord[]>;
  for (const r of res.rows as Array<RecordRow & { tbl: Table }>) {
    const rec = toRecord(r);
    // a record its contract refuses is left out and reported (records/issues.ts)
    if (usableRow(r.tbl, rec)) out[r.tbl]?.push(rec);
  }
  return out;
}

/**
 * A property's planned sale (balance-sheet/read.ts debtFigures → sale.ts scheduledSale, the computation the projection's
 * sale-year row uses: the schedule's balance at the year end, the provident refund, the gain tax), kept per version of
 * the debt and its rentals: a change elsewhere in the household does not redo it.
 */
const sales = new Map<string, ReturnType<typeof debtFigures>['property']>();
function saleOf(d: B.Debt & StoredRecord, day: string, rentals: StoredRecord[]) {
  const own = rentals.filter((r) => r.debt_id === d.id);
  const key = `${d.id}|${d.updated_at}|${day}|${own.map((r) => `${r.id}@${r.updated_at}`).join(',')}`;
  let property = sales.get(key);
  if (property === undefined) {
    property = debtFigures(d, day, own, 1).property;
    sales.set(key, property);
    if (sales.size > 5000) sales.delete(sales.keys().next().value as string);
  }
  return property?.sale ?? null;
}

/**
 * Everything the report of one household version is computed from: the database reads of `build`. From these parts
 * on, the report is a pure function (`assembleReport`), so a test can build it for generated households without
 * HTTP or a database (svc-planning/src/reports/consistency.test.ts).
 */
export interface ReportParts {
  hh: Pick<HouseholdRow, 'id' | 'currency'>;
  asOf: string | undefined;
  p: HouseholdProjection;
  coverage: Awaited<ReturnType<typeof coverageByMember>>;
  recs: Record<Table, StoredRecord[]>;
  rateRows: Array<{ code: string; rate: number }>;
  thresholds: Awaited<ReturnType<typeof planningThresholds>>;
  /** Records how each of the report's own figures was reached (issue 34, ./explain.ts), else null. */
  ex?: Explainer | null;
}

/** The balance-sheet records the report reads (the explanation records its steps from the same). */
export const reportRecords = records;

/** The database reads of one household version, then the pure assembly. */
async function build(ctx: ServiceContext, hh: HouseholdRow, asOf: string | undefined, stamp: string): Promise<Base> {
  const projection = projectionAt(ctx, hh, asOf, stamp);
  const thresholdsRead = planningThresholds(ctx.db);
  const [p, coverage, recs, rateRows, thresholds] = await Promise.all([
    projection,
    // the one computation of cover, target and gap (insurance/coverage.ts), on the projection's household
    coverageByMember(ctx, hh, { household: projection.then((x) => x.household), thresholds: thresholdsRead }),
    records(ctx, hh),
    listCurrencyRates(ctx.db),
    thresholdsRead,
  ]);
  return assembleReport({ hh, asOf, p, coverage, recs, rateRows, thresholds });
}

/** The report of one household version from its parts (no I/O): every tab, in the household's currency. */
export function assembleReport({ hh, asOf, p, coverage, recs, rateRows, thresholds, ex = null }: ReportParts): Base {
  const day = asOf ?? todayIso();
  const rates = Object.fromEntries(rateRows.map((r) => [r.code, r.rate]));
  const home = hh.currency;
  const inHome = (amount: number, currency: string) => round2(convertExact(amount, currency, home, rates));

  // cash flow and net worth: the plan's yearly rows (docs/planning-model.md "Terms of the plan"): Income and Expenses
  // as calculate/finance sums them (every inflow, every outflow: Income − Expenses = Net cash flow to the cent),
  // Surplus = max(net cash flow, 0), Shortfall = the liability the plan owes at the year end
  const rows = p.dataTables.rows;
  const cashYears = p.finance.years.map((y, k) => ({
    year: y.year,
    income: y.income,
    expenses: y.outgoings,
    surplus: pos(y.net_cash_flow),
    shortfall: rows[k]?.liabilities.shortfall ?? 0,
    net_cash_flow: y.net_cash_flow,
  }));
  const netYears = rows.map((r) => ({
    year: r.year,
    cash: r.assets.cash,
    investments: r.assets.investments,
    pensions: r.assets.pensions,
    properties: r.assets.properties,
    insurance: r.assets.insurance,
    loans: r.liabilities.loans,
    shortfall: r.liabilities.shortfall,
    total_assets: r.total_assets,
    total_liabilities: r.total_liabilities,
    net_worth: r.net_worth,
  }));

  // insurance: cover, target and gap by member and benefit (insurance/coverage.ts coverageRows: the advisor's target,
  // else the planning threshold); the headline is the sum of these rows, the checks read the same rows
  const members = coverage.members.map((m) => ({
    member_id: m.member_id,
    name: m.name,
    age: m.age,
    rows: m.rows.map((r) => ({
      benefit_type: r.benefit_type,
      label: r.label,
      cover: r.unlimited ? 0 : r.cover,
      unlimited: r.unlimited,
      until_age: r.until_age,
      target: r.target,
      target_source: r.target_source,
      gap: r.gap,
    })),
  }));

  // funds: by asset class (portfolio funds split by their holdings' classes) and provident balances by account
  const steps = ex ? new ReportSteps(ex, home, rates) : null;
  const classes = new Map<string, number>();
  const add = (k: string, v: number, step?: string) => {
    classes.set(k, (classes.get(k) ?? 0) + Math.round(v * 100));
    if (steps && step) steps.addTo(k, step);
  };
  for (const f of recs.saving_funds) {
    const amount = Number(f.current_value ?? 0);
    const v = inHome(amount, String(f.currency));
    const k = f.kind === 'savings' ? 'savings' : 'cash';
    add(
      k,
      v,
      steps?.stored('fund', f.id, 'current_value', amount, String(f.currency), `${f.name ?? 'Fund'}: current value`, v),
    );
  }
  const holdings = new Map<string, StoredRecord[]>();
  for (const h of recs.portfolio_fund_details) {
    const k = String(h.portfolio_fund_id);
    holdings.set(k, [...(holdings.get(k) ?? []), h]);
  }
  for (const f of recs.portfolio_funds) {
    const amount = Number(f.current_value ?? 0);
    const value = inHome(amount, String(f.currency));
    const valueStep = steps?.stored(
      'fund',
      f.id,
      'current_value',
      amount,
      String(f.currency),
      `${f.name ?? 'Portfolio'}: current value`,
      value,
    );
    const split = { equity: 0, bond: 0, others: 0 };
    let weight = 0;
    const held: StoredRecord[] = [];
    for (const h of (holdings.get(f.id) ?? []) as Array<
      StoredRecord & { value?: number; asset_class?: { equity: number; bond: number; others: number } }
    >) {
      if (!h.asset_class || !(Number(h.value) > 0)) continue;
      const w = Number(h.value);
      weight += w;
      split.equity += (w * h.asset_class.equity) / 100;
      split.bond += (w * h.asset_class.bond) / 100;
      split.others += (w * h.asset_class.others) / 100;
      held.push(h);
    }
    if (weight > 0) {
      const equity = round2((value * split.equity) / weight);
      const bond = round2((value * split.bond) / weight);
      const others = round2(value - equity - bond);
      if (steps && valueStep) {
        const share = (k: 'equity' | 'bond') => {
          const id = `funds:${f.id}:${k}_share`;
          steps.ex.add(id, split[k] / weight, { op: 'input' }, [], {
            label: `${f.name ?? 'Portfolio'}: ${k === 'equity' ? 'equity' : 'bond'} share of its holdings`,
            unit: 'factor',
            records: held.map((h) => ({ kind: 'fund', id: h.id, field: 'asset_class' })),
            rule: ['the holdings’ values weighted by their asset classes'],
          });
          const part = `funds:${f.id}:${k}`;
          steps.ex.add(part, k === 'equity' ? equity : bond, { op: 'product', round: true }, [valueStep, id], {
            label: `${f.name ?? 'Portfolio'}: ${k === 'equity' ? 'equity' : 'bonds'}`,
            rule: [m(value), ' × ', { value: split[k] / weight, unit: 'factor' }],
          });
          return part;
        };
        const e = share('equity');
        const b = share('bond');
        const o = `funds:${f.id}:others`;
        steps.ex.sum(
          o,
          others,
          [
            [valueStep, 1],
            [e, -1],
            [b, -1],
          ],
          {
            label: `${f.name ?? 'Portfolio'}: others`,
            rule: sumRule(steps.ex, [
              [valueStep, 1],
              [e, -1],
              [b, -1],
            ]),
          },
          true,
        );
        add('equity', equity, e);
        add('bond', bond, b);
        add('others', others, o);
      } else {
        add('equity', equity);
        add('bond', bond);
        add('others', others);
      }
    } else add('others', value, valueStep);
  }
  const names = new Map(coverage.members.map((m) => [m.member_id, m.name]));
  const provident = recs.pension_accounts.map((x) => {
    const a = x as unknown as B.PensionAccount & { id: string };
    const listed = PROVIDENT_ACCOUNTS[a.type] ?? [['value', 'Value']];
    const out = {
      pension_id: a.id,
      member_id: a.member_id,
      member_name: names.get(a.member_id) ?? '',
      scheme: a.type,
      name: a.name ?? null,
      balance: inHome(pensionBalance(a), a.currency),
      accounts: listed
        .filter(([k]) => typeof a[k] === 'number')
        .map(([k, account]) => ({ account, amount: inHome(a[k] as number, a.currency) })),
    };
    if (steps) {
      const parts = listed
        .filter(([k]) => typeof a[k] === 'number')
        .map(([k, account]): [string, 1] => {
          const leaf = steps.stored(
            'pension',
            a.id,
            String(k),
            a[k] as number,
            a.currency,
            `${a.type} ${account}`,
            inHome(a[k] as number, a.currency),
          );
          same(steps.ex, `provident:${a.id}:${account}`, inHome(a[k] as number, a.currency), leaf, {
            label: `${out.member_name} ${a.type} ${account} today`,
            rule: ['the balance stored on the pension record'],
          });
          return [`provident:${a.id}:${account}`, 1];
        });
      steps.ex.sum(
        `provident:${a.id}:balance`,
        out.balance,
        parts,
        { label: `${out.member_name} ${a.type} balance today`, rule: sumRule(steps.ex, parts) },
        true,
      );
      steps.addTo('provident', `provident:${a.id}:balance`);
    }
    return out;
  });
  for (const x of provident) classes.set('provident', (classes.get('provident') ?? 0) + Math.round(x.balance * 100));
  const byClass = ['cash', 'savings', 'equity', 'bond', 'others', 'provident']
    .filter((k) => classes.has(k))
    .map((k) => ({ asset_class: k, value: (classes.get(k) ?? 0) / 100 }));
  const fundsTotal = sum(byClass.map((c) => c.value));
  if (steps) {
    steps.totals('funds', (k) => (classes.get(k) ?? 0) / 100, fundsLabel);
    const parts = byClass.map((c): [string, 1] => [`funds:${c.asset_class}`, 1]);
    steps.ex.sum('funds:total', fundsTotal, parts, { label: 'Funds today', rule: sumRule(steps.ex, parts) }, true);
  }

  // debt: each loan's figures from the engine's debt calculation (its schedule), named by its record
  const debtById = new Map(recs.debts.map((d) => [d.id, d as unknown as B.Debt & StoredRecord]));
  const engineLoans = new Map(p.debt.loans.map((l) => [l.id, l]));
  const loans = p.debt.loans.map((l) => {
    const d = debtById.get(l.id);
    const currency = d?.currency ?? home;
    return {
      debt_id: l.id,
      type: d?.type ?? l.kind,
      name: d?.name ?? null,
      outstanding: l.outstanding_in_currency,
      instalment: inHome(l.instalment, currency),
      total_interest: inHome(l.total_interest, currency),
      months_remaining: l.months_remaining,
      end_year: l.end_year,
    };
  });

  // property: market value, what is owed on it, the equity and the net proceeds of a planned sale
  const properties = recs.debts
    .map((d) => d as unknown as B.Debt & StoredRecord)
    .filter((d) => isProperty(d))
    .map((d) => {
      const market = d.market_value === undefined ? 0 : inHome(d.market_value, d.currency);
      const outstanding = engineLoans.get(d.id)?.outstanding_in_currency ?? 0;
      const sale = d.future_selling_year === undefined ? null : saleOf(d, day, recs.debt_rental_incomes);
      const money = (x: number) => inHome(x, d.currency);
      return {
        debt_id: d.id,
        type: d.type,
        name: d.name ?? null,
        market_value: market,
        outstanding,
        equity: round2(market - outstanding),
        selling_year: sale?.selling_year ?? null,
        net_proceeds: sale ? money(sale.net_proceeds) : null,
        sale: sale
          ? {
              selling_price: money(sale.selling_price),
              transaction_fee: money(sale.transaction_fee),
              outstanding_loan: money(sale.outstanding_loan),
              pension_refund: money(sale.pension_refund),
              gain_tax: money(sale.gain_tax),
              net_proceeds: money(sale.net_proceeds),
            }
          : null,
      };
    });

  // checks (issue 15): the household against the planning thresholds in force (./checks.ts)
  const liquid = ((classes.get('cash') ?? 0) + (classes.get('savings') ?? 0)) / 100;
  const checks = reportChecks({ p, thresholds, liquid, coverage: coverage.members, inHome });

  // Today (docs/planning-model.md "Terms of the plan"): the balance sheet at the as-of day, its loans the debt tab's
  // outstanding today (the same schedules in cents); the years are year ends
  const todaySteps: Record<string, string[]> = {};
  const bt = todayTotals(
    recs,
    (amount, currency) => convertExact(amount, currency, home, rates),
    steps
      ? (k, rec, field, amount, currency, converted) => {
          const kind = k === 'pensions' ? 'pension' : k === 'properties' ? 'debt' : 'fund';
          const name = String(rec.name ?? (k === 'pensions' ? rec.type : 'Record'));
          const id = steps.storedExact(
            kind,
            String(rec.id),
            field,
            amount,
            currency,
            `${name}: ${field.replace('_', ' ')}`,
            converted,
          );
          todaySteps[k] = [...(todaySteps[k] ?? []), id];
        }
      : undefined,
  );
  const todayAssets = round2(bt.cash + bt.savings + bt.pensions + bt.investments + bt.properties);
  const propertyTotals = {
    market_value: sum(properties.map((x) => x.market_value)),
    outstanding: sum(properties.map((x) => x.outstanding)),
    equity: sum(properties.map((x) => x.equity)),
    net_proceeds: sum(properties.map((x) => x.net_proceeds ?? 0)),
  };
  const cashTotals = {
    income: sum(cashYears.map((y) => y.income)),
    expenses: sum(cashYears.map((y) => y.expenses)),
    surplus: sum(cashYears.map((y) => y.surplus)),
  };
  const todayLoans = p.debt.total_outstanding;
  if (ex) {
    recordCashflow(ex, cashYears, cashTotals);
    recordNetWorth(
      ex,
      rows.map((r) => r.year),
    );
    recordDebtYears(ex, p);
    // insurance cover, target and gap: recorded by the coverage computation (insurance/coverage.ts); one it did not
    // record stays a leaf the coverage code has not broken down
    for (const mem of members)
      for (const r of mem.rows)
        for (const k of ['cover', 'target', 'gap'] as const) {
          const id = `insurance:${mem.member_id}:${r.benefit_type}:${k}`;
          if (r[k] !== null && !ex.has(id))
            ex.add(id, r[k] ?? 0, { op: 'input' }, [], { label: `${mem.name}: ${r.label} ${k}`, leaf: 'engine' });
        }
    for (const k of ['cover', 'target', 'gap'] as const) {
      const id = `insurance:total:${k}`;
      if (!ex.has(id))
        ex.add(id, coverage.totals[k], { op: 'input' }, [], { label: `Insurance ${k}, all members`, leaf: 'engine' });
    }
    if (steps)
      recordDebtAndProperty(
        steps,
        loans,
        properties,
        {
          outstanding: p.debt.total_outstanding,
          monthly: p.debt.total_monthly_repayment,
          running: p.debt.total_monthly_running_costs,
          marketValue: propertyTotals.market_value,
          propertyOutstanding: propertyTotals.outstanding,
          equity: propertyTotals.equity,
          netProceeds: propertyTotals.net_proceeds,
        },
        (id) => debtById.get(id)?.currency ?? home,
      );
    recordToday(
      ex,
      bt,
      todaySteps,
      todayAssets,
      todayLoans,
      p.debt.loans.map((l) => `debt:${l.id}:outstanding`),
    );
  }
  return {
    rates,
    projection: p,
    report: {
      customer_id: hh.id,
      household_currency: normaliseCurrency(home),
      as_of: day,
      computed_at: p.computedAt,
      start_year: p.dataTables.start_year,
      end_year: p.dataTables.end_year,
      money_runs_out_year: p.dataTables.money_runs_out_year,
      tables: p.dataTables.tables,
      cashflow: { years: cashYears, totals: cashTotals },
      networth: {
        years: netYears,
        current: {
          total_assets: todayAssets,
          total_liabilities: todayLoans,
          net_worth: round2(todayAssets - todayLoans),
          loans: todayLoans,
        },
      },
      insurance: { members, totals: coverage.totals },
      funds: { by_asset_class: byClass, provident, total: fundsTotal },
      debt: {
        loans,
        years: rows.map((r) => ({ year: r.year, outstanding: r.liabilities.loans, payments: r.loan_repayments })),
        total_outstanding: p.debt.total_outstanding,
        total_monthly_repayment: p.debt.total_monthly_repayment,
        total_monthly_running_costs: p.debt.total_monthly_running_costs,
      },
      property: { properties, totals: propertyTotals },
      checks,
    },
  };
}

/** The report in `to`: its amounts converted with the stored rates (3 decimals for the conversion, 2 for the amount). */
export function shownIn(base: Base, to: R.ReportCurrency): ReadModel {
  const from = base.report.household_currency;
  base.shown ??= new Map();
  let out = base.shown.get(to);
  if (out === undefined) {
    const rate = convert(1, from, to, base.rates);
    // the one conversion of a shown amount, the exports' too (packages/money convertAmount)
    const amount = from === to ? (x: number) => x : (x: number) => convertAmount(x, from, to, base.rates);
    const report =
      from === to
        ? { ...base.report, currency: to, rate }
        : { ...R.convertReportAmounts(base.report, amount), currency: to, rate };
    out = { report, projection: base.projection, amount };
    base.shown.set(to, out);
  }
  return out;
}

/**
 * The household's read model at its current version (cached per household version, rates and thresholds: ./cache.ts),
 * in `currency` (the report's default: SGD, or RM for an RM household).
 */
export async function readModel(
  ctx: ServiceContext,
  hh: HouseholdRow,
  q: { as_of?: string; currency?: R.ReportCurrency },
): Promise<ReadModel> {
  const stamp = await householdStamp(ctx.db, hh);
  // computed from the read replica when it has replayed the household's last write (../read-db.ts)
  const base = await reportCache.get(ctx, hh, q.as_of, stamp, async () =>
    build(await readContext(ctx, hh), hh, q.as_of, stamp),
  );
  const from = base.report.household_currency;
  return shownIn(base, q.currency ?? (from === 'RM' ? 'RM' : 'SGD'));
}

/** The report's part of ./prewarm.ts: whether this instance served the household's report lately, and making it. */
export const reportPrewarm: PrewarmWork = {
  looked: (ctx, householdId) => reportCache.holds(ctx, householdId),
  async warm(ctx, target) {
    const hh = await householdByKey(ctx.db, target);
    if (!hh) return;
    const stamp = await householdStamp(ctx.db, hh);
    await reportCache.get(
      ctx,
      hh,
      undefined,
      stamp,
      async () => build(await readContext(ctx, hh), hh, undefined, stamp),
      true,
    );
  },
};

export async function financialReport(
  ctx: ServiceContext,
  hh: HouseholdRow,
  q: R.FinancialReportQuery,
): Promise<Report> {
  return (await readModel(ctx, hh, q)).report;
}
