import http from 'node:http';
import { SESSION_COOKIE } from '@kinfolio/contracts';
import { verifyIdentityHeaders } from '@kinfolio/service-kit';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { FakeService, gatewayBeside, type Harness, startHarness } from './helpers';

function rawUpgrade(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      port,
      host: '127.0.0.1',
      path,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gateway: socket.io to svc-support', () => {
  let h: Harness;
  let io: Server;
  const clients: Socket[] = [];
  beforeAll(async () => {
    h = await startHarness();
    io = new Server(h.services['svc-support'].server);
    io.use((socket, next) => {
      const v = verifyIdentityHeaders(h.secret, socket.request.headers);
      if (!v.valid || !v.identity) return next(new Error('unauthorised'));
      socket.data.identity = v.identity;
      next();
    });
    io.on('connection', (socket) => {
      socket.emit('hello', socket.data.identity);
      socket.on('ping-me', (msg: string, ack: (r: string) => void) => ack(`pong ${msg}`));
    });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await h.stop();
    io.close();
  });

  const open = (transport: 'websocket' | 'polling', headers: Record<string, string>) => {
    const socket = connect(h.url, {
      transports: [transport],
      extraHeaders: headers,
      reconnection: false,
      timeout: 3000,
    });
    clients.push(socket);
    return socket;
  };

  it.each(['websocket', 'polling'] as const)(
    'connects over %s with the session cookie and the service sees the identity',
    async (transport) => {
      const { token, identity } = await h.session({ type: 'customer' });
      const socket = open(transport, { cookie: `${SESSION_COOKIE}=${token}` });
      const hello = await new Promise<{ userId: string; type: string }>((resolve, reject) => {
        socket.once('hello', resolve);
        socket.once('connect_error', reject);
      });
      expect(hello).toEqual({ userId: identity.user_id, type: 'customer', sessionId: identity.session_id });
      await expect(socket.timeout(2000).emitWithAck('ping-me', 'x')).resolves.toBe('pong x');
      socket.close();
    },
  );

  it('refuses connections without a valid session', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { cookie: `${SESSION_COOKIE}=bogus` },
      { 'x-kf-user-id': 'spoof' },
    ];
    for (const headers of attempts) {
      const socket = open('websocket', headers);
      const err = await new Promise<Error | null>((resolve) => {
        socket.once('connect', () => resolve(null));
        socket.once('connect_error', resolve);
      });
      expect(err).toBeInstanceOf(Error);
      socket.close();
    }
    expect(await rawUpgrade(h.port, '/socket.io/?EIO=4&transport=websocket', {})).toBe(401);
  });

  it('refuses upgrades from pages of other sites and to other paths', async () => {
    const { token } = await h.session();
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect(
      await rawUpgrade(h.port, '/socket.io/?EIO=4&transport=websocket', { cookie, origin: 'https://evil.example' }),
    ).toBe(403);
    expect(await rawUpgrade(h.port, '/other', { cookie })).toBe(404);
    expect(
      await rawUpgrade(h.port, '/socket.io/?EIO=4&transport=websocket', { cookie, origin: 'http://jane.kinfolio.app' }),
    ).toBe(101);
  });
});

describe('gateway: socket.io over two svc-support replicas', () => {
  let h: Harness;
  let r2: FakeService;
  const servers: Server[] = [];
  const clients: Socket[] = [];
  const withHello = (svc: FakeService, name: string) => {
    const io = new Server(svc.server);
    io.on('connection', (socket) => socket.emit('hello', name));
    servers.push(io);
  };
  beforeAll(async () => {
    h = await startHarness();
    r2 = await new FakeService('svc-support', h.secret, 'r2').start();
    withHello(h.services['svc-support'], 'r1');
    withHello(r2, 'r2');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const io of servers) io.close();
    await h.stop();
    if (r2.server.listening) await r2.kill();
  });

  const helloOver = (url: string, token: string) => {
    const socket = connect(url, {
      transports: ['websocket'],
      extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` },
      reconnection: false,
      timeout: 3000,
    });
    clients.push(socket);
    return new Promise<string>((resolve, reject) => {
      socket.once('hello', (name: string) => {
        socket.close();
        resolve(name);
      });
      socket.once('connect_error', reject);
    });
  };

  it("connects at the first attempt to the other replica when the session's replica is dead (issue 36)", async () => {
    const { gw, url } = await gatewayBeside(h, { 'svc-support': [h.services['svc-support'].url, r2.url] });
    try {
      // sessions are pinned to a replica by their token: find one pinned to each
      const pinned = new Map<string, string>();
      for (let i = 0; i < 20 && pinned.size < 2; i++) {
        const { token } = await h.session();
        pinned.set(await helloOver(url, token), token);
      }
      expect([...pinned.keys()].sort()).toEqual(['r1', 'r2']);
      await h.services['svc-support'].kill();
      // the session pinned to the dead replica: one attempt, no reconnection, lands on r2
      const started = Date.now();
      expect(await helloOver(url, pinned.get('r1') as string)).toBe('r2');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(await helloOver(url, pinned.get('r2') as string)).toBe('r2');
    } finally {
      await gw.close();
    }
  });
});
