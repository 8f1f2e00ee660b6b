/** @jest-environment jsdom */
import { setSocketOpenerForTests, useHouseholdChanges } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { stub } from '../../../../packages/ui-kit/test/api-stub';
import type { Job } from './api';
import { type FakeLiveSocket, fakeJob, fakeLiveSocket } from './fake';
import { JobProgress } from './JobProgress';
import { JOB_POLL_AFTER_MS, type JobHandle, newer, useJob } from './useJob';

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());

const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000b2';
const { calls } = stub;
let live: FakeLiveSocket;
let handle: JobHandle<{ answer: number }>;
/** The job row GET jobs/:id answers with, by id. */
const rows = new Map<string, Job>();

function Probe({ household = false }: { household?: boolean }) {
  handle = useJob<{ answer: number }>({ result: async () => ({ answer: 42 }) });
  useHouseholdChanges(() => true, jest.fn(), household);
  return (
    <div>
      {handle.active ? (
        <JobProgress label="Work progress" job={handle.job} onCancel={() => void handle.cancel()} />
      ) : null}
      <span data-testid="status">{handle.job?.status ?? 'none'}</span>
      <span data-testid="result">{handle.result ? String(handle.result.answer) : ''}</span>
      <span data-testid="error">{handle.error ?? ''}</span>
    </div>
  );
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
const bar = () => screen.getByRole('progressbar', { name: 'Work progress' });
const status = () => screen.getByTestId('status').textContent;
const push = (job: Job) => act(() => live.progress(job));
const cancels = () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/cancel')).map((c) => c.path);

beforeEach(() => {
  calls.length = 0;
  rows.clear();
  live = fakeLiveSocket();
  stub.handler = (c) => {
    const id = c.path.split('/')[1] as string;
    if (c.method === 'POST' && c.path.endsWith('/cancel'))
      return { ...(rows.get(id) ?? fakeJob({ id })), status: 'running', stage: 'Stopping' };
    if (c.method === 'GET' && c.path.startsWith('jobs/')) return rows.get(id);
    return undefined;
  };
});
afterEach(() => setSocketOpenerForTests(null));

describe('useJob', () => {
  it('shows the job at once from its reply, then its progress from the socket, then reads the result once done', async () => {
    render(<Probe />);
    await flush();
    await act(async () => {
      await handle.start(async () => fakeJob({ id: A }));
    });
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    expect(bar().getAttribute('aria-valuetext')).toBe('Queued: 2 ahead');
    push(fakeJob({ id: A, status: 'running', progress: 40, stage: 'Running 4,000 of 10,000 trials', ahead: null }));
    expect(bar().getAttribute('aria-valuenow')).toBe('40');
    expect(bar().getAttribute('aria-valuetext')).toBe('Running 4,000 of 10,000 trials');
    // another job's progress, and an older message of this one, change nothing
    push(fakeJob({ id: B, status: 'running', progress: 90, stage: 'Someone else' }));
    push(fakeJob({ id: A, status: 'queued', progress: 0, stage: 'Queued: 1 ahead' }));
    expect(bar().getAttribute('aria-valuenow')).toBe('40');
    push(fakeJob({ id: A, status: 'done', progress: 100, stage: 'Done', result_path: 'x' }));
    await flush();
    expect(status()).toBe('done');
    expect(screen.getByTestId('result').textContent).toBe('42');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('keeps progress heard before the reply came (the worker was quicker than the POST)', async () => {
    render(<Probe />);
    await flush();
    let reply: (j: Job) => void = () => undefined;
    let started: Promise<void> = Promise.resolve();
    act(() => {
      started = handle.start(() => new Promise<Job>((r) => (reply = r)));
    });
    push(fakeJob({ id: A, status: 'running', progress: 10, stage: 'Running 1,000 of 10,000 trials' }));
    await act(async () => {
      reply(fakeJob({ id: A }));
      await started;
    });
    expect(bar().getAttribute('aria-valuenow')).toBe('10');
  });

  it('reads the job row when the socket was quiet for 3 s, and goes on reading it while quiet', async () => {
    jest.useFakeTimers();
    try {
      render(<Probe />);
      await flush();
      await act(async () => {
        await handle.start(async () => fakeJob({ id: A }));
      });
      rows.set(A, fakeJob({ id: A, status: 'running', progress: 60, stage: 'Running 6,000 of 10,000 trials' }));
      act(() => {
        jest.advanceTimersByTime(JOB_POLL_AFTER_MS - 100);
      });
      expect(calls.filter((c) => c.method === 'GET')).toEqual([]);
      await act(async () => {
        jest.advanceTimersByTime(100);
      });
      await flush();
      expect(calls.filter((c) => c.method === 'GET').map((c) => c.path)).toEqual([`jobs/${A}`]);
      expect(bar().getAttribute('aria-valuenow')).toBe('60');
      // the socket missed the end too: the next read finds it
      rows.set(A, fakeJob({ id: A, status: 'done', progress: 100, stage: 'Done', result_path: 'x' }));
      await act(async () => {
        jest.advanceTimersByTime(JOB_POLL_AFTER_MS);
      });
      await flush();
      expect(status()).toBe('done');
      expect(screen.getByTestId('result').textContent).toBe('42');
    } finally {
      jest.useRealTimers();
    }
  });

  it('Cancel asks the server to stop the job and shows it cancelled; its later progress is not shown', async () => {
    render(<Probe />);
    await flush();
    await act(async () => {
      await handle.start(async () => fakeJob({ id: A, status: 'running', progress: 20, stage: 'Running' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await flush();
    expect(cancels()).toEqual([`jobs/${A}/cancel`]);
    expect(status()).toBe('cancelled');
    expect(screen.queryByRole('progressbar')).toBeNull();
    push(fakeJob({ id: A, status: 'running', progress: 30, stage: 'Running' }));
    expect(status()).toBe('cancelled');
  });

  it('a new run cancels the one still running; leaving the screen cancels the last', async () => {
    const { unmount } = render(<Probe />);
    await flush();
    await act(async () => {
      await handle.start(async () => fakeJob({ id: A }));
    });
    await act(async () => {
      await handle.start(async () => fakeJob({ id: B }));
    });
    expect(cancels()).toEqual([`jobs/${A}/cancel`]);
    push(fakeJob({ id: A, status: 'running', progress: 50, stage: 'Old run' }));
    expect(bar().getAttribute('aria-valuetext')).toBe('Queued: 2 ahead');
    unmount();
    await flush();
    expect(cancels()).toEqual([`jobs/${A}/cancel`, `jobs/${B}/cancel`]);
  });

  it('a failed job says why in words', async () => {
    render(<Probe />);
    await flush();
    await act(async () => {
      await handle.start(async () => fakeJob({ id: A }));
    });
    push(fakeJob({ id: A, status: 'failed', progress: 30, stage: 'The household has no plan to run' }));
    expect(screen.getByTestId('error').textContent).toBe('The household has no plan to run');
  });

  it("listens on the page's one live socket: the household's changes and the jobs share it", async () => {
    const { unmount } = render(<Probe household />);
    await flush();
    expect(live.opened).toBe(1);
    expect(live.listeners('job:progress')).toBe(1);
    expect(live.listeners('household:changed')).toBe(1);
    unmount();
    expect(live.listeners('job:progress')).toBe(0);
    expect(live.disconnected).toBe(1);
  });

  it('orders news: a finished job stays finished, a step back is ignored', () => {
    const q = fakeJob({ id: A });
    const r40 = fakeJob({ id: A, status: 'running', progress: 40, stage: 'r' });
    const done = fakeJob({ id: A, status: 'done', progress: 100, stage: 'Done' });
    expect(newer(null, q)).toBe(true);
    expect(newer(q, r40)).toBe(true);
    expect(newer(r40, q)).toBe(false);
    expect(newer(r40, done)).toBe(true);
    expect(newer(done, r40)).toBe(false);
    expect(newer(q, fakeJob({ id: A, stage: 'Queued: 1 ahead', ahead: 1 }))).toBe(true);
  });
});
