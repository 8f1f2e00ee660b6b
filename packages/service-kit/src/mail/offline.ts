import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage, Outbox, SentMail, SentSms, SmsMessage, SmsSender } from './types';

const KEEP = 1000;

class OfflineSink<M extends { to: string }, S extends M & { id: string; sentAt: string }> {
  private readonly items: S[] = [];

  constructor(private readonly file?: string) {}

  async record(message: M): Promise<void> {
    const item = { ...message, id: randomUUID(), sentAt: new Date().toISOString() } as S;
    this.items.unshift(item);
    if (this.items.length > KEEP) this.items.pop();
    if (this.file) {
      await mkdir(join(this.file, '..'), { recursive: true });
      await appendFile(this.file, `${JSON.stringify(item)}\n`);
    }
  }

  list(to?: string): S[] {
    const needle = to?.toLowerCase();
    return needle ? this.items.filter((m) => m.to.toLowerCase() === needle) : [...this.items];
  }
}

/** Keeps every message in memory (and appends it to a JSON-lines file when given one) instead of sending it. */
export class OfflineMailer implements Mailer, Outbox<SentMail> {
  private readonly sink: OfflineSink<MailMessage, SentMail>;
  constructor(file?: string) {
    this.sink = new OfflineSink(file);
  }
  send(message: MailMessage) {
    return this.sink.record(message);
  }
  list(to?: string) {
    return this.sink.list(to);
  }
}

export class OfflineSms implements SmsSender, Outbox<SentSms> {
  private readonly sink: OfflineSink<SmsMessage, SentSms>;
  constructor(file?: string) {
    this.sink = new OfflineSink(file);
  }
  send(message: SmsMessage) {
    return this.sink.record(message);
  }
  list(to?: string) {
    return this.sink.list(to);
  }
}
