import {
  api,
  Button,
  errorMessage,
  formatDateTime,
  isJobFinished,
  JOB_POLL_AFTER_MS,
  type Job,
  jobNewer,
  NumberInput,
  Pager,
  Select,
  Skeleton,
  Table,
  TableHead,
  TextInput,
  theme,
  useLiveEvent,
  useLoad,
} from '@kinfolio/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ConfirmAction } from '../../components/ConfirmAction';
import {
  CrudListPage,
  type EditorCallbacks,
  EditorModal,
  Note,
  useCrudPage,
  useEditorForm,
} from '../../components/crud';
import { type AdminFund, type FundImportPreview, type FundImportStatus, type FundPage, Row } from './shared';

const PAGE_SIZE = 20;
const POLL_MS = 1000;
const RISKS = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];
const n = (v: number) => v.toLocaleString('en');

const ImportBox = styled.section`
  margin: 0 0 16px;
  padding: 12px 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  h2 { margin: 0 0 8px; font-size: 1.1rem; }
  p { margin: 6px 0; }
  progress { width: 100%; height: 14px; accent-color: ${theme.colors.primary}; }
  .kf-row { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
`;

/**
 * Investment › Funds (platform-shell §2.4, §7 investment-funds PATCH and DELETE, scrap-all-funds,
 * scraping-funds-status): the fund list advisors pick holdings from, searched and paged; an admin edits a fund's
 * price and asset-class split, adds one by hand or deletes one; "Import prices" starts the price import and shows its
 * progress and the funds that failed while the rest import.
 */
export function FundsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const { data, loadError, reload } = useLoad(
    (signal) => {
      const params = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
      if (search) params.set('search', search);
      return api.get<FundPage>(`admin/investment-funds?${params}`, { signal });
    },
    [page, search],
  );
  const crud = useCrudPage<AdminFund>(reload);

  const total = data?.total ?? 0;
  return (
    <CrudListPage
      title="Funds"
      lead="The funds advisors pick a customer's holdings from, with their prices and asset split."
      intro={<PriceImport onFinished={reload} />}
      toolbar={
        <form
          className="kf-bar"
          aria-label="Fund search"
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setSearch(typed.trim());
          }}
        >
          <TextInput
            type="search"
            label="Search funds"
            value={typed}
            onChange={setTyped}
            placeholder="Fund name or code"
            maxLength={100}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
          <Button onClick={crud.add}>Add fund</Button>
        </form>
      }
      crud={crud}
      list={data ? data.rows : null}
      loadError={loadError}
      loadingLabel="Loading funds"
      skeletonRows={6}
      emptyTitle={search ? `No fund matches '${search}'` : 'No funds yet'}
      empty={search ? 'Try another name or code.' : 'Import prices from the feed, or add a fund by hand.'}
      tableLabel="Funds"
      columns={[
        { header: 'Fund', cell: (f) => (f.sample ? `${f.name} (sample)` : f.name) },
        { header: 'Code', cell: (f) => f.code ?? '—' },
        { header: 'Company', cell: (f) => f.company || '—' },
        { header: 'Currency', cell: (f) => f.currency },
        {
          header: 'Price',
          numeric: true,
          cell: (f) => (f.price === null ? '—' : f.price.toLocaleString('en', { maximumFractionDigits: 6 })),
        },
        { header: 'Price date', cell: (f) => f.price_date ?? '—' },
        { header: 'Risk', cell: (f) => f.risk_level },
        {
          header: 'Equity / Bond / Others',
          cell: (f) => `${f.asset_class.equity}% / ${f.asset_class.bond}% / ${f.asset_class.others}%`,
        },
      ]}
      below={
        <Pager
          page={page}
          total={total}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          noun={['fund', 'funds']}
          label="Fund pages"
          format={n}
        />
      }
      editor={(fund) => <FundEditor fund={fund} {...crud.editorProps} />}
      remove={{
        title: 'Delete this fund?',
        message: (f) =>
          `'${f.name}' leaves the fund list. Customers' holdings that name it keep their name and figures.`,
        path: (f) => `investment-funds/${f.id}`,
        done: (f) => `Deleted the fund '${f.name}'.`,
      }}
    />
  );
}

