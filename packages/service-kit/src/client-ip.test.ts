import type { AddressInfo } from 'node:net';
import { InternalHeaders } from '@kinfolio/contracts';
import { clientIp, createHttpApp, finish } from './http';
import { signIdentityHeaders, verifyIdentityHeaders } from './identity';
import { createLogger } from './logger';

// issue 10 item 6: a request sent straight to a service with a forged X-Forwarded-For must not pick its own
// rate-limit bucket; the client address comes only from the gateway's signed identity.
describe('clientIp', () => {
  const secret = 's'.repeat(48);
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    const logger = createLogger('test', 'silent');
    const app = createHttpApp({ name: 'test', logger, internalSecret: secret });
    app.get('/ip', (req, res) => {
      res.json({ ip: clientIp(req) });
    });
    finish(app, logger);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const ip = async (headers: Record<string, string>) =>
    ((await (await fetch(`${url}/ip`, { headers })).json()) as { ip: string }).ip;

  it('ignores X-Forwarded-For and the socket on a request that bypasses the gateway', async () => {
    expect(await ip({ 'x-forwarded-for': '6.6.6.6' })).toBe('unknown');
    expect(await ip({ 'x-forwarded-for': '6.6.6.6', [InternalHeaders.clientAddress]: '7.7.7.7' })).toBe('unknown');
  });

  it('takes the address the gateway signed, whatever X-Forwarded-For says', async () => {
    const signed = signIdentityHeaders(secret, null, undefined, 'corr-0001', { client: '203.0.113.5' });
    expect(await ip({ ...signed, 'x-forwarded-for': '6.6.6.6' })).toBe('203.0.113.5');
  });

  it('refuses a signed request whose address was changed on the way', async () => {
    const signed = signIdentityHeaders(secret, null, undefined, 'corr-0002', { client: '203.0.113.5' });
    expect(verifyIdentityHeaders(secret, { ...signed, [InternalHeaders.clientAddress]: '9.9.9.9' }).valid).toBe(false);
    expect(await ip({ ...signed, [InternalHeaders.clientAddress]: '9.9.9.9' })).toBe('unknown');
    const dropped = { ...signed };
    delete dropped[InternalHeaders.clientAddress];
    expect(verifyIdentityHeaders(secret, dropped).valid).toBe(false);
  });
});
