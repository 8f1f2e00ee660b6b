import { formatNumber } from '@kinfolio/money';
import { Button, errorMessage, FormError, Skeleton, useResource } from '@kinfolio/ui-kit';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Figure } from '../../shared/explain/context';
import { ExportMenu } from '../../shared/exports/ExportMenu';
import { RELATION_LABELS } from '../../shared/format';
import { type DataTables, type SavedFilter, scenarioApi } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { TermNotes } from '../../shared/terms/report';
import { Card } from '../../shared/ui/layout';
import { COLUMN_LABELS, COLUMNS, type ColumnKey, cell, DEFAULT_COLUMNS } from './columns';

/** Row height (px) of the virtualised table body and the height of its scroll box. */
export const ROW_HEIGHT = 36;
const VIEWPORT = 432;
const OVERSCAN = 6;

const Choices = styled.fieldset`
  border: 1px solid #e3eaea;
  border-radius: 8px;
  padding: 8px 12px 12px;
  margin: 0 0 12px;
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  legend {
    font-weight: 600;
    padding: 0 4px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-size: 0.9rem;
    min-height: 32px;
  }
`;
const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-end;
  margin-bottom: 12px;
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.9rem;
    font-weight: 600;
  }
  select,
  input {
    min-height: 36px;
    padding: 4px 8px;
    border: 1px solid #cbd5e0;
    border-radius: 6px;
    font: inherit;
    font-weight: 400;
    max-width: 100%;
  }
`;
/** The scroll box: the table scrolls inside its card (a 360 px screen scrolls it sideways, never the page). */
const Scroller = styled.div`
  position: relative;
  max-height: ${VIEWPORT}px;
  overflow: auto;
  border: 1px solid #e3eaea;
  border-radius: 8px;
  &:focus-visible {
    outline: 2px solid #2c7a7b;
    outline-offset: 2px;
  }
  table {
    border-collapse: separate;
    border-spacing: 0;
    min-width: 100%;
    font-size: 0.9rem;
  }
  th,
  td {
    height: ${ROW_HEIGHT}px;
    box-sizing: border-box;
    padding: 0 12px;
    white-space: nowrap;
    text-align: right;
    border-bottom: 1px solid #edf2f7;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    background: #f0f7f7;
    font-weight: 600;
  }
  th[scope='row'],
  thead th:first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    background: #fff;
    text-align: left;
  }
  thead th:first-child {
    z-index: 3;
    background: #f0f7f7;
  }
  td[data-negative='true'] {
    color: #c53030;
  }
`;
const Note = styled.p`
  margin: 8px 0 0;
  font-size: 0.85rem;
  color: #5a6b6b;
