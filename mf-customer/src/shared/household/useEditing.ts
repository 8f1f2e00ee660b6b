import { useState } from 'react';

/**
 * Which record a page's edit dialog shows: none (closed), a new one (`add`) or an existing one (`edit`). `record` is
 * what the dialog starts from (null for a new one); `done` closes it after a save and runs `saved` (a reload, a
 * confirmation), `close` only closes it.
 */
export function useEditing<T>(saved: () => void) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    open: editing !== null,
    record: editing === 'new' ? null : editing,
    edit: (record: T) => setEditing(record),
    add: () => setEditing('new'),
    close: () => setEditing(null),
    done: () => {
      setEditing(null);
      saved();
    },
  };
}
