import type { scenarios as S } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import { householdChanged, inTransaction } from '../households/changes';
import type { HouseholdRow } from '../records/access';
import { householdRow, lockedAssetIds, saveHouseholdRow } from './repository';
import { readScenarioSettings } from './settings';

interface SellSequenceRow {
  household_id: string;
  advisor_id: string;
  asset_ids: unknown;
  updated_at: Date | string;
}

const ids = (v: unknown): string[] => (typeof v === 'string' ? JSON.parse(v) : (v as string[]));

/** The household's stored sell sequence (an empty one, never saved, when there is none). */
export async function readSellSequence(db: Knex, hh: HouseholdRow): Promise<S.SellSequence> {
  const row = await householdRow<SellSequenceRow>(db, 'scenario_sell_sequences', hh);
  return {
    lead_id: hh.id,
    asset_ids: row ? ids(row.asset_ids) : [],
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/** Replaces the household's sell sequence, with the household.changed event in the same transaction. */
export async function saveSellSequence(db: Knex, hh: HouseholdRow, assetIds: string[]): Promise<S.SellSequence> {
  const now = new Date();
  await inTransaction(db, async (trx) => {
    await saveHouseholdRow(trx, 'scenario_sell_sequences', hh, { asset_ids: JSON.stringify(assetIds) }, now);
    await householdChanged(trx, hh, 'scenario-sell-sequence');
  });
  return { lead_id: hh.id, asset_ids: assetIds, updated_at: now.toISOString() };
}

/**
 * The stored inputs of a scenario: the sell sequence, the locked assets' ids (in the order they were locked) and the
 * scenario's own changes (scenario-settings).
 */
export async function storedScenarioInputs(
  db: Knex,
  hh: HouseholdRow,
): Promise<{ sell_sequence: string[]; locked_assets: string[]; settings: S.ScenarioSettings }> {
  const [seq, locks, settings] = await Promise.all([
    readSellSequence(db, hh),
    lockedAssetIds(db, hh),
    readScenarioSettings(db, hh),
  ]);
  return {
    sell_sequence: seq.asset_ids,
    locked_assets: locks,
    settings,
  };
}
