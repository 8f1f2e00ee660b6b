import { scenarios as S } from '@kinfolio/contracts';
import { badRequest, type Knex } from '@kinfolio/service-kit';
import type { RecordKind } from '../records/kinds';

/**
 * The record kinds of scenario modelling (contracts `scenarioKinds`), served by the records module: saved filters of
 * the data table and locked assets (tables of migration 007). An asset is locked once per household.
 */
export const scenarioKinds = {
  savedFilter: {
    name: 'savedFilter',
    ...S.scenarioKinds.savedFilter,
    table: 'scenario_saved_filters',
    check: S.savedFilterIssues,
  },
  lockedAsset: {
    name: 'lockedAsset',
    ...S.scenarioKinds.lockedAsset,
    table: 'scenario_locked_assets',
    async verify(trx: Knex, hh, data, id) {
      const q = trx('scenario_locked_assets')
        .where({ advisor_id: hh.advisor_id, household_id: hh.id })
        .whereRaw("data->>'asset_id' = ?", [String(data.asset_id)]);
      if (id) q.whereNot({ id });
      if (await q.first('id')) throw badRequest('This asset is already locked', 'asset_id');
    },
  },
} satisfies Record<keyof typeof S.scenarioKinds, RecordKind>;
