/**
 * The storage side of ui-kit's upload flow (uploadFiles: POST files/signed-upload, then a PUT of the file to the
 * signed URL), for remote tests that answer `api` themselves: the flow runs for real, only the far end is stubbed.
 */
export interface UploadStub {
  /** The object keys asked for, in order. */
  signed: string[];
  /** The files PUT, by name, in order. */
  puts: string[];
  /** The reply to `POST files/signed-upload`, or undefined for any other call. */
  answer(call: { method: string; path: string; body?: unknown }): unknown;
  /** A `fetch` that accepts the PUTs. */
  fetch: typeof fetch;
  reset(): void;
}

/** `storedKey` names where the service stored an upload (the key the flow hands back to the form). */
export function uploadStub(storedKey: (objectKey: string) => string): UploadStub {
  const stub: UploadStub = {
    signed: [],
    puts: [],
    answer(call) {
      if (call.method !== 'POST' || call.path !== 'files/signed-upload') return undefined;
      const objectKey = (call.body as { object_key: string }).object_key;
      stub.signed.push(objectKey);
      return {
        url: `https://storage.test/upload?key=${encodeURIComponent(objectKey)}&sig=1`,
        key: storedKey(objectKey),
      };
    },
    fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
      if (init?.method !== 'PUT') throw new Error(`unexpected fetch ${init?.method ?? 'GET'}`);
      stub.puts.push((init.body as File).name);
      return { ok: true, status: 200 } as Response;
    }) as typeof fetch,
    reset() {
      stub.signed.length = 0;
      stub.puts.length = 0;
    },
  };
  return stub;
}
