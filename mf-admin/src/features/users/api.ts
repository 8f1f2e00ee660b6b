import type { auth } from '@kinfolio/contracts';
import { api } from '@kinfolio/ui-kit';

export type User = auth.User;
export type UserType = User['type'];
export type UserStatus = User['status'];

export interface UsersFilter {
  status: UserStatus;
  type?: UserType;
  search?: string;
  page: number;
  page_size: number;
}

export interface UsersPage {
  rows: User[];
  total: number;
  page: number;
  page_size: number;
}

export interface UsersStats {
  total: number;
  active: number;
  deactivated: number;
  admins: number;
  advisors: number;
  customers: number;
  on_trial: number;
}

export const PAGE_SIZE = 10;

/** POST admin/get-filtered-users with the filter body (empty search and "all types" are left out). */
export function fetchUsers(filter: UsersFilter, signal?: AbortSignal): Promise<UsersPage> {
  const body: Record<string, unknown> = { status: filter.status, page: filter.page, page_size: filter.page_size };
  if (filter.type) body.type = filter.type;
  const search = filter.search?.trim();
  if (search) body.search = search;
  return api.post<UsersPage>('admin/get-filtered-users', body, { signal, key: 'admin-users-list' });
}

export function fetchUsersStats(signal?: AbortSignal): Promise<UsersStats> {
  return api.get<UsersStats>('admin/users-stats', undefined, { signal, key: 'admin-users-stats' });
}

export function setUserStatus(id: string, status: UserStatus): Promise<User> {
  return api.patch<User>(`admin/get-filtered-users/${encodeURIComponent(id)}`, { status });
}

export function deleteUser(id: string): Promise<unknown> {
  return api.del<unknown>(`admin/get-filtered-users/${encodeURIComponent(id)}`);
}
