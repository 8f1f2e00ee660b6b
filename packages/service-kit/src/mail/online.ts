import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage, SmsMessage, SmsSender } from './types';

/** SMTP adapter (nodemailer), configured with an smtp:// or smtps:// URL. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(url: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(url);
    // a pooled or OAuth2 transport also reports errors as 'error' events; each send's own rejection is what counts,
    // an unheard event would end the process (issue 30)
    this.transport.on('error', () => undefined);
  }
  async send(message: MailMessage) {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }
}

/**
 * HTTP SMS gateway adapter: POSTs `{to, text, from}` as JSON with a bearer key. Most SMS providers offer such a
 * webhook-style API or sit behind one; the provider-specific mapping lives in that gateway, not here.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly from = 'Kinfolio',
  ) {}
  async send(message: SmsMessage) {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({ to: message.to, text: message.text, from: this.from }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}
