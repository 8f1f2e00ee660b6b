import { Skeleton } from '@kinfolio/ui-kit';
import { lazy, Suspense } from 'react';
import type { BalanceSheetSection } from './BalanceSheetPage';

const BalanceSheetPage = lazy(() => import('./BalanceSheetPage'));

/**
 * The balance-sheet screens (Funds, Debt, Property), loaded when first opened (React.lazy) in their own chunk, so the
 * dashboard's first load does not carry them (bench:web's per-remote first-load budget).
 */
export function BalanceSheetSectionView({ section, title }: { section: BalanceSheetSection; title?: string }) {
  const label = { funds: 'the funds', debt: 'the loans', property: 'the properties' }[section];
  return (
    <Suspense fallback={<Skeleton rows={6} label={`Loading ${label}`} />}>
      <BalanceSheetPage section={section} title={title} />
    </Suspense>
  );
}
