import type { reference } from '@kinfolio/contracts';
import { api, Button, Skeleton, Table, TableHead, TextInput, theme } from '@kinfolio/ui-kit';
import {
  AdminPage,
  DeleteConfirm,
  type EditorCallbacks,
  EditorModal,
  Note,
  PageNoteView,
  useCrudPage,
  useEditorForm,
} from '../../components/crud';
import { useAdminList } from '../../components/RowActions';

type Threshold = reference.Threshold;

const UNIT: Record<string, string> = {
  months: 'months',
  multiple: '× annual income',
  percent: '%',
  amount: '',
  years: 'years',
};
export const shown = (value: number, unit: string) =>
  `${new Intl.NumberFormat('en-SG', { maximumFractionDigits: 4 }).format(value)}${unit === 'percent' ? '%' : UNIT[unit] ? ` ${UNIT[unit]}` : ''}`;

/**
 * CMS › Threshold Management (platform-shell §2.4, §7 admin/threshold create, {id}/update, DELETE {id}; GET
 * user/threshold): the planning thresholds the reports measure households against. Each shows its value and default;
 * an admin edits the value or resets it to the default.
 */
export function ThresholdsPage() {
  const { list, loadError, reload } = useAdminList<Threshold>('user/threshold', {}, []);
  const crud = useCrudPage<Threshold>(reload);
  const { deleting: resetting } = crud;

  return (
    <AdminPage>
      <h1>Threshold Management</h1>
      <p className="kf-lead">The planning thresholds the financial reports measure each household against.</p>
      {loadError ? (
        <Note $ok={false} role="alert">
          {loadError}
        </Note>
      ) : list === null ? (
        <Skeleton rows={5} label="Loading thresholds" />
      ) : (
        <Table label="Planning thresholds">
          <TableHead columns={['Threshold', 'Value', 'Default', 'Actions']} />
          <tbody>
            {list.map((t) => (
              <tr key={t.key}>
                <td>{t.label}</td>
                <td>
                  {shown(t.value, t.unit)}
                  {t.is_default ? <span style={{ color: theme.colors.muted }}> (default)</span> : null}
                </td>
                <td>{t.default === null ? '—' : shown(t.default, t.unit)}</td>
                <td>
                  <div className="kf-actions">
                    <Button variant="secondary" onClick={() => crud.edit(t)} aria-label={`Edit ${t.label}`}>
                      Edit
                    </Button>
                    {t.id ? (
                      <Button
                        variant="danger"
                        onClick={() => crud.askDelete(t)}
                        aria-label={t.default === null ? `Delete ${t.label}` : `Reset to default: ${t.label}`}
                      >
                        {t.default === null ? 'Delete' : 'Reset to default'}
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <PageNoteView note={crud.note} />
      {crud.editing && crud.editing !== 'new' ? <ValueEditor threshold={crud.editing} {...crud.editorProps} /> : null}
      {resetting ? (
        <DeleteConfirm
          crud={crud}
          title={resetting.default === null ? 'Delete this threshold?' : 'Reset to the default?'}
          message={
            resetting.default === null
              ? `'${resetting.label}' will be deleted.`
              : `'${resetting.label}' goes back to ${shown(resetting.default, resetting.unit)}.`
          }
          confirmLabel={resetting.default === null ? 'Delete' : 'Reset'}
          onConfirm={() => {
            if (!resetting.id) return;
            void crud.remove(
              `admin/threshold/${resetting.id}`,
              resetting.default === null
                ? `Deleted the threshold '${resetting.label}'.`
                : `'${resetting.label}' is back to its default, ${shown(resetting.default, resetting.unit)}.`,
            );
          }}
        />
      ) : null}
    </AdminPage>
  );
}

function ValueEditor({ threshold, onClose, onSaved }: { threshold: Threshold } & EditorCallbacks) {
  const editor = useEditorForm({ value: String(threshold.value) }, onClose);
  const { form, errors } = editor;

  async function submit() {
    const text = form.value.trim();
    const value = Number(text);
    if (!/^\d+(\.\d{1,4})?$/.test(text) || (threshold.unit === 'percent' && value > 100)) {
      editor.check({
        value: threshold.unit === 'percent' ? 'Enter a percentage from 0 to 100' : 'Enter a number of 0 or more',
      });
      return;
    }
    editor.check({});
    await editor.save(
      () =>
        threshold.id
          ? api.patch(`admin/threshold/${threshold.id}/update`, { value })
          : api.post('admin/threshold/create', { key: threshold.key, value }),
      () => onSaved(`'${threshold.label}' is now ${shown(value, threshold.unit)}.`),
    );
  }

  return (
    <EditorModal
      title={`Edit ${threshold.label}`}
      label="Threshold value"
      editor={editor}
      submitLabel="Save value"
      onSubmit={submit}
    >
      <TextInput
        label={`Value (${threshold.unit === 'multiple' ? 'multiple of annual income' : threshold.unit})`}
        value={form.value}
        onChange={(v) => editor.set('value')(v.replace(/[^\d.]/g, ''))}
        error={errors.value}
        inputMode="decimal"
        maxLength={12}
        hint={threshold.default === null ? undefined : `Default: ${shown(threshold.default, threshold.unit)}`}
      />
    </EditorModal>
  );
}
