/** @jest-environment jsdom */
import type { meetings } from '@kinfolio/contracts';
import { setSocketOpenerForTests } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Figure } from '../explain/context';
import { Frame } from '../frame/Frame';
import { seriousAxeProblems } from '../testing/axe';
import { joinedKey } from './client';
import { FakeMeetingSocket } from './fake';
import { setMeetingSocketOpenerForTests } from './socket';

const HH = '00000000-0000-4000-8000-0000000000b1';
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const ADVISOR = '00000000-0000-4000-8000-0000000000a1';
const MEETING = '00000000-0000-4000-8000-0000000000e1';
const HAND = '00000000-0000-4000-8000-0000000000f1';
const NOW = '2026-11-28T10:00:00.000Z';

let sessionUser: Record<string, unknown> = {};
let passes = 0;
const apiPaths: string[] = [];

jest.mock('@kinfolio/ui-kit', () => ({
  ...jest.requireActual('@kinfolio/ui-kit'),
  api: {
    get: (path: string) => {
      apiPaths.push(path);
      if (path.startsWith('single-lead/')) return Promise.resolve({ id: HH, name: 'Tan family', members: [] });
      if (path === `customer/${HH}/meeting-pass`) {
        passes += 1;
        return Promise.resolve({ pass: `pass-${passes}`, household_id: HH, role: 'family', expires_at: NOW });
      }
      return Promise.reject(new Error('Not found'));
    },
  },
  useSession: () => ({
    user: sessionUser,
    status: 'loaded',
    logout: jest.fn(),
    setUser: jest.fn(),
    refresh: jest.fn(),
  }),
}));

const view = (path: string, more: Partial<meetings.MeetingView> = {}): meetings.MeetingView => ({
  path,
  search: '',
  year: null,
  highlight: null,
  explain: null,
  scenario: null,
  ...more,
});
const summary: meetings.MeetingSummary = {
  id: MEETING,
  household_id: HH,
  household_name: 'Tan family',
  advisor_id: ADVISOR,
  advisor_name: 'Dana Lim',
  status: 'running',
  started_at: NOW,
};
const participants: meetings.MeetingParticipant[] = [
  { user_id: ADVISOR, name: 'Dana Lim', role: 'advisor', connected: true },
  { user_id: CUSTOMER, name: 'Siti Tan', role: 'family', connected: true },
];
const state = (seq: number, v: meetings.MeetingView, control: meetings.MeetingControl = 'advisor') => ({
  ...summary,
  seq,
  view: v,
  control,
  participants,
  hands: [] as meetings.MeetingHand[],
});
const change = (seq: number, v: meetings.MeetingView, control: meetings.MeetingControl = 'advisor', by = ADVISOR) => ({
  meeting_id: MEETING,
  seq,
  view: v,
  control,
  by,
});

let sockets: FakeMeetingSocket[] = [];
/** The server's side: the running meeting and its current state. */
let server: ReturnType<typeof state>;
function newSocket(): FakeMeetingSocket {
  const s = new FakeMeetingSocket();
  s.replies['meeting:current'] = () => ({ ok: true, data: summary });
  s.replies['meeting:join'] = () => ({ ok: true, data: server });
  s.replies['meeting:start'] = () => ({ ok: true, data: server });
  s.replies['meeting:sync'] = () => ({ ok: true, data: server });
  s.replies['meeting:view'] = () => ({ ok: true, data: { seq: server.seq + 1 } });
  s.replies['meeting:control'] = () => ({ ok: true, data: { seq: server.seq + 1 } });
  s.replies['meeting:end'] = () => ({ ok: true, data: null });
  s.replies['meeting:leave'] = () => ({ ok: true, data: null });
  s.replies['meeting:lower-hand'] = () => ({ ok: true, data: null });
  s.replies['meeting:hand'] = (msg: { figure: string | null; label: string | null }) => ({
    ok: true,
    data: { id: HAND, user_id: CUSTOMER, name: 'Siti Tan', path: '', raised_at: NOW, ...msg },
  });
  sockets.push(s);
  return s;
}
const sock = () => sockets[sockets.length - 1] as FakeMeetingSocket;
/** The last view the client sent. */
const lastView = () => (sock().calls('meeting:view').at(-1) ?? { view: null }).view as meetings.MeetingView;

beforeEach(() => {
  sockets = [];
  passes = 0;
  apiPaths.length = 0;
  sessionStorage.clear();
  server = state(1, view('financial-report/dashboard/networth'));
  setSocketOpenerForTests(async () => ({ on: () => undefined, disconnect: () => undefined }));
  setMeetingSocketOpenerForTests(async () => newSocket());
});
afterEach(() => setMeetingSocketOpenerForTests(null));

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}
const where = () => screen.getByTestId('where').textContent;

