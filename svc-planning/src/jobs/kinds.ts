import { runExportJob } from '../exports/jobs';
import { runFundImportJob } from '../reference/investment/importer';
import { runMonteCarloJob } from './monte-carlo';
import type { JobKinds } from './runner';

/** What a worker does for each kind of job (issue 37). */
export const jobKinds: JobKinds = {
  monte_carlo: runMonteCarloJob,
  export: runExportJob,
  fund_import: runFundImportJob,
};
