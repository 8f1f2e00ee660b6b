import { randomUUID } from 'node:crypto';
import { meetings, support } from '@kinfolio/contracts';
import { type Identity, signIdentityHeaders, signPass, type TestService } from '@kinfolio/service-kit';
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

/** A meeting pass as svc-planning signs it (issue 36), valid for ten minutes unless `exp` says otherwise. */
export function meetingPass(
  secret: string,
  p: Omit<meetings.MeetingPassPayload, 'v' | 'exp'> & { exp?: number },
): string {
  return signPass(secret, 'meeting', { v: 1, exp: Date.now() + meetings.MEETING_PASS_TTL_MS, ...p });
}

/** Emits a meeting message and resolves with its acknowledgement. */
export function ask<T = unknown>(
  s: ClientSocket,
  event: string,
  msg: unknown,
  timeoutMs = 5000,
): Promise<meetings.MeetingAck<T>> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no acknowledgement of ${event} within ${timeoutMs} ms`)), timeoutMs);
    (s as unknown as { emit(e: string, m: unknown, ack: (r: meetings.MeetingAck<T>) => void): void }).emit(
      event,
      msg,
      (r) => {
        clearTimeout(t);
        resolve(r);
      },
    );
  });
}

/** Polls `check` every 10 ms until it holds or `ms` pass; answers whether it held. */
export async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(10);
  }
  return check();
}
