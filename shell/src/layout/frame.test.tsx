/** @jest-environment jsdom */
import { SessionProvider, type SessionUser } from '@kinfolio/ui-kit';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { Frame, SIDEBAR_ID } from './Frame';

// The help widget is a remote: not loaded in these tests.
jest.mock('../remotes/RemoteArea', () => ({ RemoteArea: () => null }));

const user = (type: SessionUser['type'], name = 'Ada Lee'): SessionUser =>
  ({
    id: 'u1',
    type,
    name,
    email: 'u@example.com',
    username: 'ada',
    gender: 'female',
    status: 'active',
  }) as SessionUser;

// The button shows only below 768 px (a media query jsdom does not apply; the phone journeys check it's shown).
const menuButton = () => screen.getByLabelText('Menu', { selector: 'button' });

function renderFrame(path: string, who: SessionUser | null) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider initialUser={who}>
        <Frame>
          <h1>Page title</h1>
          <Link to="/advisor/leads">Go to leads</Link>
        </Frame>
      </SessionProvider>
    </MemoryRouter>,
  );
}

describe('the sidebar layouts (issue 10 items 14-16)', () => {
  it.each([
    ['/advisor/customers', 'advisor', 'Advisor menu'],
    ['/admin-dashboard/active-users', 'admin', 'Admin menu'],
    ['/support', 'advisor', 'Advisor menu'],
  ] as const)('%s: a labelled menu button controls the collapsible sidebar', (path, type, menuName) => {
    renderFrame(path, user(type));
    const button = menuButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(SIDEBAR_ID);
    const sidebar = document.getElementById(SIDEBAR_ID) as HTMLElement;
    expect(within(sidebar).getByRole('navigation', { name: menuName }).getAttribute('aria-label')).toBe(menuName);
    expect(sidebar.getAttribute('data-open')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(sidebar.getAttribute('data-open')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(sidebar.getAttribute('data-open')).toBe('false');
  });

  it("gives a customer on the support pages their own menu, never the advisor's", () => {
    renderFrame('/support', user('customer'));
    const nav = screen.getByRole('navigation', { name: 'Customer menu' });
    expect(within(nav).getByRole('link', { name: 'My dashboard' }).getAttribute('href')).toBe('/customer/dashboard');
    expect(within(nav).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
    expect(screen.queryByRole('navigation', { name: 'Advisor menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Leads' })).toBeNull();
  });

  it('closes the opened menu when the route changes', () => {
    renderFrame('/advisor/customers', user('advisor'));
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('link', { name: 'Go to leads' }));
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    ['/advisor/customers', 'advisor'],
    ['/advisor/profile/u1', 'advisor'],
    ['/admin-dashboard/active-users', 'admin'],
    ['/admin-dashboard/support/tickets', 'admin'],
    ['/support', 'advisor'],
  ] as const)('%s: the page sits in the one page container', (path, type) => {
    renderFrame(path, user(type));
    const container = screen.getByRole('heading', { name: 'Page title' }).parentElement as HTMLElement;
    expect(container.hasAttribute('data-page-container')).toBe(true);
    expect(container.closest('main')?.id).toBe('main');
  });

  it('names the profile button for what it is, then whose it is', () => {
    renderFrame('/advisor/customers', user('advisor', 'Tan Wei Ling'));
    expect(screen.getByRole('button', { name: 'Profile menu, Tan Wei Ling' }).tagName).toBe('BUTTON');
  });

  it('has no menu button where there is no sidebar', () => {
    renderFrame('/subscription', null);
    expect(screen.queryByLabelText('Menu', { selector: 'button' })).toBeNull();
  });
});

describe('the skip link (issue 30 item 14)', () => {
  it("lands on the customer dashboard's household header, not before it", () => {
    render(
      <MemoryRouter initialEntries={['/customer/dashboard/profile']}>
        <SessionProvider initialUser={user('customer', 'Demo Customer')}>
          <Frame>
            <header>
              <h1>Demo Customer</h1>
              <button type="button">Logout</button>
            </header>
            <main>
              <h2>Profile</h2>
            </main>
          </Frame>
        </SessionProvider>
      </MemoryRouter>,
    );
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    skip.focus();
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Demo Customer' }));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it("lands on the page's first heading in the sidebar layouts", () => {
    renderFrame('/advisor/customers', user('advisor'));
    fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Page title' }));
  });
});
