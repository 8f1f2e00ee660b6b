import { EventTopology, Events } from '@kinfolio/contracts';
import { assertInTopology } from './service';

describe('EventTopology', () => {
  it('names only known event types', () => {
    for (const types of Object.values(EventTopology)) {
      for (const t of types ?? []) expect(Object.keys(Events)).toContain(t);
    }
  });

  it('lets a service consume what is listed for it', () => {
    expect(() => assertInTopology('svc-billing', ['auth.advisor.registered.v1', 'auth.user.deleted.v1'])).not.toThrow();
    expect(() => assertInTopology('svc-planning', [])).not.toThrow();
  });

  it('refuses a binding the topology does not list for that service, naming it', () => {
    expect(() => assertInTopology('svc-billing', ['billing.trial.started.v1'])).toThrow(
      'svc-billing consumes billing.trial.started.v1 but EventTopology does not list it for svc-billing',
    );
    expect(() => assertInTopology('svc-planning', ['auth.user.deleted.v1'])).toThrow(/svc-planning/);
  });
});
