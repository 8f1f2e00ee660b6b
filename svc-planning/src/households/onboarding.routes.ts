import { households as H } from '@kinfolio/contracts';
import { clientIp, parse, type ServiceContext, tooManyRequests } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { submitOnBoarding } from './service';

export { ONBOARDING_ADVISOR_NOT_FOUND } from './service';

/** A visitor may send the fact-find this many times an hour from one address (a family, a shared office). */
export const ONBOARDING_SUBMITS_PER_HOUR = 10;

/**
 * POST on-boarding/submit (public): the fact-find of a visitor who came through an advisor's invitation link
 * (households/service.ts submitOnBoarding: the lead, its members, monthly incomes and expenses in one transaction).
 * The reply names only the new id. An id that is not an advisor taking leads is a 404, nothing stored.
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
    const id = await submitOnBoarding(ctx, body);
    ctx.logger.info({ householdId: id, advisorId: body.advisor_id }, 'on-boarding lead created');
    res.status(201).json({ message: 'Thank you: your advisor has your answers', data: { id } });
  });
}
