import type { reference } from '@kinfolio/contracts';
import {
  api,
  Button,
  errorMessage,
  FormError,
  fieldErrors,
  Modal,
  Skeleton,
  Table,
  TextInput,
  theme,
  UnsavedChangesPopover,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { ConfirmAction } from '../../components/ConfirmAction';

type Threshold = reference.Threshold;

const Wrap = styled.div`
  h1 { margin: 0 0 6px; font-size: 1.5rem; }
  .kf-lead { margin: 0 0 16px; color: ${theme.colors.muted}; }
  td .kf-actions { display: flex; flex-wrap: wrap; gap: 6px; }
  td .kf-actions button { min-height: 36px; padding: 4px 12px; }
`;
const Note = styled.p<{ $ok: boolean }>`
  margin: 12px 0 0;
  padding: 10px 12px;
  border-radius: 6px;
  color: ${(p) => (p.$ok ? theme.colors.success : theme.colors.danger)};
  background: ${(p) => (p.$ok ? theme.colors.successSoft : theme.colors.dangerSoft)};
`;

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
  const [list, setList] = useState<Threshold[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Threshold | null>(null);
  const [resetting, setResetting] = useState<Threshold | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const rows = await api.get<Threshold[]>('user/threshold', { signal });
      if (signal?.aborted) return;
      setList(rows);
      setLoadError(null);
    } catch (err) {
      if (!signal?.aborted) setLoadError(errorMessage(err));
    }
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  async function confirmReset() {
    if (!resetting?.id) return;
    setBusy(true);
    setResetError(null);
    try {
      await api.del(`admin/threshold/${resetting.id}`);
      setNote({
        ok: true,
        text:
          resetting.default === null
            ? `Deleted the threshold '${resetting.label}'.`
            : `'${resetting.label}' is back to its default, ${shown(resetting.default, resetting.unit)}.`,
      });
      setResetting(null);
      await load();
    } catch (err) {
      setResetError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Wrap>
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
          <thead>
            <tr>
              <th scope="col">Threshold</th>
              <th scope="col">Value</th>
              <th scope="col">Default</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
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
                    <Button variant="secondary" onClick={() => setEditing(t)} aria-label={`Edit ${t.label}`}>
                      Edit
                    </Button>
                    {t.id ? (
                      <Button
                        variant="danger"
                        onClick={() => {
                          setResetError(null);
                          setResetting(t);
                        }}
                        aria-label={t.default === null ? `Delete ${t.label}` : `Reset ${t.label} to default`}
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
      {note ? (
        <Note $ok={note.ok} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </Note>
      ) : null}
      {editing ? (
        <ValueEditor
          threshold={editing}
          onClose={() => setEditing(null)}
          onSaved={async (text) => {
            setEditing(null);
            setNote({ ok: true, text });
            await load();
          }}
        />
      ) : null}
      {resetting ? (
        <ConfirmAction
          title={resetting.default === null ? 'Delete this threshold?' : 'Reset to the default?'}
          message={
            resetting.default === null
              ? `'${resetting.label}' will be deleted.`
              : `'${resetting.label}' goes back to ${shown(resetting.default, resetting.unit)}.`
          }
          confirmLabel={resetting.default === null ? 'Delete' : 'Reset'}
          danger
          busy={busy}
          error={resetError}
          onConfirm={confirmReset}
          onCancel={() => setResetting(null)}
        />
      ) : null}
    </Wrap>
  );
}

function ValueEditor({
  threshold,
  onClose,
  onSaved,
}: {
  threshold: Threshold;
  onClose: () => void;
  onSaved: (text: string) => Promise<void>;
}) {
  const [initial] = useState({ value: String(threshold.value) });
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(initial, form, onClose);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const text = form.value.trim();
    const value = Number(text);
    if (!/^\d+(\.\d{1,4})?$/.test(text) || (threshold.unit === 'percent' && value > 100)) {
      setError(threshold.unit === 'percent' ? 'Enter a percentage from 0 to 100' : 'Enter a number of 0 or more');
      return;
    }
    setError(undefined);
    setBusy(true);
    setFailure(null);
    try {
      if (threshold.id) await api.patch(`admin/threshold/${threshold.id}/update`, { value });
      else await api.post('admin/threshold/create', { key: threshold.key, value });
      await onSaved(`'${threshold.label}' is now ${shown(value, threshold.unit)}.`);
    } catch (err) {
      setError(fieldErrors(err).value);
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={`Edit ${threshold.label}`} onClose={guard.requestClose}>
      <form onSubmit={submit} aria-label="Threshold value" noValidate style={{ position: 'relative' }}>
        <TextInput
          label={`Value (${threshold.unit === 'multiple' ? 'multiple of annual income' : threshold.unit})`}
          value={form.value}
          onChange={(v) => setForm({ value: v.replace(/[^\d.]/g, '') })}
          error={error}
          inputMode="decimal"
          maxLength={12}
          hint={threshold.default === null ? undefined : `Default: ${shown(threshold.default, threshold.unit)}`}
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save value
          </Button>
        </div>
        <FormError>{failure ?? undefined}</FormError>
        <UnsavedChangesPopover
          open={guard.confirming}
          onDiscard={guard.discard}
          onKeepEditing={guard.keepEditing}
          style={{ top: 'auto', bottom: 'calc(100% + 6px)' }}
        />
      </form>
    </Modal>
  );
}
