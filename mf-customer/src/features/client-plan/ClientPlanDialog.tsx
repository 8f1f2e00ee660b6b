import {
  Button,
  errorMessage,
  FormError,
  formatDate,
  Modal,
  MoveButtons,
  Skeleton,
  saveFile,
  theme,
  ToggleGroup,
  useLiveEvent,
  useSession,
} from '@kinfolio/ui-kit';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { exportBranding } from '../../shared/exports/branding';
import { type ExportFormat, FORMAT_LABELS } from '../../shared/exports/download';
import { jobsApi } from '../../shared/jobs/api';
import { newer } from '../../shared/jobs/useJob';
import {
  type ClientPlanSection,
  type ClientPlanSettings,
  clientPlanApi,
  type ExportJob,
  type PlanCurrency,
  type PlanJobBody,
} from './api';
import { PLAN_SECTION_TITLES, PLAN_SECTIONS } from './sections';

/** How often a running job is asked for its progress. */
export const POLL_MS = 700;
/** The formats in the order the dialog offers them: the plan is read first as a PDF. */
const FORMATS: ExportFormat[] = ['pdf', 'docx', 'pptx', 'xlsx'];
export const SHARED_MESSAGE = 'Shared with the customer. They have been sent an e-mail.';

type CurrencyChoice = 'household' | PlanCurrency;
interface Item {
  section: ClientPlanSection;
  on: boolean;
}

/** The saved sections first in their order (chosen), then the others in the default order (not chosen). */
export function itemsOf(saved: readonly ClientPlanSection[]): Item[] {
  const known = saved.filter((s) => (PLAN_SECTIONS as readonly string[]).includes(s));
  return [
    ...known.map((section) => ({ section, on: true })),
    ...PLAN_SECTIONS.filter((s) => !known.includes(s)).map((section) => ({ section, on: false })),
  ];
}

/** Moves the item at `at` by one place (-1 up, 1 down); the list as it was when it cannot move. */
export function moved<T>(list: readonly T[], at: number, by: -1 | 1): T[] {
  const to = at + by;
  if (at < 0 || at >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[at], next[to]] = [next[to] as T, next[at] as T];
  return next;
}

const Body = styled.div`
  display: grid;
  gap: 16px;
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  legend {
    font-weight: 600;
    margin-bottom: 6px;
    padding: 0;
  }
  .kf-hint {
    margin: 0;
    font-size: 0.875rem;
    color: ${theme.colors.muted};
  }
`;
const Sections = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  border: 1px solid #e3eaea;
  border-radius: 8px;
  li {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 3px 10px;
    border-bottom: 1px solid #edf2f7;
  }
  li:last-child {
    border-bottom: 0;
  }
  label {
    flex: 1 1 0;
    min-width: 0;
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 36px;
  }
  input[type='checkbox'] {
    flex: none;
    width: 18px;
    height: 18px;
    accent-color: ${theme.colors.primaryDark};
  }
  button {
    min-height: 34px;
    min-width: 64px;
    padding: 2px 10px;
  }
  .kf-off {
    color: ${theme.colors.muted};
  }
`;
const ReadOnlyList = styled.ol`
  margin: 0;
  padding-left: 2em;
  li {
    padding: 2px 0;
  }
`;
const Progress = styled.div`
  display: grid;
  gap: 6px;
  .kf-track {
    height: 10px;
    border-radius: 5px;
    background: #e6f2f2;
    overflow: hidden;
  }
  .kf-fill {
    height: 100%;
    background: ${theme.colors.primaryDark};
    transition: width 0.3s ease-out;
  }
  @media (prefers-reduced-motion: reduce) {
    .kf-fill {
      transition: none;
    }
  }
  p {
    margin: 0;
    font-size: 0.9rem;
  }
`;
const JobArea = styled.div`
  display: grid;
  gap: 12px;
  &:focus {
    outline: none;
  }
  &:empty {
    display: none;
  }
`;
const Done = styled.div`
  display: grid;
  gap: 10px;
  padding: 12px;
  border-radius: 8px;
  background: #f0f8f7;
  p {
    margin: 0;
  }
  .kf-row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: flex-end;
  }
  label {
    display: grid;
    gap: 4px;
    flex: 1 1 240px;
    font-size: 0.9rem;
  }
  textarea {
    font: inherit;
    padding: 6px 8px;
    border: 1px solid #cbd5e0;
    border-radius: 6px;
    resize: vertical;
  }
