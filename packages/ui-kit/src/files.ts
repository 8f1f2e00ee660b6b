import { ApiError, applyCatalogue, authorizationType, buildUrl, NETWORK_MESSAGE } from './api';
import { TOKEN_COOKIE } from './constants';
import { readCookie } from './cookies';

/** The file name of a Content-Disposition header, else `fallback`. */
export function dispositionName(header: string | null, fallback: string): string {
  const m = header ? /filename="([^"]+)"/.exec(header) : null;
  return m?.[1] ?? fallback;
}

/**
 * Fetches a file (POST with a JSON `body`, or GET without) with the API client's headers (cookies,
 * `x-requested-with`, `Authorization-Type`, bearer token): the API client reads text, a file is bytes. Returns it
 * with its name (the Content-Disposition's, else `fallbackName`); a refusal becomes an ApiError worded by the error
 * catalogue, a lost connection the network message.
 */
export async function fetchFile(
  path: string,
  {
    body,
    accept = '*/*',
    fallbackName = 'export',
    signal,
  }: { body?: unknown; accept?: string; fallbackName?: string; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; name: string }> {
  const headers: Record<string, string> = {
    accept,
    'x-requested-with': 'kinfolio',
    'Authorization-Type': authorizationType(),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(buildUrl(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, { message: NETWORK_MESSAGE }, NETWORK_MESSAGE);
  }
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
  return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition'), fallbackName) };
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
