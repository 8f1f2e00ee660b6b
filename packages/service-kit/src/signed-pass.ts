import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * A pass one service signs for another to trust (issue 36: svc-planning's meeting pass, checked by svc-support's live
 * socket): `<base64url(JSON payload)>.<base64url(HMAC-SHA256(secret, "pass|" + purpose + "|" + first part))>`. The
 * purpose is part of what is signed, so a pass made for one use is refused for another; the payload's `exp`
 * (milliseconds since the epoch) is checked on reading.
 */
const mac = (secret: string, purpose: string, body: string) =>
  createHmac('sha256', secret).update(`pass|${purpose}|${body}`).digest('base64url');

export function signPass<T extends { exp: number }>(secret: string, purpose: string, payload: T): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The pass's payload when its signature, purpose, schema and expiry hold; else null (never a throw). */
export function verifyPass<T extends { exp: number }>(
  secret: string,
  purpose: string,
  pass: unknown,
  schema: z.ZodType<T>,
  now = Date.now(),
): T | null {
  if (typeof pass !== 'string' || pass.length > 8192) return null;
  const dot = pass.indexOf('.');
  if (dot <= 0 || dot !== pass.lastIndexOf('.')) return null;
  const body = pass.slice(0, dot);
  const given = Buffer.from(pass.slice(dot + 1), 'base64url');
  const want = Buffer.from(mac(secret, purpose, body), 'base64url');
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success || parsed.data.exp < now) return null;
  return parsed.data;
}
