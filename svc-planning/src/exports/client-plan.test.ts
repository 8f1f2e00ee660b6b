import { exportsContract as X } from '@kinfolio/contracts';
import fc from 'fast-check';
import { calculateScenarioModelling } from '../domain/calculations';
import { amortisationSchedule } from '../domain/calculations/loans';
import { AS_OF, householdArb, reportOf } from '../reports/households.arbitrary';
import { shownIn } from '../reports/read';
import {
  appendixSection,
  clientPlanSections,
  FAN_PERCENTILES,
  goalsSection,
  scheduleYears,
  summarySection,
} from './client-plan';
import type { ScenarioReplyLike, TabInput } from './report';

/**
 * Issue 35: the client plan's own sections, over generated households (the service's report assembly): the summary's
 * figures are the report's (the pages behind it show the same), the fan chart is the Monte Carlo run's percentiles,
 * the appendix lists every rate table the projection used with its source, the chosen order is kept.
 */
const households = fc.sample(householdArb, { numRuns: 40, seed: 35 });

const inputOf = (g: (typeof households)[number], scenario?: ScenarioReplyLike): TabInput => {
  const model = shownIn(reportOf(g), g.currency);
  return {
    model,
    currency: g.currency,
    asOf: AS_OF,
    m: (v: number | null | undefined) => v ?? 0,
    scenario,
  } as unknown as TabInput;
};

