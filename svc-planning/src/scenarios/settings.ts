import type { scenarios as S } from '@kinfolio/contracts';
import { badRequest, type Knex } from '@kinfolio/service-kit';
import { householdChanged, inTransaction } from '../households/changes';
import { loadMembers } from '../households/repository';
import type { HouseholdRow } from '../records/access';
import { kinds } from '../records/kinds';
import { allRecords } from '../records/repository';
import { householdRow, saveHouseholdRow } from './repository';

type Settings = Omit<S.ScenarioSettings, 'lead_id' | 'updated_at'>;
interface SettingsRow {
  household_id: string;
  advisor_id: string;
  data: unknown;
  updated_at: Date | string;
}
const EMPTY: Settings = { retirement_age: {}, income_change_percent: {}, expense_change_percent: {} };

/** The household's stored scenario changes (none, never saved, when there are none). */
export async function readScenarioSettings(db: Knex, hh: HouseholdRow): Promise<S.ScenarioSettings> {
  const row = await householdRow<SettingsRow>(db, 'scenario_settings', hh);
  const data = row ? ((typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Settings) : EMPTY;
  return { lead_id: hh.id, ...EMPTY, ...data, updated_at: row ? new Date(row.updated_at).toISOString() : null };
}

/**
 * Every id the changes name must be the household's own: a member for a retirement age, an income record for an
 * income change, an expense or living-expense record for an expense change (else 400 naming the key).
 */
async function checkIds(db: Knex, hh: HouseholdRow, s: Settings): Promise<void> {
  const [members, incomes, expenses, living] = await Promise.all([
    loadMembers(db, hh),
    allRecords(db, kinds.income, hh),
    allRecords(db, kinds.expense, hh),
    allRecords(db, kinds.livingExpense, hh),
  ]);
  const known = {
    retirement_age: new Set(members.filter((m) => m.relation === 'me' || m.relation === 'spouse').map((m) => m.id)),
    income_change_percent: new Set(incomes.map((r) => String(r.id))),
    expense_change_percent: new Set([...expenses, ...living].map((r) => String(r.id))),
  };
  for (const key of ['retirement_age', 'income_change_percent', 'expense_change_percent'] as const)
    for (const id of Object.keys(s[key]))
      if (!known[key].has(id))
        throw badRequest(
          key === 'retirement_age'
            ? 'No such member (me or spouse) in this household'
            : 'No such record in this household',
          `${key}.${id}`,
        );
}

/** Replaces the household's scenario changes, with the household.changed event in the same transaction. */
export async function saveScenarioSettings(db: Knex, hh: HouseholdRow, s: Settings): Promise<S.ScenarioSettings> {
  await checkIds(db, hh, s);
  const now = new Date();
  const data: Settings = {
    retirement_age: s.retirement_age,
    income_change_percent: s.income_change_percent,
    expense_change_percent: s.expense_change_percent,
    ...(s.trials === undefined ? {} : { trials: s.trials }),
  };
  await inTransaction(db, async (trx) => {
    await saveHouseholdRow(trx, 'scenario_settings', hh, { data: JSON.stringify(data) }, now);
    await householdChanged(trx, hh, 'scenario-settings');
  });
  return { lead_id: hh.id, ...data, updated_at: now.toISOString() };
}
