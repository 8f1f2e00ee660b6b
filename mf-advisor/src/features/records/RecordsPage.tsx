import type { households } from '@kinfolio/contracts';
import {
  api,
  Button,
  ConfirmDialog,
  errorMessage,
  formatDate,
  PagerOf,
  ResultMessage,
  Skeleton,
  Table,
  TextInput,
  useAfterTyping,
  useLoad,
  useSession,
  useUndoableDelete,
} from '@kinfolio/ui-kit';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Empty, Page } from '../../components/ui';
import { useHouseholdsLive } from './live';

type Summary = households.HouseholdSummary;
type Kind = 'customers' | 'leads';
type SortKey = 'name' | 'email' | 'created_at' | 'updated_at';
interface PageOf {
  rows: Summary[];
  total: number;
  page: number;
  page_size: number;
}

export const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

const TEXTS = {
  customers: {
    title: 'Customers',
    count: ['customer', 'customers'] as const,
    lead: 'The households you advise.',
    empty: 'No customers yet',
    emptyNote: 'Add a customer, or convert a lead once you have met them.',
    list: 'leads/customer',
  },
  leads: {
    title: 'Leads',
    count: ['lead', 'leads'] as const,
    lead: 'People who reached you through your invitation link, your public profile or Add customer.',
    empty: 'No leads yet',
    emptyNote: 'Share your invitation link, or add a customer yourself: they appear here first.',
    list: 'leads/lead',
  },
} as const;

const COLUMNS: Array<{ key: SortKey; label: string }> = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'created_at', label: 'Added' },
  { key: 'updated_at', label: 'Updated' },
];

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-end;
  justify-content: space-between;
  margin-bottom: 12px;
  > div:first-child {
    flex: 1 1 260px;
    max-width: 360px;
  }
`;
const SortButton = styled.button`
  border: 0;
  background: none;
  padding: 0;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  color: inherit;
  &:focus-visible {
    outline: 2px solid #4db2af;
    outline-offset: 2px;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;
/** Customers and Leads: the advisor's households, paged, sorted and searched on the server (issue 11). */
export function RecordsPage({ kind }: { kind: Kind }) {
  const t = TEXTS[kind];
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortKey>('created_at');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Summary | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useHouseholdsLive(reload);

  useAfterTyping(search, SEARCH_DEBOUNCE_MS, (typed) => {
    setQuery(typed.trim());
    setPage(1);
  });

  // `version` changes when the household did: read again
  const { data, loadError: error } = useLoad(
    (signal) =>
      api.get<PageOf>(t.list, {
        query: { page, page_size: PAGE_SIZE, sort, order, search: query || undefined },
        signal,
      }),
    [t.list, page, sort, order, query, version],
  );

  const sortBy = (key: SortKey) => {
    if (key === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setOrder(key === 'name' || key === 'email' ? 'asc' : 'desc');
    }
    setPage(1);
  };

  const act = async (row: Summary, label: string, run: () => Promise<unknown>, done: string) => {
    setBusy(`${label}:${row.id}`);
    setNotice(null);
    try {
      await run();
      setNotice({ ok: true, text: done });
      reload();
    } catch (e) {
      setNotice({ ok: false, text: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };
  const id = (row: Summary) => encodeURIComponent(row.id);
  /** A row's action: POSTs `path`, busy meanwhile, then says `done` and reads the list again. */
  const rowAction = (
    row: Summary,
    a: { label: string; path: string; done: string; text: string; disabled?: boolean },
  ) => (
    <Button
      variant="secondary"
      loading={busy === `${a.label}:${row.id}`}
      disabled={a.disabled}
      onClick={() => act(row, a.label, () => api.post(a.path), a.done)}
    >
      {a.text}
    </Button>
  );
  // delete with Undo (issue 30 item 14): the row leaves at once, the DELETE goes when the toast expires
  const removal = useUndoableDelete<Summary>({
    idOf: (row) => row.id,
    message: (row) => `Deleted ${row.name}.`,
    remove: (row) => api.del(`leads/${id(row)}/destroy`),
    onDone: reload,
    onError: (e) => setNotice({ ok: false, text: errorMessage(e) }),
  });
  const addCustomer = user
    ? `/on-boarding?${new URLSearchParams({ referral_id: (user as { referral_id?: string | null }).referral_id ?? '', advisor_id: user.id }).toString()}`
    : '/on-boarding';

  return (
    <Page>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <Toolbar>
        <TextInput
          label={`Search ${t.title.toLowerCase()}`}
          placeholder="Name, e-mail or phone"
          value={search}
          onChange={setSearch}
          optional
        />
        <Link to={addCustomer}>Add customer</Link>
      </Toolbar>
      {notice ? <ResultMessage type={notice.ok ? 'success' : 'error'}>{notice.text}</ResultMessage> : null}
      {error ? <ResultMessage type="error">{error}</ResultMessage> : null}
      {!data && !error ? <Skeleton rows={5} label={`Loading ${t.title.toLowerCase()}`} /> : null}
      {data && data.total === 0 ? (
        <Empty title={query ? `No ${t.title.toLowerCase()} match “${query}”` : t.empty}>
          {query ? 'Try another name, e-mail or phone number.' : t.emptyNote}
        </Empty>
      ) : null}
      {data && data.total > 0 ? (
        <>
          <Table label={t.title}>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={sort === c.key ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <SortButton type="button" onClick={() => sortBy(c.key)}>
                      {c.label}
                      {sort === c.key ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                    </SortButton>
                  </th>
                ))}
                <th scope="col">Members</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.rows
                .filter((row) => !removal.hidden(row))
                .map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link to={`/advisor/customers/${id(row)}/profile`}>{row.name}</Link>
                    </td>
                    <td>{row.email ?? '—'}</td>
                    <td>{formatDate(row.created_at)}</td>
                    <td>{formatDate(row.updated_at)}</td>
                    <td>{row.members_count}</td>
                    <td>
                      <Actions>
                        <Link to={`/advisor/customers/${id(row)}/`} aria-label={`Open the dashboard of ${row.name}`}>
                          Open
                        </Link>
                        {kind === 'leads'
                          ? rowAction(row, {
                              label: 'convert',
                              path: `leads/add/${id(row)}`,
                              done: `${row.name} is now a customer.`,
                              text: 'Convert to customer',
                            })
                          : rowAction(row, {
                              label: 'share',
                              path: `customer/share-profile/${id(row)}`,
                              done: `${row.name}'s profile is shared: an e-mail invites them to create a password.`,
                              text: row.shared_at ? 'Shared' : 'Share profile',
                              disabled: Boolean(row.shared_at),
                            })}
                        {rowAction(row, {
                          label: 'duplicate',
                          path: `customer/duplicate/${id(row)}`,
                          done: `${row.name} was duplicated.`,
                          text: 'Duplicate',
                        })}
                        <Button variant="danger" onClick={() => setDeleting(row)}>
                          Delete
                        </Button>
                      </Actions>
                    </td>
                  </tr>
                ))}
            </tbody>
          </Table>
          <PagerOf of={data} onPage={setPage} noun={t.count} label={`${t.title} pages`} />
        </>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        message="Their members, records, drafts and customer login are removed. You can undo it for a few seconds."
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting;
          if (!row) return;
          setDeleting(null);
          setNotice(null);
          removal.start(row);
        }}
      />
      {removal.toast}
    </Page>
  );
}
