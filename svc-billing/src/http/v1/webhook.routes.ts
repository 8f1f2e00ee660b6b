import express, { type Express, type RequestHandler } from 'express';
import type { Billing } from '../../domain/billing';
import { handleWebhook } from '../../domain/webhooks';

export const WEBHOOK_PATH = '/api/v1/webhooks/stripe';

/**
 * POST webhooks/stripe. The signature is over the exact bytes Stripe sent, so this path reads its body raw: the
 * reader is moved in front of the kit's JSON parser (which the kit mounts before the module's routes; a body
 * already read is left alone by it).
 */
export function webhookRoutes(app: Express, b: Billing): void {
  const raw = express.raw({ type: () => true, limit: '1mb' });
  const rawForPost: RequestHandler = (req, res, next) => (req.method === 'POST' ? raw(req, res, next) : next());
  app.use(WEBHOOK_PATH, rawForPost);
  const stack = (app as unknown as { router: { stack: unknown[] } }).router.stack;
  stack.unshift(stack.pop());

  app.post(WEBHOOK_PATH, async (req, res) => {
    const body: unknown = req.body;
    const payload = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    const { duplicate } = await handleWebhook(b, payload, Array.isArray(signature) ? signature[0] : signature);
    res.json(duplicate ? { received: true, duplicate: true } : { received: true });
  });
}
