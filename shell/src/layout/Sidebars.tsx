import { useSession } from '@kinfolio/ui-kit';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ADMIN_BASE, ADMIN_SECTIONS, activeAdminSection, advisorMenu, customerMenu } from './menus';
import { usePendingTickets } from './usePendingTickets';

export const Side = styled.nav`
  width: 240px;
  flex: none;
  background: #ffffff;
  border-right: 1px solid #dfe7e7;
  padding: 16px 12px;
  ul { list-style: none; margin: 0; padding: 0; }
  li { margin: 2px 0; }
  a {
    display: flex; align-items: center; justify-content: space-between; gap: 8px;
    padding: 9px 12px; border-radius: 8px; color: #1d2b2b; text-decoration: none; font-weight: 600;
  }
  a:hover { background: #f0f7f7; }
  a.active { background: #e6f4f4; color: #1f6f6c; }
  ul ul a { font-weight: 500; padding-left: 24px; font-size: 14px; }
  .kf-section { font-size: 12px; text-transform: uppercase; letter-spacing: 0.6px; color: #4f5d5d; margin: 14px 12px 4px; }
  @media (max-width: 767px) { width: 100%; border-right: 0; border-bottom: 1px solid #dfe7e7; }
`;

/** The route's id (e.g. /advisor/profile/{id}) when it names a user. */
export function idInRoute(pathname: string): string | null {
  const m = /^\/advisor\/profile\/([^/]+)/.exec(pathname);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/**
 * Advisor menu (spec §2.3), or a customer's own short menu on the support pages; renders nothing when the id in the
 * route differs from the user's id.
 */
export function AdvisorSidebar() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user) return null;
  const routeId = idInRoute(pathname);
  if (routeId && routeId !== user.id) return null;
  const customer = user.type === 'customer';
  return (
    <Side aria-label={customer ? 'Customer menu' : 'Advisor menu'}>
      <ul>
        {(customer ? customerMenu() : advisorMenu(user.id)).map((item) => (
          <li key={item.label}>
            {item.children ? (
              <>
                <div className="kf-section" id="kf-account-settings">
                  {item.label}
                </div>
                <ul aria-labelledby="kf-account-settings">
                  {item.children.map((c) => (
                    <li key={c.to}>
                      <NavLink to={c.to}>{c.label}</NavLink>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <NavLink to={item.to} end={item.to === '/support'}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </Side>
  );
}

const Alert = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: 999px;
  background: #b3261e;
  color: #fff;
  font-size: 12px;
  font-weight: 700;
`;

/** Admin menu with every section (spec §2.4, including Investment and Logs) and the pending-ticket alert. */
export function AdminSidebar() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const pending = usePendingTickets(user?.type === 'admin');
  if (!user) return null;
  const active = activeAdminSection(pathname);
  return (
    <Side aria-label="Admin menu">
      <ul>
        {ADMIN_SECTIONS.map((s) => {
          const first = s.items[0]!;
          const isSupport = s.label === 'Support';
          return (
            <li key={s.label}>
              <NavLink to={ADMIN_BASE + first.path} className={active === s ? 'active' : undefined}>
                <span>{s.label}</span>
                {isSupport && pending > 0 ? (
                  <Alert data-testid="pending-alert" role="img" aria-label={`${pending} pending tickets`}>
                    !
                  </Alert>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </Side>
  );
}

const SubBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  padding: 10px 24px;
  background: #ffffff;
  border-bottom: 1px solid #dfe7e7;
  @media (max-width: 767px) { padding: 8px 16px; }
  a { padding: 6px 12px; border-radius: 999px; text-decoration: none; color: #1d2b2b; font-weight: 500; font-size: 14px; }
  a.active { background: #1f6f6c; color: #fff; }
`;

/** The sub-menu bar: the active section's sub-items, prefixed with /admin-dashboard/. */
export function AdminSubMenu() {
  const { pathname } = useLocation();
  const section = activeAdminSection(pathname);
  if (!section) return null;
  return (
    <SubBar aria-label={`${section.label} pages`}>
      {section.items.map((i) => (
        <NavLink key={i.path} to={ADMIN_BASE + i.path}>
          {i.label}
        </NavLink>
      ))}
    </SubBar>
  );
}
