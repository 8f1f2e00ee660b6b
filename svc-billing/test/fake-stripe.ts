import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type Obj, PaymentSimulator, SimError, type SimEvent } from '../src/payments/simulator';

/**
 * A local HTTP server speaking the subset of Stripe's API the Stripe adapter uses, with Stripe's documented
 * request shapes (form-encoded bodies with bracketed keys, Bearer secret key, Idempotency-Key header) and response
 * shapes (objects, `{error: {type, code, decline_code, message, param}}` with 402 for card errors, 404 for unknown
 * ids). Behind it is the same simulator the offline provider runs. Its events are signed with the `stripe`
 * package's own test helper and handed to `onWebhook`, as Stripe would POST them.
 */

/** `a[b][0][c]=v&…` → nested objects and arrays, as Stripe reads its form bodies. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const [rawKey, rawValue = ''] = pair.split('=') as [string, string?];
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const parts = (key.match(/^[^[]+|\[[^\]]*\]/g) ?? []).map((p) => p.replace(/^\[|\]$/g, ''));
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1] as string);
      const k: string | number = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[k] = value;
      else {
        container[k] ??= nextIsIndex ? [] : {};
        node = container[k] as Record<string, unknown> | unknown[];
      }
    });
  }
  return out;
}

const int = (v: unknown) => (v === undefined ? undefined : Number(v));
const bool = (v: unknown) => (v === undefined ? undefined : v === 'true');

export interface FakeStripe {
  sim: PaymentSimulator;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Every request: method, path, idempotency key. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  close(): Promise<void>;
}

export async function startFakeStripe(opts: {
  webhookSecret: string;
  onWebhook?: (payload: string, signature: string) => void;
}): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake_stripe_key';
  const signer = new Stripe(secretKey).webhooks;
  const sim = new PaymentSimulator({
    onEvent: (event: SimEvent) => {
      const payload = JSON.stringify(event, null, 2);
      opts.onWebhook?.(payload, signer.generateTestHeaderString({ payload, secret: opts.webhookSecret }));
    },
  });
  const requests: FakeStripe['requests'] = [];

  const route = (method: string, path: string, body: Record<string, unknown>, key: string | undefined): Obj => {
    const seg = path.split('/').filter(Boolean); // ['v1', 'customers', id, ...]
    const [, resource, id, action] = seg;
    const k = key ?? undefined;
    if (resource === 'customers') {
      if (method === 'POST' && !id)
        return sim.createCustomer(
          { email: body.email as string | undefined, metadata: body.metadata as Record<string, string> },
          k,
        );
      if (method === 'GET' && id) return sim.retrieveCustomer(id);
      if (method === 'POST' && id)
        return sim.updateCustomer(
          id,
          { invoice_settings: body.invoice_settings as { default_payment_method?: string } | undefined },
          k,
        );
    }
    if (resource === 'setup_intents') {
      if (method === 'POST' && !id)
        return sim.createSetupIntent(
          {
            customer: body.customer as string,
            payment_method: body.payment_method as string,
            confirm: bool(body.confirm),
            usage: body.usage as string,
          },
          k,
        );
      if (method === 'POST' && id && action === 'confirm')
        return sim.confirmSetupIntent(id, { payment_method: body.payment_method as string | undefined }, k);
      if (method === 'POST' && id && action === 'cancel') return sim.cancelSetupIntent(id, k);
      if (method === 'GET' && id) return sim.retrieveSetupIntent(id);
    }
    if (resource === 'payment_methods' && id) {
      if (method === 'GET' && !action) return sim.retrievePaymentMethod(id);
      if (method === 'POST' && action === 'detach') return sim.detachPaymentMethod(id, k);
    }
    if (resource === 'prices' && method === 'POST' && !id) {
      const recurring = body.recurring as { interval: string };
      return sim.createPrice(
        {
          currency: body.currency as string,
          unit_amount: int(body.unit_amount) as number,
          recurring: { interval: recurring?.interval },
          product_data: body.product_data as { name: string },
          metadata: body.metadata as Record<string, string>,
        },
        k,
      );
    }
    if (resource === 'subscriptions') {
      if (method === 'POST' && !id) {
        if (body.payment_behavior !== 'error_if_incomplete')
          throw new SimError(
            400,
            'invalid_request_error',
            'This test server supports payment_behavior=error_if_incomplete only',
            undefined,
            undefined,
            'payment_behavior',
          );
        return sim.createSubscription(
          {
            customer: body.customer as string,
            items: body.items as Array<{ price: string }>,
            payment_behavior: 'error_if_incomplete',
            metadata: body.metadata as Record<string, string>,
          },
          k,
        );
      }
      if (method === 'GET' && id) return sim.retrieveSubscription(id);
      if (method === 'POST' && id)
        return sim.updateSubscription(
          id,
          {
            cancel_at_period_end: bool(body.cancel_at_period_end),
            items: body.items as Array<{ id: string; price: string }> | undefined,
            proration_behavior: body.proration_behavior as string | undefined,
          },
          k,
        );
      if (method === 'DELETE' && id) return sim.cancelSubscription(id, 'cancellation_requested', k);
    }
    throw new SimError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${Date.now()}`,
        'stripe-version': '2026-10-28.endive',
      });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key ?? null });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    try {
      const body = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
      send(200, route(req.method ?? 'GET', url.pathname, body, key));
    } catch (err) {
      if (err instanceof SimError) return send(err.statusCode, err.toJSON());
      send(500, { error: { type: 'api_error', message: String(err) } });
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    sim,
    port,
    secretKey,
    webhookSecret: opts.webhookSecret,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
