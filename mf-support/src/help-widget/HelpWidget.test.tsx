/** @jest-environment jsdom */

import { kitMock, testUser } from '@kinfolio/support-ui/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import HelpWidget, { CHAT_CARD, GREETING } from './HelpWidget';

jest.mock('@kinfolio/ui-kit', () => require('@kinfolio/support-ui/testing').kitMock);
jest.mock('socket.io-client', () => ({ io: () => require('@kinfolio/support-ui/testing').fakeSocket }));

// jsdom has no PointerEvent: without it testing-library's pointer events carry no coordinates.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
}

const walkthroughs = [
  {
    id: 'w1',
    title: 'Your customers',
    description: '<p>Start here<img src=x onerror="alert(1)"></p>',
    link: 'https://www.loom.com/share/abc123',
    page_meta: { data: ['advisor', 'customers'], folder_name: '' },
    uploaded_files: { files: [] },
  },
];
const folders = [
  { id: 'f1', folder_name: 'Onboarding', files: [{ name: 'Intro deck', url: 'https://cdn.example/intro.pptx' }] },
];

function Nav() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/advisor/leads')}>
      go
    </button>
  );
}

function mount(path = '/advisor/customers') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Nav />
      <HelpWidget />
    </MemoryRouter>,
  );
}

const fab = () => screen.getByRole('button', { name: 'Help' });
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('HelpWidget', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    kitMock.useSession.mockReturnValue({ user: testUser, status: 'loaded', logout: jest.fn() });
    kitMock.api.get.mockImplementation(async (path: string) => {
      if (path === 'page-walkthrough') return walkthroughs;
      if (path === 'presentations') return folders;
      return [];
    });
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  });

  it('renders nothing when signed out or on the document viewer', () => {
    kitMock.useSession.mockReturnValue({ user: null, status: 'loaded', logout: jest.fn() } as never);
    const a = mount();
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    a.unmount();
    kitMock.useSession.mockReturnValue({ user: testUser, status: 'loaded', logout: jest.fn() });
    mount('/document-viewer');
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
  });

  it('sits 20 px from the right and bottom and opens on click with Home, greeting and chat card', async () => {
    mount();
    expect(fab().style.right).toBe('20px');
    expect(fab().style.bottom).toBe('20px');
    await act(async () => fireEvent.click(fab()));
    expect(screen.getByText(GREETING)).toBeTruthy();
    expect(GREETING).toBe('Hi there, How can we help?');
    const card = screen.getByRole('link', { name: CHAT_CARD });
    expect(card.getAttribute('href')).toBe('/support/raise-ticket?as=%2Fadvisor%2Fcustomers');
    expect(tabNames()).toEqual(['Home', 'Tickets', 'Walkthrough', 'Presentation']);
    expect(kitMock.api.get).toHaveBeenCalledWith(
      'page-walkthrough',
      undefined,
      expect.objectContaining({ query: { path: '/advisor/customers' } }),
    );
  });

  it('a drag over 3 px moves the button and is not a click; 3 px or less is a click', async () => {
    mount();
    fireEvent.pointerDown(fab(), { button: 0, clientX: 500, clientY: 500 });
    fireEvent.pointerMove(fab(), { clientX: 460, clientY: 470 });
    fireEvent.pointerUp(fab(), { clientX: 460, clientY: 470 });
    fireEvent.click(fab());
    expect(screen.queryByTestId('help-panel')).toBeNull();
    expect(fab().style.right).toBe('60px');
    expect(fab().style.bottom).toBe('50px');
    fireEvent.pointerDown(fab(), { button: 0, clientX: 500, clientY: 500 });
    fireEvent.pointerMove(fab(), { clientX: 502, clientY: 502 });
    fireEvent.pointerUp(fab(), { clientX: 502, clientY: 502 });
    await act(async () => fireEvent.click(fab()));
    expect(screen.getByTestId('help-panel')).toBeTruthy();
    expect(fab().style.right).toBe('60px');
  });

  it('closes on route change and reopens on Home', async () => {
    mount();
    await act(async () => fireEvent.click(fab()));
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Tickets' })));
    expect(screen.getByRole('tab', { name: 'Tickets' }).getAttribute('aria-selected')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    expect(screen.queryByTestId('help-panel')).toBeNull();
    await act(async () => fireEvent.click(fab()));
    expect(screen.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true');
    // /advisor/leads matches no walkthrough: the tab is gone
    expect(tabNames()).toEqual(['Home', 'Tickets', 'Presentation']);
  });

  it('shows the matching walkthrough with its loom player and a sanitised description', async () => {
    mount();
    await act(async () => fireEvent.click(fab()));
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Walkthrough' })));
    expect(screen.getByRole('heading', { name: 'Your customers' })).toBeTruthy();
    expect(screen.getByTestId('loom-player').getAttribute('src')).toBe('https://www.loom.com/embed/abc123');
    const desc = screen.getByTestId('walkthrough-description');
    expect(desc.textContent).toBe('Start here');
    expect(desc.innerHTML).not.toContain('onerror');
  });

  it('hides Walkthrough and Presentation when nothing matches or exists', async () => {
    kitMock.api.get.mockImplementation(async (path: string) =>
      path === 'presentations' ? [{ id: 'f', folder_name: 'Empty', files: [] }] : [],
    );
    mount();
    await act(async () => fireEvent.click(fab()));
    expect(tabNames()).toEqual(['Home', 'Tickets']);
  });

  it('opens a presentation file in the 70vh × 68vw viewer with the office embed', async () => {
    jest.useFakeTimers();
    try {
      mount();
      await act(async () => fireEvent.click(fab()));
      await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Presentation' })));
      fireEvent.click(screen.getByRole('button', { name: /Onboarding/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Intro deck' }));
      const dialog = screen.getByRole('dialog', { name: 'Intro deck' });
      act(() => jest.advanceTimersByTime(500));
      const frame = dialog.querySelector('iframe');
      expect(frame?.getAttribute('src')).toBe(
        `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent('https://cdn.example/intro.pptx')}`,
      );
      expect(frame?.style.height).toBe('70vh');
      expect(frame?.style.width).toBe('68vw');
    } finally {
      jest.useRealTimers();
    }
  });

  it('moves focus into the panel and closes on Escape', async () => {
    mount();
    await act(async () => fireEvent.click(fab()));
    expect(document.activeElement).toBe(screen.getByTestId('help-panel'));
    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByTestId('help-panel')).toBeNull();
    expect(document.activeElement).toBe(fab());
  });

  it('uses a full-width panel below 768 px', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 767 });
    mount();
    await act(async () => fireEvent.click(fab()));
    const panel = screen.getByTestId('help-panel');
    expect(panel.style.left).toBe('0px');
    expect(panel.style.right).toBe('0px');
  });

  it('hides Tickets and the chat card for admins', async () => {
    kitMock.useSession.mockReturnValue({ user: { ...testUser, type: 'admin' }, status: 'loaded', logout: jest.fn() });
    mount('/admin-dashboard/faq');
    await act(async () => fireEvent.click(fab()));
    expect(screen.queryByRole('link', { name: CHAT_CARD })).toBeNull();
    expect(tabNames()).not.toContain('Tickets');
  });
});
