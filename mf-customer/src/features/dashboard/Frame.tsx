import { api, PageContainer, useSession } from '@kinfolio/ui-kit';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { DEFAULT_LEAD, type LeadInfo, leadInfoFrom, leadInfoFromUser } from './lead';
import { TopBar } from './TopBar';
import { isOnBoarding, isUnder, visibleTabs } from './tabs';

export interface DashboardCtx {
  /** Absolute path of the dashboard root: /advisor/customers/{id} or /customer/dashboard. */
  base: string;
  customerId: string | null;
  viewer: 'advisor' | 'customer';
  onBoarding: boolean;
}
const Ctx = createContext<DashboardCtx>({ base: '', customerId: null, viewer: 'advisor', onBoarding: false });
export const useDashboard = () => useContext(Ctx);

const Shell = styled.div`
  min-height: 100%;
  background: #f5f7f8;
`;
const TabBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  padding: 0 24px;
  background: #fff;
  border-bottom: 1px solid #e2e8f0;
  @media (max-width: 767px) {
    flex-wrap: nowrap;
    overflow-x: auto;
    padding: 0 8px;
    a, span { white-space: nowrap; }
  }
  a,
  span {
    display: inline-block;
    padding: 12px 14px;
    border-bottom: 3px solid transparent;
    color: #2d3748;
    text-decoration: none;
    font-weight: 500;
  }
  a[aria-current='page'] {
    border-bottom-color: #4db2af;
    color: #1f6f6d;
  }
  a:focus-visible {
    outline: 2px solid #4db2af;
    outline-offset: -2px;
  }
  span[aria-disabled='true'] {
    color: #a0aec0;
    cursor: default;
  }
`;

function useLeadInfo(customerId: string | null, viewer: 'advisor' | 'customer'): LeadInfo {
  const { user } = useSession();
  const [info, setInfo] = useState<LeadInfo>(DEFAULT_LEAD);
  useEffect(() => {
    if (viewer === 'customer') {
      setInfo(user ? leadInfoFromUser(user) : DEFAULT_LEAD);
      return;
    }
    setInfo(DEFAULT_LEAD);
    if (!customerId) return;
    const ctrl = new AbortController();
    // Until the leads issue lands this answers 404: the top bar keeps its defaults.
    api.get<unknown>(`single-lead/${encodeURIComponent(customerId)}`, undefined, { signal: ctrl.signal }).then(
      (data) => !ctrl.signal.aborted && setInfo(leadInfoFrom(data)),
      () => undefined,
    );
    return () => ctrl.abort();
  }, [customerId, viewer, user]);
  return info;
}

/** The customer dashboard frame (spec §2.8): top bar, tab bar, then the tab's body. */
export function Frame({
  base,
  customerId,
  viewer,
  children,
}: Omit<DashboardCtx, 'onBoarding'> & { children: ReactNode }) {
  const { logout } = useSession();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const onBoarding = isOnBoarding(search);
  const info = useLeadInfo(customerId, viewer);
  const tabs = visibleTabs(onBoarding);
  return (
    <Ctx.Provider value={{ base, customerId, viewer, onBoarding }}>
      <Shell>
        <TopBar info={info} viewer={viewer} onLogout={logout} />
        <TabBar aria-label="Dashboard sections">
          {tabs.map((t) =>
            onBoarding ? (
              // On-boarding mode: links are inactive.
              <span
                key={t.path}
                aria-disabled="true"
                aria-current={isUnder(pathname, base, t.match) ? 'page' : undefined}
              >
                {t.label}
              </span>
            ) : (
              <Link
                key={t.path}
                to={`${base}/${t.path}`}
                aria-current={isUnder(pathname, base, t.match) ? 'page' : undefined}
              >
                {t.label}
              </Link>
            ),
          )}
        </TabBar>
        <main>
          <PageContainer>{children}</PageContainer>
        </main>
      </Shell>
    </Ctx.Provider>
  );
}
