import { PlainButton } from '@kinfolio/support-ui';
import { api, errorMessage, formatDateTime as formatDateTimeInLocale, Table, theme } from '@kinfolio/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';

export { PlainButton };

/** Lists come back as a page ({rows, total, page, page_size}); a bare array is accepted too. */
export interface PageOf<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}
export function asPage<T>(data: T[] | PageOf<T> | null | undefined, page = 1): PageOf<T> {
  if (!data) return { rows: [], total: 0, page, page_size: 20 };
  if (Array.isArray(data)) return { rows: data, total: data.length, page: 1, page_size: Math.max(data.length, 1) };
  return data;
}

/** The admin support pages' typography. The page's padding is the shell's one PageContainer, not its own. */
export const PageFrame = styled.div`
  h1 { font-size: 20px; margin: 0 0 12px; }
  h2 { font-size: 16px; margin: 16px 0 8px; }
  .toolbar { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; margin-bottom: 12px; }
  .error { color: #c0392b; margin: 4px 0; }
  .muted { color: #4f5d5d; }
  label { font-weight: 600; }
  input[type='text'], input[type='url'], input:not([type]), select, textarea {
    font: inherit; padding: 6px 8px; border: 1px solid #c9d3d8; border-radius: 8px; font-weight: 400;
  }
`;

/** The admin support lists' table: ui-kit's Table (its own scroll box, so a wide table never widens the page). */
export const DataTable = styled(Table)`
  th, td { padding: 8px 10px; border-bottom: 1px solid #eef1f3; vertical-align: top; }
  th { font-size: 13px; color: #4a5560; background: #f7f9fa; }
  td.clip { max-width: 360px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  a { color: ${theme.colors.primaryDark}; }
  tr.kf-row-link { cursor: pointer; }
  tr.kf-row-link:hover td { background: ${theme.colors.primarySoft}; }
`;

/** Delete with a second, explicit confirmation click. */
export function ConfirmDelete({ label, onConfirm }: { label: string; onConfirm: () => Promise<void> | void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <PlainButton type="button" aria-label={`Delete ${label}`} onClick={() => setAsking(true)}>
        Delete
      </PlainButton>
    );
  }
  return (
    <fieldset
      aria-label={`Confirm deleting ${label}`}
      style={{ display: 'inline-flex', gap: 6, border: 0, margin: 0, padding: 0 }}
    >
      <PlainButton
        type="button"
        $primary
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        Yes, delete
      </PlainButton>
      <PlainButton type="button" onClick={() => setAsking(false)}>
        Cancel
      </PlainButton>
    </fieldset>
  );
}

/** A moment in a support table: the one format of every screen (ui-kit `formatDateTime`); empty when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatDateTimeInLocale(iso) : '';
}

/** A failure said in red above a support page's content; nothing when there is none. */
export function ErrorLine({ text }: { text: string | null | false }) {
  return text ? (
    <p className="error" role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * A CMS list read from `path` (a bare array or a page of rows): `rows` is null until the first read answers; a failed
 * read keeps the rows shown (none at first) and sets `error`. `load` reads again.
 */
export function useCmsList<T>(path: string) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setRows(asPage<T>(await api.get<T[] | PageOf<T>>(path)).rows);
    } catch (err) {
      setRows((r) => r ?? []);
      setError(errorMessage(err));
    }
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  return { rows, error, setError, load };
}
