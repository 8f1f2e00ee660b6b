import express from 'express';
import { AppError, CONCURRENT_CHANGE_MESSAGE, errorHandler, isUniqueViolation } from './errors';
import { createLogger } from './logger';

/** Answers one request with what a route throwing `err` would answer. */
async function answerTo(err: unknown): Promise<{ status: number; body: { message: string } }> {
  const app = express();
  app.get('/x', () => {
    throw err;
  });
  app.use(errorHandler(createLogger('errors-test', 'silent')));
  const server = app.listen(0);
  try {
    const port = (server.address() as { port: number }).port;
    const res = await fetch(`http://127.0.0.1:${port}/x`);
    return { status: res.status, body: (await res.json()) as { message: string } };
  } finally {
    server.close();
  }
}

describe('errorHandler', () => {
  it.each([
    ['23505', 'duplicate key value violates unique constraint "subscriptions_pkey"'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['40P01', 'deadlock detected'],
  ])(
    'answers PostgreSQL %s (two requests changing the same thing at once) with 409, not 500',
    async (code, message) => {
      const err = Object.assign(new Error(message), { code });
      expect(await answerTo(err)).toEqual({ status: 409, body: { message: CONCURRENT_CHANGE_MESSAGE } });
    },
  );

  it('keeps a use case own conflict, and answers anything else unknown with 500', async () => {
    expect((await answerTo(new AppError(409, 'This email is already registered'))).body.message).toBe(
      'This email is already registered',
    );
    const other = await answerTo(Object.assign(new Error('relation does not exist'), { code: '42P01' }));
    expect([other.status, other.body.message]).toEqual([500, 'Something went wrong']);
  });

  it('tells a unique violation, and on which column when asked', () => {
    const dup = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
    });
    expect([isUniqueViolation(dup), isUniqueViolation(dup, 'email'), isUniqueViolation(dup, 'username')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(isUniqueViolation(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
