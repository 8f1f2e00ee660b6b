import {
  describedBy,
  Field,
  type LoadState,
  type PageOf,
  PagerOf,
  ResultMessage,
  Table,
  TableHead,
  TextInput,
  theme,
} from '@kinfolio/ui-kit';
import { type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';
import { fetchPerson, type Person } from './api';

export const Wrap = styled.div`
  h1 {
    margin: 0 0 6px;
    font-size: 1.5rem;
  }
  .kf-lead {
    margin: 0 0 16px;
    color: ${theme.colors.muted};
  }
`;
export const Box = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid #e3eaea;
  border-radius: ${theme.radius};
`;
export const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: flex-start;
  > div {
    min-width: 220px;
  }
`;
export const Bone = styled.span`
  display: block;
  height: 14px;
  border-radius: 4px;
  background: #e3eaea;
`;
export const Muted = styled.span`
  display: block;
  color: ${theme.colors.muted};
  font-size: 0.9em;
`;
/** Names and e-mails of the advisors on a page (billing knows user ids only). */
export function usePeople(ids: readonly string[]): Record<string, Person | null> {
  const [people, setPeople] = useState<Record<string, Person | null>>({});
  const key = [...new Set(ids)].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const ctrl = new AbortController();
    const list = key.split(',');
    Promise.all(list.map((id) => fetchPerson(id, ctrl.signal).then((p) => [id, p] as const))).then((pairs) => {
      if (!ctrl.signal.aborted) setPeople((prev) => ({ ...prev, ...Object.fromEntries(pairs) }));
    });
    return () => ctrl.abort();
  }, [key]);
  return people;
}

export function PersonCell({ id, person }: { id: string; person: Person | null | undefined }) {
  if (!person) return <span title={id}>{id.slice(0, 8)}…</span>;
  return (
    <>
      {person.name ?? person.email}
      {person.name ? <Muted>{person.email}</Muted> : null}
    </>
  );
}

export function SkeletonRows({ cols, rows = 5 }: { cols: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton rows
        <tr key={r} data-skeleton="">
          {Array.from({ length: cols }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton cells
            <td key={c}>
              <Bone />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** The search typed into a list's search box, sent once typing pauses (300 ms). */
export function useDebounced(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const CsvLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 40px;
  padding: 8px 18px;
  margin-top: 26px;
  border-radius: ${theme.radius};
  border: 1px solid ${theme.colors.primaryDark};
  background: #fff;
  color: ${theme.colors.primaryDark};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: ${theme.colors.primarySoft};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.primary};
    outline-offset: 2px;
  }
`;

/**
 * 'Export CSV': a download link (keyboard-usable like any link) to svc-billing's streamed export of the list as
 * filtered and sorted on screen, every page of it. Its accessible name says which list.
 */
export function ExportCsv({ href, what }: { href: string; what: string }) {
  return (
    <CsvLink href={href} download aria-label={`Export CSV of ${what}`}>
      Export CSV
    </CsvLink>
  );
}

const DateControl = styled.input`
  min-height: 40px;
  padding: 8px 10px;
  border: 1px solid #c9d3d3;
  border-radius: ${theme.radius};
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
`;

/** A labelled date field (YYYY-MM-DD), for a list's date range. */
export function DateField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
}) {
  return (
    <Field label={label} htmlFor={id} optional error={error}>
      <DateControl
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
      />
    </Field>
  );
}

/**
 * A subscription list's body: the read's failure above the list, else the boxed table (dimmed while a page is read)
 * with its header, skeleton rows until the first page arrives, one row saying `empty` when the page has none, the
 * rows, and the pager.
 */
export function PagedList<T>({
  state,
  label,
  columns,
  empty,
  noun,
  onPage,
  children,
}: {
  state: LoadState<PageOf<T>>;
  label: string;
  columns: readonly string[];
  empty: ReactNode;
  noun: readonly [string, string];
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
}) {
  if (state.error)
    return (
      <ResultMessage type="error" placement="above">
        {state.error}
      </ResultMessage>
    );
  const rows = state.data?.rows ?? [];
  return (
    <Box aria-busy={state.loading || undefined}>
      <Table label={label}>
        <TableHead columns={columns} />
        <tbody>
          {state.loading && !state.data ? (
            <SkeletonRows cols={columns.length} />
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            children(rows)
          )}
        </tbody>
      </Table>
      {state.data ? <PagerOf of={state.data} busy={state.loading} onPage={onPage} noun={noun} /> : null}
    </Box>
  );
}

/** A subscription list's search box: name, e-mail or plan, searched on the server once typing pauses. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Search"
      type="search"
      value={value}
      onChange={onChange}
      hint="Name, e-mail or plan"
      maxLength={100}
    />
  );
}
