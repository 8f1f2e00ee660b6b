/** @jest-environment jsdom */

import { fakeSocket, kitMock } from '@kinfolio/support-ui/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PENDING_EVENT } from './pending';
import { fromText, SupportTicketsPage } from './SupportTicketsPage';

jest.mock('@kinfolio/ui-kit', () => require('@kinfolio/support-ui/testing').kitMock);
jest.mock('socket.io-client', () => ({ io: () => require('@kinfolio/support-ui/testing').fakeSocket }));

const t = (id: string, status = 'pending', query = `Query ${id}`) => ({
  id,
  reference_id: `TCK-${id}`,
  query,
  query_type: 'General enquiry',
  status,
  user_type: 'advisor',
  replies_count: 0,
  createdAt: '2026-03-10T10:00:00Z',
  updatedAt: '2026-03-10T10:00:00Z',
});

function mount(url = '/admin-dashboard/support/tickets') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin-dashboard/support/*" element={<SupportTicketsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('admin support tickets', () => {
  let events: number[] = [];
  const onEvent = (e: Event) => events.push((e as CustomEvent<{ count: number }>).detail.count);
  beforeEach(() => {
    jest.clearAllMocks();
    fakeSocket.reset();
    events = [];
    window.addEventListener(PENDING_EVENT, onEvent);
    kitMock.useSession.mockReturnValue({
      user: { id: 'admin-1', type: 'admin', name: 'Root' },
      status: 'loaded',
      logout: jest.fn(),
    } as never);
    kitMock.api.get.mockImplementation(
      async (path: string, _b: unknown, opts: { query?: Record<string, unknown> } = {}) => {
        if (path === 'admin/query-tickets' && opts.query?.have_pending_tickets === 'true') return 2;
        if (path === 'admin/query-tickets') {
          if (opts.query?.status === 'closed') return { rows: [t('c1', 'closed')], total: 1, page: 1, page_size: 20 };
          return { rows: [t('p1'), t('p2')], total: 45, page: Number(opts.query?.page ?? 1), page_size: 20 };
        }
        throw new Error(`unexpected ${path}`);
      },
    );
  });
  afterEach(() => window.removeEventListener(PENDING_EVENT, onEvent));

  it('lists pending tickets with the pending alert and announces the count to the shell', async () => {
    mount();
    await act(async () => undefined);
    expect(screen.getAllByTestId('ticket-row')).toHaveLength(2);
    expect(screen.getByTestId('pending-tickets-badge').textContent).toContain('2 pending tickets');
    expect(events).toEqual([2]);
    expect(screen.getByRole('link', { name: 'TCK-p1' }).getAttribute('href')).toBe(
      '/admin-dashboard/support/tickets/p1',
    );
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toMatch(
      /^PreviousPage 1 of 3 · \d+ tickets?Next$/,
    );
  });

  it('opens a ticket from its subject or anywhere on its row, and says who it is from (name and role)', async () => {
    kitMock.api.get.mockImplementation(
      async (path: string, _b: unknown, opts: { query?: Record<string, unknown> } = {}) => {
        if (opts.query?.have_pending_tickets === 'true') return 1;
        if (path === 'admin/query-tickets')
          return {
            rows: [{ ...t('p1', 'pending', 'Projection looks off'), user_name: 'Tan Wei Ling' }],
            total: 1,
            page: 1,
            page_size: 20,
          };
        if (path === 'admin/query-ticket/p1') return { ...t('p1'), replies: [] };
        return [];
      },
    );
    mount();
    await act(async () => undefined);
    const row = screen.getByTestId('ticket-row');
    expect(row.textContent).toContain('Tan Wei Ling (Advisor)');
    expect(screen.getByRole('link', { name: 'Projection looks off' }).getAttribute('href')).toBe(
      '/admin-dashboard/support/tickets/p1',
    );
    // A click on a cell that holds no link opens the ticket too.
    await act(async () => fireEvent.click(screen.getByText('General enquiry')));
    expect(screen.getByRole('heading', { level: 1, name: 'Support ticket' }).tagName).toBe('H1');
  });

  it('names the sender by role alone when the name is unknown', () => {
    expect(fromText({ user_type: 'customer', user_name: null })).toBe('Customer');
    expect(fromText({ user_type: 'advisor', user_name: '  Nur Aisyah ' })).toBe('Nur Aisyah (Advisor)');
  });

  it('filters by status and pages', async () => {
    mount();
    await act(async () => undefined);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(kitMock.api.get).toHaveBeenLastCalledWith(
      'admin/query-tickets',
      undefined,
      expect.objectContaining({ query: { status: 'pending', page: 2 } }),
    );
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Pending', 'Closed']);
    await act(async () => fireEvent.change(select, { target: { value: 'closed' } }));
    expect(kitMock.api.get).toHaveBeenLastCalledWith(
      'admin/query-tickets',
      undefined,
      expect.objectContaining({ query: { status: 'closed', page: 1 } }),
    );
    expect(screen.getAllByTestId('ticket-row')).toHaveLength(1);
  });

  it('shows new tickets live (once) and follows the live pending count, hiding the alert at 0', async () => {
    mount();
    await act(async () => undefined);
    act(() => fakeSocket.serverSends('ticket:created', { ticket: t('n1', 'pending', 'Brand new') }));
    act(() => fakeSocket.serverSends('ticket:created', { ticket: t('n1', 'pending', 'Brand new') }));
    const rows = screen.getAllByTestId('ticket-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Brand new');
    act(() => fakeSocket.serverSends('tickets:pending', { count: 3 }));
    expect(screen.getByTestId('pending-tickets-badge').textContent).toContain('3 pending tickets');
    act(() => fakeSocket.serverSends('tickets:pending', { count: 0 }));
    expect(screen.queryByTestId('pending-tickets-badge')).toBeNull();
    expect(events).toEqual([2, 3, 0]);
  });

  it('hides the alert when the count call fails', async () => {
    kitMock.api.get.mockImplementation(
      async (_p: string, _b: unknown, opts: { query?: Record<string, unknown> } = {}) => {
        if (opts.query?.have_pending_tickets) throw new Error('down');
        return { rows: [], total: 0, page: 1, page_size: 20 };
      },
    );
    mount();
    await act(async () => undefined);
    expect(screen.queryByTestId('pending-tickets-badge')).toBeNull();
    expect(screen.getByText('No tickets found')).toBeTruthy();
  });

  it('opens a conversation in admin mode', async () => {
    kitMock.api.get.mockResolvedValue({ ...t('p1'), user_id: 'u1', attachments: [], replies: [] });
    mount('/admin-dashboard/support/tickets/p1');
    await act(async () => undefined);
    expect(kitMock.api.get).toHaveBeenCalledWith('admin/query-ticket/p1', undefined, expect.anything());
    expect(screen.getByRole('heading', { name: 'Ticket' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All tickets' }).getAttribute('href')).toBe(
      '/admin-dashboard/support/tickets',
    );
  });
});
