import { theme } from '@kinfolio/ui-kit';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { BalanceSheetSectionView } from './features/balance-sheet/lazy';
import { CashflowSection } from './features/cashflow/CashflowSection';
import { ConcernHeader } from './features/dreams-concerns/MyConcerns';
import { InsuranceSection } from './features/insurance/lazy';
import { NetWorthSection } from './features/networth/lazy';
import { FinancialReport } from './features/report/lazy';
import type { ReportTab } from './features/report/ReportView';
import { useDashboard } from './shared/frame/Frame';
import { CONCERN_SUB_TABS, FUND_LINKS, fundsLink, isUnder, REPORT_SUB_TABS } from './shared/frame/tabs';
import { useHousehold } from './shared/household/context';

/** What an address under the dashboard that names no page shows. */
export const NO_PAGE_TEXT = 'There is no dashboard page at this address.';

const Panel = styled.section`
  padding: 32px 24px;
  border: 1px dashed #4db2af;
  border-radius: 10px;
  background: #fff;
  h2 {
    margin: 0 0 8px;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
  }
`;
const SubTabs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
  a,
  span {
    padding: 6px 14px;
    border-radius: 999px;
    border: 1px solid #cbd5e0;
    background: #fff;
    color: #2d3748;
    text-decoration: none;
    font-size: 0.9rem;
  }
  a[aria-current='page'] {
    background: ${theme.colors.primaryDark};
    border-color: ${theme.colors.primaryDark};
    color: #fff;
  }
  a:focus-visible {
    outline: 2px solid #2c7a7b;
    outline-offset: 2px;
  }
  span[aria-disabled='true'] {
    color: #a0aec0;
    border-style: dashed;
  }
`;

/** A sub-tab link; in on-boarding mode (query on_boarding) links are inactive (spec §2.8). */
function SubLink({
  to,
  current,
  action,
  children,
}: {
  to: string;
  current?: boolean;
  action?: string;
  children: string;
}) {
  const { onBoarding } = useDashboard();
  if (onBoarding) {
    return (
      <span aria-disabled="true" aria-current={current ? 'page' : undefined} data-action={action}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} aria-current={current ? 'page' : undefined} data-action={action}>
      {children}
    </Link>
  );
}

/** A tab body whose content the planning issue brings. */
export function NotFoundSection({ title, note }: { title: string; note?: string }) {
  return (
    <Panel aria-label={title}>
      <h2>{title}</h2>
      <p>{note ?? NO_PAGE_TEXT}</p>
    </Panel>
  );
}

const SUB_TITLES: Record<string, string> = Object.fromEntries(REPORT_SUB_TABS.map((s) => [s.path, s.label]));

/** financial-report/dashboard with sub-tabs cashflow, networth, insurance, funds, debt, property. */
export function ReportDashboard() {
  const { base } = useDashboard();
  const { readOnly } = useHousehold();
  const { sub } = useParams();
  const { pathname } = useLocation();
  const root = `${base}/financial-report/dashboard`;
  // the report opens on its first sub-tab, cash flow; an unknown sub-tab is no page
  const current = sub ? (SUB_TITLES[sub] ? sub : null) : 'cashflow';
  return (
    <>
      <SubTabs aria-label="Financial report">
        {REPORT_SUB_TABS.map((s) => (
          <SubLink key={s.path} to={`${root}/${s.path}`} current={isUnder(pathname, root, s.path)}>
            {s.label}
          </SubLink>
        ))}
      </SubTabs>
      {/* the add links open the advisor's add forms: a customer reads their funds and adds nothing (spec §6) */}
      {current === 'funds' && !readOnly ? (
        <SubTabs aria-label="Funds">
          {FUND_LINKS.map((f) => (
            <SubLink key={f.action} to={`${base}/${fundsLink(f.activeTab)}`} action={f.action}>
              {f.label}
            </SubLink>
          ))}
        </SubTabs>
      ) : null}
      {/* the report's charts and tables of the sub-tab (financial-report call), then the sub-tab's own records */}
      {current ? <FinancialReport tab={current as ReportTab} /> : null}
      {current === 'cashflow' ? (
        <CashflowSection />
      ) : current === 'funds' || current === 'debt' || current === 'property' ? (
        <BalanceSheetSectionView section={current} />
      ) : current === 'insurance' ? (
        <InsuranceSection />
      ) : current === 'networth' ? (
        <NetWorthSection />
      ) : (
        <NotFoundSection title="Financial report" />
      )}
    </>
  );
}

const SECTION_TITLES: Record<string, string> = {
  cashflow: 'Income & Expenses',
  networth: 'Net Worth',
  insurance: 'Insurance',
  funds: 'Funds',
  debt: 'Debt',
  property: 'Property',
};

/**
 * financial-report/{section} pages (insurance, funds with ?activeTab=, debt, property, ...). financial-report/debt
 * takes its section name from the query parameter `from` when one is given (spec §2), e.g. ?from=property.
 */
export function ReportSection() {
  const { section: pathSection } = useParams();
  const [search] = useSearchParams();
  const from = search.get('from');
  const section = pathSection === 'debt' && from && SECTION_TITLES[from] ? from : pathSection;
  const title = (section && SECTION_TITLES[section]) || 'Financial report';
  const activeTab = search.get('activeTab');
  const report =
    section && Object.hasOwn(SECTION_TITLES, section) ? <FinancialReport tab={section as ReportTab} /> : null;
  if (section === 'cashflow')
    return (
      <>
        {report}
        <CashflowSection />
      </>
    );
  if (section === 'insurance')
    return (
      <>
        {report}
        <InsuranceSection />
      </>
    );
  if (section === 'networth')
    return (
      <>
        {report}
        <NetWorthSection />
      </>
    );
  if (section === 'funds' || section === 'debt' || section === 'property')
    return (
      <>
        {report}
        <BalanceSheetSectionView section={section} />
      </>
    );
  return <NotFoundSection title={activeTab ? `${title}: ${activeTab}` : title} />;
}

/** dreams-concerns/my-concerns/{concern_id}/... with sub-pages; property is disabled there. */
export function ConcernPage() {
  const { base } = useDashboard();
  const { concernId, sub } = useParams();
  const { pathname } = useLocation();
  const root = `${base}/dreams-concerns/my-concerns/${encodeURIComponent(concernId ?? '')}`;
  // a concern opens on its first sub-page, Income & Expenses; property is disabled there (spec §2)
  const current = CONCERN_SUB_TABS.find((s) => s.path === (sub ?? 'cashflow') && !s.disabled);
  return (
    <>
      <SubTabs aria-label="Concern">
        {CONCERN_SUB_TABS.map((s) =>
          s.disabled ? (
            <span key={s.path} aria-disabled="true">
              {s.label}
            </span>
          ) : (
            <SubLink key={s.path} to={`${root}/${s.path}`} current={isUnder(pathname, root, s.path)}>
              {s.label}
            </SubLink>
          ),
        )}
      </SubTabs>
      <ConcernHeader concernId={concernId ?? ''} />
      {current?.path === 'cashflow' ? (
        <CashflowSection />
      ) : current?.path === 'insurance' ? (
        <InsuranceSection title="Insurance" />
      ) : current?.path === 'funds' || current?.path === 'debt' ? (
        <BalanceSheetSectionView section={current.path} />
      ) : (
        <NotFoundSection
          title="My concern"
          note={sub === 'property' ? 'Property is not part of a concern.' : undefined}
        />
      )}
    </>
  );
}
