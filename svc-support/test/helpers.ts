import { randomUUID } from 'node:crypto';
import { support } from '@kinfolio/contracts';
import { type Identity, signIdentityHeaders, type TestService } from '@kinfolio/service-kit';
import { io, type Socket } from 'socket.io-client';
import { realFiles } from './real-files';

export type ClientSocket = Socket<support.ServerToClientEvents, support.ClientToServerEvents>;

/** A socket.io client connected straight to the service with the identity headers the gateway would add. */
export function connectAs(
  baseUrl: string,
  secret: string,
  who: Identity | null,
  opts: { reconnection?: boolean } = {},
): ClientSocket {
  const headers = who ? signIdentityHeaders(secret, who, undefined, randomUUID()) : {};
  return io(baseUrl, {
    path: support.SOCKET_PATH,
    transports: [...support.SOCKET_TRANSPORTS],
    extraHeaders: headers,
    reconnection: opts.reconnection ?? false,
    forceNew: true,
  });
}

export function connected(s: ClientSocket, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (s.connected) return resolve();
    const t = setTimeout(() => reject(new Error('socket did not connect')), timeoutMs);
    s.once('connect', () => {
      clearTimeout(t);
      resolve();
    });
    s.once('connect_error', (err) => {
      clearTimeout(t);
      reject(err);
    });
  });
}

export function next<E extends keyof support.ServerToClientEvents>(
  s: ClientSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<support.ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const handler = ((msg: Parameters<support.ServerToClientEvents[E]>[0]) => {
      clearTimeout(t);
      resolve(msg);
    }) as support.ServerToClientEvents[E];
    (s as unknown as { once(e: string, h: unknown): void }).once(event, handler);
  });
}

export function join(s: ClientSocket, ticketId: string): Promise<support.Ack> {
  return new Promise((resolve) => s.emit('ticket:join', { ticket_id: ticketId }, resolve));
}

/** Minimal files that are what they claim to be (test/real-files.ts). */
export const fixtures = {
  png: realFiles.png,
  jpeg: realFiles.jpeg,
  webp: realFiles.webp,
  mp4: realFiles.mp4,
  pdf: realFiles.pdf,
  pptx: realFiles.pptx,
  xlsx: realFiles.xlsx,
  html: Buffer.from('<html><script>alert(1)</script></html>'),
};

/** Multipart upload through the test service, signed as `who`. */
export async function upload(
  t: TestService,
  path: string,
  who: Identity,
  files: Array<{ name: string; body: Buffer; type?: string }>,
) {
  const form = new FormData();
  for (const f of files)
    form.append('files', new Blob([new Uint8Array(f.body)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = await fetch(`${t.svc.url}/api/v1/${path}`, {
    method: 'POST',
    headers: { ...signIdentityHeaders(t.secret, who, undefined, randomUUID()), 'x-requested-with': 'kinfolio' },
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as { message?: string; data?: unknown } & Record<string, unknown> };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
