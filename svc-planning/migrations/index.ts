import type { Migration } from '@kinfolio/service-kit';
import { currencyRates } from './001_currency_rates';
import { lastHouseholds } from './002_last_households';
import { households } from './003_households';
import { dropLastHouseholds } from './004_drop_last_households';
import { insurance } from './005_insurance';
import { balanceSheet } from './006_balance_sheet';
import { scenarios } from './007_scenarios';

export const migrations: Migration[] = [
  currencyRates,
  lastHouseholds,
  households,
  dropLastHouseholds,
  insurance,
  balanceSheet,
  scenarios,
];
