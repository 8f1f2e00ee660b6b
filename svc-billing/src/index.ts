export { sweepExpiredTrials } from './domain/trials';
export { billingModule, createBillingModule, providerFromEnv, sweepBilling } from './module';
export { OfflineProvider } from './payments/offline';
export { StripeProvider } from './payments/stripe';
