import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { auth, UPLOAD_MAX_BYTES } from '@kinfolio/contracts';
import {
  badRequest,
  enqueueEvent,
  type Identity,
  type Knex,
  notFound,
  type ServiceContext,
  tenant,
} from '@kinfolio/service-kit';
import {
  deleteGrants,
  deleteLeadMagnet,
  deleteOffered,
  findLeadMagnet,
  grantedAdvisors,
  insertLeadMagnet,
  insertOffered,
  type LeadMagnetRow,
  listLeadMagnets,
  type OfferedRow,
  offeredBy,
  permittedFor,
  setGrantedAdvisors,
  updateLeadMagnet,
  updateOffered,
} from '../data/lead-magnet.repository';
import { findUserByUsername } from '../data/user.repository';
import { isUniqueViolation } from './errors';

export const LEAD_MAGNET_NOT_FOUND = 'Lead magnet not found';
export const FILE_NOT_UPLOADED = 'The file was not found: upload it again';
export const FILE_NOT_YOURS = 'Must be a key returned by an upload call';
export const NOT_PERMITTED = 'You may not use this lead magnet';
export const ALREADY_OFFERED = 'You already offer this lead magnet';
export const ADMIN_MAGNET_FIXED = "An admin lead magnet's title and file are set by the admin";
export const UNKNOWN_ADVISOR = 'No such advisor';
export const DOWNLOAD_LINK_INVALID = 'This download link is invalid or has expired';
/** A download URL works this long. */
export const DOWNLOAD_URL_TTL_SEC = 300;

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};
const extOf = (key: string) => /\.[A-Za-z0-9]+$/.exec(key)?.[0].toLowerCase() ?? '';

/** Whether the first bytes are what the extension says (svc-support checked the whole file on upload; this re-checks). */
function magicMatches(ext: string, head: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  switch (ext) {
    case '.pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    case '.pptx':
    case '.xlsx':
      return starts(0x50, 0x4b, 0x03, 0x04);
    case '.jpg':
    case '.jpeg':
      return starts(0xff, 0xd8, 0xff);
    case '.png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case '.webp':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
    default:
      return false;
  }
}

/**
 * A file key of the caller's own upload (the key names its owner), stored, at most the upload limit, of an allowed
 * type by its first bytes. Answers the content type it is served with; else a 400 naming `field`.
 */
export async function checkFile(
  ctx: ServiceContext,
  ownerId: string,
  key: string,
  field = 'file_key',
): Promise<string> {
  const owner = /^storage\/user\/(?:media|documents)\/([0-9a-f-]{36})\//.exec(key)?.[1];
  if (owner !== ownerId.toLowerCase()) throw badRequest(FILE_NOT_YOURS, field);
  const ext = extOf(key);
  const type = CONTENT_TYPES[ext];
  if (!type) throw badRequest(auth.LEAD_MAGNET_TYPE_MESSAGE, field);
  const info = await ctx.ports.blobs.head(key).catch(() => null);
  if (!info) throw badRequest(FILE_NOT_UPLOADED, field);
  if (info.size > UPLOAD_MAX_BYTES || info.size === 0) throw badRequest(FILE_NOT_UPLOADED, field);
  const head = await ctx.ports.blobs.readRange(key, 0, 16).catch(() => null);
  if (!head || !magicMatches(ext, head)) throw badRequest(auth.LEAD_MAGNET_TYPE_MESSAGE, field);
  return type;
}

const fileNameOf = (key: string, given?: string) => (given?.trim() ? given.trim() : (key.split('/').pop() ?? 'file'));

/* ---------- admin lead magnets ---------- */

