import type { Migration } from '@kinfolio/service-kit';
import { currencyRates } from './001_currency_rates';
import { lastHouseholds } from './002_last_households';

export const migrations: Migration[] = [currencyRates, lastHouseholds];
