import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@kinfolio/contracts';
import type { Request, RequestHandler, Response } from 'express';
import { currentContext } from './context';
import type { Knex, Migration } from './db';
import { AppError } from './errors';
import type { Logger } from './logger';

/**
 * Idempotent writes (issue 30 item 4): a POST/PUT/PATCH/DELETE under /api/v1 that carries an `Idempotency-Key` header
 * runs at most once per signed-in user, route and key within 24 h, whatever the gateway answered the first time (its
 * 504 leaves the service running). The key is reserved in the service's own `idempotency_keys` table before the
 * handler runs, so a retry during a slow first attempt gets 409 instead of writing twice; the reply is stored before
 * it is sent, so whoever sees the first reply finds it stored. Then:
 * - same key, same request → the stored reply (status, body, content type), with `Idempotent-Replayed: true`;
 * - same key, another body → 422 naming the header;
 * - a key whose first request is still running → 409 'A request with this key is in progress';
 * - a reply of 5xx is not stored (the reservation is released), so the retry runs again.
 * Requests without a signed-in user, without the header, reads and /internal/* paths are untouched.
 * See docs/decisions/idempotency.md for what is left open (anonymous writes, uploads, a process dying mid-request).
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a stored reply is replayed (Stripe keeps keys 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A reservation older than this whose reply never came was left by a process that died mid-request: the key may be
 * taken again. Longer than the gateway's longest route limit (SLOW_PROXY_TIMEOUT_MS, 2 min by default).
 */
export const IDEMPOTENCY_STALE_MS = 10 * 60 * 1000;
/** Replies larger than this are not stored (the reservation is released): writes answer small JSON. */
const MAX_STORED_REPLY = 1024 * 1024;
/** Reply headers worth replaying besides the body (never Set-Cookie: a replay must not hand out a session). */
const REPLAYED_HEADERS = ['content-type', 'location', 'content-disposition'];
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const HEADER_LABEL = 'Idempotency-Key';

export const idempotencyMigration: Migration = {
  name: '001_kit_idempotency_keys',
  async up(knex) {
    await knex.schema.createTable('idempotency_keys', (t) => {
      t.string('scope', 100).notNullable(); // the signed-in user
      t.string('route', 600).notNullable(); // method and path
      t.string('key', 255).notNullable();
      t.string('fingerprint', 64).notNullable();
      t.uuid('token').notNullable(); // the attempt holding the reservation
      t.integer('status').nullable(); // null while in flight
      t.jsonb('headers').nullable();
      t.text('body').nullable(); // base64
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('completed_at', { useTz: true }).nullable();
      t.primary(['scope', 'route', 'key']);
    });
    await knex.raw('CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)');
  },
  async down(knex) {
    await knex.schema.dropTable('idempotency_keys');
  },
};

interface KeyRow {
  fingerprint: string;
  token: string;
  status: number | null;
  headers: Record<string, string> | string | null;
  body: string | null;
  created_at: Date | string;
}

export interface IdempotencyOptions {
  now?: () => number;
}

