import type { households as H, insurance as I, planning } from '@kinfolio/contracts';
import { convertExact, round2 } from '@kinfolio/money';
import { badRequest, type Knex } from '@kinfolio/service-kit';
import { listCurrencyRates } from '../data/currency-rate.repository';
import { dayNumber, today, ymd } from '../domain/calculations/dates';
import { type BenefitType, cashValueAt, dividendPayoutInYear } from '../domain/calculations/insurance';
import { viewValue } from '../domain/calculations/ownership';
import { annualisedPremium, type PremiumPayment, premiumSchedule } from '../domain/calculations/premiums';
import { loadMembers } from '../households/repository';
import type { HouseholdRow } from '../records/access';
import { usableRecords } from '../records/issues';
import { listRecords, type RecordRow, type StoredRecord, toRecord } from '../records/repository';
import { CHILD_KEYS, insuranceKinds } from './kinds';
import {
  ageIn,
  benefitPosition,
  benefitValue,
  coveredUntil,
  covers,
  scheduleFromTransactions,
  toEngineBenefit,
} from './rules';

/**
 * The insurance reads: a household's policies with every child record (one query for all the children), the
 * coverage by member with the gap to the advisor's targets, and the per-policy projection tables. Money figures
 * come from the engine (annualised premium, benefit amounts, premium schedules, cash values, dividends).
 */
type Rec = StoredRecord & Record<string, unknown>;
type ChildKey = (typeof CHILD_KEYS)[number][0];

const thisYear = () => ymd(today()).year;

/** Every child record of a household's policies, grouped by policy and kind, each in position order. */
async function childrenOf(db: Knex, hh: HouseholdRow): Promise<Map<string, Record<ChildKey, Rec[]>>> {
  const parts = CHILD_KEYS.map(([key, kind]) =>
    db
      .select(
        db.raw('? as k', [key]),
        'id',
        'household_id',
        'member_id',
        'position',
        'data',
        'created_at',
        'updated_at',
      )
      .from(kind.table)
      .where({ advisor_id: hh.advisor_id, household_id: hh.id }),
  );
  const [first, ...rest] = parts;
  const rows: Array<RecordRow & { k: ChildKey }> = await (first as Knex.QueryBuilder)
    .unionAll(rest as Knex.QueryBuilder[], true)
    .orderBy([{ column: 'position' }, { column: 'created_at' }, { column: 'id' }]);
  const out = new Map<string, Record<ChildKey, Rec[]>>();
  for (const row of rows) {
    const rec = toRecord(row) as Rec;
    const policy = String(rec.insurance_id);
    let bucket = out.get(policy);
    if (!bucket) {
      bucket = Object.fromEntries(CHILD_KEYS.map(([k]) => [k, []])) as unknown as Record<ChildKey, Rec[]>;
      out.set(policy, bucket);
    }
    bucket[row.k].push(rec);
  }
  return out;
}

const emptyChildren = () => Object.fromEntries(CHILD_KEYS.map(([k]) => [k, []])) as unknown as Record<ChildKey, Rec[]>;

/** The member a policy's view is scaled for (§6), or 400 `view`. */
function viewer(members: H.Member[], view: string | undefined) {
  if (!view) return null;
  const m = members.find((x) => x.id === view);
  if (!m) throw badRequest('No such member in this household', 'view');
  return m;
}

