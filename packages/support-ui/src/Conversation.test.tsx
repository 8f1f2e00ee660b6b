/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import {
  CLOSE_TICKET_MESSAGE,
  CLOSE_TICKET_TITLE,
  Conversation,
  SCROLL_BOTTOM_MS,
  SKELETON_HIDE_MS,
} from './Conversation';
import { SKELETON_GROUPS, SKELETON_PER_GROUP } from './MessageList';
import { resetSocketForTests } from './socket';
import { fakeSocket, kitMock, reply, testUser } from './testing/fakes';

jest.mock('@kinfolio/ui-kit', () => require('./testing/fakes').kitMock);
jest.mock('socket.io-client', () => ({ io: () => require('./testing/fakes').fakeSocket }));

const T = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const now = Date.now();
const iso = (minsAgo: number) => new Date(now - minsAgo * 60_000).toISOString();
const ticket = (over: Record<string, unknown> = {}) => ({
  id: T,
  reference_id: 'TCK-000123',
  query: 'My plan does not load',
  query_type: 'General enquiry',
  status: 'pending',
  user_id: testUser.id,
  attachments: [],
  createdAt: iso(60),
  updatedAt: iso(60),
  replies: [reply('r1', iso(30), 'First answer'), reply('r2', iso(20), 'Second answer', testUser.id)],
  ...over,
});

const messages = () => screen.queryAllByTestId('message').map((m) => m.querySelector('p')?.textContent);

async function mount(mode: 'user' | 'admin' = 'user') {
  const view = render(<Conversation ticketId={T} mode={mode} userId={testUser.id} />);
  await act(async () => undefined); // load resolves
  return view;
}

