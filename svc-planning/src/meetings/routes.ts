import type { ServiceContext } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { answer, readers } from '../reply';
import { meetingPass } from './pass';

/** GET customer/{id}/meeting-pass (issue 36): the household's advisor and its customer (anyone else 404). */
export function meetingRoutes(app: Express, ctx: ServiceContext): void {
  app.get(
    '/api/v1/customer/:id/meeting-pass',
    readers,
    answer((req) => meetingPass(ctx, String(req.params.id))),
  );
}
