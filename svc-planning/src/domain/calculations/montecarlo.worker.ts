import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { UnknownCurrencyError } from '@kinfolio/money';
import { CalculationInputError } from './errors';
import { calculateScenarioModelling } from './index';

/**
 * A thread of the scenario pool (montecarlo.ts `scenarioPool`): runs calculateScenarioModelling — the two
 * projections and the Monte Carlo trials — off the service's event loop and answers with the result or the error
 * (its kind, message and field, so the route turns it into the same 400 as an inline run).
 */
/**
 * The thread runs below the service's own priority (nice KF_SCENARIO_NICE, default 10), so while trials run the
 * event loop answering other requests gets the cores first (issue 14: the other endpoints' p95 unchanged while Monte
 * Carlo runs). Linux gives each thread its own nice value, set through its thread id; elsewhere nothing changes.
 */
export function lowerThreadPriority(nice = Number(process.env.KF_SCENARIO_NICE ?? 10)): number | null {
  if (!Number.isInteger(nice) || nice <= 0) return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid)) return null;
    // never raise it: a process that already runs niced keeps at least its own value
    setPriority(tid, Math.min(19, Math.max(getPriority(tid), nice)));
    return tid;
  } catch {
    return null;
  }
}
if (parentPort) lowerThreadPriority();

parentPort?.on('message', (m: { id: number; h: never; s: never }) => {
  try {
    parentPort?.postMessage({ id: m.id, ok: true, value: calculateScenarioModelling(m.h, m.s) });
  } catch (e) {
    const err = e as Error;
    parentPort?.postMessage({
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
    });
  }
});
