import type { ReactNode } from 'react';

/**
 * One header cell: its text, or an object with what it shows (`label`: text, or an element with its own `key`, e.g. a
 * visually hidden name) and its class (e.g. right-aligned figures).
 */
export type HeaderCell =
  | string
  | { label: string; className?: string }
  | { key: string; label: ReactNode; className?: string };

/**
 * A table's header row: one column header (`scope="col"`) per entry, in order. The admin, advisor and customer lists
 * each wrote this row out by hand.
 */
export function TableHead({ columns }: { columns: readonly HeaderCell[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={'key' in c ? c.key : c.label} scope="col" className={c.className}>
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
