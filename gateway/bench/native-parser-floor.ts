/**
 * A measuring device for bench:gateway, not a proxy (`BENCH_FLOOR=gateway/bench/native-parser-floor.ts npm run
 * bench:gateway`): the least a hop can cost in Node at all. Plain `net` sockets both ways and Node's own llhttp binding
 * (`_http_common.HTTPParser`, internal and undocumented: the parser node:http runs on) instead of node:http's server
 * and undici's client; the identity signature the services check; one keep-alive upstream connection per request in
 * flight. GET only, replies buffered, no errors handled, no limits: what it leaves out is what a real server needs,
 * which is why the gateway does not run this way (docs/decisions/gateway.md, item 21, 25 Nov).
 */
import net from 'node:net';
import { signIdentityHeaders } from '@kinfolio/service-kit';

interface Parser {
  initialize(type: number, resource: object, maxHeaderSize: number, lenient: number): void;
  execute(data: Buffer): unknown;
  [callback: number]: unknown;
}
const { HTTPParser, methods } = require('_http_common') as {
  HTTPParser: (new () => Parser) &
    Record<'REQUEST' | 'RESPONSE' | 'kOnHeadersComplete' | 'kOnBody' | 'kOnMessageComplete', number>;
  methods: string[];
};

const upstream = new URL(process.env.UPSTREAM ?? '');
const secret = process.env.INTERNAL_SECRET ?? '';
const identity = JSON.parse(process.env.BENCH_IDENTITY ?? 'null') as Parameters<typeof signIdentityHeaders>[1];
/** Not forwarded either way (the reply's length is set anew). */
const DROPPED = new Set([
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

const headerLines = (headers: string[]) => {
  let out = '';
  for (let i = 0; i + 1 < headers.length; i += 2)
    if (!DROPPED.has((headers[i] as string).toLowerCase())) out += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return out;
};

interface Upstream {
  socket: net.Socket;
  head: string;
  body: Buffer[];
  done: ((reply: Buffer) => void) | null;
}
const idle: Upstream[] = [];

function connectUpstream(): Upstream {
  const socket = net.connect(Number(upstream.port), upstream.hostname);
  socket.setNoDelay(true);
  socket.on('error', () => undefined);
  const up: Upstream = { socket, head: '', body: [], done: null };
  const parser = new HTTPParser();
  parser.initialize(HTTPParser.RESPONSE, {}, 0, 0);
  parser[HTTPParser.kOnHeadersComplete] = (
    _major: number,
    _minor: number,
    headers: string[],
    _method: number,
    _url: string,
    status: number,
    message: string,
  ) => {
    up.head = `HTTP/1.1 ${status} ${message}\r\n${headerLines(headers)}`;
    return 0;
  };
  parser[HTTPParser.kOnBody] = (chunk: Buffer) => {
    up.body.push(Buffer.from(chunk));
  };
  parser[HTTPParser.kOnMessageComplete] = () => {
    const body = Buffer.concat(up.body);
    const reply = Buffer.concat([Buffer.from(`${up.head}content-length: ${body.length}\r\n\r\n`, 'latin1'), body]);
    const done = up.done;
    up.body = [];
    up.done = null;
    idle.push(up);
    done?.(reply);
  };
  socket.on('data', (data) => parser.execute(data));
  return up;
}

const server = net.createServer((client) => {
  client.setNoDelay(true);
  client.on('error', () => undefined);
  const parser = new HTTPParser();
  parser.initialize(HTTPParser.REQUEST, {}, 0, 0);
  let request = '';
  parser[HTTPParser.kOnHeadersComplete] = (
    _major: number,
    _minor: number,
    headers: string[],
    method: number,
    url: string,
  ) => {
    const signed = signIdentityHeaders(secret, identity, undefined, 'bench-native-parser-floor') as Record<
      string,
      string
    >;
    let head = `${methods[method]} ${url} HTTP/1.1\r\n${headerLines(headers)}`;
    for (const name of Object.keys(signed)) head += `${name}: ${signed[name]}\r\n`;
    request = `${head}\r\n`;
    return 0;
  };
  parser[HTTPParser.kOnMessageComplete] = () => {
    const up = idle.pop() ?? connectUpstream();
    up.done = (reply) => client.write(reply);
    up.socket.write(request, 'latin1');
  };
  client.on('data', (data) => parser.execute(data));
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
