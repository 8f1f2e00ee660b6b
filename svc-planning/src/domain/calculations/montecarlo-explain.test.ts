import { planning } from '@kinfolio/contracts';
import { Explainer, mismatches } from './explain';
import { nodeOf, treeOf } from './explain-tree';
import { calculateScenarioModelling, planProjection } from './index';
import { liquidByClass, monteCarlo } from './montecarlo';
import { MC_PROBABILITY } from './montecarlo-explain';
import { sampleHousehold } from './sample';
import type { HouseholdInput } from './types';

/** Issue 34: Monte Carlo's probability of success explains itself (montecarlo-explain.ts, explain-tree.ts). */

/** A household that lives on its savings: some trials run out, some do not. */
const marginal: HouseholdInput = {
  as_of: '2026-03-15',
  currency: 'SGD',
  members: [{ id: 'm1', relation: 'me', age: 60, retirement_age: 60, maturity_age: 85 }],
  expenses: [{ id: 'e', category: 'living expense', amount: 3_000, frequency: 'monthly' }],
  cash_accounts: [{ id: 'c1', current_value: 60_000, growth_rate: 1 }],
  investments: [
    { id: 'v1', current_value: 500_000, expected_return: 5, asset_class: 'equity' },
    { id: 'v2', current_value: 200_000, expected_return: 3, asset_class: 'bond' },
  ],
};

describe('Monte Carlo: the probability of success explained', () => {
  it('the counts recorded reproduce the probability; the seed and the volatilities the trials drew are its parts', () => {
    const p = planProjection(marginal);
    const ex = new Explainer();
    const m = monteCarlo(
      p,
      liquidByClass(marginal, () => 1),
      { trials: 400, seed: 11 },
      ex,
    );
    const never = ex.get('mc:never_ran_out')?.value as number;
    // the reply's probability is exactly the recorded count over the trials
    expect(never / 400).toBe(m.probability_never_runs_out);
    // seed 11: 120 of the 400 trials never ran out (0.3)
    expect(never).toBe(120);
    expect(m.probability_never_runs_out).toBe(0.3);
    expect(ex.get('mc:trials')?.value).toBe(400);
    expect(ex.get('mc:seed')?.value).toBe(11);
    const prob = ex.get(MC_PROBABILITY);
    expect(prob).toMatchObject({ value: m.probability_never_runs_out, unit: 'factor', formula: { op: 'quotient' } });
    expect(prob?.rule).toEqual([
      { value: never, unit: 'count' },
      ' of ',
      { value: 400, unit: 'count' },
      ' trials never ran out of money',
    ]);
    // the cash account, the equity and the bond holdings: each class's volatility (the default assumptions), the
    // means being each holding's own growth rate (no class mean recorded)
    expect(prob?.parts).toEqual([
      'mc:never_ran_out',
      'mc:trials',
      'mc:seed',
      'mc:equity:volatility',
      'mc:bond:volatility',
      'mc:cash:volatility',
    ]);
    expect(ex.get('mc:equity:volatility')).toMatchObject({ value: 15, unit: 'percent', leaf: 'assumption' });
    expect(ex.get('mc:bond:volatility')?.value).toBe(5);
    expect(ex.has('mc:equity:mean')).toBe(false);
    expect(mismatches(ex.steps)).toEqual([]);
  });

  it('without an Explainer the result is the same', () => {
    const p = planProjection(marginal);
    const a = monteCarlo(
      p,
      liquidByClass(marginal, () => 1),
      { trials: 200, seed: 3 },
      new Explainer(),
    );
    const b = monteCarlo(
      p,
      liquidByClass(marginal, () => 1),
      { trials: 200, seed: 3 },
    );
    expect(a).toEqual(b);
  });

  it('rows project() did not make: the trials grow each class at its mean, recorded as a part', () => {
    const p = planProjection(marginal);
    const ex = new Explainer();
    const synthetic = { ...p, rows: [...p.rows] }; // a copy: no plan trace
    monteCarlo(
      synthetic,
      { equity: 100_000, bond: 0, cash: 20_000, property: 0, others: 0 },
      { trials: 50, seed: 1 },
      ex,
    );
    expect(ex.get('mc:equity:mean')).toMatchObject({ value: 7, unit: 'percent' });
    expect(mismatches(ex.steps)).toEqual([]);
  });

  it('the scenario reply carries the tree when asked, as the contract shapes it, and only then', () => {
    const h = sampleHousehold(6);
    const asked = calculateScenarioModelling(h, {
      monte_carlo: { enabled: true, trials: 300, seed: 5, explain: true },
    });
    const plain = calculateScenarioModelling(h, { monte_carlo: { enabled: true, trials: 300, seed: 5 } });
    expect(plain.monte_carlo && 'probability_explanation' in plain.monte_carlo).toBe(false);
    const { probability_explanation: tree, ...rest } = asked.monte_carlo ?? {};
    expect(rest).toEqual(plain.monte_carlo);
    // the contract parses the reply with it
    const reply = planning.ScenarioReply.parse(JSON.parse(JSON.stringify(asked)));
    const t = reply.monte_carlo?.probability_explanation;
    expect(t?.root).toBe('mc:probability');
    expect(t?.nodes[0]).toMatchObject({
      id: 'mc:probability',
      kind: 'figure',
      value: plain.monte_carlo?.probability_never_runs_out,
    });
    const never = t?.nodes.find((n) => n.id === 'mc:never_ran_out');
    expect(never ? never.value / 300 : null).toBe(plain.monte_carlo?.probability_never_runs_out);
    expect(t?.nodes.find((n) => n.id === 'mc:seed')).toMatchObject({ value: 5, kind: 'assumption', parts: [] });
    expect(t?.nodes[0]?.parts.slice(0, 2)).toEqual([
      {
        id: 'mc:never_ran_out',
        label: 'Trials that never ran out of money',
        value: never?.value,
        unit: 'count',
        sign: 1,
        explainable: true, // its rule says how the trials ran
        kind: 'figure',
      },
      {
        id: 'mc:trials',
        label: 'Trials run',
        value: 300,
        unit: 'count',
        sign: 1,
        explainable: true, // its rule says what it is
        kind: 'assumption',
      },
    ]);
    expect(tree).toEqual(t);
  });
});

