import { lazy } from 'react';
import { Loading } from '../../shared/ui/Loading';
import type { BalanceSheetSection } from './BalanceSheetPage';

const BalanceSheetPage = lazy(() => import('./BalanceSheetPage'));
const LABELS = { funds: 'the funds', debt: 'the loans', property: 'the properties' } as const;

/**
 * The balance-sheet screens (Funds, Debt, Property), loaded when first opened (React.lazy) in their own chunk, so the
 * dashboard's first load does not carry them (bench:web's per-remote first-load budget).
 */
export const BalanceSheetSectionView = ({ section, title }: { section: BalanceSheetSection; title?: string }) => (
  <Loading rows={6} label={`Loading ${LABELS[section]}`}>
    <BalanceSheetPage section={section} title={title} />
  </Loading>
);