describe('Conversation', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.clearAllMocks();
    fakeSocket.reset();
    resetSocketForTests();
    kitMock.api.get.mockResolvedValue(ticket());
  });
  afterEach(() => jest.useRealTimers());

  it('shows the skeleton (4 per group, 410 groups nominal) for about 0.5 s, then the day-grouped messages', async () => {
    await mount();
    expect(kitMock.api.get).toHaveBeenCalledWith(
      `user/query-ticket/${T}`,
      undefined,
      expect.objectContaining({ query: undefined }),
    );
    const sk = screen.getByTestId('conversation-skeleton');
    expect(sk.getAttribute('data-groups')).toBe(String(SKELETON_GROUPS));
    expect(SKELETON_GROUPS).toBe(410);
    const firstGroup = screen.getAllByTestId('skeleton-group')[0];
    expect(firstGroup?.querySelectorAll('[data-testid="skeleton-item"]').length).toBe(SKELETON_PER_GROUP);
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS - 1));
    expect(screen.queryByTestId('conversation-skeleton')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('conversation-skeleton')).toBeNull();
    expect(messages()).toEqual(['My plan does not load', 'First answer', 'Second answer']);
    expect(screen.getByRole('heading', { name: 'Ticket' })).toBeTruthy();
    expect(screen.getByText('In-progress').textContent).toBe('In-progress');
    expect(screen.getByText('TCK-000123')).toBeTruthy();
  });

  it('scrolls to the bottom after about 0.6 s', async () => {
    expect([SKELETON_HIDE_MS, SCROLL_BOTTOM_MS]).toEqual([500, 600]);
    await mount();
    const scroller = screen.getByTestId('conversation-scroller');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 900 });
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS));
    scroller.scrollTop = 0; // the skeleton hiding may scroll already; the timed scroll must happen anyway
    act(() => jest.advanceTimersByTime(SCROLL_BOTTOM_MS - SKELETON_HIDE_MS));
    expect(scroller.scrollTop).toBe(900);
  });

  it('joins the ticket room and shows a live reply once, even if it arrives twice', async () => {
    await mount();
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS));
    expect(fakeSocket.emitted).toContainEqual({ event: 'ticket:join', payload: { ticket_id: T } });
    const live = reply('r3', iso(1), 'Live from support');
    act(() => fakeSocket.serverSends('reply:created', { ticket_id: T, reply: live }));
    act(() => fakeSocket.serverSends('reply:created', { ticket_id: T, reply: live }));
    act(() => fakeSocket.serverSends('reply:created', { ticket_id: 'other', reply: reply('x', iso(1), 'Elsewhere') }));
    expect(messages()).toEqual(['My plan does not load', 'First answer', 'Second answer', 'Live from support']);
  });

  it('after a reconnect re-joins and fetches only what it missed (after the last reply id), with no duplicates', async () => {
    await mount();
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS));
    // Disconnected while three replies were sent; one of them had arrived just before the drop.
    act(() => fakeSocket.serverSends('reply:created', { ticket_id: T, reply: reply('r3', iso(5), 'Missed 1') }));
    fakeSocket.emitted = [];
    kitMock.api.get.mockResolvedValueOnce(
      ticket({
        replies: [reply('r3', iso(5), 'Missed 1'), reply('r4', iso(4), 'Missed 2'), reply('r5', iso(3), 'Missed 3')],
      }),
    );
    await act(async () => fakeSocket.serverSends('connect'));
    expect(fakeSocket.emitted).toContainEqual({ event: 'ticket:join', payload: { ticket_id: T } });
    expect(kitMock.api.get).toHaveBeenLastCalledWith(
      `user/query-ticket/${T}`,
      undefined,
      expect.objectContaining({ query: { after: 'r3' } }),
    );
    expect(messages()).toEqual([
      'My plan does not load',
      'First answer',
      'Second answer',
      'Missed 1',
      'Missed 2',
      'Missed 3',
    ]);
  });

  it('sends a reply in admin mode through the admin call and shows it once', async () => {
    await mount('admin');
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS));
    const sent = reply('r9', iso(0), 'We are on it');
    kitMock.api.post.mockResolvedValueOnce(sent);
    kitMock.api.get.mockResolvedValueOnce(ticket({ replies: [sent] }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'We are on it' } });
    await act(async () => fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' }));
    expect(kitMock.api.post).toHaveBeenCalledWith(`admin/query-ticket/${T}/reply`, {
      reply: 'We are on it',
      attachments: [],
    });
    act(() => fakeSocket.serverSends('reply:created', { ticket_id: T, reply: sent }));
    expect(messages().filter((m) => m === 'We are on it')).toHaveLength(1);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
  });

  it('the reply box does not take a character the spec forbids (the server would refuse the reply)', async () => {
    await mount('admin');
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS));
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.change(box, { target: { value: 'Hello <script>' } });
    expect(box.value).toBe('Hello');
  });

  it('asks before closing: Cancel keeps the ticket open and calls nothing', async () => {
    await mount();
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = screen.getByRole('dialog', { name: CLOSE_TICKET_TITLE });
    expect(dialog.textContent).toContain(CLOSE_TICKET_MESSAGE);
    expect(kitMock.api.patch).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(kitMock.api.patch).not.toHaveBeenCalled();
    expect(screen.getByText('In-progress').textContent).toBe('In-progress');
  });

  it('closes the ticket after the confirmation: green elapsed-time tag and the reply box refuses', async () => {
    await mount();
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS));
    kitMock.api.patch.mockResolvedValueOnce(ticket({ status: 'closed', updatedAt: iso(0), replies: undefined }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Close' })),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(kitMock.api.patch).toHaveBeenCalledWith(`user/query-ticket/${T}/update`, { status: 'closed' });
    expect(screen.queryByText('In-progress')).toBeNull();
    expect(screen.getByText('1 hour')).toBeTruthy();
    expect(screen.getByText('You cannot reply to this conversation anymore')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('a live ticket:updated to closed refuses replies too', async () => {
    await mount();
    act(() => jest.advanceTimersByTime(SKELETON_HIDE_MS));
    act(() =>
      fakeSocket.serverSends('ticket:updated', { ticket: { ...ticket({ status: 'closed' }), replies: undefined } }),
    );
    expect(screen.getByText('You cannot reply to this conversation anymore')).toBeTruthy();
  });

  it('stops the skeleton when the conversation fails to load', async () => {
    kitMock.api.get.mockRejectedValueOnce(new Error('nope'));
    await mount();
    expect(screen.queryByTestId('conversation-skeleton')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
