/**
 * Exports and shared documents are files, not JSON: the screens fetch them with the ui-kit's `fetchFile` (the API
 * client's headers, the error catalogue) and hand them to the browser with its `saveFile`.
 */
export type ExportReport =
  | 'financial-report'
  | 'cashflow'
  | 'networth'
  | 'insurance'
  | 'funds'
  | 'debt'
  | 'property'
  | 'data-table'
  | 'scenario'
  | 'client-plan';
export type ExportFormat = 'xlsx' | 'pptx' | 'docx' | 'pdf';

export const FORMAT_LABELS: Record<ExportFormat, string> = {
  xlsx: 'Excel',
  pptx: 'PowerPoint',
  docx: 'Word',
  pdf: 'PDF',
};

export interface SharedDocument {
  id: string;
  lead_id: string;
  report: ExportReport;
  format: ExportFormat;
  file_name: string;
  content_type: string;
  size: number;
  note: string | null;
  shared_at: string;
  download_path: string;
}
