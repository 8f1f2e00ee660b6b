import { rateBetween } from '@kinfolio/money';
import type { HouseholdProjection } from './projection';
import { type Explainer, type RulePart, round2, type StepInfo } from '../domain/calculations/explain';
import { sumRule } from '../domain/calculations/projection-explain';

/**
 * The financial report's own figures, recorded by assembleReport (./read.ts) beside the lines that compute them when it
 * is asked to explain (issue 34, docs/decisions/explanations.md): each helper here is handed the values the report
 * computed and records the operation it did. The engine's figures below them (`row:`, `debt:`, `insurance:` …) are
 * recorded by the engine and the coverage code.
 */

export const m = (value: number): RulePart => ({ value, unit: 'money' });

/** Stored amounts of the balance sheet as the report reads them: the record's field, converted to the household currency. */
export class ReportSteps {
  private readonly classes = new Map<string, Array<[string, 1 | -1]>>();
  constructor(
    readonly ex: Explainer,
    readonly home: string,
    private readonly rates: Record<string, number>,
  ) {}

  /**
   * A record's stored amount in the household currency, rounded to the cent as the report rounds it (`inHome`): a leaf
   * naming the record's field, and the conversion when its currency is another.
   */
  stored(
    kind: string,
    id: string,
    field: string,
    amount: number,
    currency: string,
    label: string,
    converted: number,
  ): string {
    return this.converted(kind, id, field, amount, currency, label, converted, true);
  }

  /** The same without the report's rounding (today's totals add the exact conversions, then round the class). */
  storedExact(
    kind: string,
    id: string,
    field: string,
    amount: number,
    currency: string,
    label: string,
    converted: number,
  ): string {
    return this.converted(kind, id, field, amount, currency, label, converted, false);
  }

  private converted(
    kind: string,
    id: string,
    field: string,
    amount: number,
    currency: string,
    label: string,
    converted: number,
    round: boolean,
  ): string {
    const leaf = `in:${kind}:${id}:${field}`;
    this.ex.add(leaf, amount, { op: 'input' }, [], { label, records: [{ kind, id, field }], unit: 'money' });
    const code = (currency || this.home).toUpperCase();
    if (code === this.home.toUpperCase()) return leaf;
    const rateId = this.rate(code);
    const shown = `${leaf}:${this.home}${round ? '' : ':exact'}`;
    this.ex.add(shown, converted, { op: 'product', round }, [leaf, rateId], {
      label: `${label} in ${this.home}`,
      rule: [m(amount), ` ${code} × `, { value: this.ex.get(rateId)?.value ?? 0, unit: 'factor' }],
    });
    return shown;
  }

  /** The stored rate from `code` to the household currency, as a leaf (its id). */
  rate(code: string): string {
    const id = `asm:rate:${code}:${this.home}`;
    this.ex.add(id, rateBetween(code, this.home, this.rates), { op: 'input' }, [], {
      label: `Stored rate, 1 ${code} in ${this.home}`,
      unit: 'factor',
      leaf: 'assumption',
      rule: ['the currency rate kept in Kinfolio'],
    });
    return id;
  }

  /** Adds a step to a total the report keeps by key (funds by asset class). */
  addTo(key: string, step: string): void {
    const list = this.classes.get(key) ?? [];
    list.push([step, 1]);
    this.classes.set(key, list);
  }

  /** The totals kept by key, each the sum of its steps in cents, as the report shows them (`value` by key). */
  totals(prefix: string, value: (key: string) => number, label: (key: string) => string): void {
    for (const [key, parts] of this.classes) {
      this.ex.sum(`${prefix}:${key}`, value(key), parts, { label: label(key), rule: sumRule(this.ex, parts) }, true);
    }
  }
}

const CLASS_LABEL: Record<string, string> = {
  cash: 'Cash',
  savings: 'Savings',
  equity: 'Equity',
  bond: 'Bonds',
  others: 'Others',
  provident: 'CPF/EPF and pensions',
};
export const fundsLabel = (k: string): string => `${CLASS_LABEL[k] ?? k} (funds today)`;

