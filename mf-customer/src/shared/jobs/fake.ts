import { setSocketOpenerForTests } from '@kinfolio/ui-kit';
import type { Job } from './api';

/**
 * Tests only: a job as svc-planning answers it, and the page's live socket faked (the test pushes `job:progress`).
 */
export function fakeJob(over: Partial<Job> = {}): Job {
  return {
    id: '00000000-0000-4000-8000-000000000b01',
    kind: 'monte_carlo',
    household_id: null,
    status: 'queued',
    progress: 0,
    stage: 'Queued: 2 ahead',
    ahead: 2,
    created_at: '2026-11-29T04:00:00.000Z',
    started_at: null,
    finished_at: null,
    result_path: null,
    ...over,
  };
}

/** A finished Monte Carlo job with its result to read. */
export const doneJob = (over: Partial<Job> = {}): Job =>
  fakeJob({ status: 'done', progress: 100, stage: 'Done', ahead: null, result_path: 'x', ...over });

export interface FakeLiveSocket {
  /** Sends `job:progress` as svc-support would. */
  progress(job: Job): void;
  /** How many sockets were opened (the page has one). */
  opened: number;
  /** Listeners of each event now. */
  listeners(event: string): number;
  disconnected: number;
}

/** Installs a fake live socket for the page (call in beforeEach; `setSocketOpenerForTests(null)` in afterEach). */
export function fakeLiveSocket(): FakeLiveSocket {
  const on = new Map<string, Set<(msg: unknown) => void>>();
  const fake: FakeLiveSocket = {
    opened: 0,
    disconnected: 0,
    progress: (job) => {
      for (const l of [...(on.get('job:progress') ?? [])]) l({ job });
    },
    listeners: (event) => on.get(event)?.size ?? 0,
  };
  setSocketOpenerForTests(async () => {
    fake.opened += 1;
    return {
      on: (event: string, l: (msg: unknown) => void) => {
        if (!on.has(event)) on.set(event, new Set());
        on.get(event)?.add(l);
      },
      off: (event: string, l: (msg: unknown) => void) => {
        on.get(event)?.delete(l);
      },
      disconnect: () => {
        fake.disconnected += 1;
      },
    };
  });
  return fake;
}
