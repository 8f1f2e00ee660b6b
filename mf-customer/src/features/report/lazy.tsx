import { Skeleton } from '@kinfolio/ui-kit';
import { lazy, Suspense } from 'react';
import type { ReportTab } from './ReportView';

const ReportView = lazy(() => import('./ReportView'));

/** The financial report's charts and tables, loaded when first opened (the chart library is not in the first load). */
export function FinancialReport({ tab }: { tab: ReportTab }) {
  return (
    <Suspense fallback={<Skeleton rows={6} label="Loading the financial report" />}>
      <ReportView tab={tab} />
    </Suspense>
  );
}