/** GET customer/{lead_id}/insurance: a page of policies, each with its children, tooltip figures and view. */
export async function wholeInsurance(
  db: Knex,
  hh: HouseholdRow,
  q: { page: number; page_size: number; member_id?: string; view?: string },
) {
  const [page, children, members] = await Promise.all([
    listRecords(db, insuranceKinds.policy, hh, {
      page: q.page,
      page_size: q.page_size,
      sort: 'position',
      order: 'asc',
      member_id: q.member_id,
    }),
    childrenOf(db, hh),
    loadMembers(db, hh),
  ]);
  const view = viewer(members, q.view);
  const year = thisYear();
  const now = today();
  const rows = page.rows.map((p) => {
    const policy = p as Rec & I.InsurancePolicy;
    const kids = children.get(policy.id) ?? emptyChildren();
    const member = members.find((m) => m.id === policy.member_id);
    const age = member ? ageIn(member, year, year) : null;
    const maturityAge = policy.retirement?.maturity_age ?? 100;
    const annualised = annualisedPremium(policy.premium, policy.frequency, policy.premium_loading ?? 0);
    const schedule = scheduleFromTransactions(
      policy.frequency,
      kids.transactions as unknown as Array<I.InsuranceTransaction>,
    );
    const totalPremium = round2(schedule.filter((s) => s.day <= now).reduce((a, s) => a + s.amount, 0));
    const owners = (policy.owners ?? []).map((o) => ({ member_id: o.owner_id ?? '', percentage: o.percentage }));
    const share = view
      ? viewValue(1, { relation: view.relation, id: view.id }, policy.payer_id ?? policy.member_id, owners)
      : 1;
    const scaled = (x: number | undefined) => (x === undefined ? null : round2(x * share));
    return {
      ...policy,
      insured_name: policy.insured ?? member?.name ?? '',
      insured_age: age,
      maturity_year: age === null ? null : year + (maturityAge - age),
      years_to_mature: age === null ? null : Math.max(0, maturityAge - age),
      annualised_premium: annualised,
      total_premium: totalPremium,
      beneficiary_percentage_total: round2(kids.beneficiaries.reduce((a, b) => a + Number(b.percentage), 0)),
      share,
      view: {
        premium: round2(policy.premium * share),
        annualised_premium: round2(annualised * share),
        total_premium: round2(totalPremium * share),
        cash_value: scaled(policy.current_saving?.cash_value),
        fund_value: scaled(policy.current_saving?.fund_value),
        projected_maturity_value: scaled(policy.projected_maturity_value),
      },
      ...kids,
      benefits: kids.benefits.map((b) => ({
        ...b,
        amount: benefitValue(b as unknown as I.InsuranceBenefit),
      })),
    };
  });
  return { ...page, rows };
}

/**
 * GET customer/insurance-coverage-by-member: per member and benefit type, the cover held at the member's age (the
 * engine's benefit amounts, converted to the household currency), from which policies, until what age, and the gap
 * to the advisor's target. A row for every type held or targeted, in the §5 position order (Custom Benefit last).
 */
export async function coverageByMember(db: Knex, hh: HouseholdRow) {
  const [members, policies, coverages, benefits, targets, rateRows] = await Promise.all([
    loadMembers(db, hh),
    usableRecords(db, insuranceKinds.policy, hh),
    usableRecords(db, insuranceKinds.coverage, hh),
    usableRecords(db, insuranceKinds.benefit, hh),
    usableRecords(db, insuranceKinds.coverageTarget, hh),
    listCurrencyRates(db),
  ]);
  const rates = Object.fromEntries(rateRows.map((r) => [r.code, r.rate]));
  const convert = (amount: number, currency: string) => convertExact(amount, currency, hh.currency, rates);
  const year = thisYear();
  const policyById = new Map(policies.map((p) => [p.id, p as Rec & I.InsurancePolicy]));
  const coverageMember = new Map(coverages.map((c) => [c.id, String(c.member_id)]));
  type Row = I.CoverageRow;
  const rows = new Map<string, Map<BenefitType, Row>>();
  const ages = new Map(members.map((m) => [m.id, ageIn(m, year, year)]));
  const rowOf = (memberId: string, type: BenefitType): Row => {
    let byType = rows.get(memberId);
    if (!byType) {
      byType = new Map();
      rows.set(memberId, byType);
    }
    let r = byType.get(type);
    if (!r) {
      const m = members.find((x) => x.id === memberId);
      r = {
        member_id: memberId,
        name: m?.name ?? '',
        age: ages.get(memberId) ?? null,
        benefit_type: type,
        benefit_position: benefitPosition(type),
        currency: hh.currency,
        cover: 0,
        unlimited: false,
        until_age: null,
        policies: [],
        target: null,
        target_id: null,
        gap: null,
      };
      byType.set(type, r);
    }
    return r;
  };
  for (const b of benefits as Array<Rec & I.InsuranceBenefit>) {
    const policy = policyById.get(String(b.insurance_id));
    if (!policy) continue;
    const memberId = (b.coverage_id && coverageMember.get(b.coverage_id)) || policy.member_id;
    if (!ages.has(memberId)) continue;
    const engine = toEngineBenefit(b, convert);
    if (!covers(engine, ages.get(memberId) ?? null)) continue;
    const amount = round2(benefitValue(b, convert));
    const until = coveredUntil(engine);
    const r = rowOf(memberId, b.type);
    r.cover = round2(r.cover + amount);
    if (b.type === 'Medical' && b.medical?.annual_limit === -1) r.unlimited = true;
    r.until_age = Math.max(r.until_age ?? 0, until);
    r.policies.push({
      insurance_id: policy.id,
      benefit_id: b.id,
      plan_name: policy.plan_name ?? null,
      amount,
      until_age: until,
    });
  }
  for (const t of targets as Array<Rec & I.InsuranceCoverageTarget>) {
    if (!ages.has(t.member_id)) continue;
    const r = rowOf(t.member_id, t.benefit_type);
    r.target = round2(convert(t.amount, t.currency));
    r.target_id = t.id;
  }
  for (const byType of rows.values())
    for (const r of byType.values())
      if (r.target !== null) r.gap = r.unlimited ? 0 : round2(Math.max(r.target - r.cover, 0));
  const order = (p: number) => (p < 0 ? 100 : p);
  return {
    lead_id: hh.id,
    currency: hh.currency,
    members: members.map((m) => ({
      member_id: m.id,
      name: m.name,
      age: ages.get(m.id) ?? null,
      rows: [...(rows.get(m.id)?.values() ?? [])].sort((a, b) => order(a.benefit_position) - order(b.benefit_position)),
    })),
  };
}

