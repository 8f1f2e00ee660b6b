import { parentPort } from 'node:worker_threads';
import { UnknownCurrencyError } from '@kinfolio/money';
import { CalculationInputError } from './errors';
import { calculateScenarioModelling } from './index';

/**
 * A thread of the scenario pool (montecarlo.ts `scenarioPool`): runs calculateScenarioModelling — the two
 * projections and the Monte Carlo trials — off the service's event loop and answers with the result or the error
 * (its kind, message and field, so the route turns it into the same 400 as an inline run).
 */
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
