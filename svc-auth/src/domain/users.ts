import { type auth, type EventPayload, MEDIA_EXTENSIONS, support } from '@kinfolio/contracts';
import {
  badRequest,
  enqueueEvent,
  forbidden,
  type Identity,
  notFound,
  type ServiceContext,
  tenant,
} from '@kinfolio/service-kit';
import { findUserById, findUserByUsername, toUser, type UserRow, updateUser } from '../data/user.repository';
import { isUniqueViolation, usernameTaken } from './errors';
import { publicLeadMagnets } from './lead-magnets';
import { publicContent } from './profile-content';

export const USER_NOT_FOUND = 'User not found';

/**
 * Who may see a user: the user themself, an admin, and an advisor for their own customers. Everyone else gets the
 * same 404 as for an unknown id (nothing reveals that another tenant's user exists).
 */
export async function visibleUser(ctx: ServiceContext, caller: Identity, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (caller.userId === id || caller.type === 'admin') return user;
  if (caller.type === 'advisor' && user.type === 'customer' && user.advisor_id === caller.userId) return user;
  throw notFound(USER_NOT_FOUND);
}

export const PROFILE_IMAGE_MESSAGE = 'Choose an image you uploaded';

/**
 * A profile image must be the caller's own upload (issue 30 item 5): the key svc-support gave an image they (or, when
 * an admin sets it, the user whose profile it is) uploaded. svc-support alone makes keys, always
 * `storage/user/media/<uploader id>/<128 random bits>.<ext>` (support.OBJECT_KEY_PATTERN), so the uploader is read
 * from the key itself, as svc-support checks ticket attachments; another user's key, a document, a video or an
 * outside address is refused. The value the profile already has is kept as it is (a form resends it), and '' clears it
 * (docs/decisions/auth.md).
 */
export function checkProfileImage(value: string, owners: string[], current: string | null): void {
  if (value === '' || value === current) return;
  const m = support.OBJECT_KEY_PATTERN.exec(value);
  const ext = value.slice(value.lastIndexOf('.')).toLowerCase();
  const ok =
    !!m &&
    m[1] === 'media' &&
    owners.some((o) => o.toLowerCase() === m[2]) &&
    (MEDIA_EXTENSIONS as readonly string[]).includes(ext);
  if (!ok) throw badRequest(PROFILE_IMAGE_MESSAGE, 'profile_image');
}

/** Sub-domains that never name a tenant (spec §1) or that the platform uses itself. */
export const RESERVED_USERNAMES = new Set([
  'www',
  'dev',
  'localhost',
  'api',
  'admin',
  'app',
  'mail',
  'static',
  'assets',
  'support',
  'help',
  'status',
  'kinfolio',
]);

/**
 * The contact facts an advisor's events carry (svc-planning puts them on the client plan's cover, issue 35): the
 * sign-up mobile with its country code, as the admin list writes it ('+65 91234567'), and the profile photo's key.
 */
export function advisorContact(u: Pick<UserRow, 'country_code' | 'contact_number' | 'profile_image'>) {
  return {
    contact_number: u.contact_number ? [u.country_code, u.contact_number].filter(Boolean).join(' ') : null,
    profile_image: u.profile_image ?? null,
  };
}

/**
 * auth.user.updated.v1 for a user as now stored. An advisor's carries the business e-mail and phone, the mobile and
 * the photo's key too (the cover of the plans they give clients); another user's carries no contact details, as no
 * consumer needs a customer's or an admin's.
 */
export function userUpdated(row: UserRow): EventPayload<'auth.user.updated.v1'> {
  const base = {
    user_id: row.id,
    type: row.type,
    name: row.name,
    email: row.email,
    username: row.username,
    designation: row.designation ?? null,
  };
  if (row.type !== 'advisor') return base;
  return {
    ...base,
    business_email: row.business_email ?? null,
    business_phone: row.business_phone ?? null,
    ...advisorContact(row),
  };
}

/**
 * PATCH user/update: the user themself or an admin. Username rules (spec §5) come from the contract (letters,
 * digits, spaces → hyphens, lowercase, 'Enter user name' when empty); here: only advisors have one, and it is unique.
 * Empty strings clear the optional text fields. Emits auth.user.updated.v1.
 */
export async function updateProfile(
  ctx: ServiceContext,
  caller: Identity,
  body: auth.UpdateUserBody,
): Promise<auth.User> {
  if (caller.type !== 'admin' && caller.userId !== body.user_id)
    throw forbidden('You can only update your own profile');
  const target = await findUserById(ctx.db, body.user_id);
  if (!target) throw notFound(USER_NOT_FOUND);
  if (body.profile_image !== undefined)
    checkProfileImage(body.profile_image, [caller.userId, target.id], target.profile_image);
  const patch: Partial<UserRow> = {};
  if (body.username !== undefined && body.username !== target.username) {
    if (target.type !== 'advisor') throw badRequest('Only advisors have a user name', 'username');
    if (RESERVED_USERNAMES.has(body.username)) throw usernameTaken();
    const holder = await findUserByUsername(ctx.db, body.username);
    if (holder && holder.id !== target.id) throw usernameTaken();
    patch.username = body.username;
  }
  if (body.name !== undefined) patch.name = body.name;
  if (body.gender !== undefined) patch.gender = body.gender;
  for (const key of ['designation', 'business_email', 'business_phone', 'bio', 'profile_image'] as const) {
    const v = body[key];
    if (v !== undefined) patch[key] = v === '' ? null : v;
  }
  try {
    const saved = await ctx.tx(async (trx) => {
      const row = (await updateUser(trx, target.id, patch))!;
      await enqueueEvent(trx, 'auth.user.updated.v1', userUpdated(row));
      return row;
    });
    return toUser(saved);
  } catch (err) {
    if (isUniqueViolation(err, 'username')) throw usernameTaken();
    throw err;
  }
}

/**
 * GET advisor/public: the advisor named by the host's sub-domain (spec §3 advisor public details), with the expert
 * positioning content of the public page (meta data, testimonials, published reviews and their average).
 */
export async function advisorPublic(ctx: ServiceContext): Promise<auth.AdvisorPublicPage> {
  const name = tenant()?.toLowerCase();
  if (!name || !/^[a-z0-9-]{1,63}$/.test(name)) throw notFound('Advisor not found');
  const user = await findUserByUsername(ctx.db, name);
  if (user?.type !== 'advisor' || user.status !== 'active' || !user.username) throw notFound('Advisor not found');
  return {
    name: user.name,
    username: user.username,
    designation: user.designation,
    business_email: user.business_email,
    email: user.email,
    business_phone: user.business_phone,
    contact_number: user.contact_number,
    og_image: user.profile_image,
    ...(await publicContent(ctx, user.id)),
    lead_magnets: await publicLeadMagnets(ctx.db, user.id),
  };
}
