import type { Consumer, ServiceContext } from '@kinfolio/service-kit';
import { onMembershipChanged, onTrialStarted } from '../domain/membership';
import { consumerByType } from './by-type';

/** billing.membership.changed.v1 and billing.trial.started.v1 → the advisor's membership state. */
export function billingEventsConsumer(ctx: ServiceContext): Consumer {
  return consumerByType(ctx, {
    'billing.membership.changed.v1': onMembershipChanged,
    'billing.trial.started.v1': onTrialStarted,
  });
}
