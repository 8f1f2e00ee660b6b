import type { Migration } from '@kinfolio/service-kit';
import { trials } from './001_trials';
import { payments } from './002_payments';
import { notifications } from './003_notifications';

export const migrations: Migration[] = [trials, payments, notifications];
