import type { Migration } from '@kinfolio/service-kit';
import { supportTables } from './001_support';
import { supportUsers } from './002_users';
import { revokedSessions, storedFiles, wrapErrorInfo } from './003_hardening';
import { meetings } from './004_meetings';

export const migrations: Migration[] = [
  supportTables,
  supportUsers,
  wrapErrorInfo,
  revokedSessions,
  storedFiles,
  meetings,
];
