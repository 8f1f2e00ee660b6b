import styled from 'styled-components';

/** The scenario screens' shared pieces of style: a chart's box and legend, figures side by side, a scrolling table. */

/**
 * A chart's box: it can shrink with its card, so the SVG's own width never holds the card wide when the window
 * narrows (a compressible replaced element with a percentage max-width adds nothing to its parents' minimum width).
 */
export const ChartFigure = styled.figure`
  margin: 0 0 12px;
  min-width: 0;
  > svg {
    display: block;
    max-width: 100%;
  }
  figcaption {
    font-size: 0.85rem;
    color: #5a6b6b;
  }
`;

/** A chart's legend: each series named beside its swatch (never colour alone). */
export const Legend = styled.ul`
  list-style: none;
  padding: 0;
  margin: 8px 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: 0.85rem;
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
`;

/** Key figures side by side (two or more sections of a definition list each), one column on a phone. */
export const Sides = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: 12px;
  margin-bottom: 12px;
  section {
    border: 1px solid #e3eaea;
    border-radius: 8px;
    padding: 12px 16px;
    min-width: 0;
  }
  h3,
  h4 {
    margin: 0 0 8px;
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto auto;
    gap: 4px 12px;
  }
  dt {
    color: #4a5568;
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
  }
`;

/** A scrolling table of figures by year, its header row kept in view. */
export const Scroll = styled.div`
  max-height: 360px;
  overflow: auto;
  border: 1px solid #e3eaea;
  border-radius: 8px;
  &:focus-visible {
    outline: 2px solid #2c7a7b;
  }
  table {
    border-collapse: separate;
    border-spacing: 0;
    min-width: 100%;
    font-size: 0.9rem;
  }
  th,
  td {
    padding: 6px 12px;
    white-space: nowrap;
    text-align: right;
    border-bottom: 1px solid #edf2f7;
  }
  thead th {
    position: sticky;
    top: 0;
    background: #f0f7f7;
  }
  th[scope='row'] {
    text-align: left;
  }
`;
