import type { billing } from '@kinfolio/contracts';
import { AppError, notFound, tooManyRequests } from '@kinfolio/service-kit';
import { findLiveSubscription } from '../data/billing.repository';
import type { Billing } from './billing';

export type ReminderKind = (typeof billing.REMINDER_KINDS)[number];

const MAILS: Record<ReminderKind, { subject: string; text: (name: string, url: string) => string }> = {
  subscription: {
    subject: 'Choose your Kinfolio plan',
    text: (name, url) =>
      `Hi ${name},\n\nKeep working with your customers and leads: choose a plan at ${url}/subscription.\n\nThe Kinfolio team`,
  },
  registration: {
    subject: 'Finish setting up your Kinfolio account',
    text: (name, url) =>
      `Hi ${name},\n\nYou signed up for Kinfolio but have not finished: verify your account and choose a plan at ${url}/subscription.\n\nThe Kinfolio team`,
  },
};

/**
 * POST admin/notify-user-for-subscription | -registration: mails the advisor a reminder, at most once a UTC day per
 * user and kind (the reminders table's key). An advisor with a live subscription needs no reminder (409). The
 * address is the one auth.advisor.registered.v1 carried.
 */
export async function remind(b: Billing, kind: ReminderKind, userId: string, now = new Date()): Promise<string> {
  const contact = await b.ctx.db('billing_contacts').where({ user_id: userId }).first();
  if (!contact) throw notFound('User not found');
  if (await findLiveSubscription(b.ctx.db, userId)) throw new AppError(409, 'This user already has a subscription');
  await b.ctx.tx(async (trx) => {
    const inserted = await trx('reminders')
      .insert({ user_id: userId, kind, day: now.toISOString().slice(0, 10), sent_at: now })
      .onConflict(['user_id', 'kind', 'day'])
      .ignore()
      .returning('user_id');
    if (!inserted.length) throw tooManyRequests('This user was already reminded today');
    const mail = MAILS[kind];
    // inside the transaction: a mail that cannot be sent leaves no reminder recorded, so it can be tried again
    await b.ctx.ports.mailer.send({
      to: contact.email,
      subject: mail.subject,
      text: mail.text(contact.name, b.ctx.config.PUBLIC_URL),
    });
  });
  b.ctx.logger.info({ userId, kind }, 'reminder mailed');
  return `Reminder sent to ${contact.email}`;
}
