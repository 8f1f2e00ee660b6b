import { DEFAULT_ROUTE, MOBILE_BREAKPOINT_PX, PRODUCT_NAME, useSession } from '@kinfolio/ui-kit';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ProfileDropdown } from './ProfileDropdown';

const Bar = styled.header<{ $dark: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 10px 24px;
  min-height: 60px;
  background: ${(p) => (p.$dark ? '#10302f' : '#ffffff')};
  color: ${(p) => (p.$dark ? '#ffffff' : '#1d2b2b')};
  border-bottom: 1px solid ${(p) => (p.$dark ? '#10302f' : '#dfe7e7')};
  > .kf-start { display: flex; align-items: center; gap: 8px; min-width: 0; }
  nav { display: flex; align-items: center; gap: 10px; min-width: 0; }
  .kf-cta {
    display: inline-flex; align-items: center; min-height: 40px; padding: 8px 16px; border-radius: 8px;
    font-weight: 600; text-decoration: none; border: 1px solid transparent; white-space: nowrap;
  }
  .kf-trial { background: #4db2af; color: #0b2120; }
  .kf-signin { border-color: ${(p) => (p.$dark ? '#ffffff' : '#1f6f6c')}; color: ${(p) => (p.$dark ? '#ffffff' : '#1f6f6c')}; }
  .kf-menu-button {
    display: none; align-items: center; justify-content: center; width: 40px; height: 40px; flex: none;
    border: 1px solid ${(p) => (p.$dark ? '#ffffff' : '#c9d3d3')}; border-radius: 8px; background: transparent;
    color: inherit; cursor: pointer;
  }
  @media (max-width: ${MOBILE_BREAKPOINT_PX - 1}px) {
    padding: 10px 12px;
    gap: 8px;
    .kf-menu-button { display: inline-flex; }
    nav { gap: 6px; }
    .kf-cta { padding: 8px 12px; font-size: 15px; }
  }
  @media (max-width: 479px) {
    .kf-brand-name { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
  }
`;

export interface HeaderMenu {
  /** Whether the collapsible menu (the sidebar, on phones) is open. */
  open: boolean;
  onToggle: () => void;
  /** The id of the element the button shows and hides. */
  controls: string;
}

const Brand = styled(Link)<{ $dark: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  font-weight: 800;
  font-size: 20px;
  letter-spacing: 0.2px;
  text-decoration: none;
  color: ${(p) => (p.$dark ? '#ffffff' : '#10302f')};
`;

export function Logo({ dark = false }: { dark?: boolean }) {
  return (
    <Brand to={DEFAULT_ROUTE} $dark={dark} aria-label={`${PRODUCT_NAME} home`}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#4db2af" />
        <path d="M9 8v16M9 16l9-8M12.5 13.5L21 24" stroke="#0b2120" strokeWidth="3" strokeLinecap="round" fill="none" />
        <circle cx="23.5" cy="9.5" r="2.5" fill="#ffffff" />
      </svg>
      <span className="kf-brand-name">{PRODUCT_NAME}</span>
    </Brand>
  );
}

/**
 * The header (spec §2.2): the logo links to /home; signed out, '14-Day Free Trial' (hidden on subscription routes)
 * and 'Sign In' (hidden on login routes); on the on-boarding page the actions are hidden when not signed in.
 * Signed in, the profile dropdown (spec §2.6). In the sidebar layouts, below 768 px, a menu button shows and hides
 * the sidebar. On an advisor's public page (`visitor`) there is no advisor sign-up, and 'Sign In' is the customers'.
 */
export function Header({
  dark = false,
  menu,
  visitor = false,
}: {
  dark?: boolean;
  menu?: HeaderMenu;
  visitor?: boolean;
}) {
  const { user, status } = useSession();
  const { pathname } = useLocation();
  const onSubscription = pathname.includes('subscription');
  const onLogin = pathname.includes('login');
  const onBoarding = pathname.includes('on-boarding');
  let actions: React.ReactNode = null;
  if (user) actions = <ProfileDropdown />;
  else if (status !== 'loading' && !onBoarding) {
    actions = (
      <>
        {onSubscription || visitor ? null : (
          <Link className="kf-cta kf-trial" to="/subscription">
            14-Day Free Trial
          </Link>
        )}
        {onLogin ? null : (
          <Link className="kf-cta kf-signin" to={visitor ? '/customer/auth/login' : '/auth/login'}>
            Sign In
          </Link>
        )}
      </>
    );
  }
  return (
    <Bar $dark={dark}>
      <div className="kf-start">
        {menu ? (
          <button
            type="button"
            className="kf-menu-button"
            aria-label="Menu"
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            onClick={menu.onToggle}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d={menu.open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
        <Logo dark={dark} />
      </div>
      <nav aria-label="Account">{actions}</nav>
    </Bar>
  );
}
