import { internalOnly, notFound, type ServiceContext, tenant } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { findUserByUsername, type UserRow } from '../../data/user.repository';
import { renderCard } from '../../domain/og-card';

/** The default description (spec §1), for an advisor without a designation. */
const DEFAULT_DESCRIPTION = 'Fintech Advisory';

async function tenantAdvisor(ctx: ServiceContext): Promise<UserRow> {
  const name = tenant()?.toLowerCase();
  if (!name || !/^[a-z0-9-]{1,63}$/.test(name)) throw notFound('Advisor not found');
  const user = await findUserByUsername(ctx.db, name);
  if (user?.type !== 'advisor' || user.status !== 'active' || !user.username) throw notFound('Advisor not found');
  return user;
}

/**
 * The advisor public page's server side (issue 15, docs/decisions/public-page.md):
 * - GET advisor/public/card.png (public): the sharing card of the host's advisor, a 1200×630 PNG with name and
 *   designation (og:image when the advisor has no profile image). The gateway names it with `?v=` of its content,
 *   so a messenger's cached copy changes when the name does; the reply may be cached a day.
 * - GET /internal/advisor-public/onboarding (gateway only): the advisor's id and referral id, for the page's link
 *   into the on-boarding fact-find (/on-boarding?referral_id=…&advisor_id=…, spec §2.5).
 */
export function ogCardRoutes(app: Express, ctx: ServiceContext): void {
  app.get('/api/v1/advisor/public/card.png', async (_req, res) => {
    const user = await tenantAdvisor(ctx);
    const { png, version } = renderCard(user.name, user.designation?.trim() || DEFAULT_DESCRIPTION);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('ETag', `"${version}"`);
    res.type('png').send(png);
  });
  app.get('/internal/advisor-public/onboarding', internalOnly, async (_req, res) => {
    const user = await tenantAdvisor(ctx);
    res.json({ data: { advisor_id: user.id, referral_id: user.referral_id } });
  });
}
