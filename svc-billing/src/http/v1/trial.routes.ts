import { billing } from '@kinfolio/contracts';
import { identity, parse, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { type Billing, withSubscriptionDetails } from '../../domain/billing';
import { lookupMembership, updateTrial } from '../../domain/trials';

/** PATCH trial/{id}/update and GET membership/{id} (`id` is the advisor's user id). */
export function trialRoutes(app: Express, b: Billing): void {
  const { ctx } = b;
  app.patch('/api/v1/trial/:id/update', async (req, res) => {
    const caller = identity();
    const userId = uuidParam(req);
    const body = parse(billing.TrialUpdateBody, req.body);
    const { trial, changed } = await updateTrial(ctx, caller, userId, body);
    res.json({ message: changed ? 'Trial updated' : 'Trial has already ended', data: trial });
  });

  app.get('/api/v1/membership/:id', async (req, res) => {
    const caller = identity();
    const userId = uuidParam(req);
    res.json({ data: await withSubscriptionDetails(b, await lookupMembership(ctx, caller, userId)) });
  });
}
