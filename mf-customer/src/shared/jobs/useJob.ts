import { errorMessage, JOB_POLL_AFTER_MS, jobNewer, useLiveEvent } from '@kinfolio/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isFinished, type Job, jobsApi } from './api';

export { JOB_POLL_AFTER_MS };

export interface UseJobOptions<R> {
  /** Reads the job's row when the socket was quiet (default: GET jobs/:jobId). */
  poll?: (job: Job, signal: AbortSignal) => Promise<Job>;
  /** Reads the result once the job is done (none: the finished job is all there is). */
  result?: (job: Job, signal: AbortSignal) => Promise<R>;
  /** Cancels a queued or running job when the screen goes (default true: leaving the page stops the work). */
  cancelOnUnmount?: boolean;
}

export interface JobState<R> {
  /** The job followed now, as last heard of (null before the first, and while one is being made). */
  job: Job | null;
  /** The job's result once done and read. */
  result: R | null;
  /** Why the job could not be made, failed, or its result could not be read, in words. */
  error: string | null;
  /** A job is being made, or is queued or running, or its result is being read. */
  active: boolean;
}

export interface JobHandle<R> extends JobState<R> {
  /** Makes a job with `create` and follows it; a job still running is cancelled first (the view moved on). */
  start(create: () => Promise<Job>): Promise<void>;
  /** Asks the job to stop; the screen shows it cancelled at once (unless it had already finished). */
  cancel(): Promise<void>;
  /** Forgets the job (a running one is cancelled). */
  clear(): void;
}

const IDLE = { job: null, result: null, error: null, active: false };
/** Whether `next` is news after `cur` (ui-kit's jobNewer). */
export const newer = jobNewer;

/** One job being followed: its id, its timers and its calls, dropped together when another starts. */
interface Run {
  seq: number;
  id: string | null;
  job: Job | null;
  ctrl: AbortController;
  timer?: ReturnType<typeof setTimeout>;
  /** Progress heard before the job's id was known (the POST's reply can come after the first messages). */
  early: Map<string, Job>;
  /** The user cancelled it: what comes after is not shown. */
  cancelled: boolean;
}

/**
 * Follows one long run at a time (issue 37: Monte Carlo, exports, the fund import): its progress from `job:progress`
 * on the page's one live socket, the job's row read when no message came for JOB_POLL_AFTER_MS, the result read once
 * done. Starting another cancels the one running; leaving the screen cancels it (cancelOnUnmount).
 */
