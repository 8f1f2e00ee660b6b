import type { ScenarioInputs, StoredScenarioRunBody } from './scenarios';

/**
 * The body of POST customer/calculate/scenario-modelling that runs `inputs` on stored household `householdId`; null
 * runs the household's working scenario (its stored scenario settings, sell sequence and locked assets).
 *
 * A named scenario or a what-if is self-contained: its retirement ages and income and expense changes are always
 * posted (an empty map is "no change", never "the working scenario's changes"), so its figures do not move when the
 * working scenario is edited. Its sell sequence and locked assets, when absent, are the household's stored ones.
 */
export function scenarioRunBody(
  householdId: string,
  inputs: ScenarioInputs | null,
  monteCarlo: { enabled: boolean; trials?: number; seed?: number } = { enabled: false },
): StoredScenarioRunBody {
  const trials = monteCarlo.trials ?? inputs?.trials;
  const mc = monteCarlo.enabled
    ? {
        monte_carlo: {
          enabled: true,
          ...(trials === undefined ? {} : { trials: Math.min(trials, 20_000) }),
          ...(monteCarlo.seed === undefined ? {} : { seed: monteCarlo.seed }),
        },
      }
    : {};
  if (!inputs) return { household_id: householdId, scenario: mc };
  return {
    household_id: householdId,
    scenario: {
      overrides: {
        retirement_age: inputs.retirement_age,
        income_change_percent: inputs.income_change_percent,
      },
      ...(inputs.events ? { events: inputs.events } : {}),
      ...(inputs.sell_sequence ? { sell_sequence: inputs.sell_sequence } : {}),
      ...(inputs.locked_assets ? { locked_assets: inputs.locked_assets } : {}),
      ...mc,
    },
    expense_change_percent: inputs.expense_change_percent,
    ...(Object.keys(inputs.property_sale_year).length ? { property_sale_year: inputs.property_sale_year } : {}),
  };
}
