import type { Migration } from '@kinfolio/service-kit';
import { trials } from './001_trials';
import { payments } from './002_payments';
import { notifications } from './003_notifications';
import { receiptsTombstones } from './004_receipts_tombstones';
import { subscriptionClaims } from './005_subscription_claims';
import { sellerDetails } from './006_seller_details';

export const migrations: Migration[] = [
  trials,
  payments,
  notifications,
  receiptsTombstones,
  subscriptionClaims,
  sellerDetails,
];
