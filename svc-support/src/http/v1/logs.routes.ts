import { support } from '@kinfolio/contracts';
import {
  AppError,
  allow,
  clientIp,
  currentContext,
  identity,
  parse,
  type ServiceContext,
  tooManyRequests,
} from '@kinfolio/service-kit';
import type { Express } from 'express';
import { listErrorLogs, recordClientError } from '../../domain/error-logs';

/** Per address: at most 30 client error reports a minute (a crash loop must not flood the table). */
const LOG_RATE = { limit: 30, windowSec: 60 };

/** Client error logs (spec §8 rendering error; §7 log-error, log-errors, user/logs, admin/user/logs). */
/** Built once (zod 4 compiles a schema on first use). */
const OwnLogQuery = support.LogQuery.omit({ user_id: true });

export function logsRoutes(app: Express, ctx: ServiceContext): void {
  app.post('/api/v1/log-error', async (req, res) => {
    const ip = clientIp(req);
    const hit = await ctx.limiter.hit(`support:log-error:${ip}`, LOG_RATE.limit, LOG_RATE.windowSec);
    if (!hit.allowed) {
      res.set('Retry-After', String(hit.retryAfterSec));
      throw tooManyRequests();
    }
    if (Buffer.byteLength(JSON.stringify(req.body ?? null)) > support.LOG_BODY_MAX_BYTES)
      throw new AppError(413, 'Request body is too large');
    const body = parse(support.LogErrorBody, req.body);
    const id = await recordClientError(ctx, currentContext()?.identity, ip, body);
    res.status(201).json({ message: 'Logged', data: { id } });
  });
  app.get('/api/v1/log-errors', allow('admin'), async (req, res) => {
    res.json({ data: await listErrorLogs(ctx, parse(support.LogQuery, req.query)) });
  });
  app.get('/api/v1/admin/user/logs', allow('admin'), async (req, res) => {
    res.json({ data: await listErrorLogs(ctx, parse(support.LogQuery, req.query)) });
  });
  app.get('/api/v1/user/logs', allow(), async (req, res) => {
    const q = parse(OwnLogQuery, req.query);
    res.json({ data: await listErrorLogs(ctx, { ...q, user_id: identity().userId }) });
  });
}
