import { Navigate, Route, Routes } from 'react-router-dom';
import { LaterPanel, NotFoundPanel } from './components/LaterPanel';
import { AdvisorMetaPage } from './features/advisor-meta/AdvisorMetaPage';
import { PendingRegistrationsPage } from './features/subscriptions/PendingRegistrationsPage';
import { SubscribersPage } from './features/subscriptions/SubscribersPage';
import { TransactionsPage } from './features/subscriptions/TransactionsPage';
import { UsersPage } from './features/users/UsersPage';
import { ErrorLogsPage, FaqPage, PageWalkthroughPage, PendingTicketsBridge, SupportTicketsPage } from './support';

/**
 * Admin sections that later issues build (spec platform-shell §2.4). Each path renders a clear placeholder so the
 * shell's menu and sub-menu bar always lead somewhere. Insurance and Investment both have a "company" page: the
 * section-prefixed paths are the canonical ones, the bare ones are kept for links that omit the section.
 */
export const LATER_SECTIONS: ReadonlyArray<{ path: string; title: string }> = [
  { path: 'insurance-plans', title: 'Insurance plans' },
  { path: 'projections-tables', title: 'Insurance projections tables' },
  { path: 'insurance/company', title: 'Insurance companies' },
  { path: 'insurance/*', title: 'Insurance' },
  { path: 'company', title: 'Companies' },
  { path: 'bank', title: 'Banks' },
  { path: 'funds', title: 'Funds' },
  { path: 'investment-plans', title: 'Investment plans' },
  { path: 'investment/company', title: 'Investment companies' },
  { path: 'investment/bank', title: 'Banks' },
  { path: 'investment/funds', title: 'Funds' },
  { path: 'investment/investment-plans', title: 'Investment plans' },
  { path: 'investment/*', title: 'Investment' },
  { path: 'threshold-management', title: 'Threshold management' },
  { path: 'lead-magnet', title: 'Lead magnets' },
];

/** mf_admin's exposed App: rendered by the shell under /admin-dashboard/* inside its admin layout. */
export default function App() {
  return (
    <>
      {/* Keeps the shell's pending-ticket alert live on every admin page, not only on the tickets page. */}
      <PendingTicketsBridge />
      <Routes>
        <Route index element={<Navigate to="active-users" replace />} />
        <Route path="active-users" element={<UsersPage key="active" status="active" />} />
        <Route path="deactivated-users" element={<UsersPage key="deactivated" status="deactivated" />} />
        <Route path="support/*" element={<SupportTicketsPage />} />
        <Route path="faq/*" element={<FaqPage />} />
        <Route path="page-walkthrough/*" element={<PageWalkthroughPage />} />
        <Route path="error-logs/*" element={<ErrorLogsPage />} />
        <Route path="advisor-meta" element={<AdvisorMetaPage />} />
        <Route path="active-subscribers" element={<SubscribersPage key="active" which="active" />} />
        <Route path="expired-subscribers" element={<SubscribersPage key="expired" which="expired" />} />
        <Route path="subscription-transactions" element={<TransactionsPage />} />
        <Route path="pending-registrations" element={<PendingRegistrationsPage />} />
        {LATER_SECTIONS.map((s) => (
          <Route key={s.path} path={s.path} element={<LaterPanel title={s.title} />} />
        ))}
        <Route path="*" element={<NotFoundPanel />} />
      </Routes>
    </>
  );
}
