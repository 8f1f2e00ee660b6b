import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { routes } from '@kinfolio/contracts';
import { loadConfig, MemoryCache, startTestService, type TestService, testInfras } from '@kinfolio/service-kit';
import { authModule } from '../../svc-auth/src/module';
import { type Seeded, seedUser } from '../../svc-auth/test/helpers';
import { GatewayConfig } from '../src/config';
import { createGateway, type Gateway } from '../src/gateway';
import { PublicPages } from '../src/public-page';
import { createAgent, ReplicaPool } from '../src/upstreams';
import { call, FakeService, silent } from './helpers';

jest.setTimeout(120_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');
const uname = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}`;

function tempShell() {
  const root = mkdtempSync(join(tmpdir(), 'kf-gw-public-'));
  const shellDir = join(root, 'shell');
  mkdirSync(shellDir);
  writeFileSync(
    join(shellDir, 'index.html'),
    '<!doctype html><html><head><title>Kinfolio</title></head><body><div id="root"></div></body></html>',
  );
  const remotes = {} as Record<'mf_advisor' | 'mf_customer' | 'mf_admin' | 'mf_support', string>;
  for (const name of ['mf_advisor', 'mf_customer', 'mf_admin', 'mf_support'] as const) {
    mkdirSync(join(root, name));
    remotes[name] = join(root, name);
  }
  return { root, web: { shellDir, remotes } };
}

/** A GET with any Host, the raw bytes of the reply (the helpers' `call` decodes text). */
function raw(base: string, path: string, headers: Record<string, string>) {
  const u = new URL(path, base);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ hostname: u.hostname, port: u.port, path: u.pathname + u.search, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

/**
 * The advisor's public page through the real gateway in front of the real svc-auth (issue 15): the HTML a crawler
 * or a browser without JavaScript gets on `{username}.{public host}`.
 */
describe.each(testInfras())("the advisor's server-rendered public page (%s)", (infra) => {
  let t: TestService;
  let gw: Gateway;
  let base: string;
  let root: string;
  let jane: Seeded;
  let withPhoto: Seeded;
  let magnetId: string;
  const page = (host: string, path = '/', headers: Record<string, string> = {}) =>
    call(base, 'GET', path, { headers: { host, accept: 'text/html', ...headers } });

  beforeAll(async () => {
    t = await startTestService(authModule, { infra });
    jane = await seedUser(t, 'advisor', {
      name: 'Jane "JT" <script>alert(1)</script> Tan',
      username: uname('jane'),
      designation: 'CFP <Chartered> & Co',
      business_email: 'jane@advice.sg',
      contact_number: '91234567',
    });
    withPhoto = await seedUser(t, 'advisor', {
      name: 'Ahmad Photo',
      username: uname('ahmad'),
      profile_image: 'storage/user/media/0b0e4f43-5a8e-4c3b-9a55-0a8f7f0d3c11/1700000000.png',
    });
    const added = await t.call('POST', 'advisor/testimonial', {
      as: jane.as,
      body: { name: 'Siti Rahman', designation: 'Teacher', content: 'Jane planned our retirement with us.' },
    });
    expect(added.status).toBe(201);
    const key = `storage/user/documents/${jane.user.id}/${randomBytes(16).toString('hex')}.pdf`;
    await t.svc.ctx.ports.blobs.put(key, PDF, 'application/pdf');
    const magnet = await t.call('POST', 'advisor-magnet-files', {
      as: jane.as,
      body: {
        title: 'Retirement checklist',
        description: 'Ten questions to ask',
        file_key: key,
        file_name: 'checklist.pdf',
      },
    });
    expect(magnet.status).toBe(201);
    magnetId = magnet.body.data.id;

    const shell = tempShell();
    root = shell.root;
    const config = loadConfig(GatewayConfig, {
      INTERNAL_SECRET: t.secret,
      PUBLIC_URL: 'http://kinfolio.app',
      LOG_LEVEL: 'silent',
    });
    gw = await createGateway({
      config,
      services: {
        'svc-auth': [t.svc.url],
        'svc-planning': ['http://127.0.0.1:9'],
        'svc-billing': ['http://127.0.0.1:9'],
        'svc-support': ['http://127.0.0.1:9'],
      },
      cache: new MemoryCache(),
      logger: silent,
      web: shell.web,
    });
    base = `http://127.0.0.1:${await gw.listen(0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await gw?.close();
    await t?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('carries the sharing tags, a generated og:image card, the details, testimonials and lead magnets without JavaScript', async () => {
    const host = `${jane.user.username}.kinfolio.app`;
    const r = await page(host);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = r.text;
    expect(html).not.toContain('<div id="root">');
    const origin = `http://${host}`;
    expect(meta(html, 'og:title')).toBe('Jane &quot;JT&quot; &lt;script&gt;alert(1)&lt;/script&gt; Tan');
    expect(meta(html, 'og:description')).toBe('CFP &lt;Chartered&gt; &amp; Co');
    expect(meta(html, 'description')).toBe('CFP &lt;Chartered&gt; &amp; Co');
    expect(meta(html, 'og:url')).toBe(`${origin}/`);
    expect(meta(html, 'og:image')).toMatch(
      new RegExp(`^${origin.replace(/\./g, '\\.')}/api/v1/advisor/public/card\\.png\\?v=[\\w-]{12}$`),
    );
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(html).toContain(`<link rel="canonical" href="${origin}/">`);
    expect(html).toMatch(/<title>Jane &quot;JT&quot; &lt;script&gt;alert\(1\)&lt;\/script&gt; Tan · CFP/);
    // one h1, the name escaped; no script but the page's own
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('<h1 id="advisor-name">Jane &quot;JT&quot; &lt;script&gt;alert(1)&lt;/script&gt; Tan</h1>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain('<a href="mailto:jane@advice.sg">jane@advice.sg</a>');
    expect(html).toContain('<a href="tel:91234567">91234567</a>');
    expect(html).toContain('<blockquote>Jane planned our retirement with us.</blockquote>');
    expect(html).toContain('<figcaption>Siti Rahman, Teacher</figcaption>');
    expect(html).toContain('Retirement checklist</h3><p>Ten questions to ask</p>');
    expect(html).toContain(`<form data-magnet="${magnetId}"`);
    for (const field of ['name="name"', 'name="email"', 'name="consent"']) expect(html).toContain(field);
    // the visitor continues into the on-boarding of this advisor; no advisor sign-up for the visitor
    expect(html).toContain(
      `href="/on-boarding?referral_id=${encodeURIComponent(jane.user.referral_id)}&amp;advisor_id=${jane.user.id}"`,
    );
    expect(html).toContain('href="/customer/auth/login"');
    expect(html).not.toContain('/subscription');
    expect(html).not.toContain('Free Trial');
    // the inline script is allowed by its hash only
    expect(r.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+' 'self'/);
    // the shell's /home is the same page
    expect((await page(host, '/home')).text).toBe(html);
  });

  it('is small: gzipped on the wire when asked, under 60 KB', async () => {
    const host = `${jane.user.username}.kinfolio.app`;
    const r = await raw(base, '/', { host, accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.body.length).toBeLessThan(60 * 1024);
    expect(gunzipSync(r.body).toString('utf8')).toBe((await page(host)).text);
  });

  it('serves the card named in og:image as a 1200×630 PNG', async () => {
    const host = `${jane.user.username}.kinfolio.app`;
    const url = new URL(meta((await page(host)).text, 'og:image') as string);
    const r = await raw(base, url.pathname + url.search, { host });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([r.body.readUInt32BE(16), r.body.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    // no card on a host without an advisor
    expect((await raw(base, url.pathname, { host: 'nobody-at-all.kinfolio.app' })).status).toBe(404);
  });

  it("uses the advisor's own image as og:image when there is one", async () => {
    const host = `${withPhoto.user.username}.kinfolio.app`;
    const html = (await page(host)).text;
    expect(meta(html, 'og:image')).toBe(
      `http://${host}/api/v1/files/blob/storage/user/media/0b0e4f43-5a8e-4c3b-9a55-0a8f7f0d3c11/1700000000.png`,
    );
    expect(meta(html, 'og:description')).toBe('Fintech Advisory');
    expect(html).toContain('<img class="photo" src="/api/v1/files/blob/storage/user/media/');
    // no lead magnets: no script at all
    expect(html).not.toContain('<script');
  });

  it('answers a real 404 page for an unknown username, on / and /home', async () => {
    for (const path of ['/', '/home']) {
      const r = await page('no-such-advisor.kinfolio.app', path);
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.text).toContain('<h1>Page not found</h1>');
      expect(r.text).toContain('<a href="http://kinfolio.app/">Go to Kinfolio</a>');
    }
    // the shell's other paths and the bare host keep the single-page app
    expect((await page('kinfolio.app', '/')).text).toContain('<div id="root"></div>');
    expect((await page(`${jane.user.username}.kinfolio.app`, '/auth/login')).text).toContain('<div id="root"></div>');
  });

  it("the form's call: a visitor's name, e-mail and consent give the file URL", async () => {
    const host = `${jane.user.username}.kinfolio.app`;
    const r = await call(base, 'POST', `/api/v1/advisor/public/lead-magnets/${magnetId}/download`, {
      headers: { host, 'x-requested-with': 'kinfolio' },
      body: { name: 'Visitor One', email: 'visitor.one@example.com', consent: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.url).toMatch(new RegExp(`/api/v1/advisor/public/lead-magnets/${magnetId}/file\\?exp=`));
  });

  it('leaves tableau/token out of the route table, so the gateway does not route it', async () => {
    expect(routes.filter((r) => /tableau/i.test(r.path))).toEqual([]);
    const r = await call(base, 'GET', '/api/v1/tableau/token');
    expect([r.status, r.body.message]).toEqual([404, 'Not found']);
    const doc = await call(base, 'GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths).filter((p) => /tableau/i.test(p))).toEqual([]);
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/advisor/public/card.png');
  });
});

describe('PublicPages: each sub-domain rendered once, reused for a few seconds', () => {
  const secret = randomBytes(24).toString('hex');
  const agent = createAgent();
  let svc: FakeService;
  let now = 0;
  beforeAll(async () => {
    svc = await new FakeService('svc-auth', secret).start();
    svc.advisors.set('jane', {
      name: 'Jane Tan',
      username: 'jane',
      designation: 'CFP',
      business_email: null,
      email: 'jane@example.com',
      business_phone: null,
      contact_number: null,
      og_image: null,
    });
    svc.advisors.set('nobody', null);
  });
  afterAll(async () => {
    if (svc.server.listening) await svc.kill();
    agent.destroy();
  });

  it('reuses a page (and a 404) for ttlMs, shares concurrent look-ups, then asks again', async () => {
    const pages = new PublicPages({
      authPool: new ReplicaPool('svc-auth', [svc.url]),
      agent,
      secret,
      connectTimeoutMs: 500,
      logger: silent,
      publicUrl: 'https://kinfolio.app',
      now: () => now,
    });
    const [a, b] = await Promise.all([pages.get('jane', 'c1'), pages.get('JANE', 'c2')]);
    expect(a?.status).toBe(200);
    expect(b).toBe(a);
    expect(a?.html).toContain('<meta property="og:url" content="https://jane.kinfolio.app/">');
    expect(gunzipSync(a!.gzip).toString('utf8')).toBe(a?.html);
    expect(svc.advisorCalls).toBe(1);
    now = 4_999;
    expect(await pages.get('jane', 'c3')).toBe(a);
    expect(svc.advisorCalls).toBe(1);
    now = 5_000;
    expect((await pages.get('jane', 'c4'))?.status).toBe(200);
    expect(svc.advisorCalls).toBe(2);
    expect((await pages.get('nobody', 'c5'))?.status).toBe(404);
    expect((await pages.get('nobody', 'c6'))?.status).toBe(404);
    expect(svc.advisorCalls).toBe(3);
  });

  it('answers null when svc-auth is down (the shell is served instead)', async () => {
    const down = new PublicPages({
      authPool: new ReplicaPool('svc-auth', ['http://127.0.0.1:9']),
      agent,
      secret,
      connectTimeoutMs: 300,
      logger: silent,
      publicUrl: 'https://kinfolio.app',
    });
    expect(await down.get('jane', 'c')).toBeNull();
  });
});