`;
const Problem = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  p {
    margin: 0;
  }
`;

/** The focus is nowhere (the page) or on a button its own action disabled. */
function focusLost(): boolean {
  const a = document.activeElement as HTMLButtonElement | null;
  return !a || a === document.body || a.disabled === true;
}

/** An error in words with the action that tries again. */
function Failure({
  error,
  onRetry,
  retryLabel = 'Try again',
}: {
  error: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <Problem>
      <FormError>{error}</FormError>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Problem>
  );
}

export interface ClientPlanDialogProps {
  householdId: string;
  /** The household's own currency (what "the household's" means in the currency choice). */
  householdCurrency: string | null;
  viewer: 'advisor' | 'customer';
  onClose: () => void;
  /** A job started earlier in this page (the dialog was closed while it ran): its progress is shown again. */
  jobId?: string | null;
  /** Told of the job the dialog follows, so that reopening the dialog resumes it. */
  onJob?: (jobId: string | null) => void;
}

/**
 * The client plan (issue 35): the advisor picks the plan's sections and their order, its currency and format, saves
 * the choice, and makes the plan as an export job whose progress bar follows the job's progress and stage; the file
 * downloads when done and the advisor may share it with the customer. The customer sees the advisor's saved choice
 * and makes the plan from it (no saving, no sharing).
 */
