import type { Knex } from '@kinfolio/service-kit';
import type { exportsContract as X } from '@kinfolio/contracts';

export interface SharedRow {
  id: string;
  household_id: string;
  advisor_id: string;
  report: X.ExportReport;
  format: X.ExportFormat;
  file_name: string;
  content_type: string;
  size: number;
  blob_key: string;
  note: string | null;
  shared_at: Date | string;
}

/** Records a shared document (its file is already stored under `blob_key`). */
export async function insertSharedDocument(trx: Knex, row: Omit<SharedRow, 'shared_at'>): Promise<SharedRow> {
  const [saved] = await trx<SharedRow>('shared_documents').insert(row).returning('*');
  return saved as SharedRow;
}

/** The household's shared documents, newest first (at most 200). */
export async function sharedDocuments(db: Knex, hh: { id: string; advisor_id: string }): Promise<SharedRow[]> {
  return db<SharedRow>('shared_documents')
    .where({ household_id: hh.id, advisor_id: hh.advisor_id })
    .orderBy([{ column: 'shared_at', order: 'desc' }, { column: 'id' }])
    .limit(200);
}

export async function sharedDocument(
  db: Knex,
  hh: { id: string; advisor_id: string },
  id: string,
): Promise<SharedRow | undefined> {
  return db<SharedRow>('shared_documents').where({ id, household_id: hh.id, advisor_id: hh.advisor_id }).first();
}
