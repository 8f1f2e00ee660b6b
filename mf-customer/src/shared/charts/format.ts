import { formatNumber } from '@kinfolio/money';

/** An amount as the report shows it (spec §9): the currency, then the figure with ms-MY grouping. */
export const money = (currency: string, n: number) => `${currency} ${formatNumber(n)}`;

/** The spec's asset-class and benefit names as the report's tables show them. */
export const ASSET_CLASS_LABELS: Record<string, string> = {
  cash: 'Cash',
  savings: 'Savings',
  equity: 'Equity',
  bond: 'Bond',
  others: 'Others',
  provident: 'Provident fund',
};
