import { reference as R } from '@kinfolio/contracts';
import { type Knex, notFound } from '@kinfolio/service-kit';

/**
 * Reading the planning thresholds (issue 15): the stored value of each listed threshold or its default
 * (reference.THRESHOLD_DEFAULTS), then the thresholds admins added. Reports measure households against these:
 * `planningThresholds(db)` for the whole list, `thresholdValue(db, key)` for one.
 */
export type StoredThreshold = { id: string; key: string; label: string; unit: string; value: string | number };

export const defaultOf = (key: string) => R.THRESHOLD_DEFAULTS.find((d) => d.key === key);

export function merge(
  d: (typeof R.THRESHOLD_DEFAULTS)[number] | undefined,
  s: StoredThreshold | undefined,
): R.Threshold {
  if (s)
    return {
      id: s.id,
      key: s.key,
      label: s.label,
      unit: s.unit as R.ThresholdUnit,
      value: Number(s.value),
      default: d ? d.value : null,
      is_default: false,
    };
  const x = d as (typeof R.THRESHOLD_DEFAULTS)[number];
  return { id: null, key: x.key, label: x.label, unit: x.unit, value: x.value, default: x.value, is_default: true };
}

/** Every threshold: the listed ones in their order (stored value or default), then those admins added, by label. */
export async function planningThresholds(db: Knex): Promise<R.Threshold[]> {
  const stored: StoredThreshold[] = await db('planning_thresholds').select('id', 'key', 'label', 'unit', 'value');
  const byKey = new Map(stored.map((s) => [s.key, s]));
  const listed = R.THRESHOLD_DEFAULTS.map((d) => merge(d, byKey.get(d.key)));
  const own = stored
    .filter((s) => !defaultOf(s.key))
    .map((s) => merge(undefined, s))
    .sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  return [...listed, ...own];
}

/** One threshold's value (stored or default); for code that measures against it. */
export async function thresholdValue(db: Knex, key: (typeof R.THRESHOLD_DEFAULTS)[number]['key']): Promise<number> {
  const row = await db('planning_thresholds').where({ key }).first('value');
  return row ? Number(row.value) : (defaultOf(key)?.value ?? 0);
}

export async function byId(db: Knex, id: string): Promise<R.Threshold> {
  const row: StoredThreshold | undefined = await db('planning_thresholds')
    .where({ id })
    .first('id', 'key', 'label', 'unit', 'value');
  if (!row) throw notFound('No such threshold');
  return merge(defaultOf(row.key), row);
}
