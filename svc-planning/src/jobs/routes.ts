import { allow, identity, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import { answer, readers } from '../reply';
import { getMonteCarloJob, monteCarloResult, startMonteCarloJob } from './monte-carlo';
import { cancelJob, getJob } from './service';

const anyUser = allow('advisor', 'customer', 'admin');

/**
 * Long work as jobs (issue 37): POST customer/{id}/monte-carlo-jobs (202 with the job), GET …/{jobId} and
 * …/{jobId}/result (the scenario call's reply; 409 until done); GET jobs/{jobId} and POST jobs/{jobId}/cancel for
 * any job of the caller (admins: the fund import). Another user's job is 404.
 */
export function jobRoutes(app: Express, ctx: ServiceContext): void {
  const id = (req: Request) => String(req.params.id);
  const jobId = (req: Request) => uuidParam(req, 'jobId');
  app.post(
    '/api/v1/customer/:id/monte-carlo-jobs',
    readers,
    answer((req) => startMonteCarloJob(ctx, id(req), req.body, identity()), { status: 202 }),
  );
  app.get(
    '/api/v1/customer/:id/monte-carlo-jobs/:jobId',
    readers,
    answer((req) => getMonteCarloJob(ctx, id(req), jobId(req), identity())),
  );
  app.get(
    '/api/v1/customer/:id/monte-carlo-jobs/:jobId/result',
    readers,
    answer((req) => monteCarloResult(ctx, id(req), jobId(req), identity())),
  );
  app.get(
    '/api/v1/jobs/:jobId',
    anyUser,
    answer((req) => getJob(ctx, identity(), jobId(req))),
  );
  app.post('/api/v1/jobs/:jobId/cancel', anyUser, async (req, res) => {
    const { job, message } = await cancelJob(ctx, identity(), jobId(req));
    res.json({ message, data: job });
  });
}
