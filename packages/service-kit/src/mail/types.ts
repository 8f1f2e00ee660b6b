export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface SentMail extends MailMessage {
  id: string;
  sentAt: string;
}

/** The Mailer port: SMTP when configured, otherwise the offline mailer that keeps sent mail viewable. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmsMessage {
  to: string;
  text: string;
}
export interface SentSms extends SmsMessage {
  id: string;
  sentAt: string;
}

/** The SmsSender port (mobile OTPs): an HTTP SMS gateway when configured, otherwise the offline sink. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Offline outboxes keep what they sent, newest first, for the dev mailbox page and for tests. */
export interface Outbox<T> {
  list(to?: string): T[];
}
