import type { YearRow } from '../../shared/household/api';

/**
 * The data table's columns: the engine's yearly row (docs/planning-model.md), in the contract's keys
 * (contracts scenarios.DATA_TABLE_COLUMNS; kept as plain strings here so the remote does not bundle zod).
 * `ages` opens into one column per member.
 */
export const COLUMNS = [
  { key: 'ages', label: 'Ages' },
  { key: 'income', label: 'Incomes and rental' },
  { key: 'tax', label: 'Tax' },
  { key: 'employee_contribution', label: 'Provident-fund contributions' },
  { key: 'expenses', label: 'Living and other expenses' },
  { key: 'premiums', label: 'Insurance premiums' },
  { key: 'loan_repayments', label: 'Loan repayments' },
  { key: 'goals', label: 'Goals' },
  { key: 'investment_contributions', label: 'Investment contributions' },
  { key: 'insurance_payouts', label: 'Insurance payouts' },
  { key: 'pension_payouts', label: 'Pension payouts' },
  { key: 'property_sales', label: 'Property sales' },
  { key: 'asset_sales', label: 'Asset sales' },
  { key: 'net_cash_flow', label: 'Net cash flow' },
  { key: 'assets.cash', label: 'Cash' },
  { key: 'assets.investments', label: 'Investments' },
  { key: 'assets.pensions', label: 'Pensions' },
  { key: 'assets.properties', label: 'Properties' },
  { key: 'assets.insurance', label: 'Insurance value' },
  { key: 'liabilities.loans', label: 'Loans' },
  { key: 'liabilities.shortfall', label: 'Shortfall' },
  { key: 'total_assets', label: 'Total assets' },
  { key: 'total_liabilities', label: 'Total liabilities' },
  { key: 'net_worth', label: 'Net worth' },
] as const;
export type ColumnKey = (typeof COLUMNS)[number]['key'];
export const COLUMN_LABELS: Record<string, string> = Object.fromEntries(COLUMNS.map((c) => [c.key, c.label]));
export const DEFAULT_COLUMNS: ColumnKey[] = [
  'ages',
  'income',
  'expenses',
  'net_cash_flow',
  'total_assets',
  'total_liabilities',
  'net_worth',
];

/** A money column's value in a row (nested keys by dot). */
export function cell(row: YearRow, key: Exclude<ColumnKey, 'ages'>): number {
  const [a, b] = key.split('.') as [string, string | undefined];
  const v = (row as unknown as Record<string, unknown>)[a];
  if (b === undefined) return typeof v === 'number' ? v : 0;
  const n = (v as Record<string, unknown> | undefined)?.[b];
  return typeof n === 'number' ? n : 0;
}
