export { billingModule, createBillingModule } from './module';
export { sweepExpiredTrials } from './domain/trials';
