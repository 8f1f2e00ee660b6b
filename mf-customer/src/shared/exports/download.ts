import {
  ApiError,
  applyCatalogue,
  authorizationType,
  buildUrl,
  errorMessage,
  readCookie,
  TOKEN_COOKIE,
} from '@kinfolio/ui-kit';

/**
 * Exports and shared documents are files, not JSON: the API client reads text, so these calls fetch the bytes
 * themselves with the client's headers (cookies, `x-requested-with`, `Authorization-Type`, bearer token) and hand
 * the file to the browser as a download.
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
  | 'scenario';
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

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = {
    accept: '*/*',
    'x-requested-with': 'kinfolio',
    'Authorization-Type': authorizationType(),
  };
  if (json) h['content-type'] = 'application/json';
  const token = readCookie(TOKEN_COOKIE);
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** The file name of a Content-Disposition header, else `fallback`. */
export function dispositionName(header: string | null, fallback: string): string {
  const m = header ? /filename="([^"]+)"/.exec(header) : null;
  return m?.[1] ?? fallback;
}

/** Fetches a file (POST with a JSON body, or GET) and returns it with its name; API errors become ApiError. */
export async function fetchFile(
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<{ blob: Blob; name: string }> {
  const res = await fetch(buildUrl(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: headers(body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = { message: text.slice(0, 300) };
    }
    applyCatalogue(data);
    throw new ApiError(res.status, data);
  }
  return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition'), 'export') };
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const messageOf = (e: unknown) => errorMessage(e);
