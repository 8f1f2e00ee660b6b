/**
 * Moved to currency/repository.ts (issue 33: one layout, SQL in each feature's repository). Kept only for
 * insurance/read.ts and balance-sheet/read.ts, which the record-kind rewrite owns: delete this file when they import
 * '../currency/repository' (docs/decisions/planning-layout.md).
 */
export { type CurrencyRateRow, listCurrencyRates } from '../currency/repository';
