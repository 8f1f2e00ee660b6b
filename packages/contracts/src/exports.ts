import { z } from 'zod';
import { Timestamp } from './common';
import { DateStr, RecordId, ScenarioRequest } from './planning';
import { PlainText } from './validation';

/**
 * Exports of the financial report, the data table and a scenario comparison (issue 14; planning spec §2 "Export kinds:
 * xlxs, ppt, doc, pdf", platform-shell §2.8 "POST share-document"). Generated on the server from the stored household;
 * the reply is the file itself (Content-Type of its kind, Content-Disposition attachment with a filename).
 */
const Uuid = z.string().uuid({ message: 'Use an id' });

export const EXPORT_REPORTS = [
  'financial-report',
  'cashflow',
  'networth',
  'insurance',
  'funds',
  'debt',
  'property',
  'data-table',
  'scenario',
  'client-plan',
] as const;
export const ExportReport = z.enum(EXPORT_REPORTS, { error: 'Choose a report to export' });
export type ExportReport = z.infer<typeof ExportReport>;

export const EXPORT_FORMATS = ['xlsx', 'pptx', 'docx', 'pdf'] as const;
export const ExportFormat = z.enum(EXPORT_FORMATS, { error: 'Choose xlsx, pptx, docx or pdf' });
export type ExportFormat = z.infer<typeof ExportFormat>;

/** The content type and file extension of each kind. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/**
 * The scenario of a 'scenario' export: what POST customer/calculate/scenario-modelling takes for a stored household
 * (without household_id: the export's household is the path's).
 */
export const ExportScenario = z.strictObject({
  as_of: DateStr.optional(),
  scenario: ScenarioRequest.shape.scenario,
  expense_change_percent: z.record(RecordId, z.number().finite().min(-100).max(1000)).optional(),
});
export type ExportScenario = z.infer<typeof ExportScenario>;

/**
 * Who the report is from (printed on every page). The advisor's name and designation live in svc-auth, which
 * svc-planning does not read: the caller's screen sends what its session shows (see docs/decisions/exports.md).
 */
export const ExportBranding = z.strictObject({
  advisor_name: PlainText(120).optional(),
  designation: PlainText(120).optional(),
});

/** Unknown keys are refused, each a 400 naming that key (a strict object, as every request body: issue 30 item 6). */
const only = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape);

/**
 * The client plan's sections (issue 35), each chosen or not and in the advisor's order; the cover always comes first.
 * `summary` is the one-page summary, `pensions` the funds and provident-fund accounts, `scenario` the saved scenario
 * beside the current plan with its Monte Carlo fan chart, `appendix` the assumptions and the rate tables used.
 */
export const CLIENT_PLAN_SECTIONS = [
  'summary',
  'cashflow',
  'networth',
  'insurance',
  'funds',
  'debt',
  'property',
  'goals',
  'scenario',
  'appendix',
] as const;
export const ClientPlanSection = z.enum(CLIENT_PLAN_SECTIONS, { error: 'Choose a section of the client plan' });
export type ClientPlanSection = z.infer<typeof ClientPlanSection>;
/** The sections' titles, as the picker and the document's headings show them. */
export const CLIENT_PLAN_SECTION_TITLES: Record<ClientPlanSection, string> = {
  summary: 'Summary',
  cashflow: 'Cash flow',
  networth: 'Net worth',
  insurance: 'Insurance',
  funds: 'Funds and pensions',
  debt: 'Debts',
  property: 'Property',
  goals: 'Goals',
  scenario: 'Scenario and Monte Carlo',
  appendix: 'Appendix: assumptions and rate tables',
};

/** A choice of sections: at least one, each once, in the order given. */
export const ClientPlanSections = z
  .array(ClientPlanSection)
  .min(1, { message: 'Choose at least one section' })
  .max(CLIENT_PLAN_SECTIONS.length)
  .refine((xs) => new Set(xs).size === xs.length, { message: 'Choose each section once' });

const ReportCurrencyChoice = z.enum(['SGD', 'RM'], { error: 'Choose SGD or RM' });

const exportShape = {
  report: ExportReport,
  format: ExportFormat,
  currency: ReportCurrencyChoice.optional(),
  as_of: DateStr.optional(),
  scenario: ExportScenario.optional(),
  branding: ExportBranding.optional(),
  /** Only for report 'client-plan': the sections and their order (else the household's saved choice). */
  sections: ClientPlanSections.optional(),
};

/** POST customer/{id}/exports. `currency` (SGD or RM) converts the figures with the stored rates. */
export const ExportBody = only(exportShape);
export type ExportBody = z.infer<typeof ExportBody>;

/** POST share-document: the advisor makes an export of lead_id and shares it with the household's customer. */
export const ShareDocumentBody = only({ ...exportShape, lead_id: Uuid, note: PlainText(500).optional() });
export type ShareDocumentBody = z.infer<typeof ShareDocumentBody>;

export const SharedDocument = z.object({
  id: z.string(),
  lead_id: z.string(),
  report: ExportReport,
  format: ExportFormat,
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  note: z.string().nullable(),
  shared_at: Timestamp,
  /** Where the customer (or advisor) downloads it: GET customer/{lead_id}/shared-documents/{id}/download. */
  download_path: z.string(),
});
export type SharedDocument = z.infer<typeof SharedDocument>;

export const SharedDocumentReply = z.object({ message: z.string().optional(), data: SharedDocument });
export const SharedDocumentsReply = z.object({ data: z.array(SharedDocument) });

/**
 * The advisor's saved choice for a household's client plan (GET and PUT customer/{id}/client-plan): the sections in
 * their order and the currency (null: the household's own). Before any choice is saved, every section in the default
 * order and `saved_at` null.
 */
export const ClientPlanSettings = z.object({
  sections: z.array(ClientPlanSection),
  currency: ReportCurrencyChoice.nullable(),
  saved_at: Timestamp.nullable(),
});
export type ClientPlanSettings = z.infer<typeof ClientPlanSettings>;
export const ClientPlanSettingsBody = only({
  sections: ClientPlanSections,
  currency: ReportCurrencyChoice.nullable().optional(),
});
export type ClientPlanSettingsBody = z.infer<typeof ClientPlanSettingsBody>;
export const ClientPlanSettingsReply = z.object({ message: z.string().optional(), data: ClientPlanSettings });

/**
 * An export made as a job (POST customer/{id}/export-jobs): a long export (the client plan runs to 30 pages) is made
 * in the background while the browser shows its progress (GET …/export-jobs/{jobId}); the file is downloaded from
 * `download_path` once `status` is done, or shared with the customer (POST …/export-jobs/{jobId}/share). A job is
 * seen by the user who asked for it only, and kept for a day. Since issue 37 it is a job of svc-planning's worker
 * processes (jobs.ts), cancellable with POST jobs/{id}/cancel.
 */
export const EXPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const ExportJob = z.object({
  id: z.string(),
  lead_id: z.string(),
  report: ExportReport,
  format: ExportFormat,
  status: z.enum(EXPORT_JOB_STATUSES),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  /** What the job is doing now, in words ("Running the scenario"), or why it failed. */
  stage: z.string(),
  file_name: z.string().nullable(),
  size: z.number().int().nullable(),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
  /** GET customer/{lead_id}/export-jobs/{id}/download once done; null before. */
  download_path: z.string().nullable(),
});
export type ExportJob = z.infer<typeof ExportJob>;
export const ExportJobReply = z.object({ message: z.string().optional(), data: ExportJob });
export const ShareExportJobBody = only({ note: PlainText(500).optional() });
export type ShareExportJobBody = z.infer<typeof ShareExportJobBody>;
