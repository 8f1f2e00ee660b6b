import type { households as H, insurance as I, planning, reference as Ref } from '@kinfolio/contracts';
import { convertExact, rateBetween, round2 } from '@kinfolio/money';
import { badRequest, type Knex, type ServiceContext } from '@kinfolio/service-kit';
import { listCurrencyRates } from '../currency/repository';
import { dayNumber, today, ymd } from '../domain/calculations/dates';
import type { Explainer } from '../domain/calculations/explain';
import { cashValueAt, dividendPayoutInYear } from '../domain/calculations/insurance';
import { viewValue } from '../domain/calculations/ownership';
import { annualisedPremium, type PremiumPayment, premiumSchedule } from '../domain/calculations/premiums';
import { loadMembers } from '../households/repository';
import type { HouseholdRow } from '../records/access';
import { usableRecords } from '../records/issues';
import { listRecords, type RecordRow, type StoredRecord, toRecord } from '../records/repository';
import { planningThresholds } from '../reference/thresholds/read';
import { coverageRows, earnedIncomeCents, type HeldBenefit, rowLabel, rowTypeOf } from './coverage';
import { recordKinds as R } from '@kinfolio/contracts';
import { kinds as K, kindsIn, type RecordKind } from '../records/kinds';
import { ageIn, benefitValue, coveredUntil, covers, scheduleFromTransactions, toEngineBenefit } from './rules';

/**
 * The insurance reads: a household's policies with every child record (one query for all the children), the
 * coverage by member with the gap to the advisor's targets, and the per-policy projection tables. Money figures
 * come from the engine (annualised premium, benefit amounts, premium schedules, cash values, dividends).
 */
type Rec = StoredRecord & Record<string, unknown>;
/** The policy's child kinds in declaration order, each with the key its records are listed under (`group`). */
const CHILD_KEYS: Array<[ChildKey, RecordKind]> = kindsIn('insurance')
  .filter((k) => typeof k.parent === 'object' && k.parent.kind === 'policy')
  .map((k) => [k.group as ChildKey, k]);
