import { useSession } from '@kinfolio/ui-kit';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { RemoteArea } from '../remotes/RemoteArea';
import { Header } from './Header';
import { AdminSidebar, AdminSubMenu, AdvisorSidebar } from './Sidebars';
import { layoutFor } from './select';

const Columns = styled.div`
  display: flex;
  min-height: calc(100vh - 61px);
  > .kf-content { flex: 1; min-width: 0; display: flex; flex-direction: column; }
  @media (max-width: 768px) { flex-direction: column; }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  top: 8px;
  z-index: 3000;
  background: #fff;
  color: #10302f;
  padding: 8px 12px;
  border-radius: 6px;
  &:focus { left: 8px; }
`;

/** mf_support's floating help widget: every page except the document viewer, only when signed in (spec §2.11). */
function HelpWidget() {
  const { user } = useSession();
  if (!user) return null;
  return <RemoteArea remote="mf_support" expose="./HelpWidget" loading={null} failure={null} />;
}

/** The layout chosen by route (spec §2.1) around the routes. */
export function Frame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const kind = layoutFor(pathname);
  if (kind === 'bare') return <>{children}</>;
  let body: ReactNode;
  switch (kind) {
    case 'public':
      body = (
        <>
          <Header dark />
          {children}
        </>
      );
      break;
    case 'default':
      body = (
        <>
          <Header />
          {children}
        </>
      );
      break;
    case 'advisor':
      body = (
        <>
          <Header />
          <Columns>
            <AdvisorSidebar />
            <main id="main" className="kf-content">
              {children}
            </main>
          </Columns>
        </>
      );
      break;
    case 'admin':
      body = (
        <>
          <Header />
          <Columns>
            <AdminSidebar />
            <main id="main" className="kf-content">
              <AdminSubMenu />
              {children}
            </main>
          </Columns>
        </>
      );
      break;
    case 'customer':
      // The dashboard top bar and the page's <main> are drawn by mf_customer; no sidebar.
      body = <div id="main">{children}</div>;
      break;
    default:
      body = children;
  }
  return (
    <div data-layout={kind}>
      <SkipLink href="#main">Skip to content</SkipLink>
      {body}
      <HelpWidget />
    </div>
  );
}
