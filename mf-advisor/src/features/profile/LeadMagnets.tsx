import type { auth } from '@kinfolio/contracts';
import {
  api,
  Button,
  ConfirmDialog,
  LeadMagnetEditor,
  ResultMessage,
  Select,
  theme,
  useAction,
  useLoad,
  useSession,
} from '@kinfolio/ui-kit';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Bone, Card } from '../../components/ui';

type Mine = auth.AdvisorLeadMagnet;
type Available = auth.AvailableLeadMagnet;

const List = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  li { border: 1px solid #e3eaea; border-radius: ${theme.radius}; padding: 12px 14px; margin-bottom: 10px; }
  h3 { margin: 0 0 4px; font-size: 1rem; }
  p { margin: 0 0 4px; }
  .kf-file { color: ${theme.colors.muted}; font-size: 14px; }
  .kf-actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; align-items: center; }
  .kf-actions button { min-height: 36px; padding: 4px 12px; }
`;
const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  cursor: pointer;
  input { width: 20px; height: 20px; accent-color: ${theme.colors.primaryDark}; }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
  margin-top: 8px;
`;

/** What the public page shows of the advisor's lead magnets (the ones marked "show on my page"). */
export type ShownLeadMagnet = Pick<auth.AdvisorLeadMagnet, 'id' | 'title' | 'description'>;

/**
 * Expert positioning › Lead magnets (issue 15): the files the advisor offers on their public page — their own uploads
 * or admin ones they were permitted to use — each with "Show on my public page". Visitors download one after leaving
 * name and e-mail, and become the advisor's leads.
 */
export function LeadMagnetsCard({ onShown }: { onShown?: (shown: ShownLeadMagnet[]) => void } = {}) {
  const { user } = useSession();
  const ids = useId();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Mine | null>(null);
  const [deleting, setDeleting] = useState<Mine | null>(null);
  const [pick, setPick] = useState('');

  const {
    data,
    loadError,
    reload: load,
  } = useLoad((signal) => api.get<auth.AdvisorLeadMagnets>('advisor-magnet-files', { signal }), []);
  // the live preview of the public page follows what is shown
  useEffect(() => {
    if (data)
      onShown?.(
        data.mine.filter((m) => m.show_on_page).map((m) => ({ id: m.id, title: m.title, description: m.description })),
      );
  }, [data, onShown]);

  const { busy, note, setNote, act: run } = useAction();
  /** Runs `fn`, reads the list again, then says `ok`. */
  const act = (fn: () => Promise<unknown>, ok: string) =>
    run(async () => {
      await fn();
      await load();
      return ok;
    });

  const offered = new Set((data?.mine ?? []).map((m) => m.lead_magnet_id).filter(Boolean));
  const choices: Available[] = (data?.available ?? []).filter((a) => !offered.has(a.id));

  return (
    <Card aria-labelledby={`${ids}-lm`}>
      <h2 id={`${ids}-lm`}>Lead magnets</h2>
      <p>Files visitors of your public page download after leaving their name and e-mail: each becomes a lead.</p>
      {loadError ? (
        <ResultMessage type="error">{loadError}</ResultMessage>
      ) : data === null ? (
        <Bone $h="60px" aria-label="Loading lead magnets" />
      ) : (
        <>
          {data.mine.length === 0 ? (
            <p>No lead magnets yet. Upload a guide or checklist, or choose one your platform offers.</p>
          ) : (
            <List aria-label="Your lead magnets">
              {data.mine.map((m) => (
                <li key={m.id}>
                  <h3>{m.title}</h3>
                  {m.description ? <p>{m.description}</p> : null}
                  <p className="kf-file">
                    {m.file_name}
                    {m.source === 'admin' ? ' · offered by the platform' : ''}
                  </p>
                  <div className="kf-actions">
                    <Toggle>
                      <input
                        type="checkbox"
                        checked={m.show_on_page}
                        disabled={busy}
                        onChange={(e) => {
                          const show = e.target.checked;
                          void act(
                            () => api.patch(`advisor-magnet-files/${m.id}`, { show_on_page: show }),
                            show
                              ? `'${m.title}' shows on your public page.`
                              : `'${m.title}' is hidden from your public page.`,
                          );
                        }}
                      />
                      Show on my public page
                    </Toggle>
                    {m.source === 'own' ? (
                      <Button variant="secondary" onClick={() => setEditing(m)} aria-label={`Edit ${m.title}`}>
                        Edit
                      </Button>
                    ) : null}
                    <Button variant="danger" onClick={() => setDeleting(m)} aria-label={`Remove ${m.title}`}>
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </List>
          )}
          <Button onClick={() => setAdding(true)}>Upload lead magnet</Button>
          {choices.length ? (
            <Row>
              <Select
                label="Lead magnets offered by the platform"
                value={pick}
                onChange={setPick}
                placeholder="Choose a lead magnet"
                options={choices.map((c) => ({ value: c.id, label: c.title }))}
              />
              <Button
                variant="secondary"
                disabled={!pick || busy}
                onClick={() => {
                  const chosen = choices.find((c) => c.id === pick);
                  void act(
                    () => api.post('advisor-magnet-files', { lead_magnet_id: pick, show_on_page: true }),
                    `Added '${chosen?.title ?? 'the lead magnet'}'.`,
                  ).then(() => setPick(''));
                }}
              >
                Use this lead magnet
              </Button>
            </Row>
          ) : null}
        </>
      )}
      {note ? <ResultMessage type={note.ok ? 'success' : 'error'}>{note.text}</ResultMessage> : null}
      {adding || editing ? (
        <LeadMagnetEditor
          magnet={editing}
          userId={user?.id}
          save={(body) =>
            editing
              ? api.patch(`advisor-magnet-files/${editing.id}`, body)
              : api.post('advisor-magnet-files', { ...body, show_on_page: true })
          }
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={async (text) => {
            setAdding(false);
            setEditing(null);
            await load();
            setNote({ ok: true, text });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Remove this lead magnet?"
        message={deleting ? `'${deleting.title}' will no longer show on your public page.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        loading={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const m = deleting;
          setDeleting(null);
          if (m) void act(() => api.del(`advisor-magnet-files/${m.id}`), `Removed '${m.title}'.`);
        }}
      />
    </Card>
  );
}
