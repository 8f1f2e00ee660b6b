import { households as H } from '@kinfolio/contracts';
import { clientIp, notFound, parse, type ServiceContext, tooManyRequests } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { advisorTakesLeads } from '../messaging/on-advisor-events';
import { kinds } from '../records/kinds';
import { createRecord } from '../records/repository';
import { householdChanged } from './changes';
import { createHousehold } from './repository';

export const ONBOARDING_ADVISOR_NOT_FOUND = 'This invitation link is not valid: ask your advisor for a new one';

/** A visitor may send the fact-find this many times an hour from one address (a family, a shared office). */
export const ONBOARDING_SUBMITS_PER_HOUR = 10;

/**
 * POST on-boarding/submit (public): the fact-find of a visitor who came through an advisor's invitation link. One
 * transaction creates the lead for that advisor, its members (through the same createHousehold as POST leads), the
 * monthly incomes and the household's expenses; nothing is left half-made. The reply names only the new id. An id that
 * is not an advisor taking leads (unknown, an admin's, a customer's, an expired membership) is a 404, nothing stored.
 */
export function onBoardingRoutes(app: Express, ctx: ServiceContext): void {
  const limit = ctx.limiter.create({
    name: 'planning:onboarding',
    points: ONBOARDING_SUBMITS_PER_HOUR,
    duration: 3600,
  });
  app.post('/api/v1/on-boarding/submit', async (req, res) => {
    const body = parse(H.OnBoardingSubmitBody, req.body);
    try {
      await limit.consume(clientIp(req) ?? 'unknown');
    } catch {
      throw tooManyRequests('Too many submissions from this address. Please try again later.');
    }
    // only a real advisor's link with a live trial or subscription makes a lead (issue 30 item 3): svc-planning's
    // own copy of advisors and their membership, fed by svc-auth's and svc-billing's events (docs/decisions/planning.md)
    if (!(await advisorTakesLeads(ctx.db, body.advisor_id))) throw notFound(ONBOARDING_ADVISOR_NOT_FOUND);
    const id = await ctx.tx(async (trx) => {
      const hh = await createHousehold(trx, body.advisor_id, {
        ...body.lead,
        ...(body.referral_id ? { referral_id: body.referral_id } : {}),
      });
      await householdChanged(trx, hh, 'profile', 'created');
      const members = await trx('members').where({ household_id: hh.id }).orderBy('position').select('id', 'relation');
      const byIndex = [members.find((m) => m.relation === 'me'), ...members.filter((m) => m.relation !== 'me')];
      for (const inc of body.incomes) {
        const m = byIndex[inc.member_index];
        if (!m) continue;
        await createRecord(trx, kinds.income, hh, {
          member_id: m.id,
          kind: 'gross income',
          amount: inc.amount,
          currency: hh.currency,
          frequency: 'monthly',
        });
      }
      for (const e of body.expenses)
        await createRecord(trx, kinds.expense, hh, {
          category: e.category,
          amount: e.amount,
          currency: hh.currency,
          frequency: 'monthly',
        });
      return hh.id;
    });
    ctx.logger.info({ householdId: id, advisorId: body.advisor_id }, 'on-boarding lead created');
    res.status(201).json({ message: 'Thank you: your advisor has your answers', data: { id } });
  });
}
