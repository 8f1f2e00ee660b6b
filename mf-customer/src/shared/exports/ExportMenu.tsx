import { api, Button, errorMessage, FormError, fetchFile, saveFile, useSession } from '@kinfolio/ui-kit';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { useHousehold } from '../household/context';
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
 * The "Export" menu of a report screen (issue 14): Excel, PowerPoint, Word or PDF, made on the server; a progress
 * indicator while the file is made, then the browser downloads it. Advisors may also share the file with the
 * household's customer (POST share-document), who then finds it under Shared documents.
 */
export function ExportMenu({ report, scenario, householdId, currency }: ExportMenuProps) {
  const { household } = useHousehold();
  const { user } = useSession();
  const id = householdId ?? household?.id;
  const [busy, setBusy] = useState<{ format: ExportFormat; sharing: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [shareFormat, setShareFormat] = useState<ExportFormat>('pdf');
  const ctrl = useRef<AbortController | null>(null);
  const isAdvisor = user?.type === 'advisor';
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

  const exportAs = async (format: ExportFormat) => {
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setBusy({ format, sharing: false });
    setError(null);
    setDone(null);
    try {
      const file = await fetchFile(`customer/${encodeURIComponent(id)}/exports`, {
        body: await body(format),
        signal: c.signal,
      });
      saveFile(file.blob, file.name);
      setDone(`${FORMAT_LABELS[format]} file downloaded`);
    } catch (e) {
      if (!c.signal.aborted) setError(errorMessage(e));
    } finally {
      if (ctrl.current === c) setBusy(null);
    }
  };

  const share = async () => {
    setBusy({ format: shareFormat, sharing: true });
    setError(null);
    setDone(null);
    try {
      await api.post<SharedDocument>('share-document', { lead_id: id, ...(await body(shareFormat)) });
      setDone('Shared with the customer. They have been sent an e-mail.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Bar>
      <fieldset>
        <legend className="kf-export-label">Export</legend>
        {FORMATS.map((f) => (
          <Button
            key={f}
            variant="secondary"
            onClick={() => exportAs(f)}
            disabled={busy !== null}
            loading={busy?.format === f && !busy.sharing}
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
              disabled={busy !== null}
            >
              {FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={share} disabled={busy !== null} loading={busy?.sharing === true}>
            Share with customer
          </Button>
        </fieldset>
      ) : null}
      {busy ? (
        <Busy role="progressbar" aria-busy="true" aria-label={`Making the ${FORMAT_LABELS[busy.format]} file`}>
          <span className="kf-bar" aria-hidden="true" />
          <span>Making the {FORMAT_LABELS[busy.format]} file…</span>
        </Busy>
      ) : null}
      <span role="status">{done}</span>
      <FormError>{error}</FormError>
    </Bar>
  );
}

export default ExportMenu;
