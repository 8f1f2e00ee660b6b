import {
  Button,
  type ButtonVariant,
  EmptyState,
  errorMessage,
  formatDate,
  PagerOf,
  ResultMessage,
  Select,
  Table,
  TableHead,
  TextInput,
  theme,
  useAfterTyping,
  useSession,
} from '@kinfolio/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { ConfirmAction } from '../../components/ConfirmAction';
import {
  deleteUser,
  fetchUsers,
  fetchUsersStats,
  PAGE_SIZE,
  type UsersPage as Page,
  setUserStatus,
  type User,
  type UserStatus,
  type UsersStats,
  type UserType,
} from './api';
import { StatsCards } from './StatsCards';

const SEARCH_DEBOUNCE_MS = 400;
export const SKELETON_ROWS = 5;

const Wrap = styled.div`
  h1 {
    margin: 0 0 16px;
    font-size: 1.5rem;
  }
`;
const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: flex-start;
  > div {
    min-width: 240px;
  }
`;
const HiddenCaption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
const Bone = styled.span`
  display: block;
  height: 14px;
  border-radius: 4px;
  background: #e3eaea;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;
const Box = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid #e3eaea;
  border-radius: ${theme.radius};
`;
type Action = { kind: 'deactivate' | 'activate' | 'delete'; user: User };

const ASK_LABEL: Record<Action['kind'], string> = { deactivate: 'Deactivate', activate: 'Activate', delete: 'Delete' };

/** A row's button that asks for `kind` on `user`: the confirmation dialog does it. */
function AskButton({
  kind,
  user,
  variant,
  onAsk,
}: {
  kind: Action['kind'];
  user: User;
  variant?: ButtonVariant;
  onAsk: (action: Action) => void;
}) {
  return (
    <Button variant={variant} onClick={() => onAsk({ kind, user })} aria-label={`${ASK_LABEL[kind]} ${user.name}`}>
      {ASK_LABEL[kind]}
    </Button>
  );
}

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  { value: 'advisor', label: 'Advisors' },
  { value: 'customer', label: 'Customers' },
  { value: 'admin', label: 'Admins' },
];

const TYPE_LABEL: Record<UserType, string> = { admin: 'Admin', advisor: 'Advisor', customer: 'Customer' };

function actionTexts(a: Action): { title: string; body: string; confirm: string; done: string } {
  const who = a.user.name || a.user.email;
  switch (a.kind) {
    case 'deactivate':
      return {
        title: 'Deactivate user',
        body: `Deactivate ${who}? They are signed out at once and cannot sign in until activated again.`,
        confirm: 'Yes, Deactivate',
        done: `${who} was deactivated.`,
      };
    case 'activate':
      return {
        title: 'Activate user',
        body: `Activate ${who}? They can sign in again.`,
        confirm: 'Yes, Activate',
        done: `${who} was activated.`,
      };
    default:
      return {
        title: 'Delete user',
        body: `Delete ${who}? This cannot be undone.`,
        confirm: 'Yes, Delete',
        done: `${who} was deleted.`,
      };
  }
}

/** Admin Users: active-users or deactivated-users (spec platform-shell §2.4), with stats, filters and actions. */
export function UsersPage({ status }: { status: UserStatus }) {
  const { user: me } = useSession();
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<UserType | ''>('');
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [list, setList] = useState<{ loading: boolean; data: Page | null; error: string | null }>({
    loading: true,
    data: null,
    error: null,
  });
  const [stats, setStats] = useState<{ loading: boolean; data: UsersStats | null }>({ loading: true, data: null });
  const [pending, setPending] = useState<Action | null>(null);
  const [acting, setActing] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  // Debounce typing in the search box; a new search starts at page 1.
  useAfterTyping(searchInput, SEARCH_DEBOUNCE_MS, (typed) => {
    setSearch(typed.trim());
    setPage(1);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is a refresh trigger
  useEffect(() => {
    const ctrl = new AbortController();
    setList((l) => ({ ...l, loading: true, error: null }));
    fetchUsers({ status, type: type || undefined, search, page, page_size: PAGE_SIZE }, ctrl.signal).then(
      (data) => {
        if (ctrl.signal.aborted) return;
        // The last row of a later page went away (deactivated or deleted): step back a page.
        if (data.rows.length === 0 && page > 1 && data.total > 0) {
          setPage(Math.max(1, Math.ceil(data.total / PAGE_SIZE)));
          return;
        }
        setList({ loading: false, data, error: null });
      },
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        setList({ loading: false, data: null, error: errorMessage(e) });
      },
    );
    return () => ctrl.abort();
  }, [status, type, search, page, reload]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is a refresh trigger
  useEffect(() => {
    const ctrl = new AbortController();
    setStats((s) => ({ ...s, loading: true }));
    fetchUsersStats(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setStats({ loading: false, data }),
      () => !ctrl.signal.aborted && setStats({ loading: false, data: null }),
    );
    return () => ctrl.abort();
  }, [reload]);

  const confirm = useCallback(async () => {
    if (!pending) return;
    setActing(true);
    setActionError(null);
    try {
      if (pending.kind === 'delete') await deleteUser(pending.user.id);
      else await setUserStatus(pending.user.id, pending.kind === 'activate' ? 'active' : 'deactivated');
      setNotice({ ok: true, text: actionTexts(pending).done });
      setPending(null);
      setReload((n) => n + 1);
    } catch (e) {
      setActionError(errorMessage(e));
    } finally {
      setActing(false);
    }
  }, [pending]);

  const title = status === 'active' ? 'Active users' : 'Deactivated users';
  const data = list.data;
  const filtered = search !== '' || type !== '';
  const texts = pending ? actionTexts(pending) : null;

  return (
    <Wrap>
      <h1>{title}</h1>
      <StatsCards stats={stats.data} loading={stats.loading} />
      <Filters role="search" aria-label="Filter users" onSubmit={(e) => e.preventDefault()}>
        <TextInput
          label="Search"
          type="search"
          placeholder="Name, e-mail or user name"
          value={searchInput}
          maxLength={100}
          onChange={setSearchInput}
        />
        <Select
          label="User type"
          value={type}
          options={TYPE_OPTIONS}
          onChange={(v) => {
            setType(v as UserType | '');
            setPage(1);
          }}
        />
      </Filters>

      {notice && (
        <ResultMessage type={notice.ok ? 'success' : 'error'} placement="above">
          {notice.text}
        </ResultMessage>
      )}
      {list.error && (
        <ResultMessage type="error" placement="above">
          {list.error}
        </ResultMessage>
      )}

      {!list.error && !list.loading && data && data.rows.length === 0 ? (
        <Box>
          <EmptyState title="No users found">
            {filtered
              ? 'No user matches these filters.'
              : `There are no ${status === 'active' ? 'active' : 'deactivated'} users.`}
          </EmptyState>
        </Box>
      ) : !list.error ? (
        <Table aria-busy={list.loading} label={title}>
          <HiddenCaption>{title}</HiddenCaption>
          <TableHead columns={['Name', 'E-mail', 'Type', 'Joined', 'Actions']} />
          <tbody>
            {list.loading || !data
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <tr key={i} data-testid="skeleton-row">
                    {[0, 1, 2, 3, 4].map((c) => (
                      <td key={c}>
                        <Bone aria-hidden="true" />
                      </td>
                    ))}
                  </tr>
                ))
              : data.rows.map((u) => (
                  <tr key={u.id}>
                    <td>
                      {u.name}
                      {u.username ? (
                        <div style={{ fontSize: '0.8rem', color: theme.colors.muted }}>@{u.username}</div>
                      ) : null}
                    </td>
                    <td>{u.email}</td>
                    <td>{TYPE_LABEL[u.type]}</td>
                    <td>{formatDate(u.created_at)}</td>
                    <td>
                      {u.id === me?.id ? (
                        // An admin cannot deactivate or delete themselves: no such buttons on their own row.
                        <span data-testid="own-row">You</span>
                      ) : (
                        <Actions>
                          {u.status === 'active' ? (
                            <AskButton kind="deactivate" user={u} variant="secondary" onAsk={setPending} />
                          ) : (
                            <AskButton kind="activate" user={u} onAsk={setPending} />
                          )}
                          <AskButton kind="delete" user={u} variant="danger" onAsk={setPending} />
                        </Actions>
                      )}
                    </td>
                  </tr>
                ))}
          </tbody>
        </Table>
      ) : null}

      {data && data.total > 0 && <PagerOf of={data} busy={list.loading} onPage={setPage} noun={['user', 'users']} />}

      {pending && texts && (
        <ConfirmAction
          title={texts.title}
          message={texts.body}
          confirmLabel={texts.confirm}
          danger={pending.kind !== 'activate'}
          busy={acting}
          error={actionError}
          onCancel={() => {
            setPending(null);
            setActionError(null);
          }}
          onConfirm={confirm}
        />
      )}
    </Wrap>
  );
}