function toAdmin(row: LeadMagnetRow, advisorIds: string[]): auth.AdminLeadMagnet {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    file_key: row.file_key,
    file_name: row.file_name,
    published: Boolean(row.published),
    access: row.access,
    advisor_ids: advisorIds,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function withGrants(db: Knex, rows: LeadMagnetRow[]): Promise<auth.AdminLeadMagnet[]> {
  const granted = await grantedAdvisors(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAdmin(r, granted.get(r.id) ?? []));
}

export async function adminList(ctx: ServiceContext): Promise<auth.AdminLeadMagnet[]> {
  return withGrants(ctx.db, await listLeadMagnets(ctx.db));
}

/** Every id must be an advisor's: else a 400 naming `advisor_ids.<i>`. */
async function checkAdvisors(db: Knex, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  if (!unique.length) return unique;
  const found = new Set(
    (await db('users').whereIn('id', unique).andWhere({ type: 'advisor' }).select('id')).map(
      (r: { id: string }) => r.id,
    ),
  );
  const bad = ids.findIndex((id) => !found.has(id.toLowerCase()));
  if (bad >= 0) throw badRequest(UNKNOWN_ADVISOR, `advisor_ids.${bad}`);
  return unique;
}

export async function adminCreate(
  ctx: ServiceContext,
  me: Identity,
  body: auth.AdminLeadMagnetCreateBody,
): Promise<auth.AdminLeadMagnet> {
  const contentType = await checkFile(ctx, me.userId, body.file_key);
  return ctx.tx(async (trx) => {
    const advisors = await checkAdvisors(trx, body.advisor_ids ?? []);
    const row = await insertLeadMagnet(trx, {
      id: randomUUID(),
      title: body.title,
      description: body.description ? body.description : null,
      file_key: body.file_key,
      file_name: fileNameOf(body.file_key, body.file_name),
      content_type: contentType,
      published: body.published,
      access: body.access,
    });
    if (body.advisor_ids) await setGrantedAdvisors(trx, row.id, advisors);
    return (await withGrants(trx, [row]))[0]!;
  });
}

export async function adminUpdate(
  ctx: ServiceContext,
  me: Identity,
  id: string,
  body: auth.AdminLeadMagnetUpdateBody,
): Promise<auth.AdminLeadMagnet> {
  const patch: Partial<LeadMagnetRow> = {};
  if (body.file_key !== undefined) {
    patch.content_type = await checkFile(ctx, me.userId, body.file_key);
    patch.file_key = body.file_key;
    patch.file_name = fileNameOf(body.file_key, body.file_name);
  } else if (body.file_name !== undefined) patch.file_name = body.file_name || 'file';
  if (body.title !== undefined) patch.title = body.title;
  if (body.description !== undefined) patch.description = body.description || null;
  if (body.published !== undefined) patch.published = body.published;
  if (body.access !== undefined) patch.access = body.access;
  return ctx.tx(async (trx) => {
    if (!(await findLeadMagnet(trx, id, { forUpdate: true }))) throw notFound(LEAD_MAGNET_NOT_FOUND);
    const advisors = body.advisor_ids ? await checkAdvisors(trx, body.advisor_ids) : null;
    const row = await updateLeadMagnet(trx, id, patch);
    if (!row) throw notFound(LEAD_MAGNET_NOT_FOUND);
    if (advisors) await setGrantedAdvisors(trx, id, advisors);
    return (await withGrants(trx, [row]))[0]!;
  });
}

/** Deleting an admin lead magnet withdraws it from every advisor's page (cascade) and drops its grants. */
export async function adminDelete(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.tx(async (trx) => {
    if (!(await deleteLeadMagnet(trx, id))) throw notFound(LEAD_MAGNET_NOT_FOUND);
    await deleteGrants(trx, id);
  });
}

/** GET user/permissions/{id}/LM for an advisor: each admin lead magnet's effective grant `lm:<id>`. */
export async function effectiveLeadMagnetPermissions(db: Knex, advisorId: string): Promise<auth.Permission[]> {
  const [all, permitted] = await Promise.all([listLeadMagnets(db), permittedFor(db, advisorId)]);
  const ok = new Set(permitted.map((m) => m.id));
  return all.map((m) => ({ key: `${auth.LEAD_MAGNET_PERMISSION_PREFIX}${m.id}`, granted: ok.has(m.id) }));
}

/* ---------- the advisor's lead magnets ---------- */

/** An admin one stays usable while it is published and open to the advisor; an own upload always. */
const usable = (r: OfferedRow) =>
  !r.lead_magnet_id ||
  (Boolean(r.lm_published) && (r.lm_access === 'all' || (r.lm_access === 'listed' && Boolean(r.lm_granted))));

function toOffered(r: OfferedRow): auth.AdvisorLeadMagnet {
  const admin = Boolean(r.lead_magnet_id);
  return {
    id: r.id,
    source: admin ? 'admin' : 'own',
    lead_magnet_id: r.lead_magnet_id,
    title: (admin ? r.lm_title : r.title) ?? '',
    description: admin ? r.lm_description : r.description,
    file_name: (admin ? r.lm_file_name : r.file_name) ?? 'file',
    show_on_page: Boolean(r.show_on_page),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export async function myLeadMagnets(ctx: ServiceContext, advisorId: string): Promise<auth.AdvisorLeadMagnets> {
  const [mine, permitted] = await Promise.all([offeredBy(ctx.db, advisorId), permittedFor(ctx.db, advisorId)]);
  return {
    mine: mine.filter(usable).map(toOffered),
    available: permitted.map((m) => ({ id: m.id, title: m.title, description: m.description, file_name: m.file_name })),
  };
}

async function offered(ctx: ServiceContext | { db: Knex }, advisorId: string, id: string): Promise<OfferedRow> {
  const row = (await offeredBy(ctx.db, advisorId, id))[0];
  if (!row || !usable(row)) throw notFound(LEAD_MAGNET_NOT_FOUND);
  return row;
}

export async function addLeadMagnet(
  ctx: ServiceContext,
  advisorId: string,
  body: auth.AdvisorLeadMagnetCreateBody,
): Promise<auth.AdvisorLeadMagnet> {
  const id = randomUUID();
  if (body.lead_magnet_id) {
    const pick = body.lead_magnet_id.toLowerCase();
    if (!(await permittedFor(ctx.db, advisorId)).some((m) => m.id === pick))
      throw badRequest(NOT_PERMITTED, 'lead_magnet_id');
    try {
      await insertOffered(ctx.db, {
        id,
        advisor_id: advisorId,
        lead_magnet_id: pick,
        title: null,
        description: null,
        file_key: null,
        file_name: null,
        content_type: null,
        show_on_page: body.show_on_page,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(ALREADY_OFFERED, 'lead_magnet_id');
      if ((err as { code?: string }).code === '23503') throw badRequest(NOT_PERMITTED, 'lead_magnet_id');
      throw err;
    }
  } else {
    const key = body.file_key as string;
    const contentType = await checkFile(ctx, advisorId, key);
    await insertOffered(ctx.db, {
      id,
      advisor_id: advisorId,
      lead_magnet_id: null,
      title: body.title as string,
      description: body.description ? body.description : null,
      file_key: key,
      file_name: fileNameOf(key, body.file_name),
      content_type: contentType,
      show_on_page: body.show_on_page,
    });
  }
  return toOffered(await offered(ctx, advisorId, id));
}

/** Only the owner changes one (anyone else: 404). An admin one takes only show_on_page. */
export async function changeLeadMagnet(
  ctx: ServiceContext,
  advisorId: string,
  id: string,
  body: auth.AdvisorLeadMagnetUpdateBody,
): Promise<auth.AdvisorLeadMagnet> {
  const row = await offered(ctx, advisorId, id);
  const patch: Record<string, unknown> = {};
  if (row.lead_magnet_id) {
    const fixed = (['title', 'description', 'file_key', 'file_name'] as const).find((f) => body[f] !== undefined);
    if (fixed) throw badRequest(ADMIN_MAGNET_FIXED, fixed);
  } else {
    if (body.file_key !== undefined) {
      patch.content_type = await checkFile(ctx, advisorId, body.file_key);
      patch.file_key = body.file_key;
      patch.file_name = fileNameOf(body.file_key, body.file_name);
    } else if (body.file_name !== undefined) patch.file_name = body.file_name || 'file';
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description || null;
  }
  if (body.show_on_page !== undefined) patch.show_on_page = body.show_on_page;
  if (Object.keys(patch).length && !(await updateOffered(ctx.db, advisorId, id, patch)))
    throw notFound(LEAD_MAGNET_NOT_FOUND);
  return toOffered(await offered(ctx, advisorId, id));
}

export async function removeLeadMagnet(ctx: ServiceContext, advisorId: string, id: string): Promise<void> {
  if (!(await deleteOffered(ctx.db, advisorId, id))) throw notFound(LEAD_MAGNET_NOT_FOUND);
}

/* ---------- the public page ---------- */

/** The lead magnets an advisor shows on the public page (usable ones with show_on_page). */
export async function publicLeadMagnets(db: Knex, advisorId: string): Promise<auth.AdvisorPublicPage['lead_magnets']> {
  return (await offeredBy(db, advisorId))
    .filter((r) => r.show_on_page && usable(r))
    .map(toOffered)
    .map((m) => ({ id: m.id, title: m.title, description: m.description }));
}

async function hostAdvisor(ctx: ServiceContext) {
  const name = tenant()?.toLowerCase();
  if (!name || !/^[a-z0-9-]{1,63}$/.test(name)) throw notFound('Advisor not found');
  const user = await findUserByUsername(ctx.db, name);
  if (user?.type !== 'advisor' || user.status !== 'active' || !user.username) throw notFound('Advisor not found');
  return user;
}

const sign = (ctx: ServiceContext, id: string, exp: number) =>
  createHmac('sha256', ctx.config.INTERNAL_SECRET).update(`lead-magnet-file:${id}:${exp}`).digest('base64url');

/**
 * POST advisor/public/lead-magnets/{id}/download: a lead magnet the host's advisor shows. In one transaction the
 * outbox gets auth.lead-magnet.requested.v1 (svc-planning makes the visitor a lead); the reply is a signed URL of
 * the file that works for DOWNLOAD_URL_TTL_SEC.
 */
export async function requestDownload(
  ctx: ServiceContext,
  id: string,
  body: auth.LeadMagnetDownloadBody,
): Promise<{ url: string }> {
  const advisor = await hostAdvisor(ctx);
  const row = (await offeredBy(ctx.db, advisor.id, id))[0];
  if (!row?.show_on_page || !usable(row)) throw notFound(LEAD_MAGNET_NOT_FOUND);
  const magnet = toOffered(row);
  await ctx.tx(async (trx) => {
    await enqueueEvent(trx, 'auth.lead-magnet.requested.v1', {
      advisor_id: advisor.id,
      name: body.name,
      email: body.email,
      lead_magnet_id: row.id,
      lead_magnet_title: magnet.title,
      requested_at: new Date().toISOString(),
    });
  });
  const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_URL_TTL_SEC;
  return { url: `/api/v1/advisor/public/lead-magnets/${row.id}/file?exp=${exp}&sig=${sign(ctx, row.id, exp)}` };
}

/** GET advisor/public/lead-magnets/{id}/file?exp&sig: the file, while the signature is right and not expired. */
export async function signedFile(
  ctx: ServiceContext,
  id: string,
  expRaw: unknown,
  sigRaw: unknown,
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const exp = Number(expRaw);
  const sig = typeof sigRaw === 'string' ? Buffer.from(sigRaw) : Buffer.alloc(0);
  const want = Buffer.from(Number.isFinite(exp) ? sign(ctx, id, exp) : '');
  if (!Number.isInteger(exp) || exp < Date.now() / 1000 || sig.length !== want.length || !timingSafeEqual(sig, want))
    throw notFound(DOWNLOAD_LINK_INVALID);
  const row = await ctx
    .db('advisor_lead_magnets as a')
    .leftJoin('lead_magnets as m', 'm.id', 'a.lead_magnet_id')
    .where('a.id', id)
    .first(
      'a.advisor_id',
      ctx.db.raw('coalesce(m.file_key, a.file_key) as file_key'),
      ctx.db.raw('coalesce(m.file_name, a.file_name) as file_name'),
      ctx.db.raw('coalesce(m.content_type, a.content_type) as content_type'),
    );
  if (!row?.file_key) throw notFound(DOWNLOAD_LINK_INVALID);
  const blob = await ctx.ports.blobs.get(row.file_key).catch(() => null);
  if (!blob) throw notFound('File not found');
  return { body: blob.body, contentType: row.content_type, fileName: row.file_name };
}
