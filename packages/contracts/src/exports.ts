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

const exportShape = {
  report: ExportReport,
  format: ExportFormat,
  currency: z.enum(['SGD', 'RM'], { error: 'Choose SGD or RM' }).optional(),
  as_of: DateStr.optional(),
  scenario: ExportScenario.optional(),
  branding: ExportBranding.optional(),
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
