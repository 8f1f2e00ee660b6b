import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { UnknownCurrencyError } from '@kinfolio/money';
import { CalculationInputError } from './errors';
import { calculateScenarioModelling } from './index';
import { type ScenarioMessage, setTrialsListener, touchKept } from './montecarlo';
import { installRateTables } from './tables/registry';

/**
 * A process of the scenario pool (montecarlo.ts `scenarioPool`): runs calculateScenarioModelling — the two
 * projections and the Monte Carlo trials — apart from the service and answers with the result or the error (its
 * kind, message and field, so the route turns it into the same 400 as an inline run).
 *
 * It is a process, not a thread, so that all of its work runs below the service's priority: V8's background threads
 * (garbage collection, compilation) serve every isolate of a process at the process's own priority, and for a
 * worker thread they took about a seventh of the trials' CPU at the service's priority, which showed in the other
 * endpoints' p95 (issue 14). docs/decisions/scenarios.md.
 */

/**
 * Lowers every thread of this process to nice KF_SCENARIO_NICE (default 10), never raising one that already runs
 * lower; threads started later inherit it. Linux keeps a nice value per thread (set through each thread id under
 * /proc/self/task); elsewhere the process's own priority is set. Answers the thread ids it lowered.
 */
export function lowerProcessPriority(nice = Number(process.env.KF_SCENARIO_NICE ?? 10)): number[] {
  if (!Number.isInteger(nice) || nice <= 0) return [];
  const lower = (id: number) => setPriority(id, Math.min(19, Math.max(getPriority(id), nice)));
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    try {
      lower(0);
    } catch {
      /* not allowed: runs as it is */
    }
    return [];
  }
  const done: number[] = [];
  for (const tid of tids) {
    try {
      lower(tid);
      done.push(tid);
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return done;
}

/** The households the service asked this process to keep, by number (least recently used first). */
const kept = new Map<number, unknown>();

function answer(m: ScenarioMessage) {
  // the service's rate tables, sent when they changed since this process last had them (montecarlo.ts pump)
  if (m.tables) installRateTables(m.tables);
  let h = m.h;
  if (m.hid !== 0) {
    if (h === undefined) h = kept.get(m.hid);
    if (h === undefined) return { id: m.id, ok: false, error: { kind: 'miss', message: 'household not kept' } };
    touchKept(kept, m.hid, h);
  }
  // a job's run (issue 37): each chunk of trials is reported at once (the IPC write goes out while the trials run on)
  if (m.progress) setTrialsListener((done, total) => process.send?.({ id: m.id, ok: true, trials: [done, total] }));
  try {
    return { id: m.id, ok: true, value: calculateScenarioModelling(h as never, m.s as never) };
  } catch (e) {
    const err = e as Error;
    return {
      id: m.id,
      ok: false,
      error: {
        kind:
          e instanceof CalculationInputError
            ? 'input'
            : e instanceof UnknownCurrencyError
              ? 'currency'
              : e instanceof RangeError
                ? 'range'
                : 'other',
        message: String(err?.message ?? e),
        field: e instanceof CalculationInputError ? e.field : undefined,
        currency: e instanceof UnknownCurrencyError ? e.currency : undefined,
      },
    };
  } finally {
    setTrialsListener(null);
  }
}

if (process.send && process.env.KF_SCENARIO_PROCESS === '1') {
  lowerProcessPriority();
  process.on('message', (m: ScenarioMessage) => process.send?.(answer(m)));
  // the service went away (stopped, or killed): nothing is left to answer
  process.on('disconnect', () => process.exit(0));
}
