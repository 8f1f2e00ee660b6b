import type { Migration } from '@kinfolio/service-kit';
import { currencyRates } from './001_currency_rates';

export const migrations: Migration[] = [currencyRates];
