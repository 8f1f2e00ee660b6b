import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { UserType } from '@kinfolio/contracts';

/** The identity the gateway verified, as a service sees it. */
export interface Identity {
  userId: string;
  type: UserType;
  sessionId: string;
}

export interface RequestContext {
  correlationId: string;
  identity?: Identity;
  tenant?: string;
  /** True when the request carries a valid gateway signature (internal calls require it). */
  trusted?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a context; everything it awaits (queries, events, logs) sees the same correlation id. */
export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function correlationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}
