/**
 * Live-reply benchmark (targets: p99 ≤ 100 ms from the reply's POST to its arrival at the ticket owner's socket;
 * 0 lost, 0 duplicated). Two svc-support replicas in distributed mode (real PostgreSQL, RabbitMQ, Redis adapter);
 * 1,000 sockets (998 ticket owners + 2 admins) spread over both; support staff post replies through either replica.
 *
 * The sockets connect to the replicas directly with the signed identity headers the gateway would add: going through
 * the gateway needs a real svc-auth session per user (see the report). Baseline, measured in the same run: the same
 * 1,000 sockets on a bare in-process socket.io server that emits on an HTTP POST (no database, no Redis).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { support } from '@kinfolio/contracts';
import { type Identity, signIdentityHeaders, testIdentity } from '@kinfolio/service-kit';
import { type ClientSocket, connectAs, connected, join } from '../test/helpers';
import { SupportReplicas } from '../test/system/support-replicas';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ADMINS = 2;
const OWNERS = SOCKETS - ADMINS;
const REPLIES = Number(process.env.BENCH_REPLIES ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TARGET_P99 = 100;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pool<T>(items: T[], n: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

interface Tracker {
  sent: Map<string, number>;
  latencies: number[];
  seen: Map<string, number>;
}

function track(): Tracker {
  return { sent: new Map(), latencies: [], seen: new Map() };
}
function arrived(tr: Tracker, nonce: string) {
  const count = (tr.seen.get(nonce) ?? 0) + 1;
  tr.seen.set(nonce, count);
  const t0 = tr.sent.get(nonce);
  if (count === 1 && t0 !== undefined) tr.latencies.push(now() - t0);
}
function summary(name: string, tr: Tracker) {
  const lost = [...tr.sent.keys()].filter((k) => !tr.seen.has(k)).length;
  const dup = [...tr.seen.values()].reduce((a, c) => a + Math.max(0, c - 1), 0);
  console.log(`  ${name.padEnd(44)} p50 ${pct(tr.latencies, 50).toFixed(1)} ms  p99 ${pct(tr.latencies, 99).toFixed(1)} ms  max ${pct(tr.latencies, 100).toFixed(1)} ms  lost ${lost}  duplicated ${dup}  (n=${tr.sent.size})`);
  return { p99: pct(tr.latencies, 99), lost, dup };
}

async function baseline(): Promise<Tracker> {
  const server = createServer();
  const io = new Server(server, { transports: ['websocket'] });
  io.on('connection', (s) => void s.join(`user:${String(s.handshake.query.user)}`));
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/emit')) return;
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const { user, nonce } = JSON.parse(body) as { user: string; nonce: string };
      io.to(`user:${user}`).emit('reply:created', { nonce });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { io: client } = await import('socket.io-client');
  const users = Array.from({ length: SOCKETS }, () => randomUUID());
  const tr = track();
  const socks = users.map((u) => {
    const s = client(url, { transports: ['websocket'], query: { user: u }, forceNew: true, reconnection: false });
    s.on('reply:created', (m: { nonce: string }) => arrived(tr, m.nonce));
    return s;
  });
  await Promise.all(socks.map((s) => new Promise<void>((r) => (s.connected ? r() : s.once('connect', () => r())))));
  const jobs = Array.from({ length: REPLIES }, (_, i) => ({ user: users[i % users.length]!, nonce: `b${i}` }));
  await pool(jobs, CONCURRENCY, async (job) => {
    tr.sent.set(job.nonce, now());
    await fetch(`${url}/emit`, { method: 'POST', body: JSON.stringify(job) }).then((r) => r.arrayBuffer());
  });
  await settle(tr);
  for (const s of socks) s.disconnect();
  await new Promise<void>((r) => io.close(() => r()));
  return tr;
}

async function settle(tr: Tracker, maxMs = 5000) {
  const until = Date.now() + maxMs;
  while (Date.now() < until && [...tr.sent.keys()].some((k) => !tr.seen.has(k))) await sleep(50);
  await sleep(300); // late duplicates would show up here
}

async function main() {
  console.log(`live replies: ${SOCKETS} sockets over 2 replicas, ${REPLIES} replies, ${CONCURRENCY} staff posting concurrently`);
  const base = await baseline();

  const cluster = new SupportReplicas(2, { LOG_LEVEL: 'warn' });
  await cluster.start();
  const sockets: ClientSocket[] = [];
  try {
    const call = async (replica: number, method: string, path: string, who: Identity, body?: unknown) => {
      const res = await fetch(`${cluster.replicas[replica % 2]!.url}/api/v1/${path}`, {
        method,
        headers: { ...signIdentityHeaders(cluster.secret, who, undefined, randomUUID()), 'content-type': 'application/json', 'x-requested-with': 'kinfolio' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: any };
      if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
      return json.data;
    };
    const owners = Array.from({ length: OWNERS }, (_, i) => testIdentity(i % 2 ? 'customer' : 'advisor'));
    const admins = Array.from({ length: ADMINS }, () => testIdentity('admin'));
    const tickets: support.Ticket[] = new Array(OWNERS);
    const t0 = Date.now();
    await pool(owners, 20, async (o, i) => {
      tickets[i] = (await call(i, 'POST', 'user/query-ticket', o, { query: `bench ticket ${i}` })) as support.Ticket;
    });
    console.log(`  seeded ${OWNERS} tickets in ${Date.now() - t0} ms`);

    const tr = track();
    const wrongOwner: string[] = [];
    const t1 = Date.now();
    await pool(owners, 50, async (o, i) => {
      const s = connectAs(cluster.replicas[i % 2]!.url, cluster.secret, o);
      sockets.push(s);
      s.on('reply:created', (m) => {
        if (m.ticket_id !== tickets[i]!.id) wrongOwner.push(m.reply.id);
        arrived(tr, m.reply.reply);
      });
      await connected(s, 20_000);
      const ack = await join(s, tickets[i]!.id);
      if (!ack.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
    });
    let adminEvents = 0;
    for (const [i, a] of admins.entries()) {
      const s = connectAs(cluster.replicas[i % 2]!.url, cluster.secret, a);
      sockets.push(s);
      s.on('reply:created', () => adminEvents++);
      await connected(s, 20_000);
    }
    console.log(`  connected ${sockets.length} sockets in ${Date.now() - t1} ms`);

    const jobs = Array.from({ length: REPLIES }, (_, k) => ({ ticket: tickets[k % OWNERS]!, nonce: `r-${k}-${randomUUID().slice(0, 8)}` }));
    const t2 = Date.now();
    await pool(jobs, CONCURRENCY, async (job, k) => {
      tr.sent.set(job.nonce, now());
      await call(k, 'POST', `admin/query-ticket/${job.ticket.id}/reply`, admins[k % ADMINS]!, { reply: job.nonce });
    });
    const secs = (Date.now() - t2) / 1000;
    await settle(tr);
    console.log(`  posted ${REPLIES} replies in ${secs.toFixed(1)} s (${(REPLIES / secs).toFixed(0)}/s)\n`);
    const b = summary('baseline: bare socket.io emit (1 process)', base);
    const r = summary('svc-support: POST → owner socket (2 replicas)', tr);
    console.log(`  admin sockets received ${adminEvents} reply events (expected ${REPLIES * ADMINS}); events at a wrong owner: ${wrongOwner.length}`);
    const met = r.p99 <= TARGET_P99 && r.lost === 0 && r.dup === 0 && wrongOwner.length === 0;
    console.log(`\n  target p99 ≤ ${TARGET_P99} ms, 0 lost, 0 duplicated: ${met ? 'MET' : 'NOT MET'} (baseline p99 ${b.p99.toFixed(1)} ms)`);
    process.exitCode = met ? 0 : 1;
  } finally {
    for (const s of sockets) s.disconnect();
    await cluster.stop();
  }
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
