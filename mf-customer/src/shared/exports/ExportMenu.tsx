import { api, Button, errorMessage, FormError, saveFile, useSession } from '@kinfolio/ui-kit';
import { useState } from 'react';
import styled from 'styled-components';
import { useHousehold } from '../household/context';
import { exportAsJob, exportJobsApi } from '../jobs/api';
import { JobProgress } from '../jobs/JobProgress';
import { useJob } from '../jobs/useJob';
import { exportBranding } from './branding';
import { type ExportFormat, type ExportReport, FORMAT_LABELS, type SharedDocument } from './download';

const FORMATS: ExportFormat[] = ['xlsx', 'pptx', 'docx', 'pdf'];

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
  margin: 0 0 12px;
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-items: center;
  }
  .kf-export-label {
    font-weight: 600;
    font-size: 0.9rem;
    float: left;
    margin-right: 4px;
  }
  label {
    font-size: 0.9rem;
  }
  select {
    min-height: 36px;
    padding: 4px 8px;
    border: 1px solid #cbd5e0;
    border-radius: 6px;
    font: inherit;
  }
`;
const Busy = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 0.9rem;
  color: #2c7a7b;
  .kf-bar {
    width: 80px;
    height: 6px;
    border-radius: 3px;
    background: #e6f2f2;
    overflow: hidden;
    position: relative;
  }
  .kf-bar::after {
    content: '';
    position: absolute;
    inset: 0;
    width: 40%;
    background: #2c7a7b;
    animation: kf-export-slide 1.2s ease-in-out infinite;
  }
  @keyframes kf-export-slide {
    from {
      transform: translateX(-100%);
    }
    to {
      transform: translateX(250%);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .kf-bar::after {
      animation: none;
      width: 100%;
    }
  }
`;

export interface ExportMenuProps {
  /** Which report: a tab of the financial report, the whole report, the data table or a scenario comparison. */
  report: ExportReport;
  /** For report 'scenario': the scenario as POST customer/calculate/scenario-modelling takes it (no household_id). */
  scenario?: Record<string, unknown>;
  /** The household to export (default: the dashboard's). */
  householdId?: string;
  /** SGD or RM (default: the household's currency). */
  currency?: 'SGD' | 'RM';
}

/**
 * The "Export" menu of a report screen (issue 14): Excel, PowerPoint, Word or PDF, made on the server as an export
 * job (issue 37): its progress bar moves with the job's progress (the live socket, the job's row as the fallback), a
 * Cancel button stops it, and the browser downloads the file once it is made. Advisors may also share the file with the
 * household's customer (POST share-document), who then finds it under Shared documents.
 */
export function ExportMenu({ report, scenario, householdId, currency }: ExportMenuProps) {
  const { household } = useHousehold();
  const { user } = useSession();
  const id = householdId ?? household?.id;
  const [sharing, setSharing] = useState<ExportFormat | null>(null);
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [shareFormat, setShareFormat] = useState<ExportFormat>('pdf');
  const isAdvisor = user?.type === 'advisor';
  // the file is read once the job is done: the row names its path and file name
  const job = useJob<string>({
    poll: (j, signal) => exportJobsApi.get(j.household_id ?? id ?? '', j.id, signal).then(exportAsJob),
    result: async (j, signal) => {
      const row = await exportJobsApi.get(j.household_id ?? id ?? '', j.id, signal);
      const file = await exportJobsApi.download(row);
      saveFile(file.blob, row.file_name || file.name);
      return `${FORMAT_LABELS[row.format]} file downloaded`;
    },
  });
  const busy = job.active || sharing !== null;
  if (!id) return null;

  const body = async (format: ExportFormat) => {
    const branding = await exportBranding(user);
    return {
      report,
      format,
      ...(currency ? { currency } : {}),
      ...(report === 'scenario' && scenario ? { scenario } : {}),
      ...(branding ? { branding } : {}),
    };
  };

  const exportAs = (f: ExportFormat) => {
    setFormat(f);
    setError(null);
    setDone(null);
    void job.start(async () => exportAsJob(await exportJobsApi.start(id, await body(f))));
  };

  const share = async () => {
    job.clear();
    setSharing(shareFormat);
    setError(null);
    setDone(null);
    try {
      await api.post<SharedDocument>('share-document', { lead_id: id, ...(await body(shareFormat)) });
      setDone('Shared with the customer. They have been sent an e-mail.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSharing(null);
    }
  };
  const status = job.result ?? (job.job?.status === 'cancelled' ? 'Export cancelled' : done);

  return (
    <Bar>
      <fieldset>
        <legend className="kf-export-label">Export</legend>
        {FORMATS.map((f) => (
          <Button
            key={f}
            variant="secondary"
            onClick={() => exportAs(f)}
            disabled={busy}
            loading={job.active && format === f}
          >
            {FORMAT_LABELS[f]}
          </Button>
        ))}
      </fieldset>
      {isAdvisor ? (
        <fieldset>
          <legend className="kf-export-label">Share with customer</legend>
          <label>
            Kind{' '}
            <select
              value={shareFormat}
              onChange={(e) => setShareFormat(e.target.value as ExportFormat)}
              disabled={busy}
            >
              {FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={share} disabled={busy} loading={sharing !== null}>
            Share with customer
          </Button>
        </fieldset>
      ) : null}
      {job.active ? (
        <JobProgress
          label={`Making the ${FORMAT_LABELS[format]} file`}
          job={job.job}
          onCancel={() => void job.cancel()}
        />
      ) : null}
      {sharing ? (
        <Busy role="progressbar" aria-busy="true" aria-label={`Making the ${FORMAT_LABELS[sharing]} file`}>
          <span className="kf-bar" aria-hidden="true" />
          <span>Making the {FORMAT_LABELS[sharing]} file…</span>
        </Busy>
      ) : null}
      <span role="status">{status}</span>
      <FormError>{error ?? job.error}</FormError>
    </Bar>
  );
}

export default ExportMenu;
