import { Skeleton } from '@kinfolio/ui-kit';
import { lazy, Suspense } from 'react';

const ScenarioPage = lazy(() => import('./ScenarioPage'));

/** The scenario modelling tab, loaded when first opened (React.lazy): the dashboard's first load does not carry it. */
export function ScenarioSection() {
  return (
    <Suspense fallback={<Skeleton rows={8} label="Loading scenario modelling" />}>
      <ScenarioPage />
    </Suspense>
  );
}
