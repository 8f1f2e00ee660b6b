import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { HttpSmsSender, type Mailer, OfflineMailer, OfflineSms, type SmsSender, SmtpMailer } from '../src';

// The component project's testTimeout is not applied per project; on a loaded machine 5 s is too tight.
jest.setTimeout(30_000);

/** The Mailer and SmsSender ports' contracts: the offline sinks (embedded mode) and the online adapters. */

interface Received {
  to: string;
  subject?: string;
  /** Everything the receiver got for the message (offline: text and html; SMTP: the raw DATA). */
  content: string;
}

/** Just enough SMTP (RFC 5321) to accept messages: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
class TinySmtpServer {
  readonly messages: Array<{ from: string; to: string[]; data: string }> = [];
  refuse = false;
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  async start(): Promise<number> {
    this.server = net.createServer((sock) => this.session(sock));
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', () => r()));
    return (this.server.address() as net.AddressInfo).port;
  }

  private session(sock: net.Socket): void {
    this.sockets.add(sock);
    sock.on('close', () => this.sockets.delete(sock));
    sock.on('error', () => undefined);
    sock.setEncoding('utf8');
    const reply = (line: string) => sock.write(`${line}\r\n`);
    let buf = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    reply('220 tiny.test ESMTP ready');
    sock.on('data', (chunk: string) => {
      buf += chunk;
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buf.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buf = buf.slice(end + 5);
          inData = false;
          if (this.refuse) reply('554 5.7.1 Message refused');
          else {
            this.messages.push(current);
            reply('250 2.0.0 OK queued');
          }
          current = { from: '', to: [], data: '' };
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const verb = line.split(' ')[0]?.toUpperCase();
        const addr = () => /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO') sock.write('250-tiny.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') reply('250 tiny.test');
        else if (verb === 'MAIL') {
          current.from = addr();
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          current.to.push(addr());
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          sock.end();
        } else reply('502 5.5.2 Command not implemented');
      }
    });
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

interface MailAdapter {
  name: string;
  mailer: Mailer;
  received(): Received[];
  close(): Promise<void>;
}

async function offlineMail(): Promise<MailAdapter> {
  const dir = await mkdtemp(join(tmpdir(), 'kf-mail-'));
  const mailer = new OfflineMailer(join(dir, 'mail.jsonl'));
  return {
    name: 'OfflineMailer',
    mailer,
    received: () => mailer.list().map((m) => ({ to: m.to, subject: m.subject, content: `${m.text}\n${m.html ?? ''}` })),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

async function smtpMail(): Promise<MailAdapter> {
  const server = new TinySmtpServer();
  const port = await server.start();
  const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Kinfolio <no-reply@kinfolio.test>');
  return {
    name: 'SmtpMailer',
    mailer,
    received: () =>
      server.messages.map((m) => ({
        to: m.to[0] ?? '',
        subject: /^Subject: (.*)$/m.exec(m.data)?.[1]?.trim(),
        content: m.data,
      })),
    close: () => server.stop(),
  };
}

describe.each([
  ['OfflineMailer', offlineMail],
  ['SmtpMailer', smtpMail],
] as const)('Mailer contract: %s', (_name, make) => {
  let adapter: MailAdapter;
  beforeAll(async () => {
    adapter = await make();
  });
  afterAll(() => adapter.close());

  it('delivers a message to its recipient with subject and text', async () => {
    await adapter.mailer.send({ to: 'ada@example.com', subject: 'Your verification code', text: 'Your code is 482913.' });
    const got = adapter.received().filter((m) => m.to === 'ada@example.com');
    expect(got).toHaveLength(1);
    expect(got[0]?.subject).toBe('Your verification code');
    expect(got[0]?.content).toContain('Your code is 482913.');
  });

  it('delivers the HTML alternative as well as the text', async () => {
    await adapter.mailer.send({ to: 'bob@example.com', subject: 'Reset', text: 'Plain reset text', html: '<p>HTML reset body</p>' });
    const got = adapter.received().find((m) => m.to === 'bob@example.com');
    expect(got?.content).toContain('Plain reset text');
    expect(got?.content).toContain('<p>HTML reset body</p>');
  });

  it('sends several messages independently', async () => {
    await Promise.all(['c1@example.com', 'c2@example.com', 'c3@example.com'].map((to) => adapter.mailer.send({ to, subject: 'Hello', text: `Hi ${to}` })));
    for (const to of ['c1@example.com', 'c2@example.com', 'c3@example.com']) {
      expect(adapter.received().filter((m) => m.to === to).map((m) => m.content.includes(`Hi ${to}`))).toEqual([true]);
    }
  });
});

describe('SmtpMailer specifics', () => {
  it('sends from the configured sender and fails when the server refuses the message', async () => {
    const server = new TinySmtpServer();
    const port = await server.start();
    try {
      const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Kinfolio <no-reply@kinfolio.test>');
      await mailer.send({ to: 'x@example.com', subject: 'S', text: 'T' });
      expect(server.messages[0]?.from).toBe('no-reply@kinfolio.test');
      expect(server.messages[0]?.data).toMatch(/^From: Kinfolio <no-reply@kinfolio\.test>$/m);
      server.refuse = true;
      await expect(mailer.send({ to: 'y@example.com', subject: 'S', text: 'T' })).rejects.toThrow();
      expect(server.messages).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it('fails when no server listens', async () => {
    const server = new TinySmtpServer();
    const port = await server.start();
    await server.stop();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@kinfolio.test');
    await expect(mailer.send({ to: 'z@example.com', subject: 'S', text: 'T' })).rejects.toThrow();
  });
});

describe('OfflineMailer specifics', () => {
  it('keeps mail viewable newest first, filtered by recipient case-insensitively, and in its JSON-lines file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kf-mail-'));
    try {
      const file = join(dir, 'nested', 'mail.jsonl');
      const mailer = new OfflineMailer(file);
      await mailer.send({ to: 'A@Example.com', subject: 'one', text: '1' });
      await mailer.send({ to: 'a@example.com', subject: 'two', text: '2' });
      await mailer.send({ to: 'b@example.com', subject: 'three', text: '3' });
      expect(mailer.list('a@example.com').map((m) => m.subject)).toEqual(['two', 'one']);
      expect(mailer.list()).toHaveLength(3);
      const lines = (await readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { subject: string; id: string; sentAt: string });
      expect(lines.map((l) => l.subject)).toEqual(['one', 'two', 'three']);
      expect(lines.every((l) => l.id && !Number.isNaN(Date.parse(l.sentAt)))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

interface SmsAdapter {
  name: string;
  sms: SmsSender;
  received(): Received[];
  close(): Promise<void>;
}

class SmsGateway {
  readonly calls: Array<{ authorization?: string; body: { to: string; text: string; from: string } }> = [];
  status = 200;
  private server: Server | null = null;
  async start(): Promise<string> {
    const app = express();
    app.use(express.json());
    app.post('/sms', (req, res) => {
      if (this.status !== 200) return void res.status(this.status).json({ error: 'gateway down' });
      this.calls.push({ authorization: req.headers.authorization, body: req.body });
      res.json({ id: `m${this.calls.length}` });
    });
    await new Promise<void>((r) => {
      this.server = app.listen(0, '127.0.0.1', () => r());
    });
    const address = this.server?.address() as net.AddressInfo;
    return `http://127.0.0.1:${address.port}/sms`;
  }
  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

async function offlineSms(): Promise<SmsAdapter> {
  const sms = new OfflineSms();
  return { name: 'OfflineSms', sms, received: () => sms.list().map((m) => ({ to: m.to, content: m.text })), close: async () => undefined };
}

async function httpSms(): Promise<SmsAdapter> {
  const gateway = new SmsGateway();
  const url = await gateway.start();
  const sms = new HttpSmsSender(url, 'test-key', 'Kinfolio');
  return { name: 'HttpSmsSender', sms, received: () => gateway.calls.map((c) => ({ to: c.body.to, content: c.body.text })), close: () => gateway.stop() };
}

describe.each([
  ['OfflineSms', offlineSms],
  ['HttpSmsSender', httpSms],
] as const)('SmsSender contract: %s', (_name, make) => {
  let adapter: SmsAdapter;
  beforeAll(async () => {
    adapter = await make();
  });
  afterAll(() => adapter.close());

  it('delivers a text to its number', async () => {
    await adapter.sms.send({ to: '+6591234567', text: 'Your Kinfolio code is 123456' });
    expect(adapter.received().filter((m) => m.to === '+6591234567').map((m) => m.content)).toEqual(['Your Kinfolio code is 123456']);
  });

  it('delivers texts with any characters unchanged', async () => {
    const text = 'Kód: 654321 ✓ "quoted" & <tag>';
    await adapter.sms.send({ to: '+60123456789', text });
    expect(adapter.received().find((m) => m.to === '+60123456789')?.content).toBe(text);
  });
});

describe('HttpSmsSender specifics', () => {
  it('authenticates with its key, names its sender, and fails when the gateway refuses', async () => {
    const gateway = new SmsGateway();
    const url = await gateway.start();
    try {
      const sms = new HttpSmsSender(url, 'secret-key', 'KinfolioSG');
      await sms.send({ to: '+6590000000', text: 'hi' });
      expect(gateway.calls[0]).toEqual({ authorization: 'Bearer secret-key', body: { to: '+6590000000', text: 'hi', from: 'KinfolioSG' } });
      gateway.status = 503;
      await expect(sms.send({ to: '+6590000001', text: 'hi' })).rejects.toThrow('SMS gateway answered 503');
    } finally {
      await gateway.stop();
    }
  });
});