type ChildKey = {
  [N in R.KindName]: (typeof R.KINDS)[N] extends { group: infer G extends string } ? G : never;
}[R.KindName];

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
    listRecords(db, K.policy, hh, {
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
    const premiums = premiumsOf(policy, kids.transactions as unknown as I.InsuranceTransaction[]);
    const totalPremium = paidToDate(premiums.schedule, now);
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
      premium_source: premiums.source,
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

/** What coverageByMember may be handed instead of reading it (the report passes its projection's, once). */
export interface CoverageSources {
  /**
   * The engine household as the plan reads it (reports/projection storedHousehold, or the projection's): its incomes
   * give the earned income a threshold multiplies.
   */
  household: planning.Household | Promise<planning.Household>;
  /** The planning thresholds in force (reference/thresholds planningThresholds); default: read here. */
  thresholds?: Ref.Threshold[] | Promise<Ref.Threshold[]>;
  /** Records how each cover, target and gap was reached (issue 34, coverage.ts). */
  ex?: Explainer | null;
}

/**
 * GET customer/insurance-coverage-by-member: per member and benefit type, the cover held at the member's age (the
 * engine's benefit amounts, converted to the household currency), from which policies, until what age, the target
 * (the advisor's, else the planning threshold's) and the gap: ./coverage.ts coverageRows, the one computation the
 * insurance tab, the report, its checks and the exports read.
 */
export async function coverageByMember(ctx: ServiceContext, hh: HouseholdRow, sources: CoverageSources) {
  const db = ctx.db;
  const [members, policies, coverages, benefits, targets, rateRows, household, thresholds] = await Promise.all([
    loadMembers(db, hh),
    usableRecords(db, K.policy, hh),
    usableRecords(db, K.coverage, hh),
    usableRecords(db, K.benefit, hh),
    usableRecords(db, K.coverageTarget, hh),
    listCurrencyRates(db),
    sources.household,
    sources.thresholds ?? planningThresholds(db),
  ]);
  return coverageOf({
    hh,
    year: thisYear(),
    members,
    policies,
    coverages,
    benefits,
    targets,
    rates: Object.fromEntries(rateRows.map((r) => [r.code, r.rate])),
    household,
    thresholds,
    ex: sources.ex ?? null,
  });
}

/** What coverageOf reads: a household's stored records and rates, as coverageByMember loads them. */
export interface CoverageParts {
  hh: Pick<HouseholdRow, 'id' | 'currency'>;
  /** The year the members' ages are taken in (this year). */
  year: number;
  members: ReadonlyArray<Pick<H.Member, 'id' | 'name' | 'age' | 'date_of_birth'>>;
  policies: readonly StoredRecord[];
  coverages: readonly StoredRecord[];
  benefits: readonly StoredRecord[];
  targets: readonly StoredRecord[];
  /** Rates by currency code (currency_rates). */
  rates: Record<string, number>;
  household: Pick<planning.Household, 'as_of' | 'incomes'>;
  thresholds: readonly Ref.Threshold[];
  /** Records how each cover, target and gap was reached (issue 34, coverage.ts). */
  ex?: Explainer | null;
}

type Money = { currency: string } | undefined;
/** The one currency a benefit's amounts are in (null: none, or several), for its explanation's conversion. */
function benefitCurrency(b: I.InsuranceBenefit): string | null {
  const all: Money[] = [
    b.payout?.lump_sum_payout,
    b.payout?.regular,
    b.lump_sum,
    b.critical_illness?.ci_guard,
    b.critical_illness?.ci_advance,
    b.medical_amount,
    b.type === 'Medical' && (b.medical?.annual_limit ?? 0) > 0 ? b.medical : undefined,
  ];
  const codes = new Set(all.filter((x) => x !== undefined).map((x) => String(x.currency).toUpperCase()));
  return codes.size === 1 ? ([...codes][0] as string) : null;
}

/**
 * coverageByMember's computation without I/O (the field-usage test maps generated records with it): each benefit
 * still covering its member (the coverage's member, else the policy's insured) at their age, converted to the
 * household currency, then ./coverage.ts coverageRows with the advisor's targets and the thresholds.
 */
export function coverageOf({
  hh,
  year,
  members,
  policies,
  coverages,
  benefits,
  targets,
  rates,
  household,
  thresholds,
  ex = null,
}: CoverageParts) {
  const home = hh.currency.toUpperCase();
  /** Explaining: an amount in its own currency and 1 unit of it in the household's (none when it is the same). */
  const ownOf = (amount: number, currency: string | null) =>
    ex === null || currency === null || currency.toUpperCase() === home
      ? undefined
      : { amount, currency: currency.toUpperCase(), rate: rateBetween(currency, hh.currency, rates) };
  const convert = (amount: number, currency: string) => convertExact(amount, currency, hh.currency, rates);
  const policyById = new Map(policies.map((p) => [p.id, p as Rec & I.InsurancePolicy]));
  const coverageMember = new Map(coverages.map((c) => [c.id, String(c.member_id)]));
  const ages = new Map(members.map((m) => [m.id, ageIn(m, year, year)]));
  const held: HeldBenefit[] = [];
  for (const b of benefits as Array<Rec & I.InsuranceBenefit>) {
    const policy = policyById.get(String(b.insurance_id));
    if (!policy) continue;
    const memberId = (b.coverage_id && coverageMember.get(b.coverage_id)) || policy.member_id;
    if (!ages.has(memberId)) continue;
    const engine = toEngineBenefit(b, convert);
    if (!covers(engine, ages.get(memberId) ?? null)) continue;
    held.push({
      member_id: memberId,
      type: b.type,
      insurance_id: policy.id,
      benefit_id: b.id,
      plan_name: policy.plan_name ?? null,
      amount: round2(benefitValue(b, convert)),
      until_age: coveredUntil(engine),
      unlimited: b.type === 'Medical' && b.medical?.annual_limit === -1,
      ...(ex === null ? {} : { own: ownOf(benefitValue(b), benefitCurrency(b)) }),
    });
  }
  const incomeYear = household.as_of ? Number(household.as_of.slice(0, 4)) : year;
  const inHome = (amount: number, currency: string | undefined) => round2(convert(amount, currency ?? hh.currency));
  const { members: rows, totals } = coverageRows(
    {
      currency: hh.currency,
      members: members.map((m) => ({ id: m.id, name: m.name, age: ages.get(m.id) ?? null })),
      benefits: held,
      targets: (targets as Array<Rec & I.InsuranceCoverageTarget>).map((t) => ({
        id: t.id,
        member_id: t.member_id,
        benefit_type: t.benefit_type,
        amount: convert(t.amount, t.currency),
        ...(ex === null ? {} : { own: ownOf(t.amount, t.currency) }),
      })),
      thresholds,
      earned: earnedIncomeCents(
        household.incomes ?? [],
        incomeYear,
        inHome,
        ex === null ? null : { ex, currency: home, rate: (c) => rateBetween(c, hh.currency, rates) },
      ),
      year: incomeYear,
    },
    ex,
  );
  return { lead_id: hh.id, currency: hh.currency, members: rows, totals };
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
 * A policy's premium schedule (issue 31, one definition): its stored premium transactions' when it has any (withdrawals
 * are not premiums), else the policy's own (policy date by frequency to the end date or payment term, premium and
 * loading, less the unpaid dates). The policy list, the projection tables and the exports read it.
 */
export function premiumsOf(
  p: I.InsurancePolicy,
  txs: readonly I.InsuranceTransaction[],
): { source: 'transactions' | 'policy'; schedule: PremiumPayment[] } {
  return txs.some((t) => t.transaction_type !== 'withdrawal')
    ? { source: 'transactions', schedule: scheduleFromTransactions(p.frequency, txs) }
    : { source: 'policy', schedule: policySchedule(p) };
}

/** Premiums paid to date: the schedule's premiums dated up to `day` (a day number), summed in cents. */
export const paidToDate = (schedule: readonly PremiumPayment[], day: number): number =>
  schedule.filter((s) => s.day <= day).reduce((a, s) => a + Math.round(s.amount * 100), 0) / 100;

/**
 * The household's policies as the insurance exports list them (issue 31): name, company, insured, plan type, the sum
 * assured (the largest cover of one benefit row of the policy at the insured's age, as the coverage rows count it:
 * Major and Early Critical Illness together), its benefits by row, the premium and its frequency, the premium end
 * (the end date, else the last premium of its payment term; null while premiums run without an end), the annualised premium and the premiums paid to date (the
 * policy list's `total_premium`). Amounts in the policy's currency; position order.
 */
export async function policySummaries(db: Knex, hh: HouseholdRow) {
  const [policies, children, members, companies, planTypes] = await Promise.all([
    usableRecords(db, K.policy, hh),
    childrenOf(db, hh),
    loadMembers(db, hh),
    db('insurance_companies').select('id', 'name') as Promise<Array<{ id: string; name: string }>>,
    db('insurance_plan_types').select('id', 'name') as Promise<Array<{ id: string; name: string }>>,
  ]);
  const company = new Map(companies.map((c) => [c.id, c.name]));
  const planType = new Map(planTypes.map((t) => [t.id, t.name]));
  const year = thisYear();
  const now = today();
  return (policies as Array<Rec & I.InsurancePolicy>).map((p) => {
    const kids = children.get(p.id) ?? emptyChildren();
    const member = members.find((m) => m.id === p.member_id);
    const age = member ? ageIn(member, year, year) : null;
    const byRow = new Map<string, number>();
    for (const b of kids.benefits as Array<Rec & I.InsuranceBenefit>) {
      if (!covers(toEngineBenefit(b), age)) continue;
      const label = rowLabel(rowTypeOf(b.type));
      byRow.set(label, (byRow.get(label) ?? 0) + Math.round(benefitValue(b) * 100));
    }
    const { source, schedule } = premiumsOf(p, kids.transactions as unknown as I.InsuranceTransaction[]);
    const last = schedule[schedule.length - 1];
    return {
      insurance_id: p.id,
      plan_name: p.plan_name ?? null,
      company: (p.insurance_company && company.get(p.insurance_company)) || p.custom_company_name || null,
      insured: p.insured ?? member?.name ?? '',
      plan_type: p.plan_type ? (planType.get(p.plan_type) ?? p.plan_type) : null,
      currency: p.currency,
      sum_assured: Math.max(0, ...byRow.values()) / 100,
      premium: p.premium,
      frequency: p.frequency,
      annualised_premium: annualisedPremium(p.premium, p.frequency, p.premium_loading ?? 0),
      premium_end: p.premium_end_date ?? (p.premium_detail?.payment_term ? (last?.date ?? null) : null),
      premiums_paid_to_date: paidToDate(schedule, now),
      premium_source: source,
    };
  });
}

/**
 * GET customer/insurance-projections-tables: per policy its premium schedule (from the stored premium transactions,
 * else from the policy) and a table from this year to the maturity year (at most 100 rows): premiums, cumulative
 * premiums, the cash value grown at the policy's growth rate, cash payouts in their period, and cover by type.
 */
export async function projectionsTables(db: Knex, hh: HouseholdRow, insuranceId?: string) {
  const [page, children, members, rateRows] = await Promise.all([
    usableRecords(db, K.policy, hh),
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
    const { source, schedule } = premiumsOf(p, txs);
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
      premium_source: source,
      premiums_paid_to_date: paidToDate(schedule, today()),
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
  const [policies, children] = await Promise.all([usableRecords(db, K.policy, hh), childrenOf(db, hh)]);
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
