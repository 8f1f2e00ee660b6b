import { createHmac, timingSafeEqual } from 'node:crypto';
import { InternalHeaders, UserType } from '@kinfolio/contracts';
import type { Identity } from './context';

/**
 * The gateway signs the identity it verified; services trust identity headers only with a valid signature made
 * with the shared INTERNAL_SECRET within MAX_SKEW_MS, so a request that bypasses the gateway cannot claim a user.
 */
const MAX_SKEW_MS = 60_000;

function payload(id: Identity | null, tenant: string, ts: string, correlationId: string, client: string): string {
  return [id?.userId ?? '', id?.type ?? '', id?.sessionId ?? '', tenant, ts, correlationId, client].join('|');
}

function mac(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signIdentityHeaders(
  secret: string,
  identity: Identity | null,
  tenant: string | undefined,
  correlationId: string,
  /** `client`: the caller's address as the gateway saw it (per-address rate limits read only this). */
  opts: { client?: string; now?: number } = {},
): Record<string, string> {
  const ts = String(opts.now ?? Date.now());
  const client = opts.client ?? '';
  const headers: Record<string, string> = {
    [InternalHeaders.timestamp]: ts,
    [InternalHeaders.correlationId]: correlationId,
    [InternalHeaders.signature]: mac(secret, payload(identity, tenant ?? '', ts, correlationId, client)),
  };
  if (tenant) headers[InternalHeaders.tenant] = tenant;
  if (client) headers[InternalHeaders.clientAddress] = client;
  if (identity) {
    headers[InternalHeaders.userId] = identity.userId;
    headers[InternalHeaders.userType] = identity.type;
    headers[InternalHeaders.sessionId] = identity.sessionId;
  }
  return headers;
}

type HeaderBag = Record<string, string | string[] | undefined>;
const h = (headers: HeaderBag, name: string): string => {
  const v = headers[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

export interface VerifiedIdentity {
  valid: boolean;
  identity: Identity | null;
  tenant?: string;
  /** The signed client address; absent when the signer gave none or the signature is not valid. */
  client?: string;
}

/** Verifies the gateway's signature; an unsigned or stale request is treated as anonymous and untrusted. */
export function verifyIdentityHeaders(secret: string, headers: HeaderBag, now = Date.now()): VerifiedIdentity {
  const sig = h(headers, InternalHeaders.signature);
  const ts = h(headers, InternalHeaders.timestamp);
  if (!sig || !ts || Math.abs(now - Number(ts)) > MAX_SKEW_MS) return { valid: false, identity: null };
  const userId = h(headers, InternalHeaders.userId);
  const type = UserType.safeParse(h(headers, InternalHeaders.userType));
  const identity: Identity | null = userId && type.success ? { userId, type: type.data, sessionId: h(headers, InternalHeaders.sessionId) } : null;
  const tenant = h(headers, InternalHeaders.tenant) || undefined;
  const client = h(headers, InternalHeaders.clientAddress);
  const expected = mac(secret, payload(identity, tenant ?? '', ts, h(headers, InternalHeaders.correlationId), client));
  const a = Buffer.from(sig);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { valid: false, identity: null };
  return { valid: true, identity, tenant, client: client || undefined };
}
