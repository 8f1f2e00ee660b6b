import { lazy } from 'react';
import { Loading } from '../../shared/ui/Loading';

const ScenarioPage = lazy(() => import('./ScenarioPage'));

/** The scenario modelling tab, loaded when first opened (React.lazy): the dashboard's first load does not carry it. */
export const ScenarioSection = () => (
  <Loading rows={8} label="Loading scenario modelling">
    <ScenarioPage />
  </Loading>
);
