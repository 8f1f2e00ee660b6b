import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPanel } from './components/NotFoundPanel';
import { AdvisorMetaPage } from './features/advisor-meta/AdvisorMetaPage';
import { CompaniesPage as InsuranceCompaniesPage } from './features/insurance/CompaniesPage';
import { InsurancePlansPage } from './features/insurance/InsurancePlansPage';
import { ProjectionTablesPage } from './features/insurance/ProjectionTablesPage';
import { FundsPage } from './features/investment/FundsPage';
import { InvestmentPlansPage } from './features/investment/InvestmentPlansPage';
import { BanksPage, InvestmentCompaniesPage } from './features/investment/NamesPage';
import { LeadMagnetsPage } from './features/lead-magnets/LeadMagnetsPage';
import { PresentationsPage } from './features/presentations/PresentationsPage';
import { RateTablesPage } from './features/rate-tables/RateTablesPage';
import { PendingRegistrationsPage } from './features/subscriptions/PendingRegistrationsPage';
import { SellerDetailsPage } from './features/subscriptions/SellerDetailsPage';
import { SubscribersPage } from './features/subscriptions/SubscribersPage';
import { TransactionsPage } from './features/subscriptions/TransactionsPage';
import { ThresholdsPage } from './features/thresholds/ThresholdsPage';
import { UsersPage } from './features/users/UsersPage';
import { ErrorLogsPage, FaqPage, PageWalkthroughPage, PendingTicketsBridge, SupportTicketsPage } from './support';

/** The back office's pages by path (relative to /admin-dashboard/). */
const PAGES: Readonly<Record<string, ReactNode>> = {
  'active-users': <UsersPage key="active" status="active" />,
  'deactivated-users': <UsersPage key="deactivated" status="deactivated" />,
  'support/*': <SupportTicketsPage />,
  'faq/*': <FaqPage />,
  'page-walkthrough/*': <PageWalkthroughPage />,
  'error-logs/*': <ErrorLogsPage />,
  'advisor-meta': <AdvisorMetaPage />,
  'lead-magnet': <LeadMagnetsPage />,
  presentations: <PresentationsPage />,
  // Insurance reference data and thresholds (issue 15); the section-prefixed aliases lead to the same pages
  'insurance-plans': <InsurancePlansPage />,
  'insurance/insurance-plans': <InsurancePlansPage />,
  'insurance/company': <InsuranceCompaniesPage />,
  'projections-tables': <ProjectionTablesPage />,
  'insurance/projections-tables': <ProjectionTablesPage />,
  'threshold-management': <ThresholdsPage />,
  // The rate tables the projections use, with their periods and sources; an admin adds new versions (issue 32)
  'rate-tables': <RateTablesPage />,
  // Investment reference data and the fund price import (issue 15); the bare paths are aliases
  'investment/company': <InvestmentCompaniesPage />,
  'investment/bank': <BanksPage />,
  'investment/funds': <FundsPage />,
  'investment/investment-plans': <InvestmentPlansPage />,
  'investment/*': <Navigate to="/admin-dashboard/investment/company" replace />,
  company: <InvestmentCompaniesPage />,
  bank: <BanksPage />,
  funds: <FundsPage />,
  'investment-plans': <InvestmentPlansPage />,
  'active-subscribers': <SubscribersPage key="active" which="active" />,
  'expired-subscribers': <SubscribersPage key="expired" which="expired" />,
  'subscription-transactions': <TransactionsPage />,
  'pending-registrations': <PendingRegistrationsPage />,
  // the seller's details every receipt prints (issue 35)
  'seller-details': <SellerDetailsPage />,
};

/** mf_admin's exposed App: rendered by the shell under /admin-dashboard/* inside its admin layout. */
export default function App() {
  return (
    <>
      {/* Keeps the shell's pending-ticket alert live on every admin page, not only on the tickets page. */}
      <PendingTicketsBridge />
      <Routes>
        <Route index element={<Navigate to="active-users" replace />} />
        {Object.entries(PAGES).map(([path, page]) => (
          <Route key={path} path={path} element={page} />
        ))}
        <Route path="*" element={<NotFoundPanel />} />
      </Routes>
    </>
  );
}
