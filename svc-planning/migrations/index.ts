import type { Migration } from '@kinfolio/service-kit';
import { currencyRates } from './001_currency_rates';
import { lastHouseholds } from './002_last_households';
import { households } from './003_households';
import { dropLastHouseholds } from './004_drop_last_households';
import { insurance } from './005_insurance';
import { balanceSheet } from './006_balance_sheet';
import { scenarios } from './007_scenarios';
import { insuranceReference } from './008_insurance_reference';
import { investmentReference } from './009_investment_reference';
import { sharedDocuments } from './010_shared_documents';
import { householdChildren } from './011_household_children';
import { scenarioSettings } from './012_scenario_settings';
import { advisors } from './013_advisors';
import { advisorMembership } from './014_advisor_membership';
import { storedRecordIssues } from './015_stored_record_issues';
import { fundSamples } from './016_fund_samples';
import { rateTableVersions } from './017_rate_table_versions';
import { recordKinds } from './018_record_kinds';
import { clientPlan } from './019_client_plan';
import { advisorContact } from './020_advisor_contact';
import { namedScenarios } from './021_named_scenarios';
import { distributionKey } from './022_distribution_key';
import { jobs } from './023_jobs';

export const migrations: Migration[] = [
  currencyRates,
  lastHouseholds,
  households,
  dropLastHouseholds,
  insurance,
  balanceSheet,
  scenarios,
  insuranceReference,
  investmentReference,
  sharedDocuments,
  householdChildren,
  scenarioSettings,
  advisors,
  advisorMembership,
  storedRecordIssues,
  fundSamples,
  rateTableVersions,
  recordKinds,
  clientPlan,
  advisorContact,
  namedScenarios,
  distributionKey,
  jobs,
];
