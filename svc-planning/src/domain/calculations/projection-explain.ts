import { type Explainer, round2, type RulePart, type StepInfo } from './explain';
import type { YearSales } from './projection-assets-explain';

/**
 * The year loop's steps (issue 34): what project() records for one year when it is asked to explain, from the values
 * the loop computed the row with (projection.ts calls this with them; nothing here computes a figure). The series it
 * names (`flow:<year>:<series>`) are recorded by the code that fills them (projection-streams.ts, projection-assets.ts,
 * the tax); one that nobody recorded is kept as a leaf the engine has not broken down (`leaf: 'engine'`).
 */
export interface YearValues {
  year: number;
  t: number;
  /** The first year's part (1 in later years). */
  frac: number;
  income: number;
  rent: number;
  employee: number;
  tax: number;
  expenses: number;
  propertyCosts: number;
  premiums: number;
  repayments: number;
  goals: number;
  contributions: number;
  postContributions: number;
  payouts: number;
  pensionPayouts: number;
  propertySales: number;
  assetSales: number;
  /** The household's cash at the year end (negative: owed) and the factor last year's grew by. */
  householdCash: number;
  cashFactor: number;
  cashFactorRate: number;
  cashAccounts: number;
  liquid: number;
  pensions: number;
  pensionsSeries: number;
  properties: number;
  propertiesSeries: number;
  insurance: number;
  loans: number;
  loansSeries: number;
  /** What the year's shortfall sales raised, by asset id (only in a year that sold). */
  sold: Array<{ asset_id: string; amount: number }>;
  /** The household's cash before the year's shortfall sales. */
  cashBeforeSales: number;
  /** The year's sales' steps, in order, and what they changed in the pensions, properties and loans (null: none kept). */
  sales: YearSales | null;
}

const FIELDS: Record<string, string> = {
  income: 'Income',
  tax: 'Income tax',
  employee_contribution: 'Employee CPF/EPF contributions',
  expenses: 'Expenses',
  premiums: 'Insurance premiums',
  loan_repayments: 'Loan repayments',
  goals: 'Goals',
  investment_contributions: 'Investment contributions',
  insurance_payouts: 'Insurance payouts',
  pension_payouts: 'CPF/EPF and pension payouts',
  property_sales: 'Property sale proceeds',
  asset_sales: 'Assets sold to pay a shortfall',
  net_cash_flow: 'Net cash flow',
  'assets.cash': 'Cash',
  'assets.investments': 'Investments',
  'assets.pensions': 'CPF/EPF and pensions',
  'assets.properties': 'Properties',
  'assets.insurance': 'Insurance cash values',
  'liabilities.loans': 'Loans',
  'liabilities.shortfall': 'Shortfall',
  total_assets: 'Total assets',
  total_liabilities: 'Total liabilities',
  net_worth: 'Net worth',
};
/** The label of a data-table figure (`row:<year>:<field>`). */
export const rowLabel = (field: string, year: number): string => `${FIELDS[field] ?? field}, ${year}`;

const SERIES: Record<string, string> = {
  income: 'Income from the income records',
  rent: 'Rental income from the properties',
  employee: 'Employee CPF/EPF contributions',
  tax: 'Income tax of all members',
  expenses: 'Expenses from the expense records',
  property_costs: 'Property maintenance and property tax',
  premiums: 'Insurance premiums',
  repayments: 'Loan repayments and running costs',
  goals: 'Goal spending',
  contributions: 'Contributions to investments',
  post_contributions: 'Voluntary CPF/EPF contributions after retirement',
  payouts: 'Insurance payouts',
  pension_payouts: 'CPF/EPF and pension payouts',
  property_sales: 'Property sale proceeds',
  cash_accounts: 'Cash accounts',
  liquid: 'Cash accounts and investments',
  pensions: 'CPF/EPF and pension balances',
  properties: 'Property values',
  insurance: 'Insurance cash values',
  loans: 'Loan balances',
};
/** The label of a year-loop series (`flow:<year>:<series>`). */
export const seriesLabel = (name: string, year: number): string => `${SERIES[name] ?? name}, ${year}`;

const m = (value: number): RulePart => ({ value, unit: 'money' });

