import { reference as R } from '@kinfolio/contracts';
import { allow, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { adminOnly, answer } from '../../reply';
import { changeThreshold, createThreshold, removeThreshold, thresholds } from './service';

const anyone = allow();

/**
 * Planning thresholds (issue 15, platform-shell §7 `admin/threshold`, `GET user/threshold`): the figures the reports
 * measure a household against (emergency-fund months, cover multiples, replacement and debt-service ratios). Each
 * listed threshold has a default (reference.THRESHOLD_DEFAULTS); an admin stores a value (create), changes it
 * ({id}/update) or removes it (DELETE {id}), which returns the threshold to its default. An admin may also add a
 * threshold of their own (key, label, unit, value; it has no default, and DELETE removes it).
 */
export function thresholdRoutes(app: Express, ctx: ServiceContext): void {
  app.get(
    '/api/v1/user/threshold',
    anyone,
    answer(() => thresholds(ctx)),
  );
  app.post(
    '/api/v1/admin/threshold/create',
    adminOnly,
    answer((req) => createThreshold(ctx, parse(R.ThresholdCreateBody, req.body)), {
      message: 'Threshold saved',
      status: 201,
    }),
  );
  app.patch(
    '/api/v1/admin/threshold/:id/update',
    adminOnly,
    answer((req) => changeThreshold(ctx, uuidParam(req, 'id'), parse(R.ThresholdUpdateBody, req.body)), {
      message: 'Threshold saved',
    }),
  );
  app.delete('/api/v1/admin/threshold/:id', adminOnly, async (req, res) => {
    const toDefault = await removeThreshold(ctx, uuidParam(req, 'id'));
    res.json({ message: toDefault ? 'Threshold reset to its default' : 'Threshold deleted' });
  });
}