export function useJob<R = unknown>(opts: UseJobOptions<R> = {}): JobHandle<R> {
  const [state, setState] = useState<JobState<R>>(IDLE);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const run = useRef<Run | null>(null);
  const seq = useRef(0);
  const live = useRef(true);

  const set = useCallback((r: Run, patch: Partial<JobState<R>>) => {
    if (live.current && run.current === r) setState((s) => ({ ...s, ...patch }));
  }, []);

  const stop = useCallback((r: Run) => {
    clearTimeout(r.timer);
    r.ctrl.abort();
  }, []);

  /** Reads the job's row after JOB_POLL_AFTER_MS of quiet (again after a failed read: the network may be back). */
  const arm = useCallback((r: Run) => {
    clearTimeout(r.timer);
    r.timer = setTimeout(() => {
      const cur = r.job;
      if (!cur || run.current !== r || r.cancelled) return;
      const poll = optsRef.current.poll ?? ((j: Job, signal: AbortSignal) => jobsApi.get(j.id, signal));
      poll(cur, r.ctrl.signal).then(
        (j) => {
          if (r.ctrl.signal.aborted || run.current !== r) return;
          if (newer(r.job, j)) applyRef.current(r, j);
          else arm(r);
        },
        () => {
          if (!r.ctrl.signal.aborted && run.current === r) arm(r);
        },
      );
    }, JOB_POLL_AFTER_MS);
  }, []);
  const applyRef = useRef<(r: Run, next: Job) => void>(() => undefined);

  /** A job's news: shown when newer; a finished one ends the run (its result read), else the poll is re-armed. */
  const apply = useCallback(
    (r: Run, next: Job) => {
      if (run.current !== r || r.cancelled || !newer(r.job, next)) return;
      r.job = next;
      clearTimeout(r.timer);
      if (!isFinished(next.status)) {
        set(r, { job: next, active: true });
        arm(r);
        return;
      }
      if (next.status === 'failed') {
        set(r, { job: next, active: false, error: next.stage || 'The work failed. Try again.' });
        return;
      }
      const read = optsRef.current.result;
      if (next.status !== 'done' || !read) {
        set(r, { job: next, active: false });
        return;
      }
      set(r, { job: next, active: true });
      read(next, r.ctrl.signal).then(
        (result) => set(r, { result, active: false }),
        (e: unknown) => {
          if (!r.ctrl.signal.aborted) set(r, { error: errorMessage(e), active: false });
        },
      );
    },
    [set, arm],
  );
  applyRef.current = apply;

  useLiveEvent('job:progress', (msg: { job: Job }) => {
    const r = run.current;
    if (!r) return;
    if (r.id === null) {
      r.early.set(msg.job.id, msg.job);
      return;
    }
    if (msg.job.id === r.id) apply(r, msg.job);
  });

  /** Asks the server to stop `r`'s job (quietly: the screen has moved on). */
  const drop = useCallback(
    (r: Run | null) => {
      if (!r) return;
      stop(r);
      const j = r.job;
      if (j && !isFinished(j.status) && !r.cancelled) jobsApi.cancel(j.id).catch(() => undefined);
      r.cancelled = true;
    },
    [stop],
  );

  const start = useCallback(
    async (create: () => Promise<Job>) => {
      drop(run.current);
      const r: Run = {
        seq: ++seq.current,
        id: null,
        job: null,
        ctrl: new AbortController(),
        early: new Map(),
        cancelled: false,
      };
      run.current = r;
      setState({ job: null, result: null, error: null, active: true });
      let made: Job;
      try {
        made = await create();
      } catch (e) {
        set(r, { error: errorMessage(e), active: false });
        return;
      }
      if (run.current !== r) {
        // another run started while this one was being made: it is not wanted any more
        if (!isFinished(made.status)) jobsApi.cancel(made.id).catch(() => undefined);
        return;
      }
      r.id = made.id;
      apply(r, made);
      const heard = r.early.get(made.id);
      r.early.clear();
      if (heard) apply(r, heard);
    },
    [apply, drop, set],
  );

  const cancel = useCallback(async () => {
    const r = run.current;
    const j = r?.job;
    if (!r || r.cancelled) return;
    if (!j) {
      // still being made: it is cancelled as soon as its id is known
      run.current = null;
      r.cancelled = true;
      stop(r);
      setState(IDLE);
      return;
    }
    if (isFinished(j.status)) return;
    r.cancelled = true;
    stop(r);
    setState((s) => ({ ...s, job: { ...j, status: 'cancelled', stage: 'Cancelled' }, active: false }));
    try {
      const answer = await jobsApi.cancel(j.id);
      // it finished before the cancel came: shown as it is
      if (answer.status === 'done' || answer.status === 'failed') {
        r.cancelled = false;
        r.ctrl = new AbortController();
        r.job = null;
        apply(r, answer);
      }
    } catch (e) {
      if (run.current === r) setState((s) => ({ ...s, error: errorMessage(e) }));
    }
  }, [apply, stop]);

  const clear = useCallback(() => {
    drop(run.current);
    run.current = null;
    setState(IDLE);
  }, [drop]);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      const r = run.current;
      run.current = null;
      if (!r) return;
      if (optsRef.current.cancelOnUnmount ?? true) drop(r);
      else stop(r);
    };
  }, [drop, stop]);

  return { ...state, start, cancel, clear };
}