/** The cash-flow tab: income and expenses (cashFlowTerms records them), surplus, shortfall, net cash flow, totals. */
export function recordCashflow(
  ex: Explainer,
  years: ReadonlyArray<{
    year: number;
    income: number;
    expenses: number;
    surplus: number;
    shortfall: number;
    net_cash_flow: number;
  }>,
  totals: { income: number; expenses: number; surplus: number },
): void {
  for (const y of years) {
    const net = `cashflow:${y.year}:net_cash_flow`;
    const parts: Array<[string, 1 | -1]> = [
      [`cashflow:${y.year}:income`, 1],
      [`cashflow:${y.year}:expenses`, -1],
    ];
    ex.sum(net, y.net_cash_flow, parts, { label: `Net cash flow, ${y.year}`, rule: sumRule(ex, parts) }, true);
    ex.add(`cashflow:${y.year}:surplus`, y.surplus, { op: 'floor0' }, [net], {
      label: `Surplus, ${y.year}`,
      rule: ['the net cash flow when above 0: ', m(y.net_cash_flow)],
    });
    ex.sum(`cashflow:${y.year}:shortfall`, y.shortfall, [[`row:${y.year}:liabilities.shortfall`, 1]], {
      label: `Shortfall, ${y.year}`,
      rule: ['what the plan owes at the end of the year, after every asset it may draw on has paid: ', m(y.shortfall)],
    });
  }
  for (const k of ['income', 'expenses', 'surplus'] as const) {
    const parts = years.map((y): [string, 1] => [`cashflow:${y.year}:${k}`, 1]);
    const first = years[0]?.year;
    const last = years[years.length - 1]?.year;
    ex.sum(
      `cashflow:total:${k}`,
      totals[k],
      parts,
      {
        label: `${k === 'income' ? 'Income' : k === 'expenses' ? 'Expenses' : 'Surplus'}, ${first}-${last}`,
        rule: [`the sum of the ${years.length} years’ ${k}`],
      },
      true,
    );
  }
}

const NET_FIELDS: Record<string, string> = {
  cash: 'assets.cash',
  investments: 'assets.investments',
  pensions: 'assets.pensions',
  properties: 'assets.properties',
  insurance: 'assets.insurance',
  loans: 'liabilities.loans',
  shortfall: 'liabilities.shortfall',
  total_assets: 'total_assets',
  total_liabilities: 'total_liabilities',
  net_worth: 'net_worth',
};

/** The net-worth tab's years: the data table's figures (the same rows), and today's balance sheet. */
export function recordNetWorth(ex: Explainer, years: readonly number[]): void {
  for (const year of years) {
    for (const [k, field] of Object.entries(NET_FIELDS)) {
      const row = `row:${year}:${field}`;
      const s = ex.get(row);
      if (s)
        ex.add(`networth:${year}:${k}`, s.value, { op: 'sum' }, [row], {
          label: s.label,
          rule: ['the data table’s figure for the year end: ', m(s.value)],
        });
    }
  }
}

/** Today's totals (balance-sheet rules todayTotals): each class a sum of records, then assets, loans and net worth. */
export function recordToday(
  ex: Explainer,
  classes: Record<'cash' | 'savings' | 'pensions' | 'investments' | 'properties', number>,
  classSteps: Record<string, string[]>,
  totalAssets: number,
  loans: number,
  loanSteps: string[],
): void {
  const classParts: Array<[string, 1]> = [];
  for (const [k, v] of Object.entries(classes)) {
    const id = `networth:today:${k}`;
    const parts = (classSteps[k] ?? []).map((s): [string, 1] => [s, 1]);
    ex.sum(
      id,
      v,
      parts,
      {
        label: `${CLASS_LABEL[k] ?? k[0]?.toUpperCase() + k.slice(1)} today`,
        rule: parts.length ? sumRule(ex, parts) : ['none recorded'],
      },
      true,
    );
    classParts.push([id, 1]);
  }
  ex.sum(
    'networth:today:total_assets',
    totalAssets,
    classParts,
    { label: 'Total assets today', rule: sumRule(ex, classParts) },
    true,
  );
  const loanParts = loanSteps.map((s): [string, 1] => [s, 1]);
  ex.sum(
    'networth:today:loans',
    loans,
    loanParts,
    { label: 'Loans today', rule: loanParts.length ? sumRule(ex, loanParts) : ['no loans'] },
    true,
  );
  ex.sum('networth:today:total_liabilities', loans, [['networth:today:loans', 1]], {
    label: 'Total liabilities today',
    rule: ['the loans outstanding today: ', m(loans)],
  });
  const net: Array<[string, 1 | -1]> = [
    ['networth:today:total_assets', 1],
    ['networth:today:total_liabilities', -1],
  ];
  ex.sum(
    'networth:today:net_worth',
    round2(totalAssets - loans),
    net,
    { label: 'Net worth today', rule: sumRule(ex, net) },
    true,
  );
}

