import fc from 'fast-check';
import { dataTableSection, type Section, TAB_BUILDERS, type TabInput } from '../exports/report';
import { AS_OF, type Generated, householdArb, reportOf } from './households.arbitrary';
import { type Base, type ReadModel, shownIn } from './read';

/**
 * Issue 31 "Consistency tests": over 500 generated households (./households.arbitrary.ts: stored balance-sheet
 * records mapped by the service's own mapping, the service's own pure report assembly), every figure that appears in
 * two places is equal: the report's tabs with each other and with the data table, the report with each export's
 * section (the exports' intermediate `Report` sections, in the household's currency, and converted to the other
 * currency on every fifth household), and each
 * export's charts with its own tables.
 *
 * A pair that disagrees because of an observation another helper of issue 31 owns is listed in KNOWN with that
 * observation: its test is `test.failing` (it passes while the pair disagrees) until the lead merges the fix and
 * removes the entry (then the pair must hold on every household).
 */

const HOUSEHOLDS = 500;
const SEED = 31;
/** The converted report and its export sections (decimal conversions of every figure) on every fifth household. */
const CONVERTED_EVERY = 5;

/** Pairs that disagree today, by the observation of issue 31 (and its helper) that makes them agree. */
const KNOWN: Record<string, string> = {};

type Check = (g: Generated, base: Base, shown: ReadModel[]) => string | null;
const cents = (x: number) => Math.round(x * 100);
const differ = (a: number, b: number) => cents(a) !== cents(b);

/** The first year (or key) where two lists of figures differ, as a message; null when all agree. */
function compare(what: string, pairs: Array<[string | number, number, number]>): string | null {
  const bad = pairs.find(([, a, b]) => differ(a, b));
  return bad ? `${what} ${bad[0]}: ${bad[1]} ≠ ${bad[2]}` : null;
}

/** Every export section the read model feeds, built as the export route builds them. */
async function sections(model: ReadModel): Promise<Record<string, Section>> {
  const input = { model, currency: model.report.currency, asOf: AS_OF, m: (v: number) => v } as unknown as TabInput;
  return {
    cashflow: await TAB_BUILDERS.cashflow(input),
    networth: await TAB_BUILDERS.networth(input),
    debt: await TAB_BUILDERS.debt(input),
    property: await TAB_BUILDERS.property(input),
    'data-table': dataTableSection(model),
  };
}
const table = (s: Section | undefined, title: string) => s?.tables.find((t) => t.title === title)?.rows ?? [];
const num = (v: unknown) => (typeof v === 'number' ? v : 0);

