import { useSession } from '@kinfolio/ui-kit';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { ClientPlanButton } from './features/client-plan/ClientPlanButton';
import { DataTableSection } from './features/data-table/lazy';
import { MyConcerns } from './features/dreams-concerns/MyConcerns';
import { MyDreams } from './features/dreams-concerns/MyDreams';
import { GoalsPage } from './features/goals/GoalsPage';
import { ProfileTab } from './features/profile/ProfileTab';
import { RateAdvisor } from './features/reviews/RateAdvisor';
import { ScenarioSection } from './features/scenarios/lazy';
import { ConcernPage, NotFoundSection, ReportDashboard, ReportSection } from './sections';
import { Frame, useDashboard } from './shared/frame/Frame';

const ADVISOR_MOUNT = /^(\/advisor\/customers\/([^/]+))(?:\/|$)/;
const CUSTOMER_MOUNT = /^(\/customer\/dashboard)(?:\/|$)/;

/** Where the shell mounted us: the dashboard root and the customer id in it (if any). */
export function mountOf(pathname: string, splat: string | undefined): { base: string; pathId: string | null } {
  const adv = ADVISOR_MOUNT.exec(pathname);
  if (adv?.[1] && adv[2]) return { base: adv[1], pathId: decodeURIComponent(adv[2]) };
  const cust = CUSTOMER_MOUNT.exec(pathname);
  if (cust?.[1]) return { base: cust[1], pathId: null };
  // Mounted somewhere else: the shell's splat route tells what part of the path is ours.
  const rest = splat ?? '';
  const base = (rest && pathname.endsWith(rest) ? pathname.slice(0, pathname.length - rest.length) : pathname).replace(
    /\/+$/,
    '',
  );
  return { base, pathId: null };
}

function Home() {
  const { onBoarding } = useDashboard();
  const { search } = useLocation();
  return <Navigate to={{ pathname: onBoarding ? 'profile' : 'financial-report/dashboard', search }} replace />;
}

/**
 * mf_customer's exposed App: the customer dashboard (spec §2.8). The shell mounts it at
 * /advisor/customers/:customerId/* (an advisor viewing a customer; no sidebar) and at /customer/dashboard/*
 * (a signed-in customer's own dashboard, customer id = their user id).
 */
export default function App() {
  const { user } = useSession();
  const params = useParams();
  const { pathname } = useLocation();
  const { base, pathId } = mountOf(pathname, params['*']);
  const viewer = user?.type === 'customer' ? 'customer' : 'advisor';
  const customerId = pathId ?? params.customerId ?? (viewer === 'customer' ? (user?.id ?? null) : null);
  return (
    <Frame base={base} customerId={customerId} viewer={viewer} actions={<ClientPlanButton />}>
      {viewer === 'customer' ? <RateAdvisor /> : null}
      <Routes>
        <Route index element={<Home />} />
        <Route path="financial-report" element={<Navigate to="dashboard" replace />} />
        <Route path="financial-report/dashboard/:sub?" element={<ReportDashboard />} />
        <Route path="financial-report/:section" element={<ReportSection />} />
        <Route path="profile" element={<ProfileTab />} />
        <Route path="data-table" element={<DataTableSection />} />
        <Route path="dreams-concerns" element={<Navigate to="my-dreams" replace />} />
        <Route path="dreams-concerns/my-dreams" element={<MyDreams />} />
        <Route path="dreams-concerns/my-concerns" element={<MyConcerns />} />
        <Route path="goals" element={<GoalsPage />} />
        <Route path="dreams-concerns/my-concerns/:concernId/:sub?" element={<ConcernPage />} />
        <Route path="scenario-modelling" element={<ScenarioSection />} />
        <Route
          path="*"
          element={<NotFoundSection title="Page not found" note="There is no dashboard page at this address." />}
        />
      </Routes>
    </Frame>
  );
}