function Page() {
  return (
    <div>
      <Link to="/customer/dashboard/goals">Go to goals</Link>
      <Link to="/customer/dashboard/profile">Go to profile</Link>
      <Link to="/advisor/customers/c1/goals">Advisor goals</Link>
      <Figure id="networth:2030:net_worth" label="Net worth, 2030" currency="SGD">
        S$ 1,000
      </Figure>
    </div>
  );
}

/** The dashboard as `viewer` sees it at `at`: the customer's own (the family) or the advisor's on the household. */
async function renderAs(viewer: 'customer' | 'advisor', at: string) {
  const base = viewer === 'customer' ? '/customer/dashboard' : '/advisor/customers/c1';
  sessionUser =
    viewer === 'customer'
      ? { id: CUSTOMER, type: 'customer', name: 'Siti Tan', gender: 'female', profile_image: null }
      : { id: ADVISOR, type: 'advisor', name: 'Dana Lim', gender: 'female', profile_image: null };
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path={`${base}/*`}
          element={
            <Frame base={base} customerId={viewer === 'customer' ? CUSTOMER : 'c1'} viewer={viewer}>
              <Page />
            </Frame>
          }
        />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await settle();
}
const asFamily = (at = '/customer/dashboard/profile') => renderAs('customer', at);
const asAdvisor = (at = '/advisor/customers/c1/profile') => renderAs('advisor', at);
/** Lets the pass, the socket and the acknowledgements (next tick) come. */
async function settle() {
  for (let i = 0; i < 4; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}
async function serverSends<E extends keyof meetings.MeetingServerToClientEvents>(
  event: E,
  msg: Parameters<meetings.MeetingServerToClientEvents[E]>[0],
) {
  await act(async () => sock().send(event, msg));
  await settle();
}
async function connected() {
  await act(async () => sock().connect());
  await settle();
}
async function joinedFamily() {
  await asFamily();
  await connected();
  fireEvent.click(screen.getByRole('button', { name: 'Join meeting' }));
  await settle();
}

describe('the family', () => {
  it('sees the invitation on load and joins with one click: a new pass, then the advisor’s view', async () => {
    await asFamily();
    // no socket before the household and its pass
    expect(apiPaths).toEqual([`single-lead/${CUSTOMER}`, `customer/${HH}/meeting-pass`]);
    await connected();
    expect(sock().calls('meeting:current')).toEqual([{ pass: 'pass-1' }]);
    const bar = screen.getByRole('region', { name: 'Meeting invitation' });
    expect(within(bar).getByText('Dana Lim has started a meeting').textContent).toBe('Dana Lim has started a meeting');
    fireEvent.click(within(bar).getByRole('button', { name: 'Join meeting' }));
    await settle();
    expect(sock().calls('meeting:join')).toEqual([{ pass: 'pass-2', meeting_id: MEETING }]);
    expect(screen.getByRole('status').textContent).toBe('Following Dana Lim');
    expect(where()).toBe('/customer/dashboard/financial-report/dashboard/networth');
    expect(sessionStorage.getItem(joinedKey(HH))).toBe(MEETING);
  });

  it('sees an invitation that comes live (meeting:invited)', async () => {
    await asFamily();
    sock().replies['meeting:current'] = () => ({ ok: true, data: null });
    await connected();
    expect(screen.queryByRole('region', { name: 'Meeting invitation' })).toBeNull();
    await serverSends('meeting:invited', { meeting: summary });
    expect(screen.getByRole('region', { name: 'Meeting invitation' }).textContent).toContain(
      'Dana Lim has started a meeting',
    );
  });

  it('follows three navigations in order', async () => {
    await joinedFamily();
    const seen: string[] = [];
    const paths = ['financial-report/dashboard/insurance', 'scenario-modelling', 'goals'];
    for (const [i, p] of paths.entries()) {
      await serverSends('meeting:state', change(i + 2, view(p, { search: i === 2 ? 'tab=2' : '' })));
      seen.push(where() ?? '');
    }
    expect(seen).toEqual([
      '/customer/dashboard/financial-report/dashboard/insurance',
      '/customer/dashboard/scenario-modelling',
      '/customer/dashboard/goals?tab=2',
    ]);
  });

  it('ignores a change older than the last one it applied', async () => {
    await joinedFamily();
    await serverSends('meeting:state', change(2, view('goals')));
    await serverSends('meeting:state', change(2, view('profile')));
    await serverSends('meeting:state', change(1, view('data-table')));
    expect(where()).toBe('/customer/dashboard/goals');
    expect(sock().calls('meeting:sync')).toEqual([]);
  });

  it('asks for the whole state on a gap in seq and lands on it', async () => {
    await joinedFamily();
    server = state(5, view('scenario-modelling', { year: 2031 }));
    await serverSends('meeting:state', change(5, view('scenario-modelling', { year: 2031 })));
    expect(sock().calls('meeting:sync')).toEqual([{ meeting_id: MEETING }]);
    expect(where()).toBe('/customer/dashboard/scenario-modelling');
    // the next change after the synced state is applied
    await serverSends('meeting:state', change(6, view('goals')));
    expect(where()).toBe('/customer/dashboard/goals');
  });

  it('publishes nothing while following (a tab clicked brings it back) and publishes once handed control', async () => {
    await joinedFamily();
    // a moment later (a redirect right after following is let be for a second)
    const later = Date.now() + 2000;
    jest.spyOn(Date, 'now').mockImplementation(() => later);
    fireEvent.click(screen.getByRole('link', { name: 'Go to goals' }));
    await settle();
    expect(where()).toBe('/customer/dashboard/financial-report/dashboard/networth');
    expect(sock().calls('meeting:view')).toEqual([]);
    jest.restoreAllMocks();

    await serverSends('meeting:state', change(2, view('financial-report/dashboard/networth'), 'family'));
    expect(screen.getByRole('status').textContent).toBe('You are exploring; Dana Lim follows you');
    fireEvent.click(screen.getByRole('link', { name: 'Go to goals' }));
    await settle();
    expect(where()).toBe('/customer/dashboard/goals');
    expect(
      sock()
        .calls('meeting:view')
        .map((m) => (m.view as meetings.MeetingView).path),
    ).toEqual(['goals']);

    // the advisor takes control back: the family follows again
    await serverSends('meeting:state', change(3, view('goals'), 'family', CUSTOMER));
    await serverSends('meeting:state', change(4, view('profile'), 'advisor'));
    expect(where()).toBe('/customer/dashboard/profile');
    expect(screen.getByRole('status').textContent).toBe('Following Dana Lim');
  });

  it('opens and closes the explanation and outlines the figure as the view says', async () => {
    await joinedFamily();
    const explain = { figure: 'networth:2030:net_worth', label: 'Net worth, 2030', currency: 'SGD', as_percent: false };
    await serverSends(
      'meeting:state',
      change(2, view('financial-report/dashboard/networth', { highlight: explain.figure, explain })),
    );
    const fig = document.querySelector('[data-figure="networth:2030:net_worth"]');
    expect(fig?.getAttribute('data-highlighted')).toBe('true');
    expect((await screen.findByRole('dialog', { name: 'Net worth, 2030' })).getAttribute('aria-modal')).toBe('true');
    await serverSends('meeting:state', change(3, view('financial-report/dashboard/networth')));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fig?.getAttribute('data-highlighted')).toBeNull();
  });

  it('lets a page redirect right after following it (no back-and-forth)', async () => {
    await joinedFamily();
    await serverSends('meeting:state', change(2, view('goals')));
    expect(where()).toBe('/customer/dashboard/goals');
    // the page sends the follower on at once (as dreams-concerns does to my-dreams): it stays there
    fireEvent.click(screen.getByRole('link', { name: 'Go to profile' }));
    await settle();
    expect(where()).toBe('/customer/dashboard/profile');
  });

  it('raises a hand on the figure it last focused', async () => {
    await joinedFamily();
    fireEvent.focus(document.querySelector('[data-figure="networth:2030:net_worth"]') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Raise hand' }));
    await settle();
    expect(sock().calls('meeting:hand')).toEqual([
      { meeting_id: MEETING, figure: 'networth:2030:net_worth', label: 'Net worth, 2030' },
    ]);
  });

  it('raises a hand on the figure the advisor explained when it pointed at none itself', async () => {
    await joinedFamily();
    const explain = { figure: 'cashflow:2030:income', label: 'Income, 2030', currency: null, as_percent: false };
    await serverSends('meeting:state', change(2, view('goals', { highlight: explain.figure, explain })));
    await serverSends('meeting:state', change(3, view('goals', { highlight: explain.figure })));
    fireEvent.click(screen.getByRole('button', { name: 'Raise hand' }));
    await settle();
    expect(sock().calls('meeting:hand')).toEqual([
      { meeting_id: MEETING, figure: 'cashflow:2030:income', label: 'Income, 2030' },
    ]);
    expect(screen.getByRole('region', { name: 'Meeting' }).textContent).toContain(
      'Your hand is raised (Income, 2030).',
    );
  });

  it('returns to its own navigation when the meeting ends', async () => {
    await joinedFamily();
    await serverSends('meeting:ended', { meeting_id: MEETING, reason: 'ended' });
    expect(screen.getByRole('status').textContent).toBe('The meeting has ended');
    expect(sessionStorage.getItem(joinedKey(HH))).toBeNull();
    await serverSends('meeting:state', change(2, view('scenario-modelling')));
    expect(where()).toBe('/customer/dashboard/financial-report/dashboard/networth');
    fireEvent.click(screen.getByRole('link', { name: 'Go to goals' }));
    await settle();
    expect(where()).toBe('/customer/dashboard/goals');
    expect(sock().calls('meeting:view')).toEqual([]);
  });

  it('leaves: the meeting goes on, the invitation shows again', async () => {
    await joinedFamily();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await settle();
    expect(sock().calls('meeting:leave')).toEqual([{ meeting_id: MEETING }]);
    expect(sessionStorage.getItem(joinedKey(HH))).toBeNull();
    expect(screen.getByRole('button', { name: 'Join meeting' }).textContent).toBe('Join meeting');
  });

  it('rejoins after a reconnect with a new pass and lands on the current view', async () => {
    await joinedFamily();
    await act(async () => sock().drop());
    expect(screen.getByRole('status').textContent).toBe('Following Dana Lim · reconnecting…');
    server = state(7, view('goals'));
    await connected();
    expect(sock().calls('meeting:join')).toEqual([
      { pass: 'pass-2', meeting_id: MEETING },
      { pass: 'pass-3', meeting_id: MEETING },
    ]);
    expect(where()).toBe('/customer/dashboard/goals');
    // seq goes on from the rejoined state
    await serverSends('meeting:state', change(8, view('profile')));
    expect(where()).toBe('/customer/dashboard/profile');
  });

  it('joins again on reload when this tab had joined the running meeting', async () => {
    sessionStorage.setItem(joinedKey(HH), MEETING);
    server = state(3, view('scenario-modelling'));
    await asFamily();
    await connected();
    expect(screen.queryByRole('button', { name: 'Join meeting' })).toBeNull();
    expect(sock().calls('meeting:join')).toEqual([{ pass: 'pass-1', meeting_id: MEETING }]);
    expect(where()).toBe('/customer/dashboard/scenario-modelling');
  });
});

describe('the advisor', () => {
  async function started() {
    await asAdvisor();
    // no pass and no socket before the advisor starts
    expect(apiPaths).toEqual(['single-lead/c1']);
    fireEvent.click(screen.getByRole('button', { name: 'Start meeting' }));
    await settle();
    await connected();
  }

  it('starts a meeting, sees who is in, and publishes its navigation in order', async () => {
    await started();
    expect(sock().calls('meeting:start')).toEqual([{ pass: 'pass-1' }]);
    const bar = screen.getByRole('region', { name: 'Meeting' });
    expect(
      within(within(bar).getByRole('list', { name: 'Who is in the meeting' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dana Lim (advisor, in)', 'Siti Tan (in)']);
    // its own place goes out on start (the server's view was the net worth)
    fireEvent.click(screen.getByRole('link', { name: 'Advisor goals' }));
    await settle();
    expect(
      sock()
        .calls('meeting:view')
        .map((m) => (m.view as meetings.MeetingView).path),
    ).toEqual(['profile', 'goals']);
  });

  it('opening a figure publishes the explanation and the highlight; closing publishes none', async () => {
    await started();
    fireEvent.click(document.querySelector('[data-figure="networth:2030:net_worth"]') as HTMLElement);
    await settle();
    const last = () => sock().calls('meeting:view').at(-1)?.view as meetings.MeetingView;
    expect([last().explain, last().highlight]).toEqual([
      { figure: 'networth:2030:net_worth', label: 'Net worth, 2030', currency: 'SGD', as_percent: false },
      'networth:2030:net_worth',
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await settle();
    expect([last().explain, last().highlight]).toEqual([null, 'networth:2030:net_worth']);
  });

  it('puts a year in focus', async () => {
    await started();
    fireEvent.change(screen.getByLabelText('Year in focus'), { target: { value: '2035' } });
    await settle();
    expect(lastView().year).toBe(2035);
  });

  it('hands control over and takes it back', async () => {
    await started();
    fireEvent.click(screen.getByRole('button', { name: 'Let them explore' }));
    await settle();
    expect(sock().calls('meeting:control')).toEqual([{ meeting_id: MEETING, to: 'family' }]);
    const sent = sock().calls('meeting:view').length;
    await serverSends('meeting:state', change(2, view('goals'), 'family', CUSTOMER));
    // the advisor now follows the family
    expect(where()).toBe('/advisor/customers/c1/goals');
    expect(sock().calls('meeting:view')).toHaveLength(sent);
    fireEvent.click(screen.getByRole('button', { name: 'Take back control' }));
    await settle();
    expect(sock().calls('meeting:control')).toEqual([
      { meeting_id: MEETING, to: 'family' },
      { meeting_id: MEETING, to: 'advisor' },
    ]);
    await serverSends('meeting:state', change(3, view('goals'), 'advisor'));
    expect(screen.getByRole('button', { name: 'Let them explore' }).textContent).toBe('Let them explore');
  });

  it('sees a raised hand, shows its figure and lowers it', async () => {
    await started();
    const hand = {
      id: HAND,
      user_id: CUSTOMER,
      name: 'Siti Tan',
      figure: 'networth:2030:net_worth',
      label: 'Net worth, 2030',
      path: 'profile',
      raised_at: NOW,
    };
    await serverSends('meeting:hands', { meeting_id: MEETING, hands: [hand] });
    const hands = screen.getByRole('list', { name: 'Raised hands' });
    expect(within(hands).getByRole('listitem').textContent).toContain('Siti Tan asks about Net worth, 2030');
    fireEvent.click(within(hands).getByRole('button', { name: 'Show Net worth, 2030' }));
    await settle();
    expect(lastView().highlight).toBe('networth:2030:net_worth');
    fireEvent.click(within(hands).getByRole('button', { name: "Lower Siti Tan's hand" }));
    await settle();
    expect(sock().calls('meeting:lower-hand')).toEqual([{ meeting_id: MEETING, hand_id: HAND }]);
    expect(screen.queryByRole('list', { name: 'Raised hands' })).toBeNull();
  });

  it('while disconnected keeps only its latest view and sends it on rejoin with a new pass', async () => {
    await started();
    const before = sock().calls('meeting:view').length;
    await act(async () => sock().drop());
    fireEvent.click(screen.getByRole('link', { name: 'Advisor goals' }));
    await settle();
    fireEvent.change(screen.getByLabelText('Year in focus'), { target: { value: '2040' } });
    await settle();
    expect(sock().calls('meeting:view')).toHaveLength(before);
    await connected();
    expect(sock().calls('meeting:join')).toEqual([{ pass: 'pass-2', meeting_id: MEETING }]);
    const after = sock().calls('meeting:view').slice(before);
    expect(after.map((m) => [(m.view as meetings.MeetingView).path, (m.view as meetings.MeetingView).year])).toEqual([
      ['goals', 2040],
    ]);
  });

  it('says why a start failed and keeps the button for another try', async () => {
    await asAdvisor();
    fireEvent.click(screen.getByRole('button', { name: 'Start meeting' }));
    await settle();
    sock().replies['meeting:start'] = () => ({ ok: false, message: 'This household has no advisor of yours.' });
    await connected();
    expect(screen.getByRole('alert').textContent).toBe(
      'The meeting could not start: This household has no advisor of yours.',
    );
    expect(screen.getByRole('button', { name: 'Start meeting' }).getAttribute('aria-busy')).toBeNull();
  });

  it('ends the meeting after confirming', async () => {
    await started();
    fireEvent.click(screen.getByRole('button', { name: 'End meeting' }));
    expect(sock().calls('meeting:end')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, end meeting' }));
    await settle();
    expect(sock().calls('meeting:end')).toEqual([{ meeting_id: MEETING }]);
    expect(screen.getByRole('status').textContent).toBe('The meeting has ended');
    expect(screen.getByRole('button', { name: 'Start meeting' }).textContent).toBe('Start meeting');
  });
});

describe('accessibility (axe)', () => {
  const blocking = () => seriousAxeProblems();
  it("the advisor's bar, with a raised hand and the end confirmation", async () => {
    await asAdvisor();
    fireEvent.click(screen.getByRole('button', { name: 'Start meeting' }));
    await settle();
    await connected();
    await serverSends('meeting:hands', {
      meeting_id: MEETING,
      hands: [{ id: HAND, user_id: CUSTOMER, name: 'Siti Tan', figure: null, label: null, path: '', raised_at: NOW }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'End meeting' }));
    expect(screen.getByRole('region', { name: 'Meeting' }).textContent).toContain('Siti Tan asks about this page');
    expect(await blocking()).toEqual([]);
  });
  it("the family's invitation and its bar", async () => {
    await asFamily();
    await connected();
    expect(await blocking()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Join meeting' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Following Dana Lim');
    expect(await blocking()).toEqual([]);
  });
});
