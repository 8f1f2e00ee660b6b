import { theme } from '@kinfolio/ui-kit';
import styled from 'styled-components';
import { columnsOf, figureLabel, figureText, isPlainObject, isRowList } from './versions';

/**
 * A version's figures, read by a person rather than as JSON, for any kind of table: the plain figures in one table
 * (label, value), each list of bands (rates by age, tax bands, SSD by holding period) as a small table of its own
 * with a column per key, each group (extra interest, EPF accounts) as a labelled table of its own; deeper nesting
 * shows inside the cell. Numbers are formatted; the key's name is the column's or row's title (and its tooltip).
 */
export function Figures({ figures, label }: { figures: Record<string, unknown>; label: string }) {
  const entries = Object.entries(figures);
  const plain = entries.filter(([, v]) => !isComposite(v));
  const groups = entries.filter(([, v]) => isComposite(v));
  if (entries.length === 0) return <p className="kf-muted">No figures.</p>;
  return (
    // a wide table scrolls inside its box (never the page) and the box takes focus to scroll by keyboard, as ui-kit's Table
    <Wrap tabIndex={0} role="region" aria-label={label}>
      {groups.map(([key, v]) => (
        <Group key={key} name={key} value={v} />
      ))}
      {plain.length ? <KeyValues caption={label} entries={plain} /> : null}
    </Wrap>
  );
}

/** A value that gets a table of its own: a list of rows or a group of figures (not a list of plain values). */
const isComposite = (v: unknown): boolean => isRowList(v) || isPlainObject(v);

function Group({ name, value }: { name: string; value: unknown }) {
  if (isRowList(value)) return <Rows caption={figureLabel(name)} rows={value} />;
  if (isPlainObject(value)) return <KeyValues caption={figureLabel(name)} entries={Object.entries(value)} />;
  return null;
}

function Cell({ name, value }: { name: string; value: unknown }) {
  if (isRowList(value)) return <Rows caption={figureLabel(name)} rows={value} nested />;
  if (isPlainObject(value)) return <KeyValues caption={figureLabel(name)} entries={Object.entries(value)} nested />;
  return <>{figureText(value, name)}</>;
}

const numeric = (v: unknown) => (typeof v === 'number' ? 'kf-num' : undefined);

function Rows({ caption, rows, nested }: { caption: string; rows: Record<string, unknown>[]; nested?: boolean }) {
  const columns = columnsOf(rows);
  // a column with a number in it is a column of figures: right-aligned, its open bounds ("—") too
  const figureColumn = new Set(columns.filter((c) => rows.some((r) => typeof r[c] === 'number')));
  return (
    <FigureTable className={nested ? 'kf-nested' : undefined}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" title={c} className={figureColumn.has(c) ? 'kf-num' : undefined}>
              {figureLabel(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: bands have no id; their order is the table's
          <tr key={i}>
            {columns.map((c) => (
              <td key={c} className={figureColumn.has(c) && !isComposite(r[c]) ? 'kf-num' : undefined}>
                <Cell name={c} value={r[c]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </FigureTable>
  );
}

function KeyValues({ caption, entries, nested }: { caption: string; entries: [string, unknown][]; nested?: boolean }) {
  return (
    <FigureTable className={nested ? 'kf-nested' : undefined}>
      <caption>{caption}</caption>
      <tbody>
        {entries.map(([k, v]) => (
          <tr key={k}>
            <th scope="row" title={k}>
              {figureLabel(k)}
            </th>
            <td className={numeric(v)}>
              <Cell name={k} value={v} />
            </td>
          </tr>
        ))}
      </tbody>
    </FigureTable>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 20px;
  align-items: flex-start;
  max-width: 100%;
  overflow-x: auto;
  &:focus-visible { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; }
`;

const FigureTable = styled.table`
  border-collapse: collapse;
  font-size: 14px;
  background: #fff;
  caption { text-align: left; font-weight: 600; padding: 0 0 4px; color: ${theme.colors.text}; }
  th, td { padding: 4px 10px; border: 1px solid #e3eaea; text-align: left; vertical-align: top; }
  thead th { background: ${theme.colors.primarySoft}; font-weight: 600; white-space: nowrap; }
  tbody th { font-weight: 500; color: ${theme.colors.text}; background: #f7fafa; }
  .kf-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  &.kf-nested caption { font-weight: 500; font-size: 13px; }
`;