const CHECKS: Record<string, Check> = {
  'cash-flow tab: net cash flow = the data table’s net cash flow, every year': (_g, b) => {
    const rows = new Map(b.projection.dataTables.rows.map((r) => [r.year, r.net_cash_flow]));
    return compare(
      'year',
      b.report.cashflow.years.map((y) => [y.year, y.net_cash_flow, rows.get(y.year) ?? Number.NaN]),
    );
  },
  'cash-flow tab: income − expenses = net cash flow, every year': (_g, b) =>
    compare(
      'year',
      b.report.cashflow.years.map((y) => [y.year, (cents(y.income) - cents(y.expenses)) / 100, y.net_cash_flow]),
    ),
  'cash-flow tab: shortfall = the data table’s shortfall (liabilities.shortfall)': (_g, b) => {
    const rows = new Map(b.projection.dataTables.rows.map((r) => [r.year, r.liabilities.shortfall]));
    return compare(
      'year',
      b.report.cashflow.years.map((y) => [y.year, y.shortfall, rows.get(y.year) ?? Number.NaN]),
    );
  },
  'money runs out = the first year whose data-table shortfall is above 0': (_g, b) => {
    const first = b.projection.dataTables.rows.find((r) => r.liabilities.shortfall > 0)?.year ?? null;
    return b.report.money_runs_out_year === first ? null : `${b.report.money_runs_out_year} ≠ ${first}`;
  },
  'net-worth tab = the data table (every class, both totals, net worth), every year': (_g, b) => {
    const rows = new Map(b.projection.dataTables.rows.map((r) => [r.year, r]));
    const out: Array<[string, number, number]> = [];
    for (const y of b.report.networth.years) {
      const r = rows.get(y.year);
      if (!r) return `year ${y.year} is not in the data table`;
      out.push(
        [`${y.year} cash`, y.cash, r.assets.cash],
        [`${y.year} investments`, y.investments, r.assets.investments],
        [`${y.year} pensions`, y.pensions, r.assets.pensions],
        [`${y.year} properties`, y.properties, r.assets.properties],
        [`${y.year} insurance`, y.insurance, r.assets.insurance],
        [`${y.year} loans`, y.loans, r.liabilities.loans],
        [`${y.year} shortfall`, y.shortfall, r.liabilities.shortfall],
        [`${y.year} total assets`, y.total_assets, r.total_assets],
        [`${y.year} total liabilities`, y.total_liabilities, r.total_liabilities],
        [`${y.year} net worth`, y.net_worth, r.net_worth],
      );
    }
    return compare('', out);
  },
  'debt tab: balance by year = net-worth tab: loans by year': (_g, b) => {
    const nw = new Map(b.report.networth.years.map((y) => [y.year, y.loans]));
    return compare(
      'year',
      b.report.debt.years.map((y) => [y.year, y.outstanding, nw.get(y.year) ?? Number.NaN]),
    );
  },
  'debt tab: outstanding today = net-worth tab: loans today': (_g, b) => {
    // Today (terms of the plan): the net-worth tab's loans today, not the first year end
    const today = b.report.networth.current.loans ?? 0;
    return compare('total', [['outstanding', b.report.debt.total_outstanding, today]]);
  },
  'property tab: a loan’s outstanding = the debt tab’s outstanding of that loan': (_g, b) => {
    const debt = new Map(b.report.debt.loans.map((l) => [l.debt_id, l.outstanding]));
    return compare(
      'property',
      b.report.property.properties.map((x) => [x.debt_id, x.outstanding, debt.get(x.debt_id) ?? 0]),
    );
  },
  'property tab: net proceeds = the data table’s property sale in the selling year': (_g, b) => {
    const rows = new Map(b.projection.dataTables.rows.map((r) => [r.year, r.property_sales]));
    const sold = b.report.property.properties.filter((x) => x.selling_year !== null && rows.has(x.selling_year));
    // two sales in one year: the year's row is their sum
    const byYear = new Map<number, number>();
    for (const x of sold)
      byYear.set(x.selling_year as number, (byYear.get(x.selling_year as number) ?? 0) + cents(x.net_proceeds ?? 0));
    return compare(
      'year',
      [...byYear].map(([y, v]) => [y, v / 100, rows.get(y) ?? 0]),
    );
  },
  'funds tab: the asset classes add up to its total': (_g, b) =>
    compare('total', [
      ['funds', b.report.funds.by_asset_class.reduce((n, c) => n + cents(c.value), 0) / 100, b.report.funds.total],
    ]),
};

