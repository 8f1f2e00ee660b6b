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
import { SubscribersPage } from './features/subscriptions/SubscribersPage';
import { TransactionsPage } from './features/subscriptions/TransactionsPage';
import { ThresholdsPage } from './features/thresholds/ThresholdsPage';
import { UsersPage } from './features/users/UsersPage';
import { ErrorLogsPage, FaqPage, PageWalkthroughPage, PendingTicketsBridge, SupportTicketsPage } from './support';

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
        <Route path="lead-magnet" element={<LeadMagnetsPage />} />
        <Route path="presentations" element={<PresentationsPage />} />
        {/* Insurance reference data and thresholds (issue 15); the section-prefixed aliases lead to the same pages */}
        <Route path="insurance-plans" element={<InsurancePlansPage />} />
        <Route path="insurance/insurance-plans" element={<InsurancePlansPage />} />
        <Route path="insurance/company" element={<InsuranceCompaniesPage />} />
        <Route path="projections-tables" element={<ProjectionTablesPage />} />
        <Route path="insurance/projections-tables" element={<ProjectionTablesPage />} />
        <Route path="threshold-management" element={<ThresholdsPage />} />
        {/* The rate tables the projections use, with their periods and sources; an admin adds new versions (issue 32) */}
        <Route path="rate-tables" element={<RateTablesPage />} />
        {/* Investment reference data and the fund price import (issue 15); the bare paths are aliases */}
        <Route path="investment/company" element={<InvestmentCompaniesPage />} />
        <Route path="investment/bank" element={<BanksPage />} />
        <Route path="investment/funds" element={<FundsPage />} />
        <Route path="investment/investment-plans" element={<InvestmentPlansPage />} />
        <Route path="investment/*" element={<Navigate to="/admin-dashboard/investment/company" replace />} />
        <Route path="company" element={<InvestmentCompaniesPage />} />
        <Route path="bank" element={<BanksPage />} />
        <Route path="funds" element={<FundsPage />} />
        <Route path="investment-plans" element={<InvestmentPlansPage />} />
        <Route path="active-subscribers" element={<SubscribersPage key="active" which="active" />} />
        <Route path="expired-subscribers" element={<SubscribersPage key="expired" which="expired" />} />
        <Route path="subscription-transactions" element={<TransactionsPage />} />
        <Route path="pending-registrations" element={<PendingRegistrationsPage />} />
        <Route path="*" element={<NotFoundPanel />} />
      </Routes>
    </>
  );
}
