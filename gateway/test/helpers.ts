import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type auth, type ServiceName, SESSION_COOKIE } from '@kinfolio/contracts';
import {
  type Cache,
  createHttpApp,
  createLogger,
  currentContext,
  clientIp,
  finish,
  internalOnly,
  loadConfig,
  MemoryCache,
} from '@kinfolio/service-kit';
import type { Express } from 'express';
import { GatewayConfig } from '../src/config';
import { createGateway, type Gateway, type GatewayOptions } from '../src/gateway';
import { hashToken, sessionCacheKey } from '../src/session';

export const silent = createLogger('test', 'silent');

/** A tiny upstream service on the kit's createHttpApp (so it verifies the gateway's signatures like a real one). */
export class FakeService {
  server!: http.Server;
  port = 0;
  hits = 0;
  verifyCalls = 0;
  delayMs = 0;
  readonly sessions = new Map<string, auth.SessionIdentity>();
  readonly outbox: Array<{ kind: string; to: string; text: string; sentAt: string }> = [];
  /** What `advisor/public` answers per tenant: the advisor, or null for 404 (others get the usual echo). */
  readonly advisors = new Map<string, auth.AdvisorPublic | null>();
  advisorCalls = 0;
  private sockets = new Set<Socket>();
  readonly app: Express;

