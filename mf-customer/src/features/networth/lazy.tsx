import { lazy } from 'react';
import { Loading } from '../../shared/ui/Loading';

const NetWorthPage = lazy(() => import('./NetWorthSection'));

/** Financial report › Net Worth, loaded when first opened (its charts are not in the dashboard's first load). */
export const NetWorthSection = () => (
  <Loading rows={3} label="Loading the net worth">
    <NetWorthPage />
  </Loading>
);
