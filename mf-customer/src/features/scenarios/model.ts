import { scenarioRunBody } from '@kinfolio/contracts/src/scenarios';
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

/**
 * The page's inputs as ScenarioInputs (what a named scenario stores and a meeting's what-if carries): the form's
 * figures, the sell order and the locked assets. Life events are left out: they are the household's records, so a
 * named scenario follows the household's recorded events (the contract's "absent: the recorded ones").
 */
export function inputsOf(t: InputsText, order: readonly string[], locked: readonly string[]): ScenarioInputs {
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

export type LifeEvent = NonNullable<ScenarioInputs['events']>[number];

/**
 * The run body of `inputs` on household `hid` (scenarioRunBody), with the household's recorded life events when the
 * inputs name none. Empty changes are posted as empty, not left out: left out, the stored run would apply the working
 * scenario's saved changes, so a named scenario or a what-if with "as planned" would silently run someone else's
 * figures (decisions/meetings-h4.md).
 */
export function runBody(hid: string, inputs: ScenarioInputs, events: LifeEvent[], monteCarlo = false) {
  const body = scenarioRunBody(hid, { ...inputs, events: inputs.events ?? events }, { enabled: monteCarlo });
  return {
    ...body,
    scenario: {
      ...body.scenario,
      overrides: { retirement_age: inputs.retirement_age, income_change_percent: inputs.income_change_percent },
    },
    expense_change_percent: inputs.expense_change_percent,
  };
}

/** "Never" or the year the money runs out. */
export const runsOut = (year: number | null) => (year === null ? 'Never' : String(year));
/** A probability of success as the page shows it (87.3%). */
export const percent = (p: number) => `${Math.round(p * 1000) / 10}%`;
