/** @jest-environment jsdom */

import { fakeSocket, kitMock } from '@kinfolio/support-ui/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import App from '../App';
import { safeBackPath } from './RaiseTicket';
import { EMPTY_TICKETS, TICKET_SKELETON_ROWS, TicketList } from './TicketList';

jest.mock('@kinfolio/ui-kit', () => require('@kinfolio/support-ui/testing').kitMock);
jest.mock('socket.io-client', () => ({ io: () => require('@kinfolio/support-ui/testing').fakeSocket }));

const row = (id: string, status: 'pending' | 'closed', query: string) => ({
  id,
  reference_id: `TCK-${id}`,
  query,
  query_type: 'General enquiry',
  status,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

describe('My tickets', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    fakeSocket.reset();
  });

  it('shows 5 skeleton rows while loading, then the list or "No tickets found"', async () => {
    let resolve: (v: unknown) => void = () => undefined;
    kitMock.api.get.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    render(
      <MemoryRouter>
        <TicketList status="pending" />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('ticket-skeleton')).toHaveLength(TICKET_SKELETON_ROWS);
    expect(TICKET_SKELETON_ROWS).toBe(5);
    await act(async () => resolve({ rows: [], total: 0, page: 1, page_size: 20 }));
    expect(screen.getByText(EMPTY_TICKETS)).toBeTruthy();
    expect(EMPTY_TICKETS).toBe('No tickets found');
    expect(kitMock.api.get).toHaveBeenCalledWith(
      'user/query-tickets',
      undefined,
      expect.objectContaining({ query: { status: 'pending' } }),
    );
  });

  it('lists Open and Closed tickets in their tabs, links to conversations, refreshes on live events', async () => {
    kitMock.api.get.mockImplementation(async (path: string, _b: unknown, opts: { query?: { status?: string } }) => {
      if (path === 'user/query-tickets') {
        return opts.query?.status === 'closed'
          ? [row('2', 'closed', 'Old question')]
          : { rows: [row('1', 'pending', 'Open question')] };
      }
      throw new Error('not found');
    });
    render(
      <MemoryRouter initialEntries={['/support']}>
        <Routes>
          <Route path="/support/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(screen.getByRole('tab', { name: 'Open Tickets' }).getAttribute('aria-selected')).toBe('true');
    const open = screen.getByRole('link', { name: /Open question/ });
    expect(open.getAttribute('href')).toBe('/support?tab=my_tickets&ticket_id=1');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Closed Tickets' })));
    expect(screen.getByRole('link', { name: /Old question/ })).toBeTruthy();
    const before = kitMock.api.get.mock.calls.length;
    await act(async () => fakeSocket.serverSends('ticket:updated', { ticket: row('1', 'closed', 'Open question') }));
    expect(kitMock.api.get.mock.calls.length).toBe(before + 1);
  });

  it('only goes back to same-site paths', () => {
    expect(safeBackPath('/advisor/leads')).toBe('/advisor/leads');
    expect(safeBackPath('//evil.example')).toBe('/support');
    expect(safeBackPath('https://evil.example')).toBe('/support');
    expect(safeBackPath(null)).toBe('/support');
  });

  it('raises a ticket with query type and goes to its conversation', async () => {
    kitMock.api.post.mockResolvedValueOnce({ id: 'new-id' });
    kitMock.api.get.mockResolvedValue([]);
    render(
      <MemoryRouter initialEntries={['/support/raise-ticket?as=%2Fadvisor%2Fleads']}>
        <Routes>
          <Route path="/support/*" element={<App />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    const select = screen.getByRole('combobox', { name: 'Query type' }) as HTMLSelectElement;
    expect(select.value).toBe('General enquiry');
    expect([...select.options].map((o) => o.value)).toEqual(['General enquiry', 'Others']);
    fireEvent.change(select, { target: { value: 'Others' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Query' }), { target: { value: '  Need help  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    expect(kitMock.api.post).toHaveBeenCalledWith('user/query-ticket', {
      query: 'Need help',
      query_type: 'Others',
      attachments: [],
    });
    expect(screen.getByTestId('where').textContent).toBe('/support?tab=my_tickets&ticket_id=new-id');
  });

  it('keeps the form and shows the server message when creating fails; Cancel returns to ?as', async () => {
    kitMock.api.post.mockRejectedValueOnce(new Error('Enter your query'));
    render(
      <MemoryRouter initialEntries={['/support/raise-ticket?as=%2Fadvisor%2Fleads']}>
        <Routes>
          <Route path="/support/*" element={<App />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Query' }), { target: { value: 'x' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    expect(screen.getByRole('alert').textContent).toBe('Enter your query');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('where').textContent).toBe('/advisor/leads');
  });
});
