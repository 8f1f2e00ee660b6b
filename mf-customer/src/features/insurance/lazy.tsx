import { Skeleton } from '@kinfolio/ui-kit';
import { lazy, Suspense } from 'react';

const InsurancePage = lazy(() => import('./InsurancePage'));

/**
 * The insurance screens, loaded when first opened (React.lazy), so the dashboard's first load does not carry them
 * (bench:web's per-remote first-load budget).
 */
export function InsuranceSection({ title }: { title?: string }) {
  return (
    <Suspense fallback={<Skeleton rows={6} label="Loading the insurance" />}>
      <InsurancePage title={title} />
    </Suspense>
  );
}
