import { Select, ToggleGroup, theme } from '@kinfolio/ui-kit';
import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { memberOptions } from '../form/fields';
import { formatAmount } from '../format';
import type { Household } from '../household/api';
import { useParentWidth } from '../useParentWidth';
import { yearLabelIndexes } from '../yearLabels';

export const money = (currency: string, n: number) => `${currency} ${formatAmount(n)}`;

const Figure = styled.figure`
  margin: 0 0 12px;
  /* a box that can shrink with its card: the SVG's own width must not hold the card wide when the window narrows
     (a compressible replaced element with a percentage max-width adds nothing to its parents' minimum width) */
  min-width: 0;
  > svg { display: block; max-width: 100%; }
  figcaption { font-size: 0.85rem; color: ${theme.colors.muted}; }
`;
const ToggleRow = styled.div`
  margin: 0 0 8px;
`;
/**
 * A graph or a table of the same figures (spec §2 "Chart types: table or graph"): the person picks; the graph says
 * its figures in text too (a bar's title and the caption), so nothing depends on colour.
 */
export function GraphOrTable({ label, graph, table }: { label: string; graph: ReactNode; table: ReactNode }) {
  const [kind, setKind] = useState<'graph' | 'table'>('graph');
  return (
    <div>
      <ToggleRow>
        <ToggleGroup
          label={`${label}: show as`}
          hideLabel
          value={kind}
          options={[
            { value: 'graph', label: 'Graph' },
            { value: 'table', label: 'Table' },
          ]}
          onChange={setKind}
        />
      </ToggleRow>
      {kind === 'graph' ? graph : table}
    </div>
  );
}

/** Drawn at the width of its card (useParentWidth); 720 until measured. Below NARROW_PX labels go on their own line. */
const FALLBACK_WIDTH = 720;
const NARROW_PX = 480;
/** Text size in px: the drawing is shown at the size it is drawn, so text is read at this size (issue 30 item 10). */
const FONT_PX = 12;
/** About how wide `chars` characters are at FONT_PX (system fonts: ~0.6 em a character). */
const textWidth = (chars: number) => chars * FONT_PX * 0.6;
const H = 240;
const LEFT = 8;
const BOTTOM = 28;
const TOP = 22;

/** Vertical bars by year (a loan's outstanding balance at each year end), in SVG: no chart library in the remote. */
export function YearBars({
  label,
  currency,
  points,
}: {
  label: string;
  currency: string;
  points: ReadonlyArray<{ year: number; value: number }>;
}) {
  const [box, width] = useParentWidth<HTMLElement>(FALLBACK_WIDTH);
  const W = Math.max(200, width);
  const max = Math.max(1, ...points.map((p) => p.value));
  const n = Math.max(1, points.length);
  const slot = (W - LEFT * 2) / n;
  const bar = Math.max(2, slot * 0.7);
  const shown = new Set(yearLabelIndexes(points.length, W - LEFT * 2, textWidth(4) + 12));
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <Figure ref={box}>
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${label}, ${currency}, by year`}>
        <text x={LEFT} y={14} fontSize={FONT_PX} fill="#2d3748">
          {money(currency, max)}
        </text>
        <line x1={LEFT} x2={W - LEFT} y1={H - BOTTOM} y2={H - BOTTOM} stroke="#718096" />
        {points.map((p, i) => {
          const h = ((H - BOTTOM - TOP) * Math.max(0, p.value)) / max;
          const x = LEFT + i * slot + (slot - bar) / 2;
          const mid = Math.min(W - textWidth(2), Math.max(textWidth(2), x + bar / 2));
          return (
            <g key={p.year}>
              <rect x={x} y={H - BOTTOM - h} width={bar} height={h} fill={theme.colors.primaryDark} rx={2}>
                <title>{`${p.year}: ${money(currency, p.value)}`}</title>
              </rect>
              {shown.has(i) ? (
                <text x={mid} y={H - 10} fontSize={FONT_PX} textAnchor="middle" fill="#2d3748">
                  {p.year}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {first && last ? (
        <figcaption>
          {label}: {money(currency, first.value)} at the end of {first.year}, {money(currency, last.value)} at the end
          of {last.year}. The table has every year.
        </figcaption>
      ) : null}
    </Figure>
  );
}

/** Horizontal bars: wide, the label, the bar and its figure on one row; narrow, the label on a line above its bar. */
function amountLayout(width: number) {
  const W = Math.max(200, width);
  const narrow = W < NARROW_PX;
  const value = 130;
  const labelCol = narrow ? 0 : Math.min(200, Math.round(W * 0.3));
  return {
    W,
    narrow,
    row: narrow ? 44 : 30,
    labelCol,
    span: Math.max(20, W - labelCol - value),
    maxChars: Math.max(8, Math.floor((narrow ? W : labelCol - 8) / textWidth(1))),
  };
}
/** Horizontal bars with their figure written beside each (the funds by account). */
export function AmountBars({
  label,
  currency,
  bars,
}: {
  label: string;
  currency: string;
  bars: ReadonlyArray<{ label: string; value: number; currency?: string; key?: string }>;
}) {
  const [box, width] = useParentWidth<HTMLElement>(FALLBACK_WIDTH);
  const { W, narrow, row, labelCol, span, maxChars } = amountLayout(width);
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const height = bars.length * row + 8;
  return (
    <Figure ref={box}>
      <svg width={W} height={height} viewBox={`0 0 ${W} ${height}`} role="img" aria-label={label}>
        {bars.map((b, i) => {
          const w = Math.max(2, (Math.abs(b.value) / max) * span);
          const y = 4 + i * row;
          const barY = narrow ? y + 20 : y + 5;
          return (
            <g key={b.key ?? b.label}>
              <text x={0} y={narrow ? y + 12 : y + 18} fontSize={FONT_PX} fill="#2d3748">
                {b.label.length > maxChars ? `${b.label.slice(0, maxChars - 1)}…` : b.label}
              </text>
              <rect x={labelCol} y={barY} width={w} height={18} rx={3} fill={theme.colors.primaryDark} />
              <text x={labelCol + w + 8} y={barY + 13} fontSize={FONT_PX} fill="#2d3748">
                {money(b.currency ?? currency, b.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>Each bar is written with its amount; the table has the same figures.</figcaption>
    </Figure>
  );
}

/** §6: the figures of whole records, or of one member's share of them (?view=). */
export function ViewAsSelect({ household, whole }: { household: Household; whole: string }) {
  const [search, setSearch] = useSearchParams();
  const id = useId();
  const v = search.get('view');
  const value = v && household.members.some((m) => m.id === v) ? v : '';
  return (
    <div style={{ maxWidth: 360 }} id={id}>
      <Select
        label="Figures for"
        value={value}
        onChange={(next) => {
          const q = new URLSearchParams(search);
          if (next) q.set('view', next);
          else q.delete('view');
          setSearch(q, { replace: true });
        }}
        options={memberOptions(household).map((o) => ({ ...o, label: `${o.label}: their share` }))}
        placeholder={whole}
      />
    </div>
  );
}

/** A percentage of a 0..1 share, as the insurance screens write it. */
export const shareText = (share: number) => `${+(share * 100).toFixed(2)}%`;