  constructor(
    readonly name: ServiceName,
    readonly secret: string,
    readonly replica = 'r1',
  ) {
    // an echo of whatever the gateway forwards: the table's body rules (415, unknown keys) are the real services'
    const app = createHttpApp({ name, logger: silent, internalSecret: secret, bodyRules: false });
    app.post('/internal/sessions/verify', internalOnly, (req, res) => {
      this.verifyCalls++;
      const s = this.sessions.get(String(req.body?.token ?? ''));
      if (!s) {
        res.status(401).json({ message: 'Invalid token' });
        return;
      }
      res.json({ data: s });
    });
    app.get('/internal/dev/outbox', internalOnly, (req, res) => {
      res.json({
        data: this.outbox.filter((m) => m.kind === req.query.kind && (!req.query.to || m.to === req.query.to)),
      });
    });
    app.all('/api/v1/*rest', async (req, res) => {
      this.hits++;
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
      const ctx = currentContext();
      if (req.path === '/api/v1/advisor/public') {
        this.advisorCalls++;
        const advisor = ctx?.tenant ? this.advisors.get(ctx.tenant) : undefined;
        if (advisor === null) {
          res.status(404).json({ message: 'Advisor not found' });
          return;
        }
        if (advisor) {
          res.json({ data: advisor });
          return;
        }
      }
      // two cookies in one reply (a sign-in sets the session and the user record): both must reach the client
      if (req.query.cookies) res.append('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.json({
        data: {
          service: name,
          replica: this.replica,
          method: req.method,
          url: req.originalUrl,
          identity: ctx?.identity ?? null,
          tenant: ctx?.tenant ?? null,
          trusted: ctx?.trusted ?? false,
          body: req.body ?? null,
          forwardedFor: req.headers['x-forwarded-for'] ?? null,
          forwardedProto: req.headers['x-forwarded-proto'] ?? null,
          clientIp: clientIp(req),
        },
      });
    });
    finish(app, silent);
    this.app = app;
  }

  async start(port = 0): Promise<this> {
    this.server = http.createServer(this.app);
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Like a killed process: the port closes and open connections are reset. */
  async kill(): Promise<void> {
    const closed = new Promise<void>((r) => this.server.close(() => r()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

export interface Harness {
  gateway: Gateway;
  url: string;
  port: number;
  secret: string;
  cache: Cache;
  services: Record<ServiceName, FakeService>;
  /** Stores a session in the cache as svc-auth does at login; returns its token. */
  session(over?: Partial<auth.SessionIdentity>): Promise<{ token: string; identity: auth.SessionIdentity }>;
  stop(): Promise<void>;
}

export function identityOf(over: Partial<auth.SessionIdentity> = {}): auth.SessionIdentity {
  return {
    session_id: randomUUID(),
    user_id: randomUUID(),
    type: 'advisor',
    membership_status: 'trial',
    trial_ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    status: 'active',
    registered_at: new Date(Date.now() - 86_400_000).toISOString(),
    ...over,
  };
}

export async function startHarness(
  o: {
    cache?: Cache;
    env?: Record<string, string>;
    extra?: Partial<Record<ServiceName, FakeService[]>>;
    gateway?: Partial<GatewayOptions>;
  } = {},
): Promise<Harness> {
  const secret = randomBytes(24).toString('hex');
  const names: ServiceName[] = ['svc-auth', 'svc-planning', 'svc-billing', 'svc-support'];
  const services = {} as Record<ServiceName, FakeService>;
  for (const n of names) services[n] = await new FakeService(n, secret).start();
  const urls = {} as Record<ServiceName, string[]>;
  for (const n of names) urls[n] = [services[n].url, ...(o.extra?.[n] ?? []).map((s) => s.url)];
  const cache = o.cache ?? new MemoryCache();
  const config = loadConfig(GatewayConfig, {
    INTERNAL_SECRET: secret,
    PUBLIC_URL: 'http://kinfolio.app',
    LOG_LEVEL: 'silent',
    ...o.env,
  });
  const gateway = await createGateway({ config, services: urls, cache, logger: silent, ...o.gateway });
  const port = await gateway.listen(0, '127.0.0.1');
  return {
    gateway,
    url: `http://127.0.0.1:${port}`,
    port,
    secret,
    cache,
    services,
    async session(over = {}) {
      const token = randomBytes(24).toString('base64url');
      const identity = identityOf(over);
      await cache.set(sessionCacheKey(hashToken(token)), JSON.stringify(identity), 600);
      return { token, identity };
    },
    async stop() {
      await gateway.close();
      for (const s of Object.values(services)) if (s.server.listening) await s.kill();
      for (const list of Object.values(o.extra ?? {}))
        for (const s of list ?? []) if (s.server.listening) await s.kill();
    },
  };
}

/** A second gateway on the harness's services and cache, with some services pointed elsewhere (close it after). */
export async function gatewayBeside(
  h: Harness,
  services: Partial<Record<ServiceName, string[]>>,
  config: Partial<GatewayConfig> = {},
): Promise<{ gw: Gateway; url: string }> {
  const kit = loadConfig(GatewayConfig, { INTERNAL_SECRET: h.secret, LOG_LEVEL: 'silent' });
  const gw = await createGateway({
    config: { ...kit, ...config },
    cache: h.cache,
    logger: silent,
    services: {
      'svc-auth': [h.services['svc-auth'].url],
      'svc-planning': [h.services['svc-planning'].url],
      'svc-billing': [h.services['svc-billing'].url],
      'svc-support': [h.services['svc-support'].url],
      ...services,
    },
  });
  return { gw, url: `http://127.0.0.1:${await gw.listen(0, '127.0.0.1')}` };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any;
  ms: number;
}

/** A plain HTTP call (lets tests set Host and any header), no connection reuse. */
export function call(
  base: string,
  method: string,
  path: string,
  o: {
    token?: string;
    bearer?: string;
    headers?: Record<string, string>;
    body?: unknown;
    rawBody?: Buffer | string;
  } = {},
): Promise<Reply> {
  const u = new URL(path, base);
  const started = Date.now();
  const payload =
    o.rawBody !== undefined
      ? Buffer.from(o.rawBody)
      : o.body !== undefined
        ? Buffer.from(JSON.stringify(o.body))
        : undefined;
  const headers: Record<string, string> = {
    ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
    ...(o.token ? { cookie: `other=1; ${SESSION_COOKIE}=${o.token}` } : {}),
    ...(o.bearer ? { authorization: `Bearer ${o.bearer}` } : {}),
    ...o.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: any = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body, ms: Date.now() - started });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const CSRF = { 'x-requested-with': 'kinfolio' };