/** The sample feed's texts (issue 31 item 8; docs/decisions/plan-reference.md). */
export const SAMPLE_TEXTS = {
  heading: 'Sample prices',
  lead: 'No price feed is configured: this installation has a sample feed of made-up funds for trying Kinfolio out. Advisors see its funds marked "Sample fund".',
  button: 'Import sample prices',
} as const;

/** The confirmation before an import adds funds to the list advisors pick from: how many, and from where. */
export function importConfirmation(p: FundImportPreview): { title: string; message: string; confirmLabel: string } {
  if (p.sample) {
    const count = p.new_funds ?? 0;
    return count > 0
      ? {
          title: `Add ${n(count)} sample funds?`,
          message: `${n(count)} made-up funds from the sample feed will be added to the list advisors pick from, marked "Sample fund", and their fund houses to Investment › Company.`,
          confirmLabel: `Add ${n(count)} sample funds`,
        }
      : {
          title: 'Import sample prices?',
          message: 'No fund will be added: the sample funds are already in the list. Their prices are read again.',
          confirmLabel: 'Import sample prices',
        };
  }
  return {
    title: 'Import prices?',
    message: `Prices are read from ${p.source ?? 'the price feed'}. Funds it lists that are not in the list yet are added to the list advisors pick from, and their fund houses to Investment › Company.`,
    confirmLabel: 'Import prices',
  };
}

