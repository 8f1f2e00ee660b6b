import { exportsContract as X } from '@kinfolio/contracts';
import type { ServiceContext } from '@kinfolio/service-kit';
import { householdChanged } from '../households/changes';
import { type HouseholdRow, iso } from '../records/access';

interface SettingsRow {
  household_id: string;
  advisor_id: string;
  sections: X.ClientPlanSection[];
  currency: 'SGD' | 'RM' | null;
  saved_at: Date | string;
}

/**
 * The advisor's choice for the household's client plan (issue 35): the sections in their order and the currency
 * (null: the household's own). Before a choice is saved: every section in the default order. A saved section that
 * no longer exists (a later release removed it) is dropped; none left is the default.
 */
export async function clientPlanSettings(ctx: ServiceContext, hh: HouseholdRow): Promise<X.ClientPlanSettings> {
  const row = await ctx
    .db<SettingsRow>('client_plan_settings')
    .where({ household_id: hh.id, advisor_id: hh.advisor_id })
    .first();
  const known = new Set<string>(X.CLIENT_PLAN_SECTIONS);
  const sections = (row?.sections ?? []).filter((s) => known.has(s));
  return {
    sections: sections.length ? sections : [...X.CLIENT_PLAN_SECTIONS],
    currency: row?.currency ?? null,
    saved_at: row ? iso(row.saved_at) : null,
  };
}

/** Saves the advisor's choice (PUT customer/{id}/client-plan). */
export async function saveClientPlanSettings(
  ctx: ServiceContext,
  hh: HouseholdRow,
  body: X.ClientPlanSettingsBody,
): Promise<X.ClientPlanSettings> {
  await ctx.tx(async (trx) => {
    await trx('client_plan_settings')
      .insert({
        household_id: hh.id,
        advisor_id: hh.advisor_id,
        sections: JSON.stringify(body.sections),
        currency: body.currency ?? null,
        saved_at: new Date(),
      })
      .onConflict(['advisor_id', 'household_id'])
      .merge(['sections', 'currency', 'saved_at']);
    await householdChanged(trx, hh, 'client-plan', 'updated');
  });
  return clientPlanSettings(ctx, hh);
}
