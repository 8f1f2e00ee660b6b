import { randomBytes, randomUUID } from 'node:crypto';
import type { UserType } from '@kinfolio/contracts';
import type { Identity, TestService } from '@kinfolio/service-kit';
import { insertUser, type UserRow } from '../src/data/user.repository';
import { hashPassword, newReferralId } from '../src/domain/crypto';
import { openSession } from '../src/domain/sessions';

/** A password that passes every rule; hashed once per test file (argon2 is slow on purpose). */
export const GOOD_PASSWORD = 'Tangerine-Harbour-71';
let goodHash: Promise<string> | null = null;
export const goodPasswordHash = () => (goodHash ??= hashPassword(GOOD_PASSWORD));

export const uniqueEmail = (tag = 'u') => `${tag}.${randomBytes(5).toString('hex')}@example.com`;
/** A client address per test, so per-address rate limits of one test do not leak into another. */
export const freshIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** The session token a sign-in set as its HttpOnly cookie (the JSON reply never carries it). */
export function cookieToken(res: { headers: Headers }): string {
  const token = /kf_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no kf_session cookie in the reply');
  return token;
}

export interface Seeded {
  user: UserRow;
  token: string;
  as: Identity;
}

/** Inserts a verified user with GOOD_PASSWORD and opens a session (no HTTP, no extra hashing). */
export async function seedUser(t: TestService, type: UserType, extra: Partial<UserRow> = {}): Promise<Seeded> {
  const ctx = t.svc.ctx;
  const user = await insertUser(ctx.db, {
    id: randomUUID(),
    type,
    name: `${type} ${randomBytes(2).toString('hex')}`,
    email: uniqueEmail(type),
    referral_id: newReferralId(),
    password_hash: await goodPasswordHash(),
    email_verified: true,
    mobile_verified: true,
    ...extra,
  });
  const { token, session } = await openSession(ctx, user, {});
  return { user, token, as: { userId: user.id, type, sessionId: session.id } };
}

/** The newest code sent to `to` (mail or SMS): the standalone 6-digit number of the text. */
export function lastCode(t: TestService, kind: 'mail' | 'sms', to: string): string {
  const box = kind === 'mail' ? t.ports.offline!.mail : t.ports.offline!.sms;
  const text = box.list(to)[0]?.text ?? '';
  const m = /(?<!\d)\d{6}(?!\d)/.exec(text);
  if (!m) throw new Error(`no code in ${kind} to ${to}: ${text}`);
  return m[0];
}

export async function countRows(t: TestService, table: string): Promise<number> {
  const row = (await t.svc.ctx.db(table).count<{ count: string | number }[]>('* as count'))[0];
  return Number(row?.count ?? 0);
}

/** Waits until `check` passes (events cross the bus asynchronously). */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}

export async function outboxTypes(t: TestService, userId: string): Promise<string[]> {
  const rows: Array<{ type: string; payload: unknown }> = await t.svc.ctx
    .db('outbox')
    .orderBy('seq')
    .select('type', 'payload');
  return rows.filter((r) => JSON.stringify(r.payload).includes(userId)).map((r) => r.type);
}

export function expectErrorShape(body: unknown): void {
  if (typeof body !== 'object' || body === null || typeof (body as { message?: unknown }).message !== 'string') {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
}
