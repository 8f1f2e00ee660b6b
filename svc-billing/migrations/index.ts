import type { Migration } from '@kinfolio/service-kit';
import { trials } from './001_trials';

export const migrations: Migration[] = [trials];
