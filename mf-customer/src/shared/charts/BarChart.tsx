import { formatCompact } from '@kinfolio/money';
import { theme } from '@kinfolio/ui-kit';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useParentWidth } from '../useParentWidth';
import { money } from './format';

/**
 * The report's bar chart (visx scales, axes and bars): several series over categories (years, members, accounts),
 * grouped side by side ('multi_bar') or stacked into one bar a category ('bar'), the spec's two bar kinds (§2).
 * Accessible: the drawing is an image with a text summary (role="img", aria-label); it takes keyboard focus, the
 * arrow keys move from bar to bar and a visible tooltip says the bar's category, series and amount; each series
 * has its own fill pattern and a legend with its name, so no meaning rests on colour alone. The same figures are
 * in the table view beside it.
 */
export type BarKind = 'multi_bar' | 'bar';
export interface ChartSeries {
  key: string;
  label: string;
}
export interface ChartCategory {
  label: string;
  values: Record<string, number>;
}

const Figure = styled.figure`
  margin: 0 0 16px;
  /* a box that can shrink with its card: the SVG's own width must not hold the card wide when the window narrows
     (a compressible replaced element with a percentage max-width adds nothing to its parents' minimum width) */
  min-width: 0;
  position: relative;
  > svg {
    display: block;
    max-width: 100%;
  }
  svg:focus-visible {
    outline: 2px solid ${theme.colors.primaryDark};
    outline-offset: 2px;
  }
  figcaption {
    font-size: 0.85rem;
    color: ${theme.colors.muted};
  }
`;
const Tip = styled.p`
  margin: 4px 0;
  min-height: 1.5em;
  font-size: 0.9rem;
  span {
    display: inline-block;
    padding: 2px 8px;
    border-radius: 4px;
    background: #1a202c;
    color: #fff;
  }
`;
const Legend = styled.ul`
  list-style: none;
  padding: 0;
  margin: 4px 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: 0.85rem;
  li {
    display: flex;
    align-items: center;
    gap: 6px;
  }
  svg {
    width: 18px;
    height: 12px;
  }
`;

const COLOURS = ['#2c7a7b', '#c05621', '#2b6cb0', '#805ad5', '#b7791f', '#c53030', '#2f855a'];
/** One pattern a series (solid, hatched, dotted, crossed, lined…): readable without colour. */
function Pattern({ id, index }: { id: string; index: number }) {
  const c = COLOURS[index % COLOURS.length] as string;
  const kind = index % 6;
  return (
    <pattern id={id} width={6} height={6} patternUnits="userSpaceOnUse">
      <rect width={6} height={6} fill={kind === 0 ? c : '#fff'} />
      {kind === 1 ? <path d="M0,6 L6,0" stroke={c} strokeWidth={2} /> : null}
      {kind === 2 ? <circle cx={3} cy={3} r={1.6} fill={c} /> : null}
      {kind === 3 ? <path d="M0,0 L6,6 M0,6 L6,0" stroke={c} strokeWidth={1.4} /> : null}
      {kind === 4 ? <path d="M0,3 L6,3" stroke={c} strokeWidth={2} /> : null}
      {kind === 5 ? <path d="M3,0 L3,6" stroke={c} strokeWidth={2} /> : null}
    </pattern>
  );
}

/** Drawn at the width of its card (useParentWidth); 760 until measured. Narrow charts are a little shorter. */
const FALLBACK_WIDTH = 760;
const NARROW_PX = 480;
/** Axis text size in px: drawn at the shown size, so it is read at this size (issue 30 item 10). */
const AXIS_FONT_PX = 12;
const AXIS_LABEL = { fontSize: AXIS_FONT_PX, fill: '#2d3748' } as const;

/** The drawing's size and margins at a width: the left margin fits the longest value label. */
function layout(width: number) {
  const narrow = width < NARROW_PX;
  return {
    W: Math.max(200, width),
    H: narrow ? 260 : 320,
    M: { top: 12, right: 8, bottom: 32, left: narrow ? 48 : 60 },
    yTicks: narrow ? 4 : 6,
  };
}
/** About how wide a label of `text` is at the axis' font size (system fonts: ~0.6 em a character). */
const textWidth = (text: string) => text.length * AXIS_FONT_PX * 0.6;
/** A longer category label (a member and a benefit) is cut to this width with an ellipsis; the tooltip has it all. */
const MAX_LABEL_PX = 132;
const MAX_LABEL_CHARS = Math.floor(MAX_LABEL_PX / (AXIS_FONT_PX * 0.6));
const cut = (label: string) => (label.length > MAX_LABEL_CHARS ? `${label.slice(0, MAX_LABEL_CHARS - 1)}…` : label);

interface Drawn {
  category: string;
  series: ChartSeries;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
  index: number;
}

