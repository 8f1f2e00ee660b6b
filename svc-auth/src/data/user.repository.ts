import type { auth, UserType } from '@kinfolio/contracts';
import { type Knex, pageOf } from '@kinfolio/service-kit';

export interface UserRow {
  id: string;
  type: UserType;
  name: string;
  email: string;
  password_hash: string | null;
  username: string | null;
  profile_image: string | null;
  gender: 'male' | 'female';
  referral_id: string;
  contact_number: string | null;
  country_code: string | null;
  bio: string | null;
  designation: string | null;
  business_email: string | null;
  business_phone: string | null;
  status: 'active' | 'deactivated';
  email_verified: boolean;
  mobile_verified: boolean;
  advisor_id: string | null;
  membership_status: auth.MembershipStatus;
  trial_ends_at: Date | null;
  membership_event_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewUser = Pick<UserRow, 'id' | 'type' | 'name' | 'email' | 'referral_id'> &
  Partial<Omit<UserRow, 'id' | 'type' | 'name' | 'email' | 'referral_id' | 'created_at' | 'updated_at'>>;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The API's view of a user (never the password hash). */
export function toUser(row: UserRow): auth.User {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    email: row.email,
    username: row.username,
    profile_image: row.profile_image,
    gender: row.gender,
    referral_id: row.referral_id,
    contact_number: row.contact_number,
    country_code: row.country_code,
    bio: row.bio,
    designation: row.designation,
    business_email: row.business_email,
    business_phone: row.business_phone,
    status: row.status,
    email_verified: row.email_verified,
    mobile_verified: row.mobile_verified,
    advisor_id: row.advisor_id,
    membership_status: row.membership_status,
    trial_ends_at: iso(row.trial_ends_at),
    created_at: iso(row.created_at) ?? '',
  };
}

export async function insertUser(db: Knex, user: NewUser): Promise<UserRow> {
  const [row] = await db('users').insert(user).returning('*');
  return row as UserRow;
}

export async function findUserById(
  db: Knex,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const q = db<UserRow>('users').where({ id }).first();
  return opts.forUpdate ? q.forUpdate() : q;
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: email.toLowerCase() }).first();
}

export async function findUserByUsername(db: Knex, username: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ username }).first();
}

export async function updateUser(
  db: Knex,
  id: string,
  patch: Partial<Omit<UserRow, 'id' | 'created_at'>>,
): Promise<UserRow | undefined> {
  const [row] = await db('users')
    .where({ id })
    .update({ ...patch, updated_at: new Date() })
    .returning('*');
  return row as UserRow | undefined;
}

export async function deleteUser(db: Knex, id: string): Promise<number> {
  return db('users').where({ id }).delete();
}

export interface UserFilter {
  status?: 'active' | 'deactivated';
  type?: UserType;
  search?: string;
  /** Pending registrations: not verified (e-mail or mobile), verified but not on a paid plan, or either. */
  pending?: 'unverified' | 'no_plan' | 'any';
  page: number;
  page_size: number;
  /** Exports: only users registered before the export began (a sign-up meanwhile cannot shift a row into two pages). */
  createdBefore?: Date;
  /** Exports read page after page and need no total (default true). */
  count?: boolean;
}

/** Escapes LIKE wildcards so a search for "50%" matches literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function filterUsers(db: Knex, f: UserFilter): Promise<{ rows: UserRow[]; total: number }> {
  const base = db<UserRow>('users').modify((q) => {
    if (f.status) q.where('status', f.status);
    if (f.type) q.where('type', f.type);
    if (f.createdBefore) q.where('created_at', '<', f.createdBefore);
    if (f.pending) {
      const unverified = (w: Knex.QueryBuilder) => w.where('email_verified', false).orWhere('mobile_verified', false);
      const noPlan = (w: Knex.QueryBuilder) =>
        w.where('email_verified', true).where('mobile_verified', true).whereNot('membership_status', 'active');
      if (f.pending === 'unverified') q.where(unverified);
      else if (f.pending === 'no_plan') q.where(noPlan);
      else q.where((w) => w.where(unverified).orWhere(noPlan));
    }
    if (f.search) {
      const needle = `%${likeEscape(f.search.toLowerCase())}%`;
      q.where((w) => {
        w.whereRaw("lower(name) like ? escape '\\'", [needle])
          .orWhereRaw("email like ? escape '\\'", [needle])
          .orWhereRaw("coalesce(username, '') like ? escape '\\'", [needle]);
      });
    }
  });
  return pageOf<UserRow>(base, { page: f.page, pageSize: f.page_size, count: f.count }, (q) =>
    q.orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'asc' },
    ]),
  );
}

export async function userStats(db: Knex): Promise<auth.UsersStats> {
  const row = (await db('users')
    .select(
      db.raw('count(*) as total'),
      db.raw("count(*) filter (where status = 'active') as active"),
      db.raw("count(*) filter (where status = 'deactivated') as deactivated"),
      db.raw("count(*) filter (where type = 'admin') as admins"),
      db.raw("count(*) filter (where type = 'advisor') as advisors"),
      db.raw("count(*) filter (where type = 'customer') as customers"),
      db.raw("count(*) filter (where type = 'advisor' and membership_status = 'trial') as on_trial"),
    )
    .first()) as Record<string, string | number> | undefined;
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    total: n('total'),
    active: n('active'),
    deactivated: n('deactivated'),
    admins: n('admins'),
    advisors: n('advisors'),
    customers: n('customers'),
    on_trial: n('on_trial'),
  };
}
