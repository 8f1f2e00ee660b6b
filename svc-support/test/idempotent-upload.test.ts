import { randomUUID } from 'node:crypto';
import {
  signIdentityHeaders,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { supportModule } from '../src/module';
import { fixtures } from './helpers';

jest.setTimeout(60_000);

/**
 * Issue 30 item 4 on a real multipart route: the kit's Idempotency-Key check must leave the upload's stream to the
 * handler, and a retried upload with the same key gets the first reply (the same stored file), not a second file.
 */
describe.each(testInfras())('svc-support: a retried upload with the same Idempotency-Key (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  beforeAll(async () => {
    t = await startTestService(supportModule, { infra });
  });
  afterAll(() => t?.stop());

  const upload = async (key: string, body: Buffer) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), 'a.jpg');
    const res = await fetch(`${t.svc.url}/api/v1/files/s3-upload`, {
      method: 'POST',
      headers: {
        ...signIdentityHeaders(t.secret, advisor, undefined, randomUUID()),
        'x-requested-with': 'kinfolio',
        'idempotency-key': key,
      },
      body: form,
    });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: await res.json() };
  };

  it('stores the file once and replays the first reply to the retry', async () => {
    const key = randomUUID();
    const first = await upload(key, fixtures.jpeg);
    expect([first.status, first.replayed]).toEqual([201, null]);
    const stored = first.body.data as Array<{ key: string }>;
    expect(stored).toHaveLength(1);
    const retry = await upload(key, fixtures.jpeg);
    expect([retry.status, retry.replayed]).toEqual([201, 'true']);
    expect(retry.body).toEqual(first.body);
    // a new upload (a new key) is stored under a new random name
    const other = await upload(randomUUID(), fixtures.jpeg);
    expect((other.body.data as Array<{ key: string }>)[0]?.key).not.toBe(stored[0]?.key);
  });
});
