import type { Migration } from '@kinfolio/service-kit';
import { users } from './001_users';
import { sessions } from './002_sessions';
import { otps } from './003_otps';
import { permissions } from './004_permissions';
import { profileContent } from './005_profile_content';
import { leadMagnets } from './006_lead_magnets';

export const migrations: Migration[] = [users, sessions, otps, permissions, profileContent, leadMagnets];