describe('the client plan sections', () => {
  it('summary: net worth today and at retirement, the year money runs out, the largest gaps are the report’s', () => {
    let atRetirement = 0;
    let runsOut = 0;
    for (const g of households) {
      const input = inputOf(g);
      const r = input.model.report;
      const s = summarySection(input);
      const key = new Map(s.tables[0]?.rows.map((row) => [String(row[0]).replace(/ \(\d{4}\)$/, ''), row[1]]));
      expect(key.get('Net worth today')).toBe(r.networth.current.net_worth);
      const ry = r.checks.retirement.retirement_year;
      const atR = r.networth.years.find((y) => y.year === ry)?.net_worth;
      if (ry !== null && atR !== undefined) {
        atRetirement++;
        expect(key.get('Net worth at retirement')).toBe(atR);
        expect(s.tables[0]?.rows[1]?.[0]).toBe(`Net worth at retirement (${ry})`);
      }
      expect(key.get('Money runs out')).toBe(r.money_runs_out_year === null ? 'Never' : String(r.money_runs_out_year));
      if (r.money_runs_out_year !== null) runsOut++;
      expect(key.get('Probability of success')).toBe('No Monte Carlo run');
      // the gaps: the largest three of the insurance tab's rows, largest first
      const gaps = r.insurance.members
        .flatMap((m) => m.rows.map((row) => row.gap ?? 0))
        .filter((v) => v > 0)
        .sort((a, b) => b - a)
        .slice(0, 3);
      expect(s.tables[1]?.rows.map((row) => row[2])).toEqual(gaps);
      // each debt's last year is the debt tab's
      expect(s.tables[2]?.rows.map((row) => row[2])).toEqual(r.debt.loans.map((l) => l.end_year ?? null));
      // its chart is the net-worth line of the net-worth tab's years
      expect(s.charts[0]?.kind).toBe('line');
      expect(s.charts[0]?.series[0]?.values).toEqual(r.networth.years.map((y) => y.net_worth));
    }
    // the generated households exercise both branches
    expect(atRetirement).toBeGreaterThan(5);
    expect(runsOut).toBeGreaterThan(0);
  });

  it('summary: the three largest insurance gaps, largest first, named by member and cover', () => {
    const input = inputOf(households[2] as (typeof households)[number]);
    const row = (label: string, gap: number | null) => ({
      benefit_type: label,
      label,
      target_source: 'advisor' as const,
      cover: 0,
      unlimited: false,
      until_age: null,
      target: gap,
      gap,
    });
    input.model.report.insurance.members = [
      { member_id: 'a', name: 'Alex', age: 40, rows: [row('Death', 50_000), row('Critical illness', 180_000)] },
      {
        member_id: 'b',
        name: 'Sam',
        age: 38,
        rows: [row('Death', 0), row('Critical illness', 90_000), row('TPD', null)],
      },
      { member_id: 'c', name: 'Kim', age: 9, rows: [row('Critical illness', 20_000)] },
    ];
    const s = summarySection(input);
    expect(s.tables[1]?.rows).toEqual([
      ['Alex', 'Critical illness', 180_000],
      ['Sam', 'Critical illness', 90_000],
      ['Alex', 'Death', 50_000],
    ]);
    expect(s.summary[1]).toBe(`The largest insurance gap: Alex, Critical illness, ${input.currency} 180,000.`);
  });

  it('scenario: the fan chart is the Monte Carlo percentiles by year, lowest first, and the summary its probability', async () => {
    for (const g of households.slice(0, 4)) {
      const run = calculateScenarioModelling(g.household, { monte_carlo: { enabled: true, trials: 200, seed: 7 } });
      const scenario = run as unknown as ScenarioReplyLike;
      const input = inputOf(g, scenario);
      const [summary, section] = await clientPlanSections(input, ['summary', 'scenario']);
      const fan = section?.charts.find((c) => c.kind === 'fan');
      const bands = run.monte_carlo?.bands ?? [];
      expect(bands.length).toBeGreaterThan(0);
      expect(fan?.categories).toEqual(bands.map((b) => String(b.year)));
      expect(fan?.series.map((x) => x.name)).toEqual(['P10', 'P25', 'P50', 'P75', 'P90']);
      for (const [k, p] of FAN_PERCENTILES.entries())
        expect(fan?.series[k]?.values).toEqual(bands.map((b) => b.percentiles[p]));
      for (const [y] of bands.entries()) {
        const column = fan?.series.map((x) => x.values[y] as number) ?? [];
        expect([...column].sort((a, b) => a - b)).toEqual(column);
      }
      const table = section?.tables.find((t) => t.title.startsWith('Monte Carlo'));
      expect(table?.rows.length).toBe(bands.length);
      const probability = summary?.tables[0]?.rows.find((row) => row[0] === 'Probability of success')?.[1];
      const p = run.monte_carlo?.probability_never_runs_out ?? -1;
      expect(probability).toBe(`${Math.round(p * 10000) / 100}% of 200 trials`);
    }
  });

  it('goals: each goal with its years and amount, and what the plan pays for goals each year', () => {
    const g = households[0] as (typeof households)[number];
    const withGoals = {
      ...g,
      household: {
        ...g.household,
        goals: [
          { id: 'g1', type: 'education' as const, year_from: 2030, year_to: 2033, amount: 20000 },
          { id: 'g2', type: 'car' as const, year_from: 2029, amount: 90000 },
        ],
      },
    };
    const input = inputOf(withGoals);
    const s = goalsSection(input);
    expect(s.tables[0]?.rows).toEqual([
      ['Education', 'Household', 2030, 2033, 20000],
      ['Car', 'Household', 2029, 2029, 90000],
    ]);
    const paid = input.model.projection.dataTables.rows.filter((r) => r.goals > 0);
    expect(paid.map((r) => r.year)).toEqual(expect.arrayContaining([2029, 2030, 2033]));
    expect(s.tables[1]?.rows).toEqual(paid.map((r) => [r.year, input.model.amount(r.goals)]));
  });

  it('appendix: the assumptions, and every rate table the projection used with its years and publisher', () => {
    let withCpf = 0;
    for (const g of households) {
      const input = inputOf(g);
      const s = appendixSection(input);
      const names = input.model.report.tables;
      expect(s.tables[1]?.rows.length).toBe(names.length);
      for (const row of s.tables[1]?.rows ?? []) expect(String(row[3])).not.toBe('Not in the tables in force now');
      const cpf = s.tables[1]?.rows.find((row) => row[0] === 'CPF (Singapore)');
      if (cpf) {
        withCpf++;
        expect(String(cpf[3])).toContain('CPF Board');
        expect(String(cpf[5])).toMatch(/^https:\/\//);
      }
      const inflation = s.tables[0]?.rows.find((row) => row[0] === 'Inflation');
      expect(inflation?.[1]).toBe(`${g.household.inflation_rate ?? 3}%`);
    }
    expect(withCpf).toBeGreaterThan(0);
  });

  it('keeps the chosen sections in the chosen order and tells each one done', async () => {
    const input = inputOf(households[1] as (typeof households)[number]);
    const told: Array<[number, number]> = [];
    const order: X.ClientPlanSection[] = ['appendix', 'goals', 'summary'];
    const out = await clientPlanSections({ ...input, onSection: (d, o) => void told.push([d, o]) }, order);
    expect(out.map((s) => s.id)).toEqual(order);
    expect(told).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(out[0]?.title).toBe(X.CLIENT_PLAN_SECTION_TITLES.appendix);
  });

  it('a loan schedule by year: the worked example of docs/planning-model.md "The client plan"', () => {
    // 250,000 at 2.6% over 35 years: instalment 907.19 (docs/planning-model.md "Rounding")
    const years = scheduleYears(2026, amortisationSchedule(250_000, 2.6, 35 * 12));
    expect(years.length).toBe(35);
    // year 1: 12 × 907.19 paid; principal = 250,000 − 245,561.08 balance; interest = paid − principal
    expect(years[0]).toEqual({
      year: 2026,
      paid: 10_886.28,
      interest: 6_447.36,
      principal: 4_438.92,
      balance: 245_561.08,
    });
    expect(years[1]).toEqual({
      year: 2027,
      paid: 10_886.28,
      interest: 6_330.57,
      principal: 4_555.71,
      balance: 241_005.37,
    });
    // the last year takes what remains: the balance ends at 0 and the principal sums back to the loan
    expect(years[34]).toMatchObject({ year: 2060, balance: 0 });
    expect(years.reduce((a, y) => a + Math.round(y.principal * 100), 0)).toBe(25_000_000);
  });
});
