/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { ClientPlanButton } from './ClientPlanButton';

const HH = '00000000-0000-4000-8000-0000000000c1';
const JOB = '00000000-0000-4000-8000-0000000000e1';
let household: { id: string; currency: string } | null = { id: HH, currency: 'RM' };
let onBoarding = false;

jest.mock('@kinfolio/ui-kit', () => ({
  ...jest.requireActual('@kinfolio/ui-kit'),
  useSession: () => ({ user: { id: 'u1', type: 'advisor', name: 'Jane Lim' }, status: 'loaded' }),
}));
jest.mock('../../shared/household/context', () => ({
  useHousehold: () => ({ household, version: 1, readOnly: false }),
}));
jest.mock('../../shared/frame/Frame', () => ({
  useDashboard: () => ({ base: '/advisor/customers/x', customerId: HH, viewer: 'advisor', onBoarding }),
}));

const urls: string[] = [];
beforeEach(() => {
  household = { id: HH, currency: 'RM' };
  onBoarding = false;
  urls.length = 0;
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    urls.push(`${init.method ?? 'GET'} ${url}`);
    const data = url.endsWith('/client-plan')
      ? { sections: ['summary'], currency: null, saved_at: null }
      : {
          id: JOB,
          lead_id: HH,
          report: 'client-plan',
          format: 'pdf',
          status: 'running',
          progress: 55,
          stage: 'Building section 1 of 1',
          file_name: null,
          size: null,
          created_at: '2026-11-28T10:00:00.000Z',
          finished_at: null,
          download_path: null,
        };
    return { ok: true, status: url.endsWith('/export-jobs') ? 202 : 200, text: async () => JSON.stringify({ data }) };
  }) as unknown as typeof fetch;
});

it('is there once the household has loaded, not before and not while on-boarding', () => {
  household = null;
  const { rerender } = render(<ClientPlanButton />);
  expect(screen.queryByRole('button', { name: 'Client plan' })).toBeNull();
  household = { id: HH, currency: 'RM' };
  onBoarding = true;
  rerender(<ClientPlanButton />);
  expect(screen.queryByRole('button', { name: 'Client plan' })).toBeNull();
  onBoarding = false;
  rerender(<ClientPlanButton />);
  expect(screen.getByRole('button', { name: 'Client plan' }).getAttribute('aria-haspopup')).toBe('dialog');
  expect(urls).toEqual([]);
});

it("opens the dialog on the household's plan, and shows a running job's progress again when reopened", async () => {
  render(<ClientPlanButton />);
  fireEvent.click(screen.getByRole('button', { name: 'Client plan' }));
  await screen.findByRole('dialog', { name: 'Client plan' });
  await screen.findByRole('list', { name: 'Sections of the plan' });
  expect(screen.getByRole('button', { name: "The household's (RM)" }).getAttribute('aria-pressed')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
  expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('55');

  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  urls.length = 0;
  fireEvent.click(screen.getByRole('button', { name: 'Client plan' }));
  expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('55');
  expect(urls).toContain(`GET /api/v1/customer/${HH}/export-jobs/${JOB}`);
  expect(urls.filter((u) => u.startsWith('POST'))).toEqual([]);
});
