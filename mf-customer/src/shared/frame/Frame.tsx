import { PageContainer, useSession } from '@kinfolio/ui-kit';
import { createContext, type ReactNode, useContext } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ExplainProvider } from '../explain/context';
import { HouseholdProvider, useHousehold } from '../household/context';
import { MeetingBar, StartMeetingButton } from '../meeting/MeetingBar';
import { MeetingProvider } from '../meeting/MeetingProvider';
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

/** The top bar's lead: the stored household's me member; a customer without a household yet sees their account. */
function useLeadInfo(viewer: 'advisor' | 'customer'): LeadInfo {
  const { user } = useSession();
  const { household } = useHousehold();
  if (household) return leadInfoFrom(household);
  if (viewer === 'customer' && user) return leadInfoFromUser(user);
  return DEFAULT_LEAD;
}

function TopBarOf({
  viewer,
  onLogout,
  actions,
}: {
  viewer: 'advisor' | 'customer';
  onLogout: () => void;
  actions?: ReactNode;
}) {
  return <TopBar info={useLeadInfo(viewer)} viewer={viewer} onLogout={onLogout} actions={actions} />;
}

/**
 * The customer dashboard frame (spec §2.8): top bar (with `actions`, and the advisor's "Start meeting"), tab bar, the
 * meeting's bar (issue 36), then the tab's body.
 */
export function Frame({
  base,
  customerId,
  viewer,
  actions,
  children,
}: Omit<DashboardCtx, 'onBoarding'> & { children: ReactNode; actions?: ReactNode }) {
  const { logout } = useSession();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const onBoarding = isOnBoarding(search);
  const tabs = visibleTabs(onBoarding);
  return (
    <Ctx.Provider value={{ base, customerId, viewer, onBoarding }}>
      <HouseholdProvider householdId={customerId} readOnly={viewer !== 'advisor'}>
        <MeetingProvider base={base} viewer={viewer}>
          <Shell>
            <TopBarOf
              viewer={viewer}
              onLogout={logout}
              actions={
                <>
                  {actions}
                  <StartMeetingButton />
                </>
              }
            />
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
            <MeetingBar />
            <main>
              <PageContainer>
                <ExplainProvider base={base}>{children}</ExplainProvider>
              </PageContainer>
            </main>
          </Shell>
        </MeetingProvider>
      </HouseholdProvider>
    </Ctx.Provider>
  );
}
