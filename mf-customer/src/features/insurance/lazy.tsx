import { lazy } from 'react';
import { Loading } from '../../shared/ui/Loading';

const InsurancePage = lazy(() => import('./InsurancePage'));

/**
 * The insurance screens, loaded when first opened (React.lazy), so the dashboard's first load does not carry them
 * (bench:web's per-remote first-load budget).
 */
export const InsuranceSection = ({ title }: { title?: string }) => (
  <Loading rows={6} label="Loading the insurance">
    <InsurancePage title={title} />
  </Loading>
);