/** The request's fingerprint: method, path and body (a JSON body by its parsed value; any other by its length). */
function fingerprint(req: Request): string {
  const hash = createHash('sha256').update(`${req.method} ${req.path}\n`);
  if (req.is('application/json')) hash.update(stableJson(req.body));
  else hash.update(`${req.headers['content-type']?.split(';')[0] ?? ''}:${req.headers['content-length'] ?? ''}`);
  return hash.digest('hex');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.keys(value as object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

const badKey = (message: string, status = 400) =>
  new AppError(status, `${HEADER_LABEL}: ${message}`, { errors: [{ [HEADER_LABEL]: [message] }] });

/**
 * The middleware (mounted by startService before the service's routes, after body parsing). Its table comes with the
 * kit's migrations, so every service has it.
 */
export function idempotency(db: Knex, logger: Logger, opts: IdempotencyOptions = {}): RequestHandler {
  const now = opts.now ?? Date.now;
  let lastSweep = 0;
  const sweep = () => {
    if (now() - lastSweep < 60 * 60 * 1000) return;
    lastSweep = now();
    db('idempotency_keys')
      .where('created_at', '<', new Date(now() - IDEMPOTENCY_TTL_MS))
      .delete()
      .catch((err: unknown) => logger.warn({ err }, 'idempotency keys sweep failed'));
  };

  return async (req, res, next) => {
    const raw = req.headers[IDEMPOTENCY_KEY_HEADER];
    if (raw === undefined || !WRITES.has(req.method) || !req.path.startsWith('/api/v1/')) return next();
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (Array.isArray(raw) && raw.length > 1) throw badKey('Send one key');
    if (!key || !KEY_PATTERN.test(key)) throw badKey('Must be 1 to 255 visible ASCII characters');
    const userId = currentContext()?.identity?.userId;
    if (!userId) return next(); // anonymous writes: no user to scope the key to (see the decision)
    sweep();

    const route = `${req.method} ${req.path}`;
    // an over-long path (a 404 to be) by its hash: the column is bounded and bad input is never a 5xx
    const id = { scope: userId, route: route.length <= 600 ? route : `${req.method} #${sha256(req.path)}`, key };
    const print = fingerprint(req);
    const token = randomUUID();
    const reserved = await reserve(db, id, print, token, now);
    if (!reserved.mine) {
      const row = reserved.row;
      if (row.fingerprint !== print)
        throw badKey('This key was already used for a different request; send a new key for a new request', 422);
      if (row.status === null) {
        res.setHeader('Retry-After', '1');
        throw new AppError(409, 'A request with this key is in progress');
      }
      replay(res, row);
      return;
    }
    capture(res, async (status, headers, body) => {
      const where = { ...id, token };
      if (status >= 500 || body === null) {
        await db('idempotency_keys').where(where).delete();
        return;
      }
      await db('idempotency_keys')
        .where(where)
        .update({
          status,
          headers: JSON.stringify(headers),
          body: body.toString('base64'),
          completed_at: new Date(now()),
        });
    }).catch((err: unknown) => logger.error({ err }, 'idempotency reply not stored'));
    next();
  };
}

type Reserved = { mine: true } | { mine: false; row: KeyRow };

/**
 * Takes the key for this attempt: a new row, or an expired one (older than 24 h, or a reservation left stale by a
 * process that died) taken over with a compare-and-set on its token. Otherwise the row found.
 */
async function reserve(
  db: Knex,
  id: { scope: string; route: string; key: string },
  print: string,
  token: string,
  now: () => number,
): Promise<Reserved> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const fresh = {
      fingerprint: print,
      token,
      status: null,
      headers: null,
      body: null,
      created_at: new Date(now()),
      completed_at: null,
    };
    const inserted = await db('idempotency_keys')
      .insert({ ...id, ...fresh })
      .onConflict(['scope', 'route', 'key'])
      .ignore()
      .returning('token');
    if (inserted.length) return { mine: true };
    const row: KeyRow | undefined = await db('idempotency_keys').where(id).first();
    if (!row) continue; // swept in between
    const age = now() - new Date(row.created_at).getTime();
    const expired = age > IDEMPOTENCY_TTL_MS || (row.status === null && age > IDEMPOTENCY_STALE_MS);
    if (!expired) return { mine: false, row };
    const taken = await db('idempotency_keys')
      .where({ ...id, token: row.token })
      .update(fresh);
    if (taken) return { mine: true };
  }
  throw new AppError(409, 'A request with this key is in progress');
}

function replay(res: Response, row: KeyRow): void {
  const headers: Record<string, string> =
    typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : (row.headers ?? {});
  const body = Buffer.from(row.body ?? '', 'base64');
  res.status(row.status as number);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}

/**
 * Collects what the handler writes and, when it ends the reply, runs `store` before the reply leaves (so a client that
 * saw the reply finds it stored). `body` is null when the reply was too large to keep.
 */
function capture(
  res: Response,
  store: (status: number, headers: Record<string, string>, body: Buffer | null) => Promise<void>,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buf =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buf.length;
      if (size <= MAX_STORED_REPLY) chunks.push(buf);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, ...args: unknown[]) {
      keep(args[0], args[1]);
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as Response['write'];
    res.end = function (this: Response, ...args: unknown[]) {
      res.end = end;
      keep(args[0], args[1]);
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const v = res.getHeader(name);
        if (v !== undefined) headers[name] = Array.isArray(v) ? v.join(', ') : String(v);
      }
      store(res.statusCode, headers, size <= MAX_STORED_REPLY ? Buffer.concat(chunks) : null)
        .then(resolve, reject)
        .finally(() => (end as (...a: unknown[]) => Response).apply(this, args));
      return this;
    } as Response['end'];
  });
}
