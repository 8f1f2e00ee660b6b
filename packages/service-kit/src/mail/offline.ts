import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage, Outbox, SentMail, SentSms, SmsMessage, SmsSender } from './types';

const KEEP = 1000;

/**
 * Keeps every message in memory, the newest first and at most 1,000 (and appends it to a JSON-lines file when given
 * one) instead of sending it.
 */
class OfflineOutbox<M extends { to: string }, S extends M & { id: string; sentAt: string }> implements Outbox<S> {
  private readonly items: S[] = [];

  constructor(private readonly file?: string) {}

  async send(message: M): Promise<void> {
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

/** E-mail kept instead of sent (embedded mode, tests, the dev outbox). */
export class OfflineMailer extends OfflineOutbox<MailMessage, SentMail> implements Mailer {}

/** Text messages kept instead of sent. */
export class OfflineSms extends OfflineOutbox<SmsMessage, SentSms> implements SmsSender {}