describe('treeOf and nodeOf', () => {
  it('a node: its parts one level down with their signs, records with no screen yet, the table; the tree depth first', () => {
    const ex = new Explainer();
    ex.input('in:incomes:i1:amount', 1000, {
      label: 'Salary',
      records: [{ kind: 'income', id: 'i1', field: 'amount' }],
    });
    ex.input('tbl:cpf:2026:rate', 20, {
      label: 'Employee rate',
      unit: 'percent',
      table: { name: 'cpf', version: 2026, year: 2026, source: 'CPF Board' },
    });
    ex.add('x:cpf', 200, { op: 'percent' }, ['in:incomes:i1:amount', 'tbl:cpf:2026:rate'], { label: 'CPF' });
    ex.sum(
      'x:net',
      800,
      [
        ['in:incomes:i1:amount', 1],
        ['x:cpf', -1],
      ],
      { label: 'Take-home pay', rule: ['1,000 − 200'] },
      true,
    );
    const n = nodeOf(ex, 'x:net');
    expect(n).toEqual({
      id: 'x:net',
      label: 'Take-home pay',
      value: 800,
      unit: 'money',
      kind: 'figure',
      rule: ['1,000 − 200'],
      formula: { op: 'sum', signs: [1, -1], round: true },
      parts: [
        {
          id: 'in:incomes:i1:amount',
          label: 'Salary',
          value: 1000,
          unit: 'money',
          sign: 1,
          explainable: true,
          kind: 'record',
        },
        { id: 'x:cpf', label: 'CPF', value: 200, unit: 'money', sign: -1, explainable: true, kind: 'figure' },
      ],
      records: [],
      table: null,
    });
    expect(nodeOf(ex, 'in:incomes:i1:amount').records).toEqual([
      { kind: 'income', id: 'i1', field: 'amount', label: 'Salary', screen: null },
    ]);
    expect(nodeOf(ex, 'tbl:cpf:2026:rate')).toMatchObject({
      kind: 'table',
      table: { name: 'cpf', version: 2026, year: 2026, source: 'CPF Board' },
    });
    const t = treeOf(ex, 'x:net');
    expect(t.nodes.map((x) => x.id)).toEqual(['x:net', 'in:incomes:i1:amount', 'x:cpf', 'tbl:cpf:2026:rate']);
    expect(() => treeOf(ex, 'x:none')).toThrow('explanation part x:none was not recorded');
  });
});