/** A series the engine fills, as a leaf when no code recorded how (`leaf: 'engine'`). */
function series(ex: Explainer, name: string, year: number, value: number): string {
  const id = `flow:${year}:${name}`;
  if (!ex.has(id)) ex.add(id, value, { op: 'input' }, [], { label: seriesLabel(name, year), leaf: 'engine' });
  return id;
}

/** Records one year's row: each figure as the rounded sum of the series it is made of. */
export function recordYear(ex: Explainer, v: YearValues): void {
  const { year, frac } = v;
  const row = (field: string) => `row:${year}:${field}`;
  const info = (field: string, rule: RulePart[] = []): StepInfo => ({ label: rowLabel(field, year), rule });
  // the first year counts only its part after the as-of day
  let partOf = (id: string) => id;
  if (frac !== 1) {
    const part = `flow:${year}:part`;
    ex.add(part, frac, { op: 'input' }, [], {
      label: `Part of ${year} left after the as-of day`,
      unit: 'factor',
      leaf: 'assumption',
      rule: ['the days of ', { value: year, unit: 'year' }, ' after the as-of day, as a part of 365'],
    });
    partOf = (id: string) => {
      const s = ex.get(id);
      const pid = `${id}:part`;
      ex.add(pid, (s?.value ?? 0) * frac, { op: 'product' }, [id, part], {
        label: `${s?.label ?? id}, the part after the as-of day`,
        rule: [m(s?.value ?? 0), ' × ', { value: frac, unit: 'factor' }],
      });
      return pid;
    };
  }
  const s = (name: string, value: number) => series(ex, name, year, value);
  const income = partOf(s('income', v.income));
  const rent = s('rent', v.rent);
  const employee = s('employee', v.employee);
  const tax = s('tax', v.tax);
  const expenses = partOf(s('expenses', v.expenses));
  const propertyCosts = s('property_costs', v.propertyCosts);
  const premiums = s('premiums', v.premiums);
  const repayments = s('repayments', v.repayments);
  const goals = partOf(s('goals', v.goals));
  const contributions = s('contributions', v.contributions);
  const post = s('post_contributions', v.postContributions);
  const payouts = s('payouts', v.payouts);
  const pensionPayouts = s('pension_payouts', v.pensionPayouts);
  const propertySales = s('property_sales', v.propertySales);
  const valueAt = (id: string) => ex.get(id)?.value ?? 0;
  const rounded = (field: string, parts: Array<[string, 1 | -1]>, rule?: RulePart[]) => {
    const raw = parts.reduce((a, [id, sign]) => a + sign * valueAt(id), 0);
    ex.sum(row(field), round2(raw), parts, info(field, rule ?? sumRule(ex, parts)), true);
  };
  rounded('income', [
    [income, 1],
    [rent, 1],
  ]);
  rounded('tax', [[tax, 1]]);
  rounded('employee_contribution', [[employee, 1]]);
  rounded('expenses', [
    [expenses, 1],
    [propertyCosts, 1],
  ]);
  rounded('premiums', [[premiums, 1]]);
  rounded('loan_repayments', [[repayments, 1]]);
  rounded('goals', [[goals, 1]]);
  rounded('investment_contributions', [
    [contributions, 1],
    [post, 1],
  ]);
  rounded('insurance_payouts', [[payouts, 1]]);
  rounded('pension_payouts', [[pensionPayouts, 1]]);
  rounded('property_sales', [[propertySales, 1]]);
  // asset sales: what the year's sales raised, each sale a step of its own (which asset, how much, why)
  const salesId = `flow:${year}:asset_sales`;
  const saleIds = v.sales?.ids ?? [];
  const salesInfo: StepInfo = {
    label: `Assets sold to pay the shortfall, ${year}`,
    records: v.sold.map((x) => ({ kind: 'asset', id: x.asset_id })),
    rule: v.sold.length
      ? v.sold.flatMap((x, k): RulePart[] => [k > 0 ? ' + ' : '', m(x.amount)])
      : ['nothing was sold this year'],
  };
  if (saleIds.length > 0)
    ex.sum(
      salesId,
      v.assetSales,
      saleIds.map((id): [string, 1] => [id, 1]),
      {
        ...salesInfo,
        rule: sumRule(
          ex,
          saleIds.map((id): [string, 1] => [id, 1]),
        ),
      },
    );
  else if (v.assetSales === 0) ex.sum(salesId, 0, [], salesInfo);
  else ex.add(salesId, v.assetSales, { op: 'input' }, [], { ...salesInfo, leaf: 'engine' });
  const sales: Array<[string, 1]> = v.assetSales !== 0 ? [[salesId, 1]] : [];
  ex.sum(row('asset_sales'), round2(v.assetSales), [[salesId, 1]], info('asset_sales', sumRule(ex, [[salesId, 1]])), true);
  // net cash flow: the rounded inflows less the rounded outflows (to the cent)
  const net: Array<[string, 1 | -1]> = [
    [row('income'), 1],
    [row('insurance_payouts'), 1],
    [row('pension_payouts'), 1],
    [row('property_sales'), 1],
    [row('tax'), -1],
    [row('employee_contribution'), -1],
    [row('expenses'), -1],
    [row('premiums'), -1],
    [row('loan_repayments'), -1],
    [row('goals'), -1],
    [row('investment_contributions'), -1],
  ];
  rounded('net_cash_flow', net);

  // the household's cash: last year's grown by the deposit (or borrowing) rate, plus the year's unrounded flow and sales
  const flowParts: Array<[string, 1 | -1]> = [
    [income, 1],
    [rent, 1],
    [employee, -1],
    [tax, -1],
    [expenses, -1],
    [propertyCosts, -1],
    [premiums, -1],
    [repayments, -1],
    [goals, -1],
    [contributions, -1],
    [post, -1],
    [payouts, 1],
    [pensionPayouts, 1],
    [propertySales, 1],
  ];
  const flow = `flow:${year}:net`;
  ex.sum(
    flow,
    flowParts.reduce((a, [id, sign]) => a + sign * valueAt(id), 0),
    flowParts,
    { label: `The year’s cash flow before rounding, ${year}`, rule: sumRule(ex, flowParts) },
  );
  const cash = `flow:${year}:household_cash`;
  const before = `flow:${year}:household_cash_before_sales`;
  const beforeParts: Array<[string, 1 | -1]> = [[flow, 1]];
  if (v.t > 0) {
    const factor = `flow:${year}:cash_factor`;
    ex.add(factor, v.cashFactor, { op: 'input' }, [], {
      label: `Growth of last year’s cash, ${year}`,
      unit: 'factor',
      leaf: 'assumption',
      rule: [
        v.cashFactorRate >= 0
          ? 'last year’s surplus earns the deposit rate, '
          : 'last year’s deficit costs the borrowing rate, ',
        { value: v.cashFactorRate, unit: 'percent' },
      ],
    });
    const grown = `flow:${year}:household_cash_grown`;
    const prev = `flow:${year - 1}:household_cash`;
    ex.add(grown, valueAt(prev) * v.cashFactor, { op: 'product' }, [prev, factor], {
      label: `Last year’s cash, grown, ${year}`,
      rule: [m(valueAt(prev)), ' × ', { value: v.cashFactor, unit: 'factor' }],
    });
    beforeParts.unshift([grown, 1]);
  }
  ex.sum(before, v.cashBeforeSales, beforeParts, {
    label: `The household’s cash before any sale, ${year}`,
    rule: sumRule(ex, beforeParts),
  });
  const cashParts: Array<[string, 1 | -1]> = [[before, 1], ...sales];
  ex.sum(cash, v.householdCash, cashParts, {
    label: `The household’s cash at the end of ${year}`,
    rule: sumRule(ex, cashParts),
  });
  const held = `flow:${year}:household_cash_held`;
  ex.add(held, Math.max(v.householdCash, 0), { op: 'floor0' }, [cash], {
    label: `Cash the household holds, ${year}`,
    rule: ['the household’s cash, if above 0: ', m(v.householdCash)],
  });
  const owed = `flow:${year}:household_cash_owed`;
  ex.sum(owed, -v.householdCash, [[cash, -1]], {
    label: `What the household owes, ${year}`,
    rule: ['the household’s cash with its sign turned: ', m(-v.householdCash)],
  });

  // balances
  const adjusted = (name: string, value: number, seriesValue: number, what: string, parts: Array<[string, 1 | -1]>) => {
    const base = s(name, seriesValue);
    if (value === seriesValue) return base;
    const adj = `flow:${year}:${name}:shortfall_sales`;
    const adjInfo: StepInfo = {
      label: `${what}, ${year}`,
      records: v.sold.map((x) => ({ kind: 'asset', id: x.asset_id })),
    };
    // each sale's part: what it took off (a withdrawal, a property's value, the loan its sale repaid) or added (a refund)
    if (parts.length > 0) ex.sum(adj, value - seriesValue, parts, { ...adjInfo, rule: sumRule(ex, parts) });
    else ex.add(adj, value - seriesValue, { op: 'input' }, [], { ...adjInfo, leaf: 'engine' });
    const id = `flow:${year}:${name}:after_sales`;
    ex.sum(
      id,
      value,
      [
        [base, 1],
        [adj, 1],
      ],
      { label: `${seriesLabel(name, year)}, after the shortfall sales` },
    );
    return id;
  };
  const cashAccounts = s('cash_accounts', v.cashAccounts);
  const liquid = s('liquid', v.liquid);
  rounded('assets.cash', [
    [cashAccounts, 1],
    [held, 1],
  ]);
  rounded('assets.investments', [
    [liquid, 1],
    [cashAccounts, -1],
  ]);
  rounded('assets.pensions', [
    [
      adjusted(
        'pensions',
        v.pensions,
        v.pensionsSeries,
        'CPF/EPF withdrawn or refunded by the shortfall’s sales',
        v.sales?.pensions ?? [],
      ),
      1,
    ],
  ]);
  rounded('assets.properties', [
    [
      adjusted(
        'properties',
        v.properties,
        v.propertiesSeries,
        'Properties sold to pay the shortfall',
        v.sales?.properties ?? [],
      ),
      1,
    ],
  ]);
  rounded('assets.insurance', [[s('insurance', v.insurance), 1]]);
  const loans = adjusted(
    'loans',
    v.loans,
    v.loansSeries,
    'Loans repaid by the shortfall’s sales',
    v.sales?.loans ?? [],
  );
  const loansHeld = `flow:${year}:loans_owed`;
  ex.add(loansHeld, Math.max(0, v.loans), { op: 'floor0' }, [loans], { label: `Loans owed, ${year}` });
  rounded('liabilities.loans', [[loansHeld, 1]]);
  const shortfall = `flow:${year}:shortfall`;
  ex.add(shortfall, Math.max(0, -v.householdCash), { op: 'floor0' }, [owed], {
    label: `Shortfall before rounding, ${year}`,
    rule: ['what the household owes, if above 0: ', m(-v.householdCash)],
  });
  rounded('liabilities.shortfall', [[shortfall, 1]]);
  const assets: Array<[string, 1 | -1]> = ['cash', 'investments', 'pensions', 'properties', 'insurance'].map((k) => [
    row(`assets.${k}`),
    1,
  ]);
  rounded('total_assets', assets);
  rounded('total_liabilities', [
    [row('liabilities.loans'), 1],
    [row('liabilities.shortfall'), 1],
  ]);
  rounded('net_worth', [
    [row('total_assets'), 1],
    [row('total_liabilities'), -1],
  ]);
}

/** "a + b − c = d" with the parts' values put in. */
export function sumRule(ex: Explainer, parts: ReadonlyArray<readonly [string, 1 | -1]>): RulePart[] {
  const out: RulePart[] = [];
  // parts that are 0 are left out of the words (they stay parts of the step)
  const shown = parts.filter(([id]) => (ex.get(id)?.value ?? 0) !== 0);
  if (shown.length === 0) return ['nothing this year'];
  for (const [k, [id, sign]] of shown.entries()) {
    const s = ex.get(id);
    if (k > 0 || sign < 0) out.push(sign < 0 ? (k > 0 ? ' − ' : '− ') : ' + ');
    out.push(`${(s?.label ?? id).replace(/, \d{4}$/, '')} `, { value: s?.value ?? 0, unit: s?.unit ?? 'money' });
  }
  return out;
}
