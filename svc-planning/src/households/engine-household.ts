import type { planning } from '@kinfolio/contracts';
import { round2 } from '@kinfolio/money';
import type { Knex } from '@kinfolio/service-kit';
import { engineBalanceSheet } from '../balance-sheet/engine';
import { engineInsurances } from '../insurance/read';
import type { HouseholdRow } from '../records/access';
import { usableDate, usableRecords } from '../records/issues';
import { kinds, type RecordKind } from '../records/kinds';
import type { StoredRecord } from '../records/repository';
import { loadMembers } from './repository';
import { mainMember } from './retirement-dream';

/** Drops undefined fields so a mapped household equals the same household written out by hand. */
function clean<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
/** The lists that hold something (an empty list is left out, as a household written by hand would). */
function nonEmpty<T extends Record<string, unknown[] | undefined>>(lists: T): Partial<T> {
  return Object.fromEntries(Object.entries(lists).filter(([, v]) => v?.length)) as Partial<T>;
}
/** The household's children as the engine's dependants (child tax reliefs by age), or nothing when none are listed. */
function childrenOf(hh: Pick<HouseholdRow, 'children'>): planning.Household['dependants'] {
  const raw = typeof hh.children === 'string' ? JSON.parse(hh.children) : hh.children;
  const list = Array.isArray(raw) ? (raw as Array<{ age?: number; date_of_birth?: string }>) : [];
  if (list.length === 0) return undefined;
  return list.map((c, k) =>
    clean({ id: `child-${k + 1}`, relation: 'child' as const, age: c.age, date_of_birth: usableDate(c.date_of_birth) }),
  );
}
/** The fields of a stored record the engine reads, as the kind declares them (contracts record-kinds.ts `engine`). */
const pick = (r: StoredRecord, kind: RecordKind): Record<string, unknown> =>
  Object.fromEntries((kind.engine ?? []).map((k) => [k, r[k]]));

/** A stored goal as the engine's: a retirement goal starts at its member's retirement age, never a year of its own. */
function engineGoal(r: StoredRecord): Record<string, unknown> {
  const g = pick(r, kinds.goal);
  if (r.type === 'retirement') g.year_from = undefined; // one retirement age (docs/decisions/plan-goals.md)
  return clean(g);
}
/**
 * A retirement-dream rental as an income of the household's main member: the monthly rental times its occupancy, from
 * its start year to its end year, growing at its rate (docs/planning-model.md, "Goals and dreams").
 */
function retirementRentalIncome(r: StoredRecord, memberId: string): Record<string, unknown> {
  const monthly = (Number(r.monthly_rental) * Number(r.occupancy_percent ?? 100)) / 100;
  return clean({
    id: r.id,
    member_id: memberId,
    kind: 'rental',
    amount: round2(monthly),
    frequency: 'monthly',
    currency: r.currency,
    growth_rate: r.growth_rate,
    start_year: r.start_year,
    end_year: r.end_year,
  });
}
/**
 * A retirement-dream capital preservation as a retirement goal of the main member that spends nothing and keeps its
 * capital (today's money, inflated) at the end of the plan, like a retirement goal's legacy amount.
 */
function preservedCapitalGoal(r: StoredRecord, memberId: string): Record<string, unknown> {
  return { id: r.id, type: 'retirement', member_id: memberId, legacy_amount: r.capital, currency: r.currency };
}

/**
 * The one mapping from stored records to the engine's `Household` (svc-planning/src/domain/calculations/types.ts,
 * contract planning.Household): members; incomes; expenses and living expenses (category 'living expense'); goals (a
 * retirement goal from its member's retirement age, never a year of its own); insurance policies with their benefits
 * (insurance/read.ts); the balance sheet: cash and savings funds, portfolio funds, pension accounts, loans and
 * properties (balance-sheet/engine.ts); the retirement-dream rentals (an income) and capital preservations (a
 * retirement legacy). Savings and life-uncertainty records are not engine input (savings stay in the projected cash;
 * the scenario takes its events in the request). Record ids are the stored uuids.
 */
export async function engineHousehold(db: Knex, hh: HouseholdRow, asOf?: string): Promise<planning.Household> {
  const parts = await allOf({
    members: loadMembers(db, hh),
    incomes: usableRecords(db, kinds.income, hh),
    expenses: usableRecords(db, kinds.expense, hh),
    living: usableRecords(db, kinds.livingExpense, hh),
    goals: usableRecords(db, kinds.goal, hh),
    rentals: usableRecords(db, kinds.retirementDreamRental, hh),
    preserved: usableRecords(db, kinds.retirementDreamCapitalPreservation, hh),
    insurances: engineInsurances(db, hh),
    balance: engineBalanceSheet(db, hh),
  });
  return engineHouseholdOf({ hh, asOf, ...parts });
}

/** Every promise of an object awaited at once, by the same keys. */
async function allOf<T extends Record<string, unknown>>(pending: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const keys = Object.keys(pending) as Array<keyof T>;
  const values = await Promise.all(keys.map((k) => pending[k]));
  return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as T;
}

/** What engineHousehold reads of a household, by kind (its stored records, already checked). */
export interface StoredHouseholdParts {
  hh: Pick<HouseholdRow, 'id' | 'currency' | 'inflation_rate' | 'children'>;
  asOf?: string;
  members: Awaited<ReturnType<typeof loadMembers>>;
  incomes: StoredRecord[];
  expenses: StoredRecord[];
  living: StoredRecord[];
  goals: StoredRecord[];
  /** retirement-dream rentals and capital preservations (none when omitted) */
  rentals?: StoredRecord[];
  preserved?: StoredRecord[];
  insurances: planning.Household['insurances'];
  balance: Awaited<ReturnType<typeof engineBalanceSheet>>;
}

/** The engine's `Household` from the stored parts (no I/O: the field-usage test maps generated records with it). */
export function engineHouseholdOf({
  hh,
  asOf,
  members,
  incomes,
  expenses,
  living,
  goals,
  rentals = [],
  preserved = [],
  insurances,
  balance,
}: StoredHouseholdParts): planning.Household {
  const main = mainMember(members);
  const out = {
    customer_id: hh.id,
    as_of: asOf,
    currency: hh.currency,
    inflation_rate: hh.inflation_rate === null ? undefined : Number(hh.inflation_rate),
    members: members.map((m) =>
      clean({
        id: m.id,
        name: m.name || undefined,
        relation: m.relation,
        age: m.age,
        // an impossible date of birth stored before the fix is left out (the age applies) and reported
        date_of_birth: usableDate(m.date_of_birth),
        gender: m.gender,
        maturity_age: m.maturity_age,
        retirement_age: m.retirement_age,
      }),
    ),
    incomes: [
      ...incomes.map((r) => clean(pick(r, kinds.income))),
      ...(main ? rentals.map((r) => retirementRentalIncome(r, main.id)) : []),
    ],
    expenses: [
      ...expenses.map((r) => clean(pick(r, kinds.expense))),
      ...living.map((r) =>
        clean({
          ...pick(r, kinds.livingExpense),
          category: 'living expense',
        }),
      ),
    ],
    goals: [...goals.map(engineGoal), ...(main ? preserved.map((r) => preservedCapitalGoal(r, main.id)) : [])],
    insurances: insurances?.length ? insurances : undefined,
    ...nonEmpty(balance),
    dependants: childrenOf(hh),
  };
  return clean(out) as unknown as planning.Household;
}
