import type { reports } from '@kinfolio/contracts';
import type { ServiceContext } from '@kinfolio/service-kit';
import { readableHousehold } from '../records/access';
import { householdRecordIssues, withIssues } from '../records/issues';
import { financialReport } from './read';

/**
 * The financial report of a household the caller may read (the advisor's own or the customer's own; another
 * tenant's is a 404), with the stored records its contract refuses listed beside it.
 */
export async function householdReport(ctx: ServiceContext, id: string, q: reports.FinancialReportQuery) {
  const hh = await readableHousehold(ctx, id);
  const [report, issues] = await Promise.all([financialReport(ctx, hh, q), householdRecordIssues(ctx.db, hh)]);
  return withIssues(report, issues);
}
