import { api, PagerOf, TableHead } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { asPage, DataTable, ErrorLine, formatDateTime, PageFrame, type PageOf } from '../shared/ui';

export interface ErrorLogRow {
  id: string;
  user_id: string | null;
  user_type: string | null;
  error: string;
  stack: string;
  url: string;
  timestamp: string | null;
  createdAt: string;
}

/** Logs → Error logs: client error reports, newest first, paged. */
export function ErrorLogsPage() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageOf<ErrorLogRow> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const ctl = new AbortController();
    api
      .get<ErrorLogRow[] | PageOf<ErrorLogRow>>('log-errors', undefined, { query: { page }, signal: ctl.signal })
      .then((d) => {
        setData(asPage(d, page));
        setFailed(false);
      })
      .catch(() => {
        if (!ctl.signal.aborted) setFailed(true);
      });
    return () => ctl.abort();
  }, [page]);

  return (
    <PageFrame>
      <h1>Error logs</h1>
      <ErrorLine text={failed && 'Something went wrong'} />
      {!data ? (
        !failed && <p aria-busy="true">Loading…</p>
      ) : data.rows.length === 0 ? (
        <p className="muted">No errors logged.</p>
      ) : (
        <>
          <DataTable label="Error logs">
            <TableHead columns={['When', 'Error', 'Page', 'User']} />
            <tbody>
              {data.rows.map((l) => (
                <tr key={l.id} data-testid="log-row">
                  <td>{formatDateTime(l.timestamp ?? l.createdAt)}</td>
                  <td>
                    <details>
                      <summary>{l.error}</summary>
                      <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{l.stack}</pre>
                    </details>
                  </td>
                  <td className="clip" title={l.url}>
                    {l.url}
                  </td>
                  <td>{l.user_id ? `${l.user_type ?? ''} ${l.user_id}`.trim() : 'Signed out'}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <PagerOf of={data} onPage={setPage} noun={['error', 'errors']} />
        </>
      )}
    </PageFrame>
  );
}