/** The export sections against the report they are drawn from, in each currency shown (the household's and the other). */
const EXPORT_CHECKS: Record<string, (model: ReadModel, s: Record<string, Section>) => string | null> = {
  'cash-flow export = cash-flow tab (incomes, expenses, savings, shortfall, net cash flow), every year': (m, s) =>
    compare(
      '',
      table(s.cashflow, 'Cash flow by year').flatMap((row, k) => {
        const y = m.report.cashflow.years[k];
        if (!y) return [[`row ${k}`, 0, 1] as [string, number, number]];
        return [
          [`${y.year} income`, num(row[1]), y.income],
          [`${y.year} expenses`, num(row[2]), y.expenses],
          [`${y.year} surplus`, num(row[3]), y.surplus],
          [`${y.year} shortfall`, num(row[4]), y.shortfall],
          [`${y.year} net cash flow`, num(row[5]), y.net_cash_flow],
        ] as Array<[string, number, number]>;
      }),
    ),
  'net-worth export = net-worth tab (classes, loans, totals, net worth, shortfall), every year': (m, s) =>
    compare(
      '',
      table(s.networth, 'Net worth by year and asset class').flatMap((row, k) => {
        const y = m.report.networth.years[k];
        if (!y) return [[`row ${k}`, 0, 1] as [string, number, number]];
        const want = [
          y.cash,
          y.investments,
          y.pensions,
          y.properties,
          y.insurance,
          y.loans,
          y.total_assets,
          y.total_liabilities,
          y.net_worth,
          y.shortfall,
        ];
        return want.map((v, i) => [`${y.year} column ${i + 1}`, num(row[i + 1]), v] as [string, number, number]);
      }),
    ),
  'debt export = debt tab (each loan, the balance and payments by year)': (m, s) =>
    compare('', [
      ...table(s.debt, 'Loans').flatMap((row, k) => {
        const l = m.report.debt.loans[k];
        return [
          [`loan ${k} instalment`, num(row[2]), l?.instalment ?? Number.NaN],
          [`loan ${k} outstanding`, num(row[3]), l?.outstanding ?? Number.NaN],
          [`loan ${k} interest`, num(row[4]), l?.total_interest ?? Number.NaN],
        ] as Array<[string, number, number]>;
      }),
      ...table(s.debt, 'Debt by year').flatMap((row, k) => {
        const y = m.report.debt.years[k];
        return [
          [`${row[0]} balance`, num(row[1]), y?.outstanding ?? Number.NaN],
          [`${row[0]} payments`, num(row[2]), y?.payments ?? Number.NaN],
        ] as Array<[string, number, number]>;
      }),
    ]),
  'property export = property tab (value, loan, equity, sale year and proceeds)': (m, s) =>
    compare(
      '',
      table(s.property, 'Properties').flatMap((row, k) => {
        const x = m.report.property.properties[k];
        return [
          [`property ${k} value`, num(row[1]), x?.market_value ?? Number.NaN],
          [`property ${k} loan`, num(row[2]), x?.outstanding ?? Number.NaN],
          [`property ${k} equity`, num(row[3]), x?.equity ?? Number.NaN],
          [`property ${k} sale year`, num(row[4]), x?.selling_year ?? 0],
          [`property ${k} proceeds`, num(row[5]), x?.net_proceeds ?? 0],
        ] as Array<[string, number, number]>;
      }),
    ),
  'data-table export = the net-worth and cash-flow tabs (net cash flow, shortfall, net worth), every year': (m, s) => {
    const t = s['data-table']?.tables[0];
    const col = (label: string) => (t?.columns ?? []).findIndex((c) => c.label === label);
    const [net, short, worth] = [col('Net cash flow'), col('Shortfall'), col('Net worth')];
    const cash = new Map(m.report.cashflow.years.map((y) => [y.year, y]));
    const nw = new Map(m.report.networth.years.map((y) => [y.year, y]));
    return compare(
      '',
      (t?.rows ?? []).flatMap((row) => {
        const year = num(row[0]);
        return [
          [`${year} net cash flow`, num(row[net]), cash.get(year)?.net_cash_flow ?? Number.NaN],
          [`${year} shortfall`, num(row[short]), nw.get(year)?.shortfall ?? Number.NaN],
          [`${year} net worth`, num(row[worth]), nw.get(year)?.net_worth ?? Number.NaN],
        ] as Array<[string, number, number]>;
      }),
    );
  },
  'each export chart = its own table (every series, every category)': (_m, s) => {
    for (const [id, sec] of Object.entries(s))
      for (const chart of sec.charts) {
        const rows = sec.tables.flatMap((t) => t.rows);
        for (const series of chart.series)
          for (const [k, cat] of chart.categories.entries()) {
            const v = series.values[k] as number;
            // the value is in the row of its category (a year or a name)
            const row = rows.find((r) => String(r[0]) === cat);
            if (row && !row.some((c) => typeof c === 'number' && !differ(c, v)))
              return `${id} chart "${chart.title}" ${series.name} ${cat}: ${v} is in no cell of its row`;
          }
      }
    return null;
  },
};

describe(`one plan: every figure that appears in two places is equal (${HOUSEHOLDS} generated households)`, () => {
  const failures = new Map<string, string>();
  const note = (name: string, g: Generated, msg: string | null) => {
    if (msg !== null && !failures.has(name))
      failures.set(name, `${msg}\nhousehold: ${JSON.stringify(g.household).slice(0, 2000)}`);
  };

  beforeAll(async () => {
    const households = fc.sample(householdArb, { numRuns: HOUSEHOLDS, seed: SEED });
    for (const [k, g] of households.entries()) {
      const base = reportOf(g);
      const own = shownIn(base, g.currency);
      for (const [name, check] of Object.entries(CHECKS)) note(name, g, check(g, base, [own]));
      const models = k % CONVERTED_EVERY ? [own] : [own, shownIn(base, g.currency === 'SGD' ? 'RM' : 'SGD')];
      for (const model of models) {
        const s = await sections(model);
        for (const [name, check] of Object.entries(EXPORT_CHECKS))
          note(`${name} (${model === own ? 'household currency' : 'converted'})`, g, check(model, s));
      }
    }
  }, 120_000);

  const names = [
    ...Object.keys(CHECKS),
    ...Object.keys(EXPORT_CHECKS).flatMap((n) => [`${n} (household currency)`, `${n} (converted)`]),
  ];
  for (const name of names) {
    const known = KNOWN[name];
    if (known) test.failing(`${name} [known: ${known}]`, () => expect(failures.get(name) ?? null).toBeNull());
    else test(name, () => expect(failures.get(name) ?? null).toBeNull());
  }
});
