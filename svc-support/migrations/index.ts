import type { Migration } from '@kinfolio/service-kit';
import { supportTables } from './001_support';
import { supportUsers } from './002_users';

export const migrations: Migration[] = [supportTables, supportUsers];