/** A step of `value` made of one other step (the same figure under the screen's id), with a rule. */
export function same(ex: Explainer, id: string, value: number, of: string, info: StepInfo): void {
  ex.add(id, value, { op: 'sum' }, [of], info);
}

/** The debt tab's years: each year's outstanding and payments are the data table's. */
export function recordDebtYears(ex: Explainer, p: HouseholdProjection): void {
  for (const r of p.dataTables.rows) {
    same(ex, `debt:${r.year}:outstanding`, r.liabilities.loans, `row:${r.year}:liabilities.loans`, {
      label: `Loans outstanding, ${r.year}`,
      rule: ['the loans’ balances at the end of the year: ', m(r.liabilities.loans)],
    });
    same(ex, `debt:${r.year}:payments`, r.loan_repayments, `row:${r.year}:loan_repayments`, {
      label: `Loan repayments, ${r.year}`,
      rule: ['the year’s instalments and running costs: ', m(r.loan_repayments)],
    });
  }
}

type ReportLoan = {
  debt_id: string;
  name: string | null;
  outstanding: number;
  instalment: number;
  total_interest: number;
  months_remaining: number;
};
type ReportProperty = {
  debt_id: string;
  name: string | null;
  market_value: number;
  outstanding: number;
  equity: number;
  net_proceeds: number | null;
  selling_year: number | null;
  sale: {
    selling_price: number;
    transaction_fee: number;
    outstanding_loan: number;
    pension_refund: number;
    gain_tax: number;
    net_proceeds: number;
  } | null;
};

/**
 * The debt and property tabs. A loan's figures are the engine's debt calculation's (calculateDebt records
 * `debt:<id>:…` in the loan's currency when it is the household's); the report's figure in the household currency is
 * that one, converted when the loan's currency is another. A property's market value is its record's; its outstanding
 * loan the debt tab's; its equity the difference; a planned sale's net proceeds the sale's parts (sale.ts).
 */
