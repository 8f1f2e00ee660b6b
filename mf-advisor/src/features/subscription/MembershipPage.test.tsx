/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from '../../App';
import { daysLeft, summarise } from './membership';

const ME = '00000000-0000-4000-8000-0000000000a1';
const paths: string[] = [];
let reply: () => unknown = () => [];

jest.mock('@kinfolio/ui-kit', () => ({
  ...jest.requireActual('@kinfolio/ui-kit'),
  api: {
    get: (path: string) => {
      paths.push(path);
      try {
        return Promise.resolve(reply());
      } catch (e) {
        return Promise.reject(e);
      }
    },
  },
  useSession: () => ({ user: { id: ME, type: 'advisor', name: 'Dana' }, status: 'loaded', setUser: jest.fn() }),
}));

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/*" element={<App />} />
        <Route path="/subscription" element={<p>subscription page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  paths.length = 0;
});

describe('membership summary', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('counts as activated when any record is activated and rounds days left up', () => {
    const s = summarise(
      [
        { kind: 'trial', status: 'expired', starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-01-15T00:00:00Z' },
        { kind: 'trial', status: 'activated', starts_at: '2026-02-20T12:00:00Z', ends_at: '2026-03-06T00:00:00Z' },
      ],
      now,
    );
    expect(s.activated).toBe(true);
    expect(s.daysLeft).toBe(5);
    expect(summarise([{ kind: 'trial', status: 'expired', starts_at: 'x', ends_at: null }], now).activated).toBe(false);
  });
  it('never goes below zero and has no count for open-ended records', () => {
    expect(daysLeft('2026-02-01T00:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });
});

describe('Account Settings pages', () => {
  it("shows the trial status and days left from the caller's membership records", async () => {
    reply = () => [{ id: 'm1', kind: 'trial', status: 'activated', starts_at: inDays(-4), ends_at: inDays(10) }];
    renderAt('/advisor/account-settings/my-subscription');
    expect(screen.getByRole('heading', { name: 'Subscription & Settings' })).toBeTruthy();
    expect(await screen.findByText('Free trial: Active')).toBeTruthy();
    expect(screen.getByText(/^10 days left/)).toBeTruthy();
    expect(paths).toEqual([`membership/${ME}`]);
  });

  it('sends an advisor without an active membership to choose a plan', async () => {
    reply = () => [{ id: 'm1', kind: 'trial', status: 'expired', starts_at: inDays(-20), ends_at: inDays(-6) }];
    renderAt('/advisor/account-settings/my-subscription');
    expect(await screen.findByText('No active membership')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/subscription');
  });

  it('lists every record in billing history, newest first', async () => {
    reply = () => [
      {
        id: 'm1',
        kind: 'trial',
        status: 'expired',
        starts_at: '2026-01-01T00:00:00Z',
        ends_at: '2026-01-15T00:00:00Z',
      },
      {
        id: 'm2',
        kind: 'subscription',
        status: 'activated',
        starts_at: '2026-01-15T00:00:00Z',
        ends_at: '2026-02-15T00:00:00Z',
      },
    ];
    renderAt('/advisor/account-settings/billing-history');
    expect(screen.getByRole('heading', { name: 'Billing History' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'PlanStatusStartsEnds',
      'SubscriptionActive15 Jan 202615 Feb 2026',
      'Free trialExpired1 Jan 202615 Jan 2026',
    ]);
  });

  it('shows the API error as an alert', async () => {
    reply = () => {
      throw new Error('network down');
    };
    renderAt('/advisor/account-settings/billing-history');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
