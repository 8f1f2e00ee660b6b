import { Skeleton } from '@kinfolio/ui-kit';
import { lazy, Suspense } from 'react';

const DataTablePage = lazy(() => import('./DataTablePage'));

/** The data table tab, loaded when first opened (React.lazy): the dashboard's first load does not carry it. */
export function DataTableSection() {
  return (
    <Suspense fallback={<Skeleton rows={8} label="Loading the data table" />}>
      <DataTablePage />
    </Suspense>
  );
}
