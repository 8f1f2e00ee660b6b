import { Skeleton } from '@kinfolio/ui-kit';
import { lazy, Suspense } from 'react';

const NetWorthPage = lazy(() => import('./NetWorthSection'));

/** Financial report › Net Worth, loaded when first opened (its charts are not in the dashboard's first load). */
export function NetWorthSection() {
  return (
    <Suspense fallback={<Skeleton rows={3} label="Loading the net worth" />}>
      <NetWorthPage />
    </Suspense>
  );
}
