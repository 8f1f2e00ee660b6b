import { scenarioRunBody } from '@kinfolio/contracts/src/scenario-run';
import type { ScenarioInputs } from '../../shared/household/api';

/** The what-if form's fields as typed (text per id; empty: as recorded). */
export interface InputsText {
  retire: Record<string, string>;
  incomeChange: Record<string, string>;
  expenseChange: Record<string, string>;
  /** A property's selling year in the scenario, by property id (empty: the year recorded). */
  saleYear: Record<string, string>;
  trials: string;
}

const numbers = (o: Record<string, string>, int = false): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(o)) {
    const n = Number(v);
    if (v.trim() && Number.isFinite(n) && (!int || Number.isInteger(n))) out[k] = n;
  }
  return out;
};
const texts = (o: Record<string, number | null>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === null ? '' : String(v)]));

export type LifeEvent = NonNullable<ScenarioInputs['events']>[number];

/**
 * The page's inputs as ScenarioInputs (what a named scenario stores and a meeting's what-if carries): the form's
 * figures, the sell order, the locked assets and the household's recorded life events. The events are written in:
 * they are not engine input unless posted, and every screen and the comparison run `scenarioRunBody(inputs)` as is,
 * so a scenario without them would run without the household's events there (decisions/meetings-h4.md).
 */
export function inputsOf(
  t: InputsText,
  order: readonly string[],
  locked: readonly string[],
  events?: readonly LifeEvent[],
): ScenarioInputs {
  const trials = Number(t.trials);
  const sale: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(numbers(t.saleYear, true))) sale[k] = v;
  return {
    retirement_age: numbers(t.retire, true),
    income_change_percent: numbers(t.incomeChange),
    expense_change_percent: numbers(t.expenseChange),
    property_sale_year: sale,
    sell_sequence: [...order],
    locked_assets: [...locked],
    ...(events ? { events: [...events] } : {}),
    ...(Number.isInteger(trials) && trials >= 100 && trials <= 100_000 ? { trials } : {}),
  };
}

/** The form's text of stored inputs (a named scenario opened, a meeting's what-if followed). */
export function textOf(i: ScenarioInputs, fallbackTrials: string): InputsText {
  return {
    retire: texts(i.retirement_age),
    incomeChange: texts(i.income_change_percent),
    expenseChange: texts(i.expense_change_percent),
    saleYear: texts(i.property_sale_year),
    trials: i.trials === undefined ? fallbackTrials : String(i.trials),
  };
}

/**
 * The run body of `inputs` on household `hid`: `scenarioRunBody` as every screen and the comparison build it (one
 * body, one cached computation), with the household's recorded life events when the inputs name none (a scenario
 * saved before it carried them).
 */
export const runBody = (hid: string, inputs: ScenarioInputs, events: readonly LifeEvent[], monteCarlo = false) =>
  scenarioRunBody(hid, { ...inputs, events: inputs.events ?? [...events] }, { enabled: monteCarlo });

/** "Never" or the year the money runs out. */
export const runsOut = (year: number | null) => (year === null ? 'Never' : String(year));
/** A probability of success as the page shows it (87.3%). */
export const percent = (p: number) => `${Math.round(p * 1000) / 10}%`;
