import { formatCompact, formatNumber } from '@kinfolio/money';
import { Button, errorMessage, FormError, Select, Skeleton, TableHead, theme } from '@kinfolio/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import { GraphOrTable } from '../../shared/charts/charts';
import { type CompareResult, type NamedScenario, type ScenarioResult, scenarioApi } from '../../shared/household/api';
import { Row } from '../../shared/ui/layout';
import { useParentWidth } from '../../shared/useParentWidth';
import { yearLabelIndexes } from '../../shared/yearLabels';
import { percent, runsOut } from './model';
import { ChartFigure, Legend, Scroll, Sides } from './styles';

export const WORKING = 'working';

/** One line of the net worth chart: its name, its figures by year, and a dash pattern (never colour alone). */
export interface Series {
  name: string;
  points: ReadonlyArray<{ year: number; net_worth: number }>;
}
const STYLES = [
  { stroke: '#718096', dash: '6 4' },
  { stroke: theme.colors.primaryDark, dash: '' },
  { stroke: '#c05621', dash: '2 3' },
];
const FONT_PX = 12;

/** Net worth by year, one line a scenario (the current plan dashed), drawn at its card's width. */
export function NetWorthLines({ series, currency, label }: { series: Series[]; currency: string; label: string }) {
  const [box, width] = useParentWidth<HTMLElement>(680);
  const years = series[0]?.points.map((p) => p.year) ?? [];
  if (years.length === 0) return null;
  const narrow = width < 480;
  const W = Math.max(200, width);
  const H = narrow ? 220 : 260;
  const L = narrow ? 52 : 64;
  const R = 12;
  const T = 12;
  const B = 28;
  const all = series.flatMap((s) => s.points.map((p) => p.net_worth));
  const lo = Math.min(0, ...all);
  const hi = Math.max(1, ...all);
  const x = (i: number) => L + (years.length === 1 ? 0 : (i / (years.length - 1)) * (W - L - R));
  const y = (v: number) => T + (1 - (v - lo) / (hi - lo || 1)) * (H - T - B);
  const nTicks = narrow ? 3 : 5;
  const ticks = Array.from({ length: nTicks }, (_, i) => lo + ((hi - lo) * i) / (nTicks - 1));
  const shown = yearLabelIndexes(years.length, W - L - R, 4 * FONT_PX * 0.6 + 16);
  const last = years.length - 1;
  const alt = `${label}, ${currency}: ${series
    .map((s) => `${s.name} ${formatNumber(s.points[last]?.net_worth ?? 0)} in ${years[last]}`)
    .join('; ')}`;
  return (
    <ChartFigure ref={box}>
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={alt}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={L} x2={W - R} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={L - 6} y={y(t) + 4} textAnchor="end" fontSize={FONT_PX} fill="#4a5568">
              {formatCompact(t)}
            </text>
          </g>
        ))}
        {shown.map((i) => (
          <text key={years[i]} x={x(i)} y={H - 8} textAnchor="middle" fontSize={FONT_PX} fill="#4a5568">
            {years[i]}
          </text>
        ))}
        {series.map((s, k) => {
          const st = STYLES[k % STYLES.length] ?? STYLES[0];
          return (
            <path
              key={s.name}
              d={s.points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.net_worth).toFixed(1)}`).join(' ')}
              fill="none"
              stroke={st?.stroke}
              strokeWidth={2}
              strokeDasharray={st?.dash || undefined}
            />
          );
        })}
      </svg>
      <Legend aria-hidden="true">
        {series.map((s, k) => {
          const st = STYLES[k % STYLES.length] ?? STYLES[0];
          return (
            <li key={s.name}>
              <svg width="28" height="8" aria-hidden="true">
                <line x1="0" x2="28" y1="4" y2="4" stroke={st?.stroke} strokeWidth={2} strokeDasharray={st?.dash} />
              </svg>
              {s.name}
            </li>
          );
        })}
      </Legend>
      <figcaption>
        {label} in {currency}
      </figcaption>
    </ChartFigure>
  );
}

/** The same figures as the chart, by year. */
export function NetWorthTable({ series, currency, label }: { series: Series[]; currency: string; label: string }) {
  const first = series[0];
  if (!first) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <Scroll tabIndex={0} role="region" aria-label={`${label} by year`}>
      <table>
        <caption className="kf-visually-hidden">
          {label} by year in {currency}
        </caption>
        <TableHead columns={['Year', ...series.map((s) => s.name)]} />
        <tbody>
          {first.points.map((p, i) => (
            <tr key={p.year}>
              <th scope="row">{p.year}</th>
              {series.map((s) => (
                <td key={s.name}>{formatNumber(s.points[i]?.net_worth ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Key figures of one scenario: when the money runs out, the final net worth, the probability of success. */
export function KeyFigures({
  title,
  result,
  plan = false,
  label = title,
}: {
  title: string;
  /** The section's name for assistive technology (default: the title). */
  label?: string;
  result: ScenarioResult;
  /** The current plan's figures (no probability: the trials run on the scenario). */
  plan?: boolean;
}) {
  const s = plan ? result.base : result.scenario;
  const endYear = s.years[s.years.length - 1]?.year;
  return (
    <section aria-label={label}>
      <h4>{title}</h4>
      <dl>
        <dt>Money runs out</dt>
        <dd>{runsOut(s.money_runs_out_year)}</dd>
        <dt>Net worth in {endYear}</dt>
        <dd>{formatNumber(s.final_net_worth)}</dd>
        {plan ? null : (
          <>
            <dt>Probability of success</dt>
            <dd>{result.monte_carlo ? percent(result.monte_carlo.probability_never_runs_out) : 'Not run'}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** A scenario's net worth beside the current plan's, as a graph or a table. */
export function ScenarioChart({ series, currency, label }: { series: Series[]; currency: string; label: string }) {
  return (
    <GraphOrTable
      label={label}
      graph={<NetWorthLines series={series} currency={currency} label={label} />}
      table={<NetWorthTable series={series} currency={currency} label={label} />}
    />
  );
}

/**
 * Two scenarios side by side (named ones or the working scenario): their key figures, their net worth by year
 * beside the current plan's, as a graph or a table (POST customer/{id}/named-scenarios/compare).
 */
export function CompareScenarios({
  householdId,
  scenarios,
  withWorking = true,
}: {
  householdId: string;
  scenarios: readonly NamedScenario[];
  withWorking?: boolean;
}) {
  const options = [
    ...(withWorking ? [{ value: WORKING, label: 'Working scenario' }] : []),
    ...scenarios.map((s) => ({ value: s.id, label: s.name })),
  ];
  const [a, setA] = useState(options[0]?.value ?? '');
  const [b, setB] = useState(options[1]?.value ?? '');
  const [monteCarlo, setMonteCarlo] = useState(true);
  const [reply, setReply] = useState<CompareResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mcId = useId();
  if (options.length < 2) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!a || !b) {
      setError('Choose two scenarios to compare');
      return;
    }
    if (a === b) {
      setError('Choose two different scenarios');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setReply(await scenarioApi.compareScenarios(householdId, { a, b, ...(monteCarlo ? { monte_carlo: {} } : {}) }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const series: Series[] = reply
    ? [
        { name: 'Current plan', points: reply.a.result.base.years },
        { name: reply.a.name, points: reply.a.result.scenario.years },
        {
          name: reply.b.name === reply.a.name ? `${reply.b.name} (2)` : reply.b.name,
          points: reply.b.result.scenario.years,
        },
      ]
    : [];
  return (
    <section aria-labelledby="compare-title">
      <h3 id="compare-title">Compare scenarios</h3>
      <form onSubmit={submit} aria-label="Compare scenarios">
        <Row>
          <Select label="First scenario" value={a} onChange={setA} options={options} />
          <Select label="Second scenario" value={b} onChange={setB} options={options} />
        </Row>
        <p>
          <input id={mcId} type="checkbox" checked={monteCarlo} onChange={(e) => setMonteCarlo(e.target.checked)} />{' '}
          <label htmlFor={mcId}>With the probability of success (Monte Carlo)</label>
        </p>
        <Button type="submit" variant="secondary" loading={busy}>
          Compare
        </Button>
      </form>
      <FormError>{error}</FormError>
      {busy && !reply ? <Skeleton rows={4} label="Comparing the scenarios" /> : null}
      {reply ? (
        <div aria-busy={busy}>
          <Sides>
            <KeyFigures title={reply.a.name} result={reply.a.result} />
            <KeyFigures title={series[2]?.name ?? reply.b.name} result={reply.b.result} />
          </Sides>
          <ScenarioChart series={series} currency={reply.a.result.currency} label="Net worth of both scenarios" />
        </div>
      ) : null}
    </section>
  );
}
