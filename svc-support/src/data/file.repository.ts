import { support } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';

/** Who may read a stored file without being its owner: nobody else, any signed-in user, or anyone. */
export type Visibility = 'private' | 'signed_in' | 'public';
const OPENNESS: Record<Visibility, number> = { private: 0, signed_in: 1, public: 2 };

export interface StoredFileRow {
  key: string;
  owner_id: string;
  file_name: string;
  content_type: string;
  visibility: Visibility;
  upload_session_id: string | null;
  upload_expires_at: Date | string | null;
  stored_at: Date | string | null;
  created_at: Date | string;
}

export async function insertFile(
  db: Knex,
  row: Omit<StoredFileRow, 'created_at' | 'upload_session_id' | 'upload_expires_at' | 'stored_at'> &
    Partial<Pick<StoredFileRow, 'upload_session_id' | 'upload_expires_at' | 'stored_at'>>,
): Promise<void> {
  await db('stored_files').insert({ ...row, created_at: new Date() });
}

export async function findFile(db: Knex, key: string): Promise<StoredFileRow | undefined> {
  return db<StoredFileRow>('stored_files').where({ key }).first();
}

/**
 * Takes a signed upload's one use: only for the session that asked, before the link expires, once. Null when the
 * link is not this session's, has expired or was used already.
 */
export async function claimSignedUpload(db: Knex, key: string, sessionId: string): Promise<StoredFileRow | null> {
  const [row] = (await db('stored_files')
    .where({ key, upload_session_id: sessionId })
    .whereNull('stored_at')
    .where('upload_expires_at', '>', new Date())
    .update({ stored_at: new Date() })
    .returning('*')) as StoredFileRow[];
  return row ?? null;
}

/** After a signed PUT straight to S3: the row of a file the session asked to upload, marked stored (idempotent). */
export async function markSignedStored(db: Knex, key: string, sessionId: string): Promise<StoredFileRow | null> {
  const row = await db<StoredFileRow>('stored_files').where({ key, upload_session_id: sessionId }).first();
  if (!row) return null;
  if (!row.stored_at) await db('stored_files').where({ key }).update({ stored_at: new Date() });
  return row;
}

/** A stored file's bytes were refused: forget it. */
export async function forgetFile(db: Knex, key: string): Promise<void> {
  await db('stored_files').where({ key }).delete();
}

/**
 * Content an admin publishes (walkthroughs: anyone; presentations: signed-in users) opens the files it names to
 * that audience. Never makes a file less open; a file stored before rows existed gets one (owner from its key).
 */
export async function openFiles(db: Knex, keys: string[], visibility: Visibility): Promise<void> {
  for (const key of new Set(keys)) {
    const m = support.OBJECT_KEY_PATTERN.exec(key);
    if (!m) continue;
    const row = await findFile(db, key);
    if (!row) {
      await db('stored_files')
        .insert({
          key,
          owner_id: m[2],
          file_name: m[3],
          content_type: 'application/octet-stream',
          visibility,
          stored_at: new Date(),
          created_at: new Date(),
        })
        .onConflict('key')
        .ignore();
    } else if (OPENNESS[visibility] > OPENNESS[row.visibility]) {
      await db('stored_files').where({ key }).update({ visibility });
    }
  }
}

/** Links a ticket's (or its replies') attachments to it. */
export async function linkTicketFiles(trx: Knex.Transaction, ticketId: string, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await trx('ticket_files')
    .insert([...new Set(keys)].map((key) => ({ key, ticket_id: ticketId })))
    .onConflict(['key', 'ticket_id'])
    .ignore();
}

/** Whether the file is attached to a ticket (or a reply of one) this user owns. */
export async function attachedToTicketOf(db: Knex, key: string, userId: string): Promise<boolean> {
  const row = await db('ticket_files as f')
    .join('tickets as t', 't.id', 'f.ticket_id')
    .where({ 'f.key': key, 't.user_id': userId })
    .first('f.ticket_id');
  return Boolean(row);
}
