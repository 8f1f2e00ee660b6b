import { lazy } from 'react';
import { Loading } from '../../shared/ui/Loading';

const DataTablePage = lazy(() => import('./DataTablePage'));

/** The data table tab, loaded when first opened (React.lazy): the dashboard's first load does not carry it. */
export const DataTableSection = () => (
  <Loading rows={8} label="Loading the data table">
    <DataTablePage />
  </Loading>
);
