import type { households as H } from '@kinfolio/contracts';
import { convertExact, round2 } from '@kinfolio/money';
import type { Knex } from '@kinfolio/service-kit';
import { listCurrencyRates } from '../currency/repository';
import type { HouseholdRow } from '../records/access';
import { usableRecords } from '../records/issues';
import { kinds } from '../records/kinds';
import type { StoredRecord } from '../records/repository';
import { loadMembers } from './repository';

type Flow = { monthly: number; annual: number };
const zero = (): Flow => ({ monthly: 0, annual: 0 });
const done = (f: Flow): Flow => ({ monthly: round2(f.monthly), annual: round2(f.annual) });

/** Does an income or expense run in `year` (its optional start and end years both counted)? */
export const runsIn = (r: StoredRecord, year: number): boolean =>
  !(typeof r.start_year === 'number' && r.start_year > year) && !(typeof r.end_year === 'number' && r.end_year < year);

/**
 * The cash-flow summary of a household (GET customer/cash-flow/{id}): per member and in total, monthly and annual,
 * every amount converted from its own currency to the household's with the stored rate table. It is this year's:
 * an income or expense that starts in a later year or ended in an earlier one is left out (the projection has it in
 * its years; docs/decisions/plan-goals.md).
 */
export async function cashFlowSummary(
  db: Knex,
  hh: HouseholdRow,
  year = new Date().getUTCFullYear(),
): Promise<H.CashFlowSummary> {
  const [members, incomes, expenses, living, savings, rateRows] = await Promise.all([
    loadMembers(db, hh),
    usableRecords(db, kinds.income, hh),
    usableRecords(db, kinds.expense, hh),
    usableRecords(db, kinds.livingExpense, hh),
    usableRecords(db, kinds.saving, hh),
    listCurrencyRates(db),
  ]);
  const rates = Object.fromEntries(rateRows.map((r) => [r.code, r.rate]));
  const slot = (o: Record<string, Flow>, key: string): Flow => {
    const f = o[key] ?? zero();
    o[key] = f;
    return f;
  };
  const add = (f: Flow, r: StoredRecord) => {
    const amount = convertExact(Number(r.amount), String(r.currency), hh.currency, rates);
    const monthly = r.frequency === 'annual' ? amount / 12 : amount;
    f.monthly += monthly;
    f.annual += monthly * 12;
  };
  const per = new Map(
    members.map((m) => [m.id, { income: zero(), expenses: zero(), living_expenses: zero(), savings: zero() }]),
  );
  const household = { expenses: zero(), living_expenses: zero() };
  const byKind: Record<string, Flow> = {};
  const byCategory: Record<string, Flow> = {};
  for (const r of incomes) {
    if (!runsIn(r, year)) continue;
    add(per.get(String(r.member_id))?.income ?? zero(), r);
    add(slot(byKind, String(r.kind)), r);
  }
  for (const r of expenses) {
    if (!runsIn(r, year)) continue;
    add(per.get(String(r.member_id))?.expenses ?? household.expenses, r);
    add(slot(byCategory, String(r.category)), r);
  }
  for (const r of living) {
    add(per.get(String(r.member_id))?.living_expenses ?? household.living_expenses, r);
    add(slot(byCategory, 'living expense'), r);
  }
  for (const r of savings) add(per.get(String(r.member_id))?.savings ?? zero(), r);
  const totals = {
    income: zero(),
    expenses: { ...household.expenses },
    living_expenses: { ...household.living_expenses },
    savings: zero(),
    net: zero(),
  };
  const sum = (a: Flow, b: Flow) => {
    a.monthly += b.monthly;
    a.annual += b.annual;
  };
  const rows = members.map((m) => {
    const p = per.get(m.id) ?? { income: zero(), expenses: zero(), living_expenses: zero(), savings: zero() };
    sum(totals.income, p.income);
    sum(totals.expenses, p.expenses);
    sum(totals.living_expenses, p.living_expenses);
    sum(totals.savings, p.savings);
    const net = {
      monthly: p.income.monthly - p.expenses.monthly - p.living_expenses.monthly - p.savings.monthly,
      annual: p.income.annual - p.expenses.annual - p.living_expenses.annual - p.savings.annual,
    };
    return {
      member_id: m.id,
      name: m.name,
      relation: m.relation,
      income: done(p.income),
      expenses: done(p.expenses),
      living_expenses: done(p.living_expenses),
      savings: done(p.savings),
      net: done(net),
    };
  });
  totals.net = {
    monthly: totals.income.monthly - totals.expenses.monthly - totals.living_expenses.monthly - totals.savings.monthly,
    annual: totals.income.annual - totals.expenses.annual - totals.living_expenses.annual - totals.savings.annual,
  };
  const map = (o: Record<string, Flow>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, done(v)]));
  return {
    household_id: hh.id,
    currency: hh.currency,
    members: rows,
    household: { expenses: done(household.expenses), living_expenses: done(household.living_expenses) },
    incomes_by_kind: map(byKind),
    expenses_by_category: map(byCategory),
    totals: {
      income: done(totals.income),
      expenses: done(totals.expenses),
      living_expenses: done(totals.living_expenses),
      savings: done(totals.savings),
      net: done(totals.net),
    },
  };
}