`;

type Col = {
  id: string;
  label: string;
  value: (r: DataTables['rows'][number]) => string;
  negative?: (r: DataTables['rows'][number]) => boolean;
  /** A money column: its cells open "How was this calculated?" (figure id row:<year>:<column>). */
  explained?: boolean;
};

/**
 * The data table tab (spec §2 data-table): the engine's year-by-year rows of the stored household
 * (customer/calculate/data-tables) with a choice of columns and years, sticky headers and a virtualised body (only
 * the rows in view are in the page), and saved filters per household (POST customer/saved-filters, GET
 * customer/{id}/saved-filters). The advisor saves and deletes filters; the customer picks them.
 */
const NO_FILTERS: SavedFilter[] = [];

/** A year bound of the table (from or to): one of its years, or none (`empty`: the first or last year). */
function YearSelect({
  label,
  empty,
  value,
  years,
  onChange,
}: {
  label: string;
  empty: string;
  value: number | null;
  years: readonly number[];
  onChange: (year: number | null) => void;
}) {
  return (
    <label>
      {label}
      <select
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{empty}</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function DataTablePage() {
  const { household, readOnly, version } = useHousehold();
  const hid = household?.id ?? null;
  const { data, error } = useResource(hid && ([hid, version] as const), ([id], signal) =>
    scenarioApi.dataTables(id, signal),
  );
  const saved = useResource(hid && ([hid, version] as const), ([id], signal) =>
    scenarioApi.savedFilters(id, signal).then((p) => p.rows),
  );
  const filters = saved.data ?? NO_FILTERS;
  const setFilters = (change: (x: SavedFilter[]) => SavedFilter[]) => saved.setData((x) => change(x ?? []));
  const [columns, setColumns] = useState<ColumnKey[]>(DEFAULT_COLUMNS);
  const [yearFrom, setYearFrom] = useState<number | null>(null);
  const [yearTo, setYearTo] = useState<number | null>(null);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const members = useMemo(() => household?.members ?? [], [household]);
  const memberName = useCallback(
    (mid: string) => {
      const m = members.find((x) => x.id === mid);
      return m ? m.name || RELATION_LABELS[m.relation] || m.relation : 'Member';
    },
    [members],
  );

  const rows = useMemo(
    () =>
      (data?.rows ?? []).filter(
        (r) => (yearFrom === null || r.year >= yearFrom) && (yearTo === null || r.year <= yearTo),
      ),
    [data, yearFrom, yearTo],
  );
  const cols: Col[] = useMemo(() => {
    const out: Col[] = [];
    const ageIds = Object.keys(data?.rows[0]?.ages ?? {});
    for (const key of COLUMNS.map((c) => c.key).filter((k) => columns.includes(k))) {
      if (key === 'ages')
        for (const mid of ageIds)
          out.push({ id: `age-${mid}`, label: `Age (${memberName(mid)})`, value: (r) => String(r.ages[mid] ?? '') });
      else
        out.push({
          id: key,
          label: COLUMN_LABELS[key] as string,
          value: (r) => formatNumber(cell(r, key)),
          negative: (r) => cell(r, key) < 0,
          explained: true,
        });
    }
    return out;
  }, [columns, data, memberName]);

  const toggle = (key: ColumnKey, on: boolean) => {
    setChosen('');
    setColumns((c) =>
      on ? COLUMNS.map((x) => x.key).filter((k) => k === key || c.includes(k)) : c.filter((k) => k !== key),
    );
  };
  const pick = (filterId: string) => {
    setChosen(filterId);
    const f = filters.find((x) => x.id === filterId);
    if (!f) return;
    setColumns(f.columns as ColumnKey[]);
    setYearFrom(f.year_from ?? null);
    setYearTo(f.year_to ?? null);
    setStatus(`Filter ${f.name} applied`);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!hid) return;
    if (!name.trim()) {
      setFormError('Enter a name');
      return;
    }
    if (columns.length === 0) {
      setFormError('Choose at least one column');
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      const f = await scenarioApi.saveFilter(hid, {
        name: name.trim(),
        columns,
        year_from: yearFrom ?? undefined,
        year_to: yearTo ?? undefined,
      });
      setFilters((x) => [...x, f]);
      setChosen(f.id);
      setName('');
      setStatus(`Filter ${f.name} saved`);
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    const f = filters.find((x) => x.id === chosen);
    if (!f) return;
    try {
      await scenarioApi.deleteFilter(f.id);
      setFilters((x) => x.filter((y) => y.id !== f.id));
      setChosen('');
      setStatus(`Filter ${f.name} deleted`);
    } catch (err) {
      setFormError(errorMessage(err));
    }
  };

  if (error) return <FormError>{error}</FormError>;
  if (!data || !household) return <Skeleton rows={8} label="Loading the data table" />;
  const years = data.rows.map((r) => r.year);
  return (
    <Card aria-labelledby="data-table-title">
      <h2 id="data-table-title">Data Table</h2>
      <ExportMenu report="data-table" />
      <Controls>
        <label>
          Saved filter
          <select aria-label="Saved filter" value={chosen} onChange={(e) => pick(e.target.value)}>
            <option value="">{filters.length ? 'Choose a saved filter' : 'No saved filters yet'}</option>
            {filters.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <YearSelect label="From year" empty="First year" value={yearFrom} years={years} onChange={setYearFrom} />
        <YearSelect label="To year" empty="Last year" value={yearTo} years={years} onChange={setYearTo} />
        {!readOnly && chosen ? (
          <Button type="button" variant="secondary" onClick={remove}>
            Delete filter
          </Button>
        ) : null}
      </Controls>
      <Choices>
        <legend>Columns</legend>
        {COLUMNS.map((c) => (
          <label key={c.key}>
            <input
              type="checkbox"
              checked={columns.includes(c.key)}
              onChange={(e) => toggle(c.key, e.target.checked)}
            />
            {c.label}
          </label>
        ))}
      </Choices>
      {!readOnly ? (
        <form onSubmit={save} aria-label="Save filter">
          <Controls>
            <label>
              Filter name
              <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
            </label>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save filter'}
            </Button>
          </Controls>
          <FormError>{formError}</FormError>
        </form>
      ) : formError ? (
        <FormError>{formError}</FormError>
      ) : null}
      <p className="kf-visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <VirtualTable rows={rows} cols={cols} currency={data.currency} />
      <Note>
        Amounts in {data.currency}, a year each, from the household's plan; assets and liabilities at each year end.
        {data.money_runs_out_year !== null
          ? ` Money runs out in ${data.money_runs_out_year}.`
          : ' Money does not run out.'}
      </Note>
      <TermNotes terms={['plan', 'net', 'shortfall', 'runsOut']} />
    </Card>
  );
}

/** The table with only the rows in view rendered (fixed row height; spacer rows keep the scroll height). */
function VirtualTable({ rows, cols, currency }: { rows: DataTables['rows']; cols: Col[]; currency: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const height = VIEWPORT - ROW_HEIGHT;
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  const shown = rows.slice(first, last);
  return (
    <Scroller
      ref={box}
      tabIndex={0}
      role="region"
      aria-label={`Year by year, in ${currency}`}
      onScroll={(e) => setTop(e.currentTarget.scrollTop)}
    >
      <table aria-rowcount={rows.length + 1}>
        <caption className="kf-visually-hidden">Year-by-year projection in {currency}</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Year</th>
            {cols.map((c) => (
              <th key={c.id} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first > 0 ? <tr data-spacer style={{ height: first * ROW_HEIGHT }} /> : null}
          {shown.map((r, i) => (
            <tr key={r.year} aria-rowindex={first + i + 2}>
              <th scope="row">{r.year}</th>
              {cols.map((c) => (
                <td key={c.id} data-negative={c.negative?.(r) ? 'true' : undefined}>
                  {c.explained ? (
                    <Figure id={`row:${r.year}:${c.id}`} label={`${c.label}, ${r.year}`} currency={currency}>
                      {c.value(r)}
                    </Figure>
                  ) : (
                    c.value(r)
                  )}
                </td>
              ))}
            </tr>
          ))}
          {last < rows.length ? <tr data-spacer style={{ height: (rows.length - last) * ROW_HEIGHT }} /> : null}
        </tbody>
      </table>
    </Scroller>
  );
}
