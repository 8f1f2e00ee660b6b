import type { auth } from '@kinfolio/contracts';
import {
  api,
  Button,
  errorMessage,
  FormError,
  LeadMagnetEditor,
  Modal,
  Select,
  Skeleton,
  Table,
  TableHead,
  Tag,
  TextInput,
  theme,
  useSession,
} from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  AdminPage,
  DeleteConfirm,
  type EditorCallbacks,
  ListStates,
  PageNoteView,
  useCrudPage,
  useRowDialog,
} from '../../components/crud';
import { RowActions, useAdminList } from '../../components/RowActions';

type Magnet = auth.AdminLeadMagnet;
type Access = auth.LeadMagnetAccess;

export const ACCESS_LABELS: Record<Access, string> = {
  all: 'All advisors',
  listed: 'Only the advisors listed',
  none: 'No advisors',
};
const Wrap = styled(AdminPage)`
  .kf-file { color: ${theme.colors.muted}; font-size: 14px; }
`;
const Checks = styled.fieldset`
  border: 1px solid #e3e8eb;
  border-radius: 8px;
  margin: 8px 0 0;
  padding: 8px 12px;
  max-height: 260px;
  overflow: auto;
  legend { font-weight: 600; padding: 0 4px; }
  label { display: flex; gap: 8px; align-items: center; padding: 4px 0; cursor: pointer; }
  input { width: 18px; height: 18px; }
`;

/**
 * CMS › Lead magnet (spec §2.4, §7 admin/advisor-magnet-files, admin/permissions): the files offered to advisors for
 * their public pages. Upload, edit, publish, delete, and per lead magnet who may use it: all advisors, only the ones
 * listed (the permission `lm:<id>`), or none.
 */
