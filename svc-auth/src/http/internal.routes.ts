import type { Express } from 'express';
import { auth } from '@kinfolio/contracts';
import { internalOnly, notFound, parse, type ServiceContext } from '@kinfolio/service-kit';
import { createCustomer } from '../domain/accounts';
import { verifyToken } from '../domain/sessions';

/** Calls from the gateway and the other services only (signed with the internal secret). */
export function internalRoutes(app: Express, ctx: ServiceContext): void {
  app.post('/internal/sessions/verify', internalOnly, async (req, res) => {
    const { token } = parse(auth.VerifySessionBody, req.body);
    res.json({ data: await verifyToken(ctx, token) });
  });
  app.post('/internal/customers', internalOnly, async (req, res) => {
    const body = parse(auth.InternalCreateCustomerBody, req.body);
    res.status(201).json({ message: 'Customer created', data: await createCustomer(ctx, body) });
  });
  app.get('/internal/dev/outbox', internalOnly, (req, res) => {
    const offline = ctx.ports.offline;
    if (!offline) throw notFound('No offline outbox');
    const q = parse(auth.DevOutboxQuery, req.query);
    res.json({ data: q.kind === 'mail' ? offline.mail.list(q.to) : offline.sms.list(q.to) });
  });
}