export function recordDebtAndProperty(
  steps: ReportSteps,
  loans: readonly ReportLoan[],
  properties: readonly ReportProperty[],
  totals: {
    outstanding: number;
    monthly: number;
    running: number;
    marketValue: number;
    propertyOutstanding: number;
    equity: number;
    netProceeds: number;
  },
  currencyOf: (debtId: string) => string,
): void {
  const ex = steps.ex;
  const engineStep = (id: string, value: number, label: string, debtId: string, field: string) => {
    if (!ex.has(id))
      ex.add(id, value, { op: 'input' }, [], { label, leaf: 'engine', records: [{ kind: 'debt', id: debtId, field }] });
    return id;
  };
  // each loan's figures are calculateDebt's (recorded in the household currency, converted there when the loan's is
  // another); one it did not record stays a leaf it has not broken down
  for (const l of loans) {
    const name = l.name ?? 'Loan';
    for (const [k, label] of [
      ['outstanding', 'outstanding today'],
      ['instalment', 'monthly instalment'],
      ['total_interest', 'total interest'],
    ] as const)
      engineStep(`debt:${l.debt_id}:${k}`, l[k], `${name}: ${label}`, l.debt_id, k);
  }
  const sumOf = (id: string, value: number, parts: string[], label: string) => {
    const ps = parts.map((p): [string, 1] => [p, 1]);
    ex.sum(id, value, ps, { label, rule: ps.length ? sumRule(ex, ps) : ['none'] }, true);
  };
  for (const p of properties) {
    const name = p.name ?? 'Property';
    const market = `property:${p.debt_id}:market_value`;
    const leaf = steps.stored(
      'debt',
      p.debt_id,
      'market_value',
      p.market_value,
      currencyOf(p.debt_id),
      `${name}: market value`,
      p.market_value,
    );
    ex.add(market, p.market_value, { op: 'sum' }, [leaf], {
      label: `${name}: market value`,
      rule: ['the market value on the property record'],
    });
    const outstanding = `property:${p.debt_id}:outstanding`;
    ex.add(
      outstanding,
      p.outstanding,
      { op: 'sum' },
      p.outstanding !== 0
        ? [
            engineStep(
              `debt:${p.debt_id}:outstanding`,
              p.outstanding,
              `${name}: loan outstanding today`,
              p.debt_id,
              'outstanding',
            ),
          ]
        : [],
      {
        label: `${name}: loan outstanding`,
        rule: p.outstanding !== 0 ? ['the loan’s balance today (debt tab): ', m(p.outstanding)] : ['no loan on it'],
      },
    );
    const eq: Array<[string, 1 | -1]> = [
      [market, 1],
      [outstanding, -1],
    ];
    ex.sum(`property:${p.debt_id}:equity`, p.equity, eq, { label: `${name}: equity`, rule: sumRule(ex, eq) }, true);
    if (p.sale && p.net_proceeds !== null) {
      // the planned sale is the projection's (sale.ts, recorded by the engine in its selling year): the same figure,
      // converted when the property's currency is another
      const engine = ex.get(`rec:properties:${p.debt_id}:${p.selling_year}:net_proceeds`);
      const id = `property:${p.debt_id}:net_proceeds`;
      const label = `${name}: net proceeds of the planned sale`;
      const code = currencyOf(p.debt_id).toUpperCase();
      const own = code === steps.home.toUpperCase();
      if (engine && own && Math.abs(engine.value - p.net_proceeds) <= 0.005)
        ex.sum(
          id,
          p.net_proceeds,
          [[engine.id, 1]],
          {
            label,
            rule: [
              'the sale in ',
              { value: p.selling_year ?? 0, unit: 'year' },
              ' as the plan makes it: ',
              m(p.net_proceeds),
            ],
          },
          true,
        );
      else if (engine && !own) {
        const rate = steps.rate(code);
        ex.add(id, p.net_proceeds, { op: 'product', round: true }, [engine.id, rate], {
          label,
          rule: [m(engine.value), ` ${code} × `, { value: ex.get(rate)?.value ?? 0, unit: 'factor' }],
        });
      } else {
        const parts: Array<[string, 1 | -1]> = (
          [
            ['selling_price', 'selling price', 1],
            ['transaction_fee', 'transaction fee', -1],
            ['outstanding_loan', 'loan repaid at the sale', -1],
            ['pension_refund', 'CPF/EPF refund with interest', -1],
            ['gain_tax', 'gain tax (SSD/RPGT)', -1],
          ] as const
        ).map(([k, what, sign]) => [
          engineStep(`property:${p.debt_id}:sale:${k}`, p.sale?.[k] ?? 0, `${name}: ${what}`, p.debt_id, k),
          sign,
        ]);
        ex.sum(id, p.net_proceeds, parts, { label, rule: sumRule(ex, parts) }, true);
      }
    }
  }
  sumOf(
    'debt:total:outstanding',
    totals.outstanding,
    loans.map((l) => `debt:${l.debt_id}:outstanding`),
    'Loans outstanding today',
  );
  // the running loans' instalments only (a loan repaid is not a repayment any more)
  const monthly = loans.filter((l) => l.months_remaining > 0).map((l) => `debt:${l.debt_id}:instalment`);
  sumOf('debt:total:monthly_repayment', totals.monthly, monthly, 'Monthly repayments');
  if (!ex.has('debt:total:monthly_running_costs'))
    ex.add('debt:total:monthly_running_costs', totals.running, { op: 'input' }, [], {
      label: 'Monthly running costs of the loans',
      leaf: 'engine',
    });
  sumOf(
    'property:total:market_value',
    totals.marketValue,
    properties.map((p) => `property:${p.debt_id}:market_value`),
    'Properties’ market value',
  );
  sumOf(
    'property:total:outstanding',
    totals.propertyOutstanding,
    properties.map((p) => `property:${p.debt_id}:outstanding`),
    'Loans on the properties',
  );
  sumOf(
    'property:total:equity',
    totals.equity,
    properties.map((p) => `property:${p.debt_id}:equity`),
    'Equity in the properties',
  );
  sumOf(
    'property:total:net_proceeds',
    totals.netProceeds,
    properties.filter((p) => p.net_proceeds !== null).map((p) => `property:${p.debt_id}:net_proceeds`),
    'Net proceeds of the planned sales',
  );
}