/** The price import: its button, the latest run's progress and outcome, and the funds that failed. */
function PriceImport({ onFinished }: { onFinished: () => void }) {
  const [status, setStatus] = useState<FundImportStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const wasRunning = useRef(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  /**
   * The import as a job (issue 37): its progress comes live as `job:progress` (kind fund_import, sent to every
   * admin); the status is read again when it finishes, and polled only after JOB_POLL_AFTER_MS without news.
   */
  const [job, setJob] = useState<Job | null>(null);
  const [cancelling, setCancelling] = useState(false);

  const poll = useCallback(async (signal?: AbortSignal) => {
    try {
      const s = await api.get<FundImportStatus>('scraping-funds-status', { signal });
      if (signal?.aborted) return;
      setStatus(s);
      setError(null);
      if (wasRunning.current && !s.running) finished.current();
      wasRunning.current = s.running;
    } catch (err) {
      if (!signal?.aborted) setError(errorMessage(err));
    }
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    void poll(ctrl.signal);
    return () => ctrl.abort();
  }, [poll]);
  useEffect(() => {
    if (!status?.running) return;
    const timer = setTimeout(() => void poll(), job ? JOB_POLL_AFTER_MS : POLL_MS);
    return () => clearTimeout(timer);
  }, [status, poll, job]);
  useLiveEvent('job:progress', ({ job: news }) => {
    if (news.kind !== 'fund_import') return;
    setJob((cur) => (jobNewer(cur, news) ? news : cur));
    // finished: the run's outcome (counts, failures) is read, and the fund list with it
    if (isJobFinished(news.status)) void poll();
    else if (!wasRunning.current) void poll();
  });

  /** Stops the running import (POST jobs/:id/cancel): the funds imported so far stay. */
  async function cancel() {
    const jobId = job && !isJobFinished(job.status) ? job.id : status?.run?.id;
    if (!jobId) return;
    setCancelling(true);
    setError(null);
    try {
      setJob(await api.post<Job>(`jobs/${encodeURIComponent(jobId)}/cancel`, {}));
      setMessage(null);
      await poll();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setCancelling(false);
    }
  }

  const [confirm, setConfirm] = useState<FundImportPreview | null>(null);
  /** First what the import would do (how many funds it adds), for the confirmation dialog. */
  async function ask() {
    setStarting(true);
    setError(null);
    try {
      setConfirm(await api.get<FundImportPreview>('scrap-all-funds/preview'));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStarting(false);
    }
  }

  async function start() {
    setConfirm(null);
    setStarting(true);
    setError(null);
    try {
      const res = await api.get<FundImportStatus>('scrap-all-funds');
      setStatus(res);
      wasRunning.current = res.running;
      setMessage(res.running ? 'The price import is running.' : null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStarting(false);
    }
  }

  const run = status?.run ?? null;
  const pct = run && run.total > 0 ? Math.round((run.done / run.total) * 100) : 0;
  // the live job's progress when it is news about the run on screen (or no run is known yet)
  const liveJob =
    job && !isJobFinished(job.status) && (!run || run.state === 'running' || run.id === job.id) ? job : null;
  const cancelledJob = job?.status === 'cancelled' && (!run || run.id === job.id || run.state !== 'running');
  return (
    <ImportBox aria-labelledby="fund-import-title">
      <h2 id="fund-import-title">{status?.sample ? SAMPLE_TEXTS.heading : 'Price import'}</h2>
      {status?.sample ? <p>{SAMPLE_TEXTS.lead}</p> : null}
      <div className="kf-row">
        <Button onClick={ask} loading={starting} disabled={status === null || status.running || !status.configured}>
          {status?.sample ? SAMPLE_TEXTS.button : 'Import prices'}
        </Button>
        {status && !status.configured ? <span>No price feed is configured for this installation.</span> : null}
        {status && status.interval_ms > 0 ? (
          <span>Runs every {Math.round(status.interval_ms / 3_600_000) || '<1'} hour(s) and on demand.</span>
        ) : null}
      </div>
      {error ? (
        <Note $ok={false} role="alert">
          {error}
        </Note>
      ) : null}
      {status === null && !error ? <Skeleton rows={1} label="Loading the price import status" /> : null}
      {liveJob ? (
        <div aria-live="polite">
          <p>{liveJob.stage}</p>
          <progress
            aria-label="Price import progress"
            max={100}
            value={liveJob.progress}
            aria-valuetext={liveJob.stage}
          >
            {liveJob.progress}%
          </progress>
          <Button variant="secondary" onClick={cancel} loading={cancelling}>
            Cancel
          </Button>
        </div>
      ) : null}
      {cancelledJob ? <p role="status">The price import was cancelled.</p> : null}
      {run && !liveJob ? (
        <div aria-live="polite">
          {run.state === 'running' ? (
            <>
              <p>
                {message ?? 'Importing prices…'} {n(run.done)} of {n(run.total)} funds
              </p>
              <progress aria-label="Price import progress" max={Math.max(run.total, 1)} value={run.done}>
                {pct}%
              </progress>
              <Button variant="secondary" onClick={cancel} loading={cancelling}>
                Cancel
              </Button>
            </>
          ) : run.state === 'done' ? (
            <p>
              Last import finished {formatDateTime(run.finished_at ?? run.started_at)}: {n(run.total)} funds read,{' '}
              {n(run.created)} added, {n(run.updated)} updated, {n(run.unchanged)} unchanged, {n(run.failed)} failed.
            </p>
          ) : (
            <p role="alert">The last import failed: {run.error}</p>
          )}
          {run.failures.length ? (
            <Table label="Funds that failed to import">
              <TableHead columns={['Code', 'Fund', 'Field', 'Problem']} />
              <tbody>
                {run.failures.map((f) => (
                  <tr key={`${f.code}-${f.field}-${f.message}`}>
                    <td>{f.code}</td>
                    <td>{f.name ?? '—'}</td>
                    <td>{f.field}</td>
                    <td>{f.message}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : null}
          {run.failed > run.failures.length ? (
            <p>
              The first {n(run.failures.length)} of {n(run.failed)} failures are listed.
            </p>
          ) : null}
        </div>
      ) : status && !liveJob ? (
        <p>No price import has run yet.</p>
      ) : null}
      {confirm ? (
        <ConfirmAction {...importConfirmation(confirm)} onConfirm={start} onCancel={() => setConfirm(null)} />
      ) : null}
    </ImportBox>
  );
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function FundEditor({ fund, onClose, onSaved }: { fund: AdminFund | null } & EditorCallbacks) {
  const editor = useEditorForm(
    {
      name: fund?.name ?? '',
      company: fund?.company ?? '',
      currency: fund?.currency ?? 'SGD',
      risk_level: fund?.risk_level ?? 'medium',
      price: num(fund?.price),
      price_date: fund?.price_date ?? '',
      equity: num(fund?.asset_class.equity ?? 0),
      bond: num(fund?.asset_class.bond ?? 0),
      others: num(fund?.asset_class.others ?? 100),
    },
    onClose,
  );
  const { form, errors, set } = editor;
  const total = Number(form.equity || 0) + Number(form.bond || 0) + Number(form.others || 0);
  // A refusal names the split's parts (asset_class.equity, …); the form shows the last of them as the split's error.
  let assetClassError = errors.asset_class;
  for (const k of Object.keys(errors)) if (k.startsWith('asset_class.')) assetClassError = errors[k];

  async function submit() {
    const name = form.name.trim();
    const found: Record<string, string> = {};
    if (!name) found.name = 'Enter name';
    if (!/^[A-Za-z]{2,3}$/.test(form.currency.trim())) found.currency = 'Use a currency code';
    if (form.price !== '' && !(Number(form.price) > 0)) found.price = 'Enter a price above 0';
    if (form.price_date && !/^\d{4}-\d{2}-\d{2}$/.test(form.price_date)) found.price_date = 'Use a date as YYYY-MM-DD';
    if (Math.abs(total - 100) > 1e-9) found.asset_class = `Equity, bond and others total ${total}; they must total 100`;
    if (!editor.check(found)) return;
    const body: Record<string, unknown> = {
      name,
      company: form.company.trim(),
      currency: form.currency.trim().toUpperCase(),
      risk_level: form.risk_level,
      asset_class: { equity: Number(form.equity || 0), bond: Number(form.bond || 0), others: Number(form.others || 0) },
    };
    if (form.price !== '') body.price = Number(form.price);
    else if (fund) body.price = null;
    if (form.price_date) body.price_date = form.price_date;
    else if (fund) body.price_date = null;
    await editor.saveRow(fund, `fund '${name}'`, onSaved, () =>
      fund ? api.patch(`investment-funds/${fund.id}`, body) : api.post('investment-funds', body),
    );
  }

  return (
    <EditorModal noun="fund" row={fund} label="Fund" editor={editor} onSubmit={submit} width={640}>
      <TextInput label="Fund name" {...editor.field('name')} maxLength={200} />
      <Row>
        <TextInput label="Company" optional {...editor.field('company')} maxLength={200} />
        <TextInput
          label="Currency"
          value={form.currency}
          onChange={(v) =>
            set('currency')(
              v
                .replace(/[^A-Za-z]/g, '')
                .slice(0, 3)
                .toUpperCase(),
            )
          }
          error={errors.currency}
          maxLength={3}
        />
        <Select
          label="Risk level"
          value={form.risk_level}
          onChange={set('risk_level')}
          options={RISKS}
          error={errors.risk_level}
        />
      </Row>
      <Row>
        <NumberInput label="Price" optional {...editor.field('price')} decimals={6} maxLength={16} />
        <TextInput
          label="Price date"
          optional
          {...editor.field('price_date')}
          placeholder="YYYY-MM-DD"
          maxLength={10}
        />
      </Row>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>Asset-class split (percent)</legend>
        <Row>
          <NumberInput label="Equity %" value={form.equity} onChange={set('equity')} decimals={3} maxLength={7} />
          <NumberInput label="Bond %" value={form.bond} onChange={set('bond')} decimals={3} maxLength={7} />
          <NumberInput label="Others %" value={form.others} onChange={set('others')} decimals={3} maxLength={7} />
        </Row>
        <p aria-live="polite" style={{ margin: '0 0 8px' }}>
          Total: {Math.round(total * 1000) / 1000}%
        </p>
        {assetClassError ? (
          <p role="alert" style={{ margin: '0 0 8px', color: theme.colors.danger }}>
            {assetClassError}
          </p>
        ) : null}
      </fieldset>
    </EditorModal>
  );
}
