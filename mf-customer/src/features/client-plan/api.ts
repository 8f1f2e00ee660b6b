import type { exportsContract } from '@kinfolio/contracts';
import { api } from '@kinfolio/ui-kit';
import type { Branding } from '../../shared/exports/branding';
import type { ExportFormat, SharedDocument } from '../../shared/exports/download';
import { exportJobsApi } from '../../shared/jobs/api';

/**
 * The client plan's calls (issue 35, svc-planning): the advisor's saved choice of sections, and the plan made as an
 * export job whose progress the screen polls. The API client unwraps `{ data }`.
 */
export type ClientPlanSection = exportsContract.ClientPlanSection;
export type ClientPlanSettings = exportsContract.ClientPlanSettings;
export type ExportJob = exportsContract.ExportJob;
export type PlanCurrency = 'SGD' | 'RM';

export interface PlanJobBody {
  report: 'client-plan';
  format: ExportFormat;
  currency?: PlanCurrency;
  sections?: ClientPlanSection[];
  branding?: Branding;
}

const base = (householdId: string) => `customer/${encodeURIComponent(householdId)}`;

export const clientPlanApi = {
  settings: (householdId: string, signal?: AbortSignal) =>
    api.get<ClientPlanSettings>(`${base(householdId)}/client-plan`, { signal }),
  save: (householdId: string, body: { sections: ClientPlanSection[]; currency: PlanCurrency | null }) =>
    api.put<ClientPlanSettings>(`${base(householdId)}/client-plan`, body),
  start: (householdId: string, body: PlanJobBody) => exportJobsApi.start(householdId, body),
  job: exportJobsApi.get,
  download: (job: ExportJob) => exportJobsApi.download(job, `client-plan.${job.format}`),
  share: (job: ExportJob, note: string) =>
    api.post<SharedDocument>(
      `${base(job.lead_id)}/export-jobs/${encodeURIComponent(job.id)}/share`,
      note.trim() ? { note: note.trim() } : {},
    ),
};
