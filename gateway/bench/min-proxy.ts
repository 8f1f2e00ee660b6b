import http from 'node:http';
import { signIdentityHeaders } from '@kinfolio/service-kit';
import { Pool } from 'undici';

/**
 * The floor of any proxy hop built like the gateway's (bench:gateway prints it beside the gateway): node:http's
 * server, one undici Pool to the replica, the identity signature the services check, the reply's raw headers copied.
 * No route table, session, access rules, security headers, access log or failover: a hop cannot cost less than this
 * in Node, so the gateway's CPU ratio is read against this one's.
 */
const upstream = process.env.UPSTREAM ?? '';
const secret = process.env.INTERNAL_SECRET ?? '';
const identity = JSON.parse(process.env.BENCH_IDENTITY ?? 'null') as Parameters<typeof signIdentityHeaders>[1];
const pool = new Pool(upstream, { connections: 256, pipelining: 1 });

const server = http.createServer((req, res) => {
  const headers = { ...req.headers, ...signIdentityHeaders(secret, identity, undefined, 'bench-floor-proxy') };
  delete headers.connection;
  pool.dispatch(
    { origin: upstream, method: 'GET', path: req.url ?? '/', headers, body: null },
    {
      onConnect: () => undefined,
      onHeaders(status, raw) {
        const out: string[] = [];
        for (let i = 0; i + 1 < raw.length; i += 2)
          out.push((raw[i] as Buffer).toString('latin1'), (raw[i + 1] as Buffer).toString('latin1'));
        res.writeHead(status, out);
        return true;
      },
      onData: (chunk) => res.write(chunk),
      onComplete: () => res.end(),
      onError: () => res.destroy(),
    },
  );
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
