import { formatCompact, formatNumber } from '@kinfolio/money';
import { useParentWidth } from '../../shared/useParentWidth';
import { yearLabelIndexes } from '../../shared/yearLabels';
import { ChartFigure, Legend } from './styles';

export interface Band {
  year: number;
  percentiles: Record<string, number>;
}

/** Drawn at the width of its card (useParentWidth); 680 until measured. Narrow charts are shorter, with fewer ticks. */
const FALLBACK_WIDTH = 680;
const NARROW_PX = 480;
/** Text size in px: the drawing is shown at the size it is drawn, so text is read at this size (issue 30 item 10). */
const FONT_PX = 12;
/** About how wide `chars` characters are at FONT_PX (system fonts: ~0.6 em a character). */
const textWidth = (chars: number) => chars * FONT_PX * 0.6;
const R = 44;
const T = 12;
const B = 28;
function layout(width: number) {
  const narrow = width < NARROW_PX;
  return { W: Math.max(200, width), H: narrow ? 240 : 280, L: narrow ? 52 : 64, yTicks: narrow ? 3 : 5 };
}
const P = (b: Band, k: string) => b.percentiles[k] ?? 0;

/**
 * The Monte Carlo fan chart in SVG: the 10th–90th percentile band, the 25th–75th band over it and the median as a
 * line, each band labelled at its right end and in the legend (never colour alone); the figures are in the table
 * view beside it.
 */
export function FanChart({ bands, currency }: { bands: Band[]; currency: string }) {
  const [box, width] = useParentWidth<HTMLElement>(FALLBACK_WIDTH);
  if (bands.length === 0) return null;
  const { W, H, L, yTicks } = layout(width);
  const lo = Math.min(0, ...bands.map((b) => P(b, 'p10')));
  const hi = Math.max(1, ...bands.map((b) => P(b, 'p90')));
  const x = (i: number) => L + (bands.length === 1 ? 0 : (i / (bands.length - 1)) * (W - L - R));
  const y = (v: number) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
  const area = (a: string, b: string) =>
    `${bands.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(P(d, a)).toFixed(1)}`).join(' ')} ${bands
      .map((_, j) => {
        const i = bands.length - 1 - j;
        return `L${x(i).toFixed(1)},${y(P(bands[i] as Band, b)).toFixed(1)}`;
      })
      .join(' ')} Z`;
  const line = (k: string) =>
    bands.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(P(d, k)).toFixed(1)}`).join(' ');
  const ticks = Array.from({ length: yTicks }, (_, i) => lo + ((hi - lo) * i) / (yTicks - 1));
  const years = yearLabelIndexes(bands.length, W - L - R, textWidth(4) + 16);
  const lastI = bands.length - 1;
  const last = bands[lastI] as Band;
  const first = bands[0] as Band;
  return (
    <ChartFigure ref={box}>
      <svg
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Net worth by year in ${currency}, ${first.year} to ${last.year}: median ${formatNumber(P(last, 'p50'))} in ${last.year}, 10th percentile ${formatNumber(P(last, 'p10'))}, 90th percentile ${formatNumber(P(last, 'p90'))}`}
      >
        <defs>
          <pattern id="kf-fan-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#e6f4f3" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#9fd3d1" strokeWidth="2" />
          </pattern>
        </defs>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={L} x2={W - R} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
            <text x={L - 6} y={y(v) + 4} fontSize={FONT_PX} textAnchor="end" fill="#4a5568">
              {formatCompact(v)}
            </text>
          </g>
        ))}
        {lo < 0 ? <line x1={L} x2={W - R} y1={y(0)} y2={y(0)} stroke="#718096" strokeDasharray="4 3" /> : null}
        <path d={area('p90', 'p10')} fill="url(#kf-fan-hatch)" data-band="p10-p90" />
        <path d={area('p75', 'p25')} fill="#4db2af" fillOpacity={0.55} data-band="p25-p75" />
        <path d={line('p50')} fill="none" stroke="#1d4044" strokeWidth={2.5} data-band="p50" />
        <text x={W - R + 4} y={y(P(last, 'p90')) + 4} fontSize={FONT_PX} fill="#2d3748">
          90th
        </text>
        <text x={W - R + 4} y={y(P(last, 'p50')) + 4} fontSize={FONT_PX} fill="#2d3748">
          50th
        </text>
        <text x={W - R + 4} y={y(P(last, 'p10')) + 4} fontSize={FONT_PX} fill="#2d3748">
          10th
        </text>
        {years.map((i) => {
          const only = bands.length === 1;
          const anchor = only || i === 0 ? 'start' : i === lastI ? 'end' : 'middle';
          return (
            <text key={i} x={x(i)} y={H - 8} fontSize={FONT_PX} textAnchor={anchor} fill="#4a5568" data-axis="year">
              {(bands[i] as Band).year}
            </text>
          );
        })}
      </svg>
      <Legend aria-label="Legend">
        <li>
          <svg width="18" height="12" aria-hidden="true">
            <rect width="18" height="12" fill="url(#kf-fan-hatch)" />
          </svg>
          Hatched band: 10th to 90th percentile
        </li>
        <li>
          <svg width="18" height="12" aria-hidden="true">
            <rect width="18" height="12" fill="#4db2af" fillOpacity={0.55} />
          </svg>
          Solid band: 25th to 75th percentile
        </li>
        <li>
          <svg width="18" height="12" aria-hidden="true">
            <line x1="0" x2="18" y1="6" y2="6" stroke="#1d4044" strokeWidth="2.5" />
          </svg>
          Line: median (50th percentile)
        </li>
      </Legend>
      <figcaption>Net worth by year in {currency} over the Monte Carlo trials.</figcaption>
    </ChartFigure>
  );
}