export function BarChart({
  title,
  currency,
  series,
  categories,
  kind,
}: {
  title: string;
  currency: string;
  series: ChartSeries[];
  categories: ChartCategory[];
  kind: BarKind;
}) {
  const uid = useId().replace(/:/g, '');
  const [active, setActive] = useState<number | null>(null);
  const [box, width] = useParentWidth<HTMLElement>(FALLBACK_WIDTH);
  const { W, H, M, yTicks } = layout(width);
  const bars = useMemo(() => {
    const x = scaleBand<string>({
      domain: categories.map((c) => c.label),
      range: [0, W - M.left - M.right],
      padding: 0.2,
    });
    let lo = 0;
    let hi = 0;
    for (const c of categories) {
      if (kind === 'bar') {
        let up = 0;
        let down = 0;
        for (const s of series) {
          const v = c.values[s.key] ?? 0;
          if (v >= 0) up += v;
          else down += v;
        }
        hi = Math.max(hi, up);
        lo = Math.min(lo, down);
      } else
        for (const s of series) {
          const v = c.values[s.key] ?? 0;
          hi = Math.max(hi, v);
          lo = Math.min(lo, v);
        }
    }
    if (hi === lo) hi = lo + 1;
    const y = scaleLinear<number>({ domain: [lo, hi], range: [H - M.top - M.bottom, 0], nice: true });
    const inner = scaleBand<string>({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.05 });
    const out: Drawn[] = [];
    for (const c of categories) {
      const x0 = x(c.label) ?? 0;
      let up = 0;
      let down = 0;
      series.forEach((s, i) => {
        const v = c.values[s.key] ?? 0;
        if (kind === 'bar') {
          const from = v >= 0 ? up : down;
          const to = from + v;
          if (v >= 0) up = to;
          else down = to;
          out.push({
            category: c.label,
            series: s,
            value: v,
            x: x0,
            width: x.bandwidth(),
            y: y(Math.max(from, to)),
            height: Math.abs(y(from) - y(to)),
            index: i,
          });
        } else
          out.push({
            category: c.label,
            series: s,
            value: v,
            x: x0 + (inner(s.key) ?? 0),
            width: inner.bandwidth(),
            y: y(Math.max(0, v)),
            height: Math.abs(y(0) - y(v)),
            index: i,
          });
      });
    }
    return { out, x, y };
  }, [categories, series, kind, W, H, M.left, M.right, M.top, M.bottom]);

  const current = active === null ? null : bars.out[active];
  // as many category labels as fit side by side (every n-th one when narrow), never overlapping
  const widest = Math.min(MAX_LABEL_PX, Math.max(24, ...categories.map((c) => textWidth(c.label))));
  const fit = Math.max(1, Math.floor((W - M.left - M.right) / (widest + 8)));
  const step = Math.max(1, Math.ceil(categories.length / fit));
  const summary = `${title}, in ${currency}: ${series.map((s) => s.label).join(', ')} for ${categories.length} ${
    categories.length === 1 ? 'item' : 'items'
  }${categories.length ? ` from ${categories[0]?.label} to ${categories[categories.length - 1]?.label}` : ''}, ${
    kind === 'bar' ? 'stacked' : 'side by side'
  }. Use the arrow keys to read each bar, or show the table.`;
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const n = bars.out.length;
    if (!n) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') setActive((a) => (a === null ? 0 : Math.min(n - 1, a + 1)));
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') setActive((a) => (a === null ? 0 : Math.max(0, a - 1)));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(n - 1);
    else if (e.key === 'Escape') setActive(null);
    else return;
    e.preventDefault();
  };
  const tipText = current ? `${current.category} · ${current.series.label}: ${money(currency, current.value)}` : '';
  return (
    <Figure ref={box}>
      <svg
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is read bar by bar with the arrow keys
        tabIndex={0}
        onKeyDown={onKey}
        onFocus={() => setActive((a) => a ?? 0)}
        onBlur={() => setActive(null)}
      >
        <defs>
          {series.map((s, i) => (
            <Pattern key={s.key} id={`${uid}-${i}`} index={i} />
          ))}
        </defs>
        <Group left={M.left} top={M.top}>
          {bars.out.map((b, i) => (
            <Bar
              key={`${b.category}-${b.series.key}`}
              x={b.x}
              y={b.y}
              width={Math.max(1, b.width)}
              height={b.height}
              fill={`url(#${uid}-${b.index})`}
              stroke={i === active ? '#1a202c' : (COLOURS[b.index % COLOURS.length] as string)}
              strokeWidth={i === active ? 2.5 : 0.6}
              data-value={b.value}
              onMouseEnter={() => setActive(i)}
              onMouseLeave={() => setActive(null)}
            />
          ))}
          <AxisLeft
            scale={bars.y}
            numTicks={yTicks}
            tickFormat={(v) => formatCompact(Number(v))}
            tickLabelProps={{ ...AXIS_LABEL, textAnchor: 'end', dx: -4, dy: 4 }}
            stroke="#718096"
            tickStroke="#718096"
          />
          <AxisBottom
            top={H - M.top - M.bottom}
            scale={bars.x}
            tickValues={categories.map((c) => c.label).filter((_, i) => i % step === 0)}
            tickFormat={(v) => cut(String(v))}
            tickLabelProps={{ ...AXIS_LABEL, textAnchor: 'middle' }}
            stroke="#718096"
            tickStroke="#718096"
          />
        </Group>
      </svg>
      <Tip role="status" aria-live="polite">
        {tipText ? <span>{tipText}</span> : null}
      </Tip>
      <Legend aria-label={`${title}: legend`}>
        {series.map((s, i) => (
          <li key={s.key}>
            <svg viewBox="0 0 18 12" aria-hidden="true">
              <rect width={18} height={12} fill={`url(#${uid}-${i})`} stroke={COLOURS[i % COLOURS.length]} />
            </svg>
            {s.label}
          </li>
        ))}
      </Legend>
      <figcaption>Amounts in {currency}; axis in k (thousands) and M (millions).</figcaption>
    </Figure>
  );
}
