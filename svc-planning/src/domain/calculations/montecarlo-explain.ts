import type { Explainer, RulePart } from './explain';
import type { AssetClass } from './types';

/**
 * Monte Carlo's probability of success, explained (issue 34, docs/decisions/explanations-h4.md): recorded by
 * monteCarlo from the counts it computed it with. `mc:probability` = trials that never ran out ÷ trials (a quotient of
 * its first two parts); its other parts are what the trials ran on: the seed and each drawn class's volatility (and
 * its mean return where the trials used the class's mean: a result project() did not make).
 */
export const MC_PROBABILITY = 'mc:probability';

const NAMES: Record<AssetClass, string> = {
  equity: 'Equities',
  bond: 'Bonds',
  cash: 'Cash',
  property: 'Property',
  others: 'Other investments',
};
const count = (value: number): RulePart => ({ value, unit: 'count' });
const pct = (value: number): RulePart => ({ value, unit: 'percent' });

export interface ProbabilityValues {
  trials: number;
  never: number;
  seed: number;
  probability: number;
  /** The classes the trials drew returns for, with their assumption; `means` when the class means were the growth. */
  classes: ReadonlyArray<{ asset_class: AssetClass; mean: number; volatility: number }>;
  means: boolean;
}

export function recordProbability(ex: Explainer, v: ProbabilityValues): void {
  const never = ex.input('mc:never_ran_out', v.never, {
    label: 'Trials that never ran out of money',
    unit: 'count',
    leaf: 'engine',
    rule: [
      'each trial replays the plan year by year with returns drawn at random; in ',
      count(v.never),
      ' of them the household’s cash never fell below 0',
    ],
  });
  const trials = ex.input('mc:trials', v.trials, {
    label: 'Trials run',
    unit: 'count',
    leaf: 'assumption',
    rule: [count(v.trials), ' trials, as the scenario’s settings ask'],
  });
  const seed = ex.input('mc:seed', v.seed, {
    label: 'Random seed',
    unit: 'count',
    leaf: 'assumption',
    rule: ['the same seed draws the same returns: the result can be reproduced'],
  });
  const settings: string[] = [seed];
  for (const c of v.classes) {
    const name = NAMES[c.asset_class];
    if (v.means)
      settings.push(
        ex.input(`mc:${c.asset_class}:mean`, c.mean, {
          label: `${name}: mean return a year`,
          unit: 'percent',
          leaf: 'assumption',
          rule: [name, ' grow by ', pct(c.mean), ' a year on average'],
        }),
      );
    settings.push(
      ex.input(`mc:${c.asset_class}:volatility`, c.volatility, {
        label: `${name}: volatility a year`,
        unit: 'percent',
        leaf: 'assumption',
        rule: [
          name,
          v.means
            ? '’ yearly return varies around its mean'
            : '’ yearly return varies around each holding’s own growth rate',
          ' by ',
          pct(c.volatility),
          ' (one standard deviation)',
        ],
      }),
    );
  }
  ex.add(MC_PROBABILITY, v.probability, { op: 'quotient' }, [never, trials, ...settings], {
    label: 'Probability the money never runs out',
    unit: 'factor',
    rule: [count(v.never), ' of ', count(v.trials), ' trials never ran out of money'],
  });
}
