import type { ServiceContext } from '@kinfolio/service-kit';
import { type CurrencyRateRow, listCurrencyRates } from './repository';

/** The stored currency table, based on RM, that the browser keeps locally to convert without a network call. */
export async function currencyRates(ctx: ServiceContext): Promise<{ base: 'RM'; rates: CurrencyRateRow[] }> {
  return { base: 'RM', rates: await listCurrencyRates(ctx.db) };
}
