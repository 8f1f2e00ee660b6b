import { randomUUID } from 'node:crypto';
import type { UserType } from '@kinfolio/contracts';
import { enqueueEvent, type ServiceContext } from '@kinfolio/service-kit';
import { findUserByEmail, insertUser } from '../data/user.repository';
import { hashPassword, newReferralId } from './crypto';
import { advisorContact } from './users';

/** Password of every demo account (the common-password rule does not apply to the seed). */
export const DEMO_PASSWORD = 'Kinfolio!2026';

export interface DemoAccount {
  type: UserType;
  email: string;
  name: string;
  username?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { type: 'admin', email: 'admin@kinfolio.test', name: 'Kinfolio Admin' },
  { type: 'advisor', email: 'advisor@kinfolio.test', name: 'Demo Advisor', username: 'demo-advisor' },
  { type: 'customer', email: 'customer@kinfolio.test', name: 'Demo Customer' },
];

/**
 * Demo accounts (only with SEED_DEMO): created once, verified, all with DEMO_PASSWORD. The advisor's registration
 * event goes through the outbox so billing opens its trial; the customer belongs to the advisor.
 */
export async function seedDemo(ctx: ServiceContext): Promise<void> {
  const missing: DemoAccount[] = [];
  for (const a of DEMO_ACCOUNTS) if (!(await findUserByEmail(ctx.db, a.email))) missing.push(a);
  if (!missing.length) return;
  const password_hash = await hashPassword(DEMO_PASSWORD);
  await ctx.tx(async (trx) => {
    for (const a of DEMO_ACCOUNTS) {
      if (!missing.includes(a)) continue;
      const advisor = a.type === 'customer' ? await findUserByEmail(trx, 'advisor@kinfolio.test') : undefined;
      const user = await insertUser(trx, {
        id: randomUUID(),
        type: a.type,
        name: a.name,
        email: a.email,
        username: a.username ?? null,
        password_hash,
        referral_id: newReferralId(),
        email_verified: true,
        mobile_verified: true,
        contact_number: a.type === 'advisor' ? '91234567' : null,
        country_code: a.type === 'advisor' ? '+65' : null,
        designation: a.type === 'advisor' ? 'Independent Financial Advisor' : null,
        business_email: a.type === 'advisor' ? a.email : null,
        advisor_id: advisor?.id ?? null,
      });
      if (a.type === 'advisor') {
        await enqueueEvent(trx, 'auth.advisor.registered.v1', {
          user_id: user.id,
          email: user.email,
          name: user.name,
          registered_at: new Date(user.created_at).toISOString(),
          ...advisorContact(user),
        });
      }
      if (a.type === 'customer') {
        await enqueueEvent(trx, 'auth.customer.created.v1', {
          user_id: user.id,
          advisor_id: user.advisor_id,
          email: user.email,
          name: user.name,
        });
      }
    }
  });
  ctx.logger.info({ created: missing.map((a) => a.email) }, 'demo accounts seeded');
}
