import { allow } from '@kinfolio/service-kit';
import type { Request, RequestHandler } from 'express';

/**
 * What every svc-planning route file shares (issue 33): who may call, and the one way a route replies. A route
 * parses its input, calls a use case (its feature's service.ts) and replies; `answer` is that reply.
 */

export const advisorOnly = allow('advisor');
export const readers = allow('advisor', 'customer');
export const adminOnly = allow('admin');

export interface Answer {
  /** The reply's `message` ('Saved', 'Deleted', …); none when absent. */
  message?: string;
  /** The status of a success (201 for a create); 200 when absent. */
  status?: number;
}

/**
 * A JSON route: `work` parses the request and runs the use case; its result is the reply's `data` (no `data` when
 * it is undefined), beside `message` when given.
 */
export function answer(work: (req: Request) => unknown, o: Answer = {}): RequestHandler {
  return async (req, res) => {
    const data = await work(req);
    const body: { message?: string; data?: unknown } = {};
    if (o.message !== undefined) body.message = o.message;
    if (data !== undefined) body.data = data;
    res.status(o.status ?? 200).json(body);
  };
}