export function LeadMagnetsPage() {
  const { list, loadError, reload } = useAdminList<Magnet>('admin/advisor-magnet-files', {}, []);
  const crud = useCrudPage<Magnet>(reload);
  const { deleting, setNote } = crud;
  const permission = useRowDialog<Magnet>(setNote, reload);
  /** Publishing and deleting share one busy state, as the page always had. */
  const busy = crud.busy;

  const togglePublished = (m: Magnet) =>
    crud.act(async () => {
      await api.patch(`admin/advisor-magnet-files/${m.id}`, { published: !m.published });
      return m.published ? `'${m.title}' is unpublished.` : `'${m.title}' is published.`;
    }, reload);

  return (
    <Wrap>
      <h1>Lead magnets</h1>
      <p className="kf-lead">
        Files advisors may offer on their public page. Visitors download one after leaving their name and e-mail.
      </p>
      <div className="kf-bar">
        <Button onClick={crud.addKeepingNote}>Upload lead magnet</Button>
      </div>
      <ListStates
        list={list}
        loadError={loadError}
        loadingLabel="Loading lead magnets"
        rows={3}
        emptyTitle="No lead magnets yet"
        empty="Upload a guide or checklist advisors can offer their visitors."
      >
        {(rows) => (
          <Table label="Lead magnets">
            <TableHead columns={['Title', 'File', 'Status', 'Who may use it', 'Actions']} />
            <tbody>
              {rows.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.title}
                    {m.description ? <div className="kf-file">{m.description}</div> : null}
                  </td>
                  <td className="kf-file">{m.file_name}</td>
                  <td>{m.published ? <Tag tone="green">Published</Tag> : <Tag>Draft</Tag>}</td>
                  <td>
                    {ACCESS_LABELS[m.access]}
                    {m.access === 'listed' ? ` (${m.advisor_ids.length})` : ''}
                  </td>
                  <td>
                    <RowActions
                      name={m.title}
                      onEdit={() => crud.edit(m)}
                      onDelete={() => crud.askDelete(m)}
                      extra={
                        <>
                          <Button
                            variant="secondary"
                            disabled={busy}
                            onClick={() => void togglePublished(m)}
                            aria-label={`${m.published ? 'Unpublish' : 'Publish'} ${m.title}`}
                          >
                            {m.published ? 'Unpublish' : 'Publish'}
                          </Button>
                          <Button
                            variant="secondary"
                            onClick={() => permission.open(m)}
                            aria-label={`Permission of ${m.title}`}
                          >
                            Permission
                          </Button>
                        </>
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListStates>
      <PageNoteView note={crud.note} />
      {crud.editing ? (
        <MagnetEditor magnet={crud.editing === 'new' ? null : crud.editing} {...crud.editorProps} />
      ) : null}
      {permission.row ? <PermissionEditor magnet={permission.row} {...permission.props} /> : null}
      {deleting ? (
        <DeleteConfirm
          crud={crud}
          title="Delete this lead magnet?"
          message={`'${deleting.title}' will be removed from every advisor's public page.`}
          onConfirm={() => crud.remove(`admin/advisor-magnet-files/${deleting.id}`, `Deleted '${deleting.title}'.`)}
        />
      ) : null}
    </Wrap>
  );
}

/** The shared lead magnet dialog with the admin's Published box (published ones are offered to advisors). */
function MagnetEditor({ magnet, onClose, onSaved }: { magnet: Magnet | null } & EditorCallbacks) {
  const { user } = useSession();
  const [published, setPublished] = useState(magnet?.published ?? false);
  return (
    <LeadMagnetEditor
      magnet={magnet}
      userId={user?.id}
      onClose={onClose}
      onSaved={onSaved}
      save={(draft) =>
        magnet
          ? api.patch(`admin/advisor-magnet-files/${magnet.id}`, { ...draft, published })
          : api.post('admin/advisor-magnet-files', { ...draft, published })
      }
    >
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 12, fontWeight: 600 }}>
        <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />
        Published (advisors with permission can use it)
      </label>
    </LeadMagnetEditor>
  );
}

function PermissionEditor({ magnet, onClose, onSaved }: { magnet: Magnet } & EditorCallbacks) {
  const [access, setAccess] = useState<Access>(magnet.access);
  const [chosen, setChosen] = useState<Set<string>>(new Set(magnet.advisor_ids));
  const [advisors, setAdvisors] = useState<auth.User[] | null>(null);
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (access !== 'listed' || advisors) return;
    const ctrl = new AbortController();
    api
      .post<{ rows: auth.User[] }>(
        'admin/get-filtered-users',
        { status: 'active', type: 'advisor', page: 1, page_size: 200 },
        { signal: ctrl.signal },
      )
      .then(
        (p) => !ctrl.signal.aborted && setAdvisors(p.rows),
        (err) => !ctrl.signal.aborted && setFailure(errorMessage(err)),
      );
    return () => ctrl.abort();
  }, [access, advisors]);

  const shown = (advisors ?? []).filter((a) =>
    `${a.name} ${a.email}`.toLowerCase().includes(search.trim().toLowerCase()),
  );

  async function save() {
    setBusy(true);
    setFailure(null);
    try {
      await api.patch(`admin/advisor-magnet-files/${magnet.id}`, {
        access,
        ...(access === 'listed' ? { advisor_ids: [...chosen] } : {}),
      });
      await onSaved(`Saved who may use '${magnet.title}'.`);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={`Permission: ${magnet.title}`}
      onClose={onClose}
      width={520}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Save
          </Button>
        </>
      }
    >
      <Select
        label="Who may use this lead magnet"
        value={access}
        onChange={(v) => setAccess(v as Access)}
        options={(Object.keys(ACCESS_LABELS) as Access[]).map((k) => ({ value: k, label: ACCESS_LABELS[k] }))}
      />
      {access === 'listed' ? (
        advisors === null ? (
          <Skeleton rows={2} label="Loading advisors" />
        ) : (
          <>
            <TextInput label="Find advisor" type="search" optional value={search} onChange={setSearch} />
            <Checks>
              <legend>Advisors ({chosen.size} chosen)</legend>
              {shown.length === 0 ? <p>No advisors match.</p> : null}
              {shown.map((a) => (
                <label key={a.id}>
                  <input
                    type="checkbox"
                    checked={chosen.has(a.id)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(a.id);
                      else next.delete(a.id);
                      setChosen(next);
                    }}
                  />
                  {a.name} ({a.email})
                </label>
              ))}
            </Checks>
          </>
        )
      ) : null}
      <FormError>{failure}</FormError>
    </Modal>
  );
}
