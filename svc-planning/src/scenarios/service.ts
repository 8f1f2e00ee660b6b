import type { scenarios as S } from '@kinfolio/contracts';
import type { ServiceContext } from '@kinfolio/service-kit';
import { readableHousehold, writableHousehold } from '../records/access';
import { readSellSequence, saveSellSequence } from './sell-sequence';
import { readScenarioSettings, saveScenarioSettings } from './settings';

/** The stored sell sequence of a household the caller may read. */
export async function sellSequence(ctx: ServiceContext, id: string): Promise<S.SellSequence> {
  return readSellSequence(ctx.db, await readableHousehold(ctx, id));
}

/** Stores the advisor's sell sequence of their own household (`lead_id`). */
export async function changeSellSequence(ctx: ServiceContext, body: S.SellSequenceBody): Promise<S.SellSequence> {
  const hh = await writableHousehold(ctx, body.lead_id);
  return saveSellSequence(ctx.db, hh, body.asset_ids);
}

/** The stored scenario changes of a household the caller may read. */
export async function scenarioSettings(ctx: ServiceContext, id: string): Promise<S.ScenarioSettings> {
  return readScenarioSettings(ctx.db, await readableHousehold(ctx, id));
}

/** Stores the advisor's scenario changes of their own household (`lead_id`). */
export async function changeScenarioSettings(
  ctx: ServiceContext,
  body: S.ScenarioSettingsBody,
): Promise<S.ScenarioSettings> {
  const { lead_id, ...settings } = body;
  const hh = await writableHousehold(ctx, lead_id);
  return saveScenarioSettings(ctx.db, hh, settings);
}
