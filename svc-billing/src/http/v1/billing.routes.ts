import { billing } from '@kinfolio/contracts';
import { allow, currentContext, identity, parse, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import * as use from '../../domain/billing';
import {
  exportFilename,
  SUBSCRIBER_HEADER,
  subscriberBatches,
  TRANSACTION_HEADER,
  transactionBatches,
} from '../../domain/exports';
import { receipt } from '../../domain/receipts';
import { remind } from '../../domain/reminders';
import { getSeller, setSeller } from '../../domain/seller';
import { streamCsv } from '../csv';

/** The subscribers list's filters from its query (the list and its export read the same ones). */
const subscriberFilter = (q: billing.SubscribersQuery) => ({
  status: q.status ?? 'active',
  search: q.search || undefined,
  planId: q.plan_id,
  sort: q.sort,
  order: q.order,
});
const transactionFilter = (q: billing.AdminTransactionsQuery) => ({
  userId: q.user_id,
  kind: q.kind,
  search: q.search || undefined,
  from: q.from,
  to: q.to,
  sort: q.sort,
  order: q.order,
});

/** Spec §7 "Payments and plans" and the admin billing calls: thin (validate, call the use case, shape the reply). */
export function billingRoutes(app: Express, b: use.Billing): void {
  // plans
  app.get('/api/v1/membership-plans', async (_req, res) => {
    res.json({ data: await use.listPlans(b, currentContext()?.identity) });
  });
  app.get('/api/v1/membership-plans/:id', async (req, res) => {
    const id = uuidParam(req);
    res.json({ data: await use.getPlan(b, id, currentContext()?.identity) });
  });
  app.post('/api/v1/membership-plans', allow('admin'), async (req, res) => {
    const body = parse(billing.PlanCreateBody, req.body);
    res.status(201).json({ message: 'Plan created', data: await use.createPlan(b, body) });
  });
  app.patch('/api/v1/admin/membership-plans', allow('admin'), async (req, res) => {
    const body = parse(billing.PlanPatchBody, req.body);
    res.json({ message: 'Plan updated', data: await use.patchPlan(b, body) });
  });

  // the card form's provider (no secret: the publishable key is meant for browsers)
  app.get('/api/v1/payments/config', (_req, res) => {
    const data: billing.PaymentsConfig =
      b.provider.kind === 'offline'
        ? { mode: 'test', publishable_key: null }
        : { mode: 'stripe', publishable_key: b.provider.publishableKey };
    res.json({ data });
  });

  // cards (auth/card from the account settings, trial/card from the trial and subscription screens: one use case)
  for (const path of ['/api/v1/auth/card', '/api/v1/trial/card']) {
    app.post(path, async (req, res) => {
      const caller = identity();
      const body = parse(billing.AddCardBody, req.body);
      const result = await use.addCard(b, caller, body);
      if (result.kind === 'action')
        res.status(202).json({
          message: 'Confirm the card with your bank to finish adding it',
          data: {
            status: 'requires_action',
            setup_intent_id: result.setupIntentId,
            client_secret: result.clientSecret,
          },
        });
      else res.status(201).json({ message: 'Card added', data: result.card });
    });
  }
  app.get('/api/v1/auth/card', async (_req, res) => {
    res.json({ data: await use.listCards(b, identity()) });
  });
  app.get('/api/v1/auth/card/:id/default', async (req, res) => {
    const caller = identity();
    res.json({ message: 'Default card updated', data: await use.setDefaultCard(b, caller, uuidParam(req)) });
  });
  app.delete('/api/v1/auth/card/:id', async (req, res) => {
    const caller = identity();
    res.json({ message: 'Card removed', data: await use.deleteCard(b, caller, uuidParam(req)) });
  });

  // subscriptions
  app.post('/api/v1/trial/membership-plans', async (req, res) => {
    const caller = identity();
    const body = parse(billing.SubscribeBody, req.body);
    const { subscription, resumed } = await use.subscribe(b, caller, body);
    res
      .status(resumed ? 200 : 201)
      .json({ message: resumed ? 'Subscription resumed' : 'Subscribed', data: subscription });
  });
  app.patch('/api/v1/change-subscription-plan', async (req, res) => {
    const caller = identity();
    const body = parse(billing.ChangePlanBody, req.body);
    res.json({ message: 'Plan changed', data: await use.changePlan(b, caller, body) });
  });
  app.patch('/api/v1/cancel-membership-plan', async (req, res) => {
    const caller = identity();
    const body = parse(billing.CancelPlanBody, req.body);
    const { subscription, changed } = await use.cancelPlan(b, caller, body);
    res.json({
      message: changed
        ? 'Your subscription ends at the end of the paid period'
        : 'Your subscription is already set to end',
      data: subscription,
    });
  });
  app.get('/api/v1/subscription-transactions', async (req, res) => {
    const userId = use.advisorOnly(identity());
    const q = parse(billing.TransactionsQuery, req.query);
    res.json({ data: await use.transactions(b, { userId, kind: q.kind, page: q.page, pageSize: q.page_size }) });
  });
  // a charge's or refund's receipt (PDF): the owning advisor or an admin; anyone else 404
  app.get('/api/v1/subscription-transactions/:id/receipt', allow('advisor', 'admin'), async (req, res) => {
    const caller = identity();
    const { filename, pdf } = await receipt(b, caller, uuidParam(req));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(pdf);
  });

  // admin
  // the seller's details every receipt prints (issue 35); each save is a new version, with who and when
  app.get('/api/v1/admin/billing/seller', allow('admin'), async (_req, res) => {
    res.json({ data: await getSeller(b) });
  });
  app.put('/api/v1/admin/billing/seller', allow('admin'), async (req, res) => {
    const caller = identity();
    const body = parse(billing.SellerDetailsBody, req.body);
    res.json({ message: 'Seller details saved', data: await setSeller(b, caller, body) });
  });
  app.get('/api/v1/admin/subscribers-list', allow('admin'), async (req, res) => {
    const q = parse(billing.SubscribersQuery, req.query);
    res.json({ data: await use.subscribers(b, { ...subscriberFilter(q), page: q.page, pageSize: q.page_size }) });
  });
  app.get('/api/v1/admin/subscribers-list/export', allow('admin'), async (req, res) => {
    const q = parse(billing.SubscribersQuery, req.query);
    const filter = subscriberFilter(q);
    await streamCsv(
      res,
      exportFilename('subscribers', filter.status),
      SUBSCRIBER_HEADER,
      (stillWanted) => subscriberBatches(b, filter, stillWanted),
      (err) => b.ctx.logger.error({ err }, 'subscribers export failed'),
    );
  });
  for (const kind of billing.REMINDER_KINDS) {
    app.post(`/api/v1/admin/notify-user-for-${kind}`, allow('admin'), async (req, res) => {
      const body = parse(billing.NotifyBody, req.body);
      res.json({ message: await remind(b, kind, body.user_id) });
    });
  }
  app.get('/api/v1/admin/subscription-transactions-list', allow('admin'), async (req, res) => {
    const q = parse(billing.AdminTransactionsQuery, req.query);
    res.json({ data: await use.transactions(b, { ...transactionFilter(q), page: q.page, pageSize: q.page_size }) });
  });
  app.get('/api/v1/admin/subscription-transactions-list/export', allow('admin'), async (req, res) => {
    const q = parse(billing.AdminTransactionsQuery, req.query);
    await streamCsv(
      res,
      exportFilename('subscription-transactions', q.kind),
      TRANSACTION_HEADER,
      (stillWanted) => transactionBatches(b, transactionFilter(q), stillWanted, b.ctx.config.PUBLIC_URL),
      (err) => b.ctx.logger.error({ err }, 'transactions export failed'),
    );
  });
}
