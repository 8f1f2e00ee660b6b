import type http from 'node:http';
import { signIdentityHeaders } from '@kinfolio/service-kit';
import { type NextFunction, type Response, Router } from 'express';
import { escapeHtml } from './html';
import { callService, type ReplicaPool } from './upstreams';

export interface OutboxMessage {
  to: string;
  text: string;
  subject?: string;
  sentAt: string;
}

export interface OfflineOutbox {
  list(kind: 'mail' | 'sms', to?: string): OutboxMessage[];
}

export type OutboxSource =
  | { kind: 'embedded'; outbox: OfflineOutbox }
  | { kind: 'remote'; authPool: ReplicaPool; agent: http.Agent; secret: string; connectTimeoutMs: number };

async function list(
  source: OutboxSource,
  kind: 'mail' | 'sms',
  to: string | undefined,
  correlationId: string,
): Promise<OutboxMessage[]> {
  let rows: OutboxMessage[];
  if (source.kind === 'embedded') rows = source.outbox.list(kind, to);
  else {
    const q = new URLSearchParams({ kind, ...(to ? { to } : {}) });
    const res = await callService(source.authPool, source.agent, {
      method: 'GET',
      path: `/internal/dev/outbox?${q}`,
      headers: signIdentityHeaders(source.secret, null, undefined, correlationId),
      timeoutMs: 5000,
      connectTimeoutMs: source.connectTimeoutMs,
    });
    const data = (res.body as { data?: unknown } | null)?.data;
    rows = res.status === 200 && Array.isArray(data) ? (data as OutboxMessage[]) : [];
  }
  return [...rows].sort((a, b) => (a.sentAt < b.sentAt ? 1 : a.sentAt > b.sentAt ? -1 : 0));
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`): the caller is on this machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The mailbox holds sign-in and password-reset codes: only a caller on this machine may read it. The TCP peer
 * decides (never X-Forwarded-For), and a request relayed by a proxy (it carries forwarding headers, as a proxy on
 * this machine in front of the gateway would add) is refused too: the proxy's real client may be anyone.
 */
function localCaller(req: http.IncomingMessage): boolean {
  const h = req.headers;
  return isLoopback(req.socket.remoteAddress) && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'] && !h.via;
}

function query(req: { query: Record<string, unknown> }): { kind: 'mail' | 'sms'; to?: string } {
  const kind = req.query.kind === 'sms' ? 'sms' : 'mail';
  const to = typeof req.query.to === 'string' && req.query.to.trim() ? req.query.to.trim().slice(0, 200) : undefined;
  return { kind, to };
}

/**
 * The offline mailbox (development and tests only): `/dev/mailbox.json?kind=mail|sms&to=` → `{ data }` newest
 * first, and `/dev/mailbox`, an HTML list. Mounted only when the offline outbox is kept, and served only to
 * loopback callers (see localCaller).
 */
export function devRouter(source: OutboxSource): Router {
  const router = Router();
  // anyone else gets the same 404 as when there is no mailbox at all
  const guard = (req: http.IncomingMessage, res: Response, next: NextFunction) => {
    if (localCaller(req)) next();
    else res.status(404).setHeader('Cache-Control', 'no-store').json({ message: 'Not found' });
  };
  router.get('/dev/mailbox.json', guard, async (req, res) => {
    const { kind, to } = query(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await list(source, kind, to, String(res.locals.correlationId ?? '')) });
  });
  router.get('/dev/mailbox', guard, async (req, res) => {
    const { kind, to } = query(req);
    const rows = await list(source, kind, to, String(res.locals.correlationId ?? ''));
    const items = rows
      .map(
        (m) =>
          `<li><div class="meta"><b>${escapeHtml(m.to)}</b> · <time>${escapeHtml(m.sentAt)}</time></div>${m.subject ? `<div class="subj">${escapeHtml(m.subject)}</div>` : ''}<pre>${escapeHtml(m.text)}</pre></li>`,
      )
      .join('');
    res.setHeader('Cache-Control', 'no-store');
    res
      .type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kinfolio offline ${kind === 'sms' ? 'SMS' : 'mailbox'}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}ul{padding:0}li{list-style:none;border:1px solid #d6e9e9;border-radius:6px;margin:.5rem 0;padding:.5rem 1rem;overflow-wrap:anywhere}.meta{color:#555;font-size:.85rem}.subj{font-weight:600}pre{white-space:pre-wrap;overflow-wrap:anywhere}input{max-width:100%}</style>
</head><body><h1>Offline ${kind === 'sms' ? 'SMS' : 'mail'} (${rows.length})</h1>
<p><a href="/dev/mailbox?kind=mail">Mail</a> · <a href="/dev/mailbox?kind=sms">SMS</a> · <a href="/dev/mailbox.json?kind=${kind}">JSON</a></p>
<form method="get"><input type="hidden" name="kind" value="${kind}"><label>To <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
<ul>${items || '<li>Nothing sent yet.</li>'}</ul></body></html>`);
  });
  return router;
}
