import type { AddressInfo } from 'node:net';
import express from 'express';
import { type ContractCheck, createHttpApp, finish } from './http';
import { createLogger } from './logger';

// The route table's reply schemas are checked against what a service really answers: every component test runs its
// service with CONTRACT_CHECK=strict, so a reply that parts from its contract fails the test that made it.
describe('contract check of replies', () => {
  const good = { data: { base: 'RM', rates: [{ code: 'SGD', rate: 3.3, base: 'RM', updated_at: '2026-01-01T00:00:00.000Z' }] } };
  const bad = { data: { base: 'RM', rates: [{ code: 'SGD' }] } };
  let reply: unknown = good;
  let status = 200;
  const servers: Array<() => void> = [];
  afterAll(() => {
    for (const close of servers) close();
  });

  async function start(mode: ContractCheck): Promise<string> {
    const logger = createLogger('test', 'silent');
    const app = createHttpApp({ name: 'test', logger, internalSecret: 's'.repeat(48), contractCheck: mode });
    // GET currency-rates is listed with a reply schema (CurrencyRatesReply); mounted through a router, as some
    // services do, so the check finds the route by the router's base and the route's own path
    const router = express.Router();
    router.get('/currency-rates', (_req, res) => {
      res.status(status).json(reply);
    });
    app.use('/api/v1', router);
    app.get('/api/v1/not-in-the-table', (_req, res) => {
      res.json({ anything: true });
    });
    finish(app, logger);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(() => server.close());
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const get = async (url: string, path = '/api/v1/currency-rates') => {
    const res = await fetch(`${url}${path}`);
    return { status: res.status, body: (await res.json()) as { message?: string; errors?: unknown } };
  };

  it('strict: a reply its schema refuses becomes a 500 naming the route and the field', async () => {
    const url = await start('strict');
    reply = good;
    status = 200;
    expect((await get(url)).status).toBe(200);
    reply = bad;
    const res = await get(url);
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Reply of GET /api/v1/currency-rates does not match its contract');
    expect(JSON.stringify(res.body.errors)).toContain('data.rates.0.rate');
  });

  it('checks the successes of routes the table lists, and every error by the one error body', async () => {
    const url = await start('strict');
    reply = { message: 'Not found' };
    status = 404;
    expect((await get(url)).status).toBe(404);
    reply = { error: 'no message' };
    const res = await get(url);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body.errors)).toContain('message');
    // the kit's own not-found reply is an ErrorBody
    expect((await get(url, '/api/v1/nothing-here')).status).toBe(404);
    status = 200;
    expect((await get(url, '/api/v1/not-in-the-table')).status).toBe(200);
  });

  it('log: the reply goes out as it is', async () => {
    const url = await start('log');
    reply = bad;
    status = 200;
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(bad);
  });
});
