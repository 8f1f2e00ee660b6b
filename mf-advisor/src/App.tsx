import { useSession } from '@kinfolio/ui-kit';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Bone, Empty, Page } from './components/ui';
import { BillingHistoryPage } from './features/billing-history/BillingHistoryPage';
import { RecordsPage } from './features/records/RecordsPage';
import { MembershipPage } from './features/subscription/MembershipPage';

// The profile form validates with the contracts' zod schema: loaded only when the profile page opens.
const ProfilePage = lazy(() => import('./features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));

function OwnProfileRedirect() {
  const { user } = useSession();
  return user ? <Navigate to={`../profile/${user.id}`} replace /> : null;
}

function NotFound() {
  return (
    <Page>
      <Empty title="Page not found">There is no advisor page at this address.</Empty>
    </Page>
  );
}

/** mf_advisor's exposed App: rendered by the shell under /advisor/* inside the advisor layout (spec §2.3). */
export default function App() {
  return (
    <Routes>
      <Route index element={<Navigate to="customers" replace />} />
      <Route path="customers" element={<RecordsPage key="customers" kind="customers" />} />
      <Route path="leads" element={<RecordsPage key="leads" kind="leads" />} />
      <Route path="profile" element={<OwnProfileRedirect />} />
      <Route
        path="profile/:advisorId"
        element={
          <Suspense
            fallback={
              <Page aria-busy="true">
                <Bone $w="240px" $h="28px" />
              </Page>
            }
          >
            <ProfilePage />
          </Suspense>
        }
      />
      <Route path="account-settings" element={<Navigate to="my-subscription" replace />} />
      <Route path="account-settings/my-subscription" element={<MembershipPage />} />
      <Route path="account-settings/billing-history" element={<BillingHistoryPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
