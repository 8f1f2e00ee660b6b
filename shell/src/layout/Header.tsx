import { PRODUCT_NAME, useSession } from '@kinfolio/ui-kit';
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
  nav { display: flex; align-items: center; gap: 10px; }
  .kf-cta {
    display: inline-flex; align-items: center; min-height: 40px; padding: 8px 16px; border-radius: 8px;
    font-weight: 600; text-decoration: none; border: 1px solid transparent;
  }
  .kf-trial { background: #4db2af; color: #0b2120; }
  .kf-signin { border-color: ${(p) => (p.$dark ? '#ffffff' : '#1f6f6c')}; color: ${(p) => (p.$dark ? '#ffffff' : '#1f6f6c')}; }
`;

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
    <Brand to="/home" $dark={dark} aria-label={`${PRODUCT_NAME} home`}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#4db2af" />
        <path d="M9 8v16M9 16l9-8M12.5 13.5L21 24" stroke="#0b2120" strokeWidth="3" strokeLinecap="round" fill="none" />
        <circle cx="23.5" cy="9.5" r="2.5" fill="#ffffff" />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </Brand>
  );
}

/**
 * The header (spec §2.2): the logo links to /home; signed out, '14-Day Free Trial' (hidden on subscription routes)
 * and 'Sign In' (hidden on login routes); on the on-boarding page the actions are hidden when not signed in.
 * Signed in, the profile dropdown (spec §2.6).
 */
export function Header({ dark = false }: { dark?: boolean }) {
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
        {onSubscription ? null : (
          <Link className="kf-cta kf-trial" to="/subscription">
            14-Day Free Trial
          </Link>
        )}
        {onLogin ? null : (
          <Link className="kf-cta kf-signin" to="/auth/login">
            Sign In
          </Link>
        )}
      </>
    );
  }
  return (
    <Bar $dark={dark}>
      <Logo dark={dark} />
      <nav aria-label="Account">{actions}</nav>
    </Bar>
  );
}
