import { auth } from '@kinfolio/contracts';
import { authorize } from './access';
import type { SessionState } from './session';

const now = new Date('2026-03-01T00:00:00Z');
const ident = (over: Partial<auth.SessionIdentity> = {}): auth.SessionIdentity => ({
  session_id: 's1',
  user_id: '11111111-1111-4111-8111-111111111111',
  type: 'advisor',
  membership_status: 'trial',
  trial_ends_at: '2026-03-10T00:00:00Z',
  status: 'active',
  registered_at: '2026-02-20T00:00:00Z',
  ...over,
});
const valid = (over: Partial<auth.SessionIdentity> = {}): SessionState => ({
  kind: 'valid',
  identity: ident(over),
  tokenHash: 'h',
});

describe('authorize', () => {
  it('lets anyone call a public route and forwards a valid session', () => {
    expect(authorize({ access: 'public' }, { kind: 'none' }, undefined, now)).toEqual({ ok: true });
    expect(authorize({ access: 'public' }, { kind: 'invalid' }, undefined, now)).toEqual({ ok: true });
    expect(authorize({ access: 'public' }, valid(), undefined, now)).toMatchObject({
      ok: true,
      identity: { session_id: 's1' },
    });
  });

  it("answers 401 'Invalid token' without a session or with a bad one", () => {
    expect(authorize({ access: 'session' }, { kind: 'none' }, undefined, now)).toEqual({
      ok: false,
      status: 401,
      body: { message: 'Invalid token' },
    });
    expect(authorize({ access: ['admin'] }, { kind: 'invalid' }, undefined, now)).toEqual({
      ok: false,
      status: 401,
      body: { message: 'Invalid token' },
    });
  });

  it('answers 403 to the wrong kind of user', () => {
    expect(authorize({ access: ['admin'] }, valid(), undefined, now)).toMatchObject({ ok: false, status: 403 });
    expect(authorize({ access: ['admin', 'advisor'] }, valid(), undefined, now)).toMatchObject({ ok: true });
  });

  it('refuses an Authorization-Type that does not match the session with 401, ignores it on public routes', () => {
    expect(authorize({ access: 'session' }, valid(), 'customer', now)).toEqual({
      ok: false,
      status: 401,
      body: { message: 'Invalid token' },
    });
    expect(authorize({ access: 'session' }, valid(), 'Advisor', now)).toMatchObject({ ok: true });
    expect(authorize({ access: 'public' }, valid(), 'customer', now)).toEqual({ ok: true });
  });

  it('sends an advisor whose trial ended to /subscription unless the route is withoutMembership', () => {
    const ended = valid({ trial_ends_at: '2026-02-27T00:00:00Z' });
    expect(authorize({ access: ['advisor'] }, ended, undefined, now)).toEqual({
      ok: false,
      status: 403,
      body: { message: auth.SUBSCRIPTION_REQUIRED_MESSAGE, action: 'redirect', route: '/subscription' },
    });
    expect(authorize({ access: ['advisor'], withoutMembership: true }, ended, undefined, now)).toMatchObject({
      ok: true,
    });
    expect(authorize({ access: 'public' }, ended, undefined, now)).toMatchObject({ ok: true });
    expect(
      authorize({ access: 'session' }, valid({ type: 'customer', membership_status: 'expired' }), undefined, now),
    ).toMatchObject({ ok: true });
  });

  it('answers 503 on protected routes when svc-auth cannot verify, and goes on anonymously on public ones', () => {
    expect(authorize({ access: 'session' }, { kind: 'unavailable' }, undefined, now)).toMatchObject({
      ok: false,
      status: 503,
    });
    expect(authorize({ access: 'public' }, { kind: 'unavailable' }, undefined, now)).toEqual({ ok: true });
  });
});
