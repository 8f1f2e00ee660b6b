import type { reports as R } from '@kinfolio/contracts';
import type { YearRow } from '../domain/calculations';

/**
 * Every figure the financial report and the data table show, by the id the screens name it with
 * (packages/contracts explanations.ts), with the value shown (issue 34): the coverage test asks each for its
 * explanation, and bench:reports explains a sample of them.
 */
export function reportFigures(
  report: Omit<R.FinancialReport, 'currency' | 'rate'>,
  rows: readonly YearRow[],
): Array<{ id: string; value: number }> {
  const out: Array<{ id: string; value: number }> = [];
  const put = (id: string, value: number | null | undefined) => {
    if (typeof value === 'number') out.push({ id, value });
  };
  for (const r of rows) {
    for (const k of [
      'income',
      'tax',
      'employee_contribution',
      'expenses',
      'premiums',
      'loan_repayments',
      'goals',
      'investment_contributions',
      'insurance_payouts',
      'pension_payouts',
      'property_sales',
      'asset_sales',
      'net_cash_flow',
      'total_assets',
      'total_liabilities',
      'net_worth',
    ] as const)
      put(`row:${r.year}:${k}`, r[k]);
    for (const [k, v] of Object.entries(r.assets)) put(`row:${r.year}:assets.${k}`, v);
    for (const [k, v] of Object.entries(r.liabilities)) put(`row:${r.year}:liabilities.${k}`, v);
  }
  for (const y of report.cashflow.years)
    for (const k of ['income', 'expenses', 'surplus', 'shortfall', 'net_cash_flow'] as const)
      put(`cashflow:${y.year}:${k}`, y[k]);
  for (const [k, v] of Object.entries(report.cashflow.totals)) put(`cashflow:total:${k}`, v);
  for (const y of report.networth.years)
    for (const [k, v] of Object.entries(y)) if (k !== 'year') put(`networth:${y.year}:${k}`, v as number);
  for (const [k, v] of Object.entries(report.networth.current)) put(`networth:today:${k}`, v);
  for (const m of report.insurance.members)
    for (const r of m.rows) {
      put(`insurance:${m.member_id}:${r.benefit_type}:cover`, r.cover);
      put(`insurance:${m.member_id}:${r.benefit_type}:target`, r.target);
      put(`insurance:${m.member_id}:${r.benefit_type}:gap`, r.gap);
    }
  for (const [k, v] of Object.entries(report.insurance.totals)) put(`insurance:total:${k}`, v as number);
  for (const c of report.funds.by_asset_class) put(`funds:${c.asset_class}`, c.value);
  put('funds:total', report.funds.total);
  for (const p of report.funds.provident) {
    put(`provident:${p.pension_id}:balance`, p.balance);
    for (const a of p.accounts) put(`provident:${p.pension_id}:${a.account}`, a.amount);
  }
  for (const l of report.debt.loans) {
    put(`debt:${l.debt_id}:outstanding`, l.outstanding);
    put(`debt:${l.debt_id}:instalment`, l.instalment);
    put(`debt:${l.debt_id}:total_interest`, l.total_interest);
  }
  for (const y of report.debt.years) {
    put(`debt:${y.year}:outstanding`, y.outstanding);
    put(`debt:${y.year}:payments`, y.payments);
  }
  put('debt:total:outstanding', report.debt.total_outstanding);
  put('debt:total:monthly_repayment', report.debt.total_monthly_repayment);
  put('debt:total:monthly_running_costs', report.debt.total_monthly_running_costs);
  for (const p of report.property.properties) {
    put(`property:${p.debt_id}:market_value`, p.market_value);
    put(`property:${p.debt_id}:outstanding`, p.outstanding);
    put(`property:${p.debt_id}:equity`, p.equity);
    put(`property:${p.debt_id}:net_proceeds`, p.net_proceeds);
  }
  for (const [k, v] of Object.entries(report.property.totals)) put(`property:total:${k}`, v);
  return out;
}
