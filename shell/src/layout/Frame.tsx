import { MOBILE_BREAKPOINT_PX, PageContainer, useSession } from '@kinfolio/ui-kit';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { RemoteArea } from '../remotes/RemoteArea';
import { Header } from './Header';
import { AdminSidebar, AdminSubMenu, AdvisorSidebar } from './Sidebars';
import { layoutFor } from './select';

const Columns = styled.div`
  display: flex;
  min-height: calc(100vh - 61px);
  > .kf-sidebar { display: flex; flex: none; }
  > .kf-content { flex: 1; min-width: 0; display: flex; flex-direction: column; }
  @media (max-width: ${MOBILE_BREAKPOINT_PX - 1}px) {
    flex-direction: column;
    > .kf-sidebar { display: none; }
    > .kf-sidebar[data-open='true'] { display: block; }
  }
`;

/** The id of the collapsible sidebar the header's menu button controls. */
export const SIDEBAR_ID = 'kf-sidebar';

/**
 * Header, sidebar and the page: the page's content always sits in the one PageContainer; on phones the sidebar is
 * collapsed behind the header's menu button (closed again on every route change and by Escape).
 */
function SidebarLayout({ sidebar, above, children }: { sidebar: ReactNode; above?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is the trigger
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <Header menu={{ open, onToggle: () => setOpen((o) => !o), controls: SIDEBAR_ID }} />
      <Columns>
        <div className="kf-sidebar" id={SIDEBAR_ID} data-open={open}>
          {sidebar}
        </div>
        <main id="main" className="kf-content">
          {above}
          <PageContainer>{children}</PageContainer>
        </main>
      </Columns>
    </>
  );
}

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

/**
 * The skip link lands ON the main content: the first heading inside #main (the customer dashboard's household
 * header, a page's title), else #main itself, made focusable (tabindex -1) and focused. Following the bare #main
 * anchor moved no focus (a div or main is not focusable), so the next Tab went on from the top of the page
 * (issue 30 item 14).
 */
export function skipToContent(e: { preventDefault(): void }): void {
  const main = document.getElementById('main');
  if (!main) return;
  e.preventDefault();
  const target = main.querySelector<HTMLElement>('h1, h2') ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView?.({ block: 'start' });
}

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
      body = <SidebarLayout sidebar={<AdvisorSidebar />}>{children}</SidebarLayout>;
      break;
    case 'admin':
      body = (
        <SidebarLayout sidebar={<AdminSidebar />} above={<AdminSubMenu />}>
          {children}
        </SidebarLayout>
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
      <SkipLink href="#main" onClick={skipToContent}>
        Skip to content
      </SkipLink>
      {body}
      <HelpWidget />
    </div>
  );
}
