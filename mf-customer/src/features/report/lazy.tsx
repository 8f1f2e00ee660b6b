import { lazy } from 'react';
import { Loading } from '../../shared/ui/Loading';
import type { ReportTab } from './ReportView';

const ReportView = lazy(() => import('./ReportView'));

/** The financial report's charts and tables, loaded when first opened (the chart library is not in the first load). */
export const FinancialReport = ({ tab }: { tab: ReportTab }) => (
  <Loading rows={6} label="Loading the financial report">
    <ReportView tab={tab} />
  </Loading>
);