export function ClientPlanDialog({
  householdId,
  householdCurrency,
  viewer,
  onClose,
  jobId = null,
  onJob,
}: ClientPlanDialogProps) {
  const { user } = useSession();
  const advisor = viewer === 'advisor';
  const noteId = useId();
  const [settings, setSettings] = useState<ClientPlanSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadTick, setLoadTick] = useState(0);
  const [items, setItems] = useState<Item[]>([]);
  const [currency, setCurrency] = useState<CurrencyChoice>('household');
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [job, setJob] = useState<ExportJob | null>(null);
  /** The job as last shown (the socket's news is ordered against it). */
  const jobNow = useRef<ExportJob | null>(null);
  jobNow.current = job;
  const [starting, setStarting] = useState(false);
  const [jobError, setJobError] = useState<{ text: string; retry: () => void } | null>(null);
  const [pollTick, setPollTick] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [sharing, setSharing] = useState(false);
  const [shared, setShared] = useState<string | null>(null);
  const [shareError, setShareError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const jobRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<{ section: ClientPlanSection; direction: 'up' | 'down' } | null>(null);
  const autoDownloaded = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const applySettings = useCallback((s: ClientPlanSettings) => {
    setSettings(s);
    setItems(itemsOf(s.sections));
    setCurrency(s.currency ?? 'household');
  }, []);

  // the saved choice (or the defaults), loaded when the dialog opens and on Try again
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadTick asks again
  useEffect(() => {
    const ctrl = new AbortController();
    setLoadError(null);
    clientPlanApi.settings(householdId, ctrl.signal).then(
      (s) => {
        if (!ctrl.signal.aborted) applySettings(s);
      },
      (e: unknown) => {
        if (!ctrl.signal.aborted) setLoadError(errorMessage(e));
      },
    );
    return () => ctrl.abort();
  }, [householdId, loadTick, applySettings]);

  // a job started before the dialog was last closed: follow it again (the id as the dialog opened; later ones are
  // its own and already followed)
  const [resumeId] = useState(jobId);
  useEffect(() => {
    if (!resumeId) return;
    const ctrl = new AbortController();
    clientPlanApi.job(householdId, resumeId, ctrl.signal).then(
      (j) => {
        if (ctrl.signal.aborted) return;
        // its file was downloaded when it finished, or is one click away: no second automatic download
        if (j.status === 'done') autoDownloaded.current = j.id;
        setJob(j);
      },
      () => undefined,
    );
    return () => ctrl.abort();
  }, [householdId, resumeId]);

  const download = useCallback(async (j: ExportJob) => {
    setDownloading(true);
    setJobError(null);
    setDownloaded(null);
    try {
      const f = await clientPlanApi.download(j);
      saveFile(f.blob, j.file_name || f.name);
      if (mounted.current) setDownloaded(`${FORMAT_LABELS[j.format]} file downloaded`);
    } catch (e) {
      if (mounted.current) setJobError({ text: errorMessage(e), retry: () => void download(j) });
    } finally {
      if (mounted.current) setDownloading(false);
    }
  }, []);

  // a queued or running job is asked for its progress every POLL_MS until it is done or failed
  // biome-ignore lint/correctness/useExhaustiveDependencies: pollTick resumes polling after a lost answer
  useEffect(() => {
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      clientPlanApi.job(householdId, job.id, ctrl.signal).then(
        (next) => {
          if (!ctrl.signal.aborted) setJob(next);
        },
        (e: unknown) => {
          if (!ctrl.signal.aborted)
            setJobError({
              text: errorMessage(e),
              retry: () => {
                setJobError(null);
                setPollTick((t) => t + 1);
              },
            });
        },
      );
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [householdId, job, pollTick]);

  // the job's progress comes live from the socket (issue 37: an export job is a job, its id the job's); the poll
  // above is the fallback, asked POLL_MS after the last news. Done: the row is read for the file's name and path.
  useLiveEvent('job:progress', ({ job: news }) => {
    const cur = jobNow.current;
    if (!cur || news.id !== cur.id || !newer(cur, news)) return;
    const next = { ...cur, status: news.status as ExportJob['status'], progress: news.progress, stage: news.stage };
    jobNow.current = next;
    setJob(next);
    if (news.status === 'done')
      clientPlanApi.job(householdId, cur.id).then(
        (row) => {
          if (mounted.current && jobNow.current?.id === row.id) setJob(row);
        },
        () => undefined, // the download's own path is known: the file still downloads
      );
  });

  /** Asks the server to stop making the plan; shown cancelled at once (a plan already made is shown as made). */
  const cancel = async () => {
    const cur = jobNow.current;
    if (!cur) return;
    const stopped = { ...cur, status: 'cancelled' as ExportJob['status'], stage: 'Cancelled' };
    jobNow.current = stopped;
    setJob(stopped);
    try {
      const answer = await jobsApi.cancel(cur.id);
      if (answer.status === 'done' && mounted.current) setJob(await clientPlanApi.job(householdId, cur.id));
    } catch (e) {
      if (mounted.current) setJobError({ text: errorMessage(e), retry: () => void cancel() });
    }
  };

  // the job's progress, then its file, sit below the choices: brought into view as they change (the dialog scrolls)
  const jobState = job ? `${job.id}:${job.status}` : '';
  // and the focus, lost when Create plan was disabled as the job started, goes to the progress, then to Download once
  // the file is downloaded (a disabled button loses the focus again)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the download ends (the button enabled)
  useEffect(() => {
    const area = jobRef.current;
    if (!jobState || !area) return;
    area.scrollIntoView?.({ block: 'nearest' });
    if (!focusLost() && document.activeElement !== area) return;
    const button = area.querySelector<HTMLButtonElement>('button[data-download]');
    if (!jobState.endsWith(':done')) area.focus();
    else if (button && !button.disabled) button.focus();
  }, [jobState, downloading]);

  // a Save or Share button disabled by its own action loses the focus: it goes to what comes next (Create plan after
  // a save, the confirmation after a share), so the keyboard (Tab, Escape) goes on inside the dialog
  const finished = useRef<'save' | 'share' | null>(null);
  useEffect(() => {
    const what = finished.current;
    if (saving || sharing || !what) return;
    finished.current = null;
    if (!focusLost()) return;
    const root = jobRef.current?.closest('[role="dialog"]');
    const next =
      what === 'save'
        ? root?.querySelector<HTMLElement>('button[data-create]:not(:disabled)')
        : (root?.querySelector<HTMLElement>('button[data-share]:not(:disabled)') ??
          root?.querySelector<HTMLElement>('[data-shared]'));
    next?.focus();
  }, [saving, sharing]);

  // done: the file downloads once by itself; failed: the reason in words
  useEffect(() => {
    if (job?.status === 'done' && autoDownloaded.current !== job.id) {
      autoDownloaded.current = job.id;
      void download(job);
    }
  }, [job, download]);

  // after a move the focus stays on the moved section's buttons (the other one when it reached an end)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the list, when a move drew it
  useEffect(() => {
    const f = focusAfter.current;
    if (!f || !listRef.current) return;
    focusAfter.current = null;
    const pair = listRef.current.querySelector(`[data-moves="${f.section}"]`)?.querySelectorAll('button');
    const pick = (d: 'up' | 'down') => pair?.[d === 'up' ? 0 : 1];
    const own = pick(f.direction);
    (own && !own.disabled ? own : pick(f.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [items]);

  const chosen = items.filter((i) => i.on).map((i) => i.section);
  const currencyValue: PlanCurrency | null = currency === 'household' ? null : currency;
  const dirty =
    settings !== null &&
    (chosen.join(',') !== settings.sections.join(',') || currencyValue !== (settings.currency ?? null));
  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  // issue 37: an export job can be cancelled (svc-planning's status `cancelled`)
  const cancelled = (job?.status as string | undefined) === 'cancelled';
  const noSection = advisor && settings !== null && chosen.length === 0;

  const save = async (): Promise<boolean> => {
    finished.current = 'save';
    setSaving(true);
    setSaveError(null);
    setSaved(null);
    try {
      const s = await clientPlanApi.save(householdId, { sections: chosen, currency: currencyValue });
      if (!mounted.current) return true;
      setSettings(s);
      setSaved('Choice saved');
      return true;
    } catch (e) {
      if (mounted.current) setSaveError(errorMessage(e));
      return false;
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  const create = async () => {
    setJobError(null);
    setDownloaded(null);
    setShared(null);
    setShareError(null);
    // the advisor's choice is saved as the plan is made: the plan made and the saved choice never differ
    if (advisor && dirty && !(await save())) return;
    setStarting(true);
    try {
      const branding = await exportBranding(user);
      const body: PlanJobBody = {
        report: 'client-plan',
        format,
        ...(advisor ? { sections: chosen, ...(currencyValue ? { currency: currencyValue } : {}) } : {}),
        ...(branding ? { branding } : {}),
      };
      const j = await clientPlanApi.start(householdId, body);
      if (!mounted.current) return;
      setJob(j);
      onJob?.(j.id);
    } catch (e) {
      if (mounted.current) setJobError({ text: errorMessage(e), retry: () => void create() });
    } finally {
      if (mounted.current) setStarting(false);
    }
  };

  const share = async () => {
    if (!job) return;
    finished.current = 'share';
    setSharing(true);
    setShareError(null);
    setShared(null);
    try {
      await clientPlanApi.share(job, note);
      if (mounted.current) setShared(SHARED_MESSAGE);
    } catch (e) {
      if (mounted.current) setShareError(errorMessage(e));
    } finally {
      if (mounted.current) setSharing(false);
    }
  };

  const move = (at: number, by: -1 | 1) => {
    const item = items[at];
    if (!item) return;
    focusAfter.current = { section: item.section, direction: by === -1 ? 'up' : 'down' };
    setItems((xs) => moved(xs, at, by));
    setSaved(null);
  };
  const toggle = (section: ClientPlanSection) => {
    setItems((xs) => xs.map((i) => (i.section === section ? { ...i, on: !i.on } : i)));
    setSaved(null);
  };

  const householdLabel = `The household's${householdCurrency ? ` (${householdCurrency})` : ''}`;
  const failed = job?.status === 'failed';

  return (
    <Modal
      open
      title="Client plan"
      onClose={onClose}
      width={680}
      footer={
        <>
          {advisor ? (
            <Button
              variant="secondary"
              onClick={() => void save()}
              loading={saving}
              disabled={!settings || !dirty || noSection || running}
            >
              Save choice
            </Button>
          ) : null}
          <Button
            data-create
            onClick={() => void create()}
            loading={starting}
            disabled={!settings || noSection || running || saving}
          >
            Create plan
          </Button>
        </>
      }
    >
      <Body>
        {settings === null && !loadError ? <Skeleton rows={6} label="Loading the plan's sections" /> : null}
        {loadError ? (
          <Failure
            error={`The plan's sections could not be loaded: ${loadError}`}
            onRetry={() => setLoadTick((t) => t + 1)}
          />
        ) : null}
        {settings ? (
          <>
            {advisor ? (
              <fieldset>
                <legend>Sections, in their order</legend>
                <p className="kf-hint">The cover comes first. Tick a section to include it; move it up or down.</p>
                <Sections ref={listRef} aria-label="Sections of the plan">
                  {items.map((item, at) => {
                    const title = PLAN_SECTION_TITLES[item.section];
                    return (
                      <li key={item.section} data-section={item.section}>
                        <label className={item.on ? undefined : 'kf-off'}>
                          <input type="checkbox" checked={item.on} onChange={() => toggle(item.section)} />
                          {title}
                        </label>
                        <MoveButtonsWithData
                          at={at}
                          count={items.length}
                          section={item.section}
                          title={title}
                          onMove={(by) => move(at, by)}
                        />
                      </li>
                    );
                  })}
                </Sections>
                {noSection ? <FormError>Choose at least one section.</FormError> : null}
              </fieldset>
            ) : (
              <section aria-labelledby={`${noteId}-sections`}>
                <h3 id={`${noteId}-sections`} style={{ margin: '0 0 6px', fontSize: '1rem' }}>
                  Sections, in their order
                </h3>
                <ReadOnlyList aria-label="Sections of the plan">
                  {settings.sections.map((s) => (
                    <li key={s}>{PLAN_SECTION_TITLES[s] ?? s}</li>
                  ))}
                </ReadOnlyList>
                <p className="kf-hint">
                  {settings.saved_at
                    ? 'Your advisor chose these sections.'
                    : 'Your advisor has not chosen the sections yet: the plan has every section.'}
                </p>
              </section>
            )}
            {advisor ? (
              <ToggleGroup<CurrencyChoice>
                label="Currency"
                value={currency}
                options={[
                  { value: 'household', label: householdLabel },
                  { value: 'SGD', label: 'SGD' },
                  { value: 'RM', label: 'RM' },
                ]}
                onChange={(c) => {
                  setCurrency(c);
                  setSaved(null);
                }}
              />
            ) : (
              <p className="kf-hint">Currency: {settings.currency ?? householdLabel}</p>
            )}
            <ToggleGroup<ExportFormat>
              label="Format"
              value={format}
              options={FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
              onChange={setFormat}
            />
            {advisor ? (
              <p className="kf-hint" role="status">
                {saved ??
                  (dirty
                    ? 'Not saved yet: Save choice, or Create plan saves it.'
                    : settings.saved_at
                      ? `Choice saved ${formatDate(settings.saved_at)}`
                      : 'No choice saved yet: every section, in the default order.')}
              </p>
            ) : null}
            <FormError>{saveError}</FormError>
          </>
        ) : null}

        <JobArea ref={jobRef} tabIndex={-1}>
          {cancelled ? <p role="status">Making the plan was cancelled.</p> : null}
          {job && !failed && !cancelled ? (
            <Progress>
              <div
                className="kf-track"
                role="progressbar"
                aria-label="Making the client plan"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={job.progress}
                aria-valuetext={`${job.progress}%: ${job.stage}`}
              >
                <div className="kf-fill" style={{ width: `${job.progress}%` }} />
              </div>
              <p aria-live="polite" data-testid="plan-stage">
                {job.status === 'done' ? 'The plan is ready.' : `${job.progress}% · ${job.stage}`}
              </p>
              {running ? (
                <Button variant="secondary" onClick={() => void cancel()}>
                  Cancel
                </Button>
              ) : null}
            </Progress>
          ) : null}

          {failed ? <Failure error={`The plan could not be made: ${job.stage}`} onRetry={() => void create()} /> : null}
          {jobError ? <Failure error={jobError.text} onRetry={jobError.retry} /> : null}

          {job?.status === 'done' ? (
            <Done>
              <div className="kf-row">
                <Button data-download onClick={() => void download(job)} loading={downloading}>
                  Download {FORMAT_LABELS[job.format]}
                </Button>
                <span role="status">{downloaded}</span>
              </div>
              {advisor ? (
                <div className="kf-row">
                  <label htmlFor={noteId}>
                    Note to the customer (optional)
                    <textarea
                      id={noteId}
                      rows={2}
                      maxLength={500}
                      value={note}
                      onChange={(e) => setNote(e.target.value)}
                    />
                  </label>
                  <Button
                    data-share
                    variant="secondary"
                    onClick={() => void share()}
                    loading={sharing}
                    disabled={shared !== null}
                  >
                    Share with customer
                  </Button>
                </div>
              ) : null}
              {advisor ? (
                <p role="status" tabIndex={-1} data-shared>
                  {shared}
                </p>
              ) : null}
              <FormError>{shareError}</FormError>
            </Done>
          ) : null}
        </JobArea>
      </Body>
    </Modal>
  );
}

/** The ui-kit's Move up / Move down pair, each button marked with its section so the focus can follow a move. */
function MoveButtonsWithData({
  at,
  count,
  section,
  title,
  onMove,
}: {
  at: number;
  count: number;
  section: ClientPlanSection;
  title: string;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <span data-moves={section} style={{ display: 'inline-flex', gap: 6 }}>
      <MoveButtons at={at} count={count} onMove={onMove} labels={['Up', 'Down']} named={(d) => `Move ${title} ${d}`} />
    </span>
  );
}

export default ClientPlanDialog;
