import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { AUTHORIZATION_TYPE_HEADER, CSRF_HEADER, CSRF_VALUE } from '@kinfolio/contracts';
import {
  type Identity,
  JSON_ONLY_MESSAGE,
  jsonBodyRouteCalls,
  type ServiceModule,
  signIdentityHeaders,
  startTestService,
  type TestService,
  UNKNOWN_KEY_MESSAGE,
} from '@kinfolio/service-kit';
import { authModule } from '../../../svc-auth/src/module';
import { billingModule } from '../../../svc-billing/src/module';
import { planningModule } from '../../../svc-planning/src/module';
import { supportModule } from '../../../svc-support/src/module';

jest.setTimeout(120_000);

/**
 * Issue 30 items 6 and 7, walked over every JSON body write route of the route table, service by service (a walk,
 * not a sample): an unknown body key is a 400 naming it, and a body that is not JSON (text, XML, a form, bytes with
 * no content type) is a 415, never an empty body that changes nothing. The rules live in the kit (body-rules.ts), in
 * front of every handler, so they hold whatever a handler checks first. Embedded only: the rules are the HTTP layer's
 * and do not touch the database or the bus.
 */
const modules: Array<[string, ServiceModule]> = [
  ['svc-auth', authModule],
  ['svc-support', supportModule],
  ['svc-planning', planningModule],
  ['svc-billing', billingModule],
];

const NOT_JSON: Array<[string, Record<string, string>, string]> = [
  ['text/plain', { 'content-type': 'text/plain' }, '{"name":"x"}'],
  ['XML', { 'content-type': 'application/xml' }, '<name>x</name>'],
  ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=x'],
  ['no content type', {}, '{"name":"x"}'],
];

/** A call as the gateway forwards it, with exactly these body bytes and headers (fetch would add a content type). */
function rawCall(
  t: TestService,
  method: string,
  path: string,
  as: Identity | null,
  headers: Record<string, string>,
  body: string,
) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      `${t.svc.url}/api/v1/${path}`,
      {
        method,
        headers: {
          ...signIdentityHeaders(t.secret, as, undefined, randomUUID(), { client: '127.0.0.1' }),
          [CSRF_HEADER]: CSRF_VALUE,
          ...(as ? { [AUTHORIZATION_TYPE_HEADER]: as.type } : {}),
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(modules)('%s: the JSON body routes of the table', (service, mod) => {
  let t: TestService;
  const calls = jsonBodyRouteCalls(service);
  beforeAll(async () => {
    t = await startTestService(mod, { infra: 'embedded' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('has JSON body routes to walk', () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it('refuses an unknown body key on every one with a 400 naming it', async () => {
    const accepted: string[] = [];
    for (const c of calls) {
      const res = await t.call(c.method, c.path, { as: c.as, body: { zz_not_a_field: 1 } });
      const named =
        res.status === 400 &&
        (res.body?.errors ?? []).some((e: Record<string, string[]>) => e.zz_not_a_field?.[0] === UNKNOWN_KEY_MESSAGE);
      if (!named) accepted.push(`${c.name} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(accepted).toEqual([]);
  });

  it.each(NOT_JSON)('answers a body sent as %s with a 415 on every one', async (_kind, headers, body) => {
    const wrong: string[] = [];
    for (const c of calls) {
      const res = await rawCall(t, c.method, c.path, c.as, headers, body);
      if (res.status !== 415 || res.body?.message !== JSON_ONLY_MESSAGE) wrong.push(`${c.name} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still takes a call with no body and no content type as an empty JSON object (never a 415)', async () => {
    const refused: string[] = [];
    for (const c of calls) {
      const res = await t.call(c.method, c.path, { as: c.as });
      if (res.status === 415) refused.push(c.name);
    }
    expect(refused).toEqual([]);
  });
});
