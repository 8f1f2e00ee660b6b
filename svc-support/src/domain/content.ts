import { randomUUID } from 'node:crypto';
import type { support } from '@kinfolio/contracts';
import { notFound, type ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { openFiles } from '../data/file.repository';
import { fileUrl } from '../files/uploads';
import { sanitizeRichHtml } from './html';

const iso = (v: Date | string) => new Date(v).toISOString();
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

interface WalkthroughRow {
  id: string;
  title: string;
  description: string;
  link: string;
  page_meta: support.Walkthrough['page_meta'] | string;
  uploaded_files: support.Walkthrough['uploaded_files'] | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const toWalkthrough = (r: WalkthroughRow): support.Walkthrough => ({
  id: r.id,
  title: r.title,
  description: sanitizeRichHtml(r.description),
  link: r.link,
  page_meta: json(r.page_meta),
  uploaded_files: json(r.uploaded_files),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Spec §2.11: a page matches when every value of the walkthrough's page-meta data is contained in the path. */
export function matchesPath(w: Pick<support.Walkthrough, 'page_meta'>, path: string): boolean {
  const values = w.page_meta.data;
  return values.length > 0 && values.every((v) => path.includes(v));
}

export async function listWalkthroughs(
  ctx: ServiceContext,
  q: { path?: string; folder_name?: string },
): Promise<support.Walkthrough[]> {
  const rows = (await ctx
    .db('page_walkthroughs')
    .orderBy([{ column: 'created_at' }, { column: 'id' }])) as WalkthroughRow[];
  return rows
    .map(toWalkthrough)
    .filter((w) => (q.path === undefined ? true : matchesPath(w, q.path)))
    .filter((w) => (q.folder_name === undefined ? true : w.page_meta.folder_name === q.folder_name));
}

type WalkthroughInput = z.infer<typeof support.WalkthroughBody>;

function walkthroughColumns(b: Partial<WalkthroughInput>) {
  return {
    ...(b.title !== undefined ? { title: b.title } : {}),
    ...(b.description !== undefined ? { description: sanitizeRichHtml(b.description) } : {}),
    ...(b.link !== undefined ? { link: b.link } : {}),
    ...(b.page_meta !== undefined ? { page_meta: JSON.stringify(b.page_meta) } : {}),
    ...(b.uploaded_files !== undefined ? { uploaded_files: JSON.stringify(b.uploaded_files) } : {}),
  };
}

/** Walkthroughs are public pages: the files they name become readable by anyone (issue 10 item 4). */
const openWalkthroughFiles = (ctx: ServiceContext, b: Partial<WalkthroughInput>) =>
  b.uploaded_files ? openFiles(ctx.db, b.uploaded_files.files, 'public') : Promise.resolve();
/** Presentations are for signed-in users: so are the files they name. */
const openPresentationFiles = (ctx: ServiceContext, b: Partial<PresentationInput>) =>
  b.files
    ? openFiles(
        ctx.db,
        b.files.map((f) => f.url),
        'signed_in',
      )
    : Promise.resolve();

export async function createWalkthrough(ctx: ServiceContext, b: WalkthroughInput) {
  await openWalkthroughFiles(ctx, b);
  const now = new Date();
  const [row] = (await ctx
    .db('page_walkthroughs')
    .insert({ id: randomUUID(), ...walkthroughColumns(b), created_at: now, updated_at: now })
    .returning('*')) as WalkthroughRow[];
  return toWalkthrough(row!);
}

export async function updateWalkthrough(ctx: ServiceContext, id: string, b: Partial<WalkthroughInput>) {
  await openWalkthroughFiles(ctx, b);
  const [row] = (await ctx
    .db('page_walkthroughs')
    .where({ id })
    .update({ ...walkthroughColumns(b), updated_at: new Date() })
    .returning('*')) as WalkthroughRow[];
  if (!row) throw notFound('Page walkthrough not found');
  return toWalkthrough(row);
}

export async function deleteRow(
  ctx: ServiceContext,
  table: 'page_walkthroughs' | 'presentations',
  id: string,
  what: string,
) {
  const gone = await ctx.db(table).where({ id }).delete().returning('id');
  if (!gone.length) throw notFound(`${what} not found`);
}

interface PresentationRow {
  id: string;
  folder_name: string;
  files: Array<{ name: string; url: string }> | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const toPresentation = (ctx: ServiceContext, r: PresentationRow) => ({
  id: r.id,
  folder_name: r.folder_name,
  files: json(r.files).map((f) => ({
    name: f.name,
    url: f.url.startsWith('https://') ? f.url : fileUrl(f.url),
    key: f.url,
  })),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export async function listPresentations(ctx: ServiceContext) {
  const rows = (await ctx
    .db('presentations')
    .orderBy([{ column: 'folder_name' }, { column: 'id' }])) as PresentationRow[];
  return rows.map((r) => toPresentation(ctx, r));
}

type PresentationInput = z.infer<typeof support.PresentationBody>;

export async function createPresentation(ctx: ServiceContext, b: PresentationInput) {
  await openPresentationFiles(ctx, b);
  const now = new Date();
  const [row] = (await ctx
    .db('presentations')
    .insert({
      id: randomUUID(),
      folder_name: b.folder_name,
      files: JSON.stringify(b.files),
      created_at: now,
      updated_at: now,
    })
    .returning('*')) as PresentationRow[];
  return toPresentation(ctx, row!);
}

export async function updatePresentation(ctx: ServiceContext, id: string, b: Partial<PresentationInput>) {
  await openPresentationFiles(ctx, b);
  const [row] = (await ctx
    .db('presentations')
    .where({ id })
    .update({
      ...(b.folder_name !== undefined ? { folder_name: b.folder_name } : {}),
      ...(b.files !== undefined ? { files: JSON.stringify(b.files) } : {}),
      updated_at: new Date(),
    })
    .returning('*')) as PresentationRow[];
  if (!row) throw notFound('Presentation folder not found');
  return toPresentation(ctx, row);
}
