import { api, Button, errorMessage, Table } from '@kinfolio/ui-kit';
import { type DependencyList, type ReactNode, useCallback, useEffect, useState } from 'react';

/**
 * A table row's Edit and Delete buttons, named after the row ("Edit Acme", "Delete Acme") so a screen reader and a
 * test can tell the rows' buttons apart. Used by every admin list with an editor and a confirmation.
 */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete?: () => void }) {
  return (
    <div className="kf-actions">
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
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
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={num(c)}>
              {c.header}
            </th>
          ))}
          <th scope="col">Actions</th>
        </tr>
      </thead>
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
  path: string | null,
  query: Record<string, string | number | undefined> = {},
  deps: DependencyList = [],
): { list: T[] | null; loadError: string | null; reload: (signal?: AbortSignal) => Promise<void> } {
  const [list, setList] = useState<T[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the query depends on
  const reload = useCallback(
    async (signal?: AbortSignal) => {
      if (!path) return;
      try {
        const rows = await api.get<T[]>(path, { query, signal });
        if (signal?.aborted) return;
        setList(rows);
        setLoadError(null);
      } catch (err) {
        if (!signal?.aborted) setLoadError(errorMessage(err));
      }
    },
    [path, ...deps],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    void reload(ctrl.signal);
    return () => ctrl.abort();
  }, [reload]);
  return { list, loadError, reload };
}
