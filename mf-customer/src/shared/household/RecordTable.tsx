import { Button, Table, TableHead } from '@kinfolio/ui-kit';
import type { ReactNode } from 'react';
import { Row } from '../ui/layout';

export interface RecordColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A household's records of one kind as a table with Edit and Delete a row (named after the row for screen readers)
 * and an Add button under it; a reader (`readOnly`) gets the table only. Nothing is shown for an empty list: the
 * caller says what "none" means.
 */
export function RecordTable<T extends { id: string }>({
  label,
  rows,
  columns,
  name,
  readOnly,
  onEdit,
  onDelete,
  addLabel,
  onAdd,
}: {
  label: string;
  rows: readonly T[];
  columns: ReadonlyArray<RecordColumn<T>>;
  /** The row's name in its buttons' labels ("Edit University"). */
  name: (row: T) => string;
  readOnly: boolean;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <>
      {rows.length > 0 ? (
        <Table label={label}>
          <TableHead columns={[...columns.map((c) => c.header), ...(readOnly ? [] : ['Actions'])]} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(r)}</td>
                ))}
                {readOnly ? null : (
                  <td>
                    <Button variant="link" onClick={() => onEdit(r)} aria-label={`Edit ${name(r)}`}>
                      Edit
                    </Button>
                    <Button variant="link" onClick={() => onDelete(r)} aria-label={`Delete ${name(r)}`}>
                      Delete
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {readOnly ? null : (
        <Row>
          <Button variant="secondary" onClick={onAdd}>
            {addLabel}
          </Button>
        </Row>
      )}
    </>
  );
}
