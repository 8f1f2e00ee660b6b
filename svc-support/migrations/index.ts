import type { Migration } from '@kinfolio/service-kit';
import { supportTables } from './001_support';

export const migrations: Migration[] = [supportTables];
