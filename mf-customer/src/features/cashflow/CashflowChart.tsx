import styled from 'styled-components';
import { formatAmount } from '../household/format';

const Figure = styled.figure`
  margin: 0 0 16px;
  svg {
    width: 100%;
    max-width: 640px;
    height: auto;
    display: block;
  }
  figcaption {
    font-size: 0.85rem;
    color: #5a6b6b;
  }
`;

const WIDTH = 640;
const ROW = 34;
const LABEL = 150;
const VALUE = 110;

/**
 * Horizontal bars of the year's cash flow (income, expenses, living expenses, savings, net), drawn in SVG: no chart
 * library in the remote. Each bar carries its figure as text, and the same figures are in the table beside it.
 */
export function CashflowChart({ bars, currency }: { bars: Array<{ label: string; value: number }>; currency: string }) {
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const span = WIDTH - LABEL - VALUE;
  const height = bars.length * ROW + 8;
  return (
    <Figure>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={`Cash flow a year in ${currency}`}>
        {bars.map((b, i) => {
          const w = Math.max(2, (Math.abs(b.value) / max) * span);
          const y = 4 + i * ROW;
          const negative = b.value < 0;
          return (
            <g key={b.label}>
              <text x={0} y={y + 20} fontSize="14" fill="#2d3748">
                {b.label}
              </text>
              <rect
                x={LABEL}
                y={y + 6}
                width={w}
                height={20}
                rx={3}
                fill={negative ? '#c53030' : i === 0 ? '#2c7a7b' : '#4db2af'}
                data-value={b.value}
              />
              <text x={LABEL + w + 8} y={y + 20} fontSize="14" fill="#2d3748">
                {formatAmount(b.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>A year, in {currency}; amounts in other currencies converted with the stored rates.</figcaption>
    </Figure>
  );
}