const EVERY: Record<string, number> = { 'every year': 1, 'every 2 years': 2, 'every 3 years': 3, 'every 5 years': 5 };

/** The schedule the engine makes from a policy's own fields (premium, loading, dates, term, unpaid, proration). */
export function policySchedule(p: I.InsurancePolicy): PremiumPayment[] {
  return premiumSchedule({
    premium: p.premium,
    frequency: p.frequency,
    premium_loading: p.premium_loading,
    policy_date: p.policy_date,
    premium_end_date: p.premium_end_date,
    payment_term: p.premium_detail?.payment_term,
    unpaid_at: p.unpaid_at,
    prorate: p.prorate,
  });
}

/**
 * GET customer/insurance-projections-tables: per policy its premium schedule (from the stored premium transactions,
 * else from the policy) and a table from this year to the maturity year (at most 100 rows): premiums, cumulative
 * premiums, the cash value grown at the policy's growth rate, cash payouts in their period, and cover by type.
 */
export async function projectionsTables(db: Knex, hh: HouseholdRow, insuranceId?: string) {
  const [page, children, members, rateRows] = await Promise.all([
    usableRecords(db, insuranceKinds.policy, hh),
    childrenOf(db, hh),
    loadMembers(db, hh),
    listCurrencyRates(db),
  ]);
  const rates = Object.fromEntries(rateRows.map((r) => [r.code, r.rate]));
  const year = thisYear();
  const policies = (page as Array<Rec & I.InsurancePolicy>).filter((p) => !insuranceId || p.id === insuranceId);
  if (insuranceId && !policies.length) throw badRequest('No such policy in this household', 'insurance_id');
  return policies.map((p) => {
    const kids = children.get(p.id) ?? emptyChildren();
    const convert = (amount: number, currency: string) => convertExact(amount, currency, p.currency, rates);
    const txs = kids.transactions as unknown as I.InsuranceTransaction[];
    const fromTxs = txs.some((t) => t.transaction_type !== 'withdrawal');
    const schedule = fromTxs ? scheduleFromTransactions(p.frequency, txs) : policySchedule(p);
    const member = members.find((m) => m.id === p.member_id);
    const age = member ? ageIn(member, year, year) : null;
    const startYear = ymd(dayNumber(p.policy_date)).year;
    const lastPremium = schedule.length ? ymd((schedule[schedule.length - 1] as PremiumPayment).day).year : year;
    const maturityAge = p.retirement?.maturity_age ?? 100;
    const end = Math.min(year + 99, Math.max(year, age === null ? lastPremium : year + (maturityAge - age)));
    const byYear = new Map<number, number>();
    let before = 0;
    for (const s of schedule) {
      const y = ymd(s.day).year;
      if (y < year) before += s.amount;
      else byYear.set(y, (byYear.get(y) ?? 0) + s.amount);
    }
    const cash = p.current_saving ? (p.current_saving.cash_value ?? p.current_saving.amount ?? 0) : 0;
    const benefits = (kids.benefits as Array<Rec & I.InsuranceBenefit>).map((b) => ({
      type: b.type,
      engine: toEngineBenefit(b, convert),
      amount: benefitValue(b, convert),
    }));
    const payouts = kids.cash_payouts as Array<Rec & I.InsuranceCashPayout>;
    let cumulative = before;
    const years = [];
    for (let y = year; y <= end; y++) {
      const premium = round2(byYear.get(y) ?? 0);
      cumulative += premium;
      const ageY = member ? ageIn(member, y, year) : null;
      const policyYear = y - startYear + 1;
      let paid = 0;
      for (const c of payouts) {
        const step = EVERY[c.dividend_frequency] ?? 1;
        if ((policyYear - c.period.start) % step !== 0) continue;
        paid += dividendPayoutInYear(convert(c.payout.amount, c.payout.currency), policyYear, c.period);
      }
      const cover: Record<string, number> = {};
      for (const b of benefits) if (covers(b.engine, ageY)) cover[b.type] = round2((cover[b.type] ?? 0) + b.amount);
      years.push({
        year: y,
        age: ageY,
        policy_year: policyYear,
        premium,
        cumulative_premium: round2(cumulative),
        cash_value: round2(cashValueAt(cash, year, y, p.retirement?.growth_rate ?? 5)),
        payouts: round2(paid),
        cover,
      });
    }
    return {
      insurance_id: p.id,
      plan_name: p.plan_name ?? null,
      currency: p.currency,
      premium_source: fromTxs ? ('transactions' as const) : ('policy' as const),
      premium_schedule: schedule.map((s) => ({ date: s.date, amount: round2(s.amount), policy_year: s.policy_year })),
      years,
    };
  });
}

