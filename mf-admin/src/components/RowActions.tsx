import { api, Button, Table, TableHead, useLoad } from '@kinfolio/ui-kit';
import type { DependencyList, ReactNode } from 'react';

/**
 * A table row's Edit and Delete buttons, named after the row ("Edit Acme", "Delete Acme") so a screen reader and a
 * test can tell the rows' buttons apart. Used by every admin list with an editor and a confirmation; a page's own
 * buttons go `before` Edit or between Edit and Delete (`extra`).
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  before,
  extra,
}: {
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
  before?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="kf-actions">
      {before}
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {extra}
      {onDelete ? (
        <Button variant="danger" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      ) : null}
    </div>
  );
}

/** One column of a CrudTable: its header and what a row shows in it. */
export interface CrudColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures: right-aligned, digits of equal width. */
  numeric?: boolean;
}

/**
 * An admin list's table: a row per item with its columns, then the item's Edit and Delete (RowActions, named after
 * the item).
 */
export function CrudTable<T extends { id: string; name: string }>({
  label,
  rows,
  columns,
  onEdit,
  onDelete,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly CrudColumn<T>[];
  onEdit: (row: T) => void;
  onDelete?: (row: T) => void;
}) {
  const num = (c: CrudColumn<T>) => (c.numeric ? 'kf-num' : undefined);
  return (
    <Table label={label}>
      <TableHead columns={[...columns.map((c) => ({ label: c.header, className: num(c) })), 'Actions']} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((c) => (
              <td key={c.header} className={num(c)}>
                {c.cell(row)}
              </td>
            ))}
            <td>
              <RowActions
                name={row.name}
                onEdit={() => onEdit(row)}
                onDelete={onDelete ? () => onDelete(row) : undefined}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * An admin list read from `path` (with `query`): the rows (null while loading), the error to show, and `reload`.
 * A read the page no longer needs (unmounted, or its query changed) is aborted and never shown.
 */
export function useAdminList<T>(
  path: string,
  query: Record<string, string | number | undefined> = {},
  deps: DependencyList = [],
): { list: T[] | null; loadError: string | null; reload: (signal?: AbortSignal) => Promise<void> } {
  const { data, loadError, reload } = useLoad((signal) => api.get<T[]>(path, { query, signal }), [path, ...deps]);
  return { list: data, loadError, reload };
}