/**
 * The household's policies as the engine's `insurances` (contract planning.Insurance): premiums, dates, loading,
 * term, unpaid dates, cash value and its growth, maturity and benefits, each benefit in its stored amounts (the
 * engine converts a policy's amounts with the household's rates like every other record).
 */
export async function engineInsurances(db: Knex, hh: HouseholdRow): Promise<planning.Household['insurances']> {
  const [policies, children] = await Promise.all([usableRecords(db, insuranceKinds.policy, hh), childrenOf(db, hh)]);
  return engineInsurancesOf(policies, children);
}

/** The engine's `insurances` from stored policies and their benefits by policy id (no I/O). */
export function engineInsurancesOf(
  policies: StoredRecord[],
  children: Map<string, Partial<Record<ChildKey, Rec[]>>>,
): planning.Household['insurances'] {
  return policies.map((row) => {
    const p = row as unknown as I.InsurancePolicy & { id: string };
    const benefits = children.get(p.id)?.benefits ?? [];
    return dropUndefined({
      id: p.id,
      member_id: p.member_id,
      payer_id: p.payer_id ?? undefined,
      frequency: p.frequency,
      premium: p.premium,
      premium_loading: p.premium_loading,
      policy_date: p.policy_date,
      premium_end_date: p.premium_end_date ?? undefined,
      payment_term: p.premium_detail?.payment_term,
      unpaid_at: p.unpaid_at?.length ? p.unpaid_at : undefined,
      prorate: p.prorate,
      currency: p.currency,
      current_cash_value: p.current_saving?.cash_value,
      growth_rate: p.retirement?.growth_rate,
      maturity_age: p.retirement?.maturity_age,
      projected_maturity_value: p.projected_maturity_value,
      cash_out_age: p.retirement?.cash_out_age,
      benefits: benefits.map((b) => dropUndefined(toEngineBenefit(b as unknown as I.InsuranceBenefit))),
    });
  }) as planning.Household['insurances'];
}

/** A copy without undefined fields (the engine's contract parses the result). */
function dropUndefined<T extends object>(o: T): T {
  return JSON.parse(JSON.stringify(o)) as T;
}
