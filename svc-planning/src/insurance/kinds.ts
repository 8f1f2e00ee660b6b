import { insurance as I } from '@kinfolio/contracts';
import { AppError, badRequest, type Knex } from '@kinfolio/service-kit';
import type { BenefitType } from '../domain/calculations/insurance';
import type { HouseholdRow } from '../records/access';
import type { RecordKind } from '../records/kinds';
import { checkCurrency } from '../records/repository';
import {
  assetClassIssue,
  benefitIssues,
  benefitPosition,
  type Issue,
  ownersIssue,
  policyIssues,
  shareTotalIssue,
  transactionIssues,
} from './rules';

/**
 * The insurance record kinds (contracts `insuranceKinds`), served by the records module. Each declares its table
 * (migration 005) and the rules that read other rows (`verify`, run in the write's transaction): children name a
 * policy of the same household, members are the household's, §5 benefit rules, percentages, premium dates.
 */
type Data = Record<string, unknown>;

export function fail(issues: Issue[]): void {
  const first = issues[0];
  if (first)
    throw new AppError(400, `${first.field}: ${first.message}`, {
      errors: issues.map((i) => ({ [i.field]: [i.message] })),
    });
}

/** Every nested `{currency, …}` object's currency must be in the stored rate table (400 naming its path). */
async function checkNestedCurrencies(trx: Knex, data: Data, path: string[] = []): Promise<void> {
  for (const [key, value] of Object.entries(data)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const obj = value as Data;
      if (typeof obj.currency === 'string') await checkCurrency(trx, obj, [...path, key, 'currency'].join('.'));
      await checkNestedCurrencies(trx, obj, [...path, key]);
    }
  }
}

/** The policy `id` of this household (its row locked for the write), or 400 naming the field. */
export async function policyIn(trx: Knex, hh: HouseholdRow, id: unknown, field = 'insurance_id'): Promise<Data> {
  const row = await trx('insurance_policies')
    .where({ id: String(id), advisor_id: hh.advisor_id, household_id: hh.id })
    .forUpdate()
    .first('data');
  if (!row) throw badRequest('No such policy in this household', field);
  return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Data;
}

async function memberIn(trx: Knex, hh: HouseholdRow, id: unknown, field: string): Promise<void> {
  if (id === undefined || id === null) return;
  const m = await trx('members')
    .where({ id: String(id), household_id: hh.id, advisor_id: hh.advisor_id })
    .first('id');
  if (!m) throw badRequest('No such member in this household', field);
}

/** Percentages of the other beneficiaries (or contingent owners) of the same policy. */
async function siblingPercentages(
  trx: Knex,
  table: string,
  hh: HouseholdRow,
  insuranceId: string,
  self: string | null,
): Promise<number[]> {
  const q = trx(table)
    .where({ advisor_id: hh.advisor_id, household_id: hh.id })
    .whereRaw("data->>'insurance_id' = ?", [insuranceId]);
  if (self) q.whereNot({ id: self });
  const rows: Array<{ p: string | number | null }> = await q.select(trx.raw("(data->>'percentage') as p"));
  return rows.map((r) => Number(r.p ?? 0));
}

async function referencePlan(trx: Knex, planId: unknown, field: string): Promise<void> {
  if (planId === undefined || planId === 'custom') return;
  if (
    !(await trx('insurance_reference_plans')
      .where({ id: String(planId) })
      .first('id'))
  )
    throw badRequest('No such plan: choose one from the list or the custom plan', field);
}

const kind = (
  name: I.InsuranceKindName,
  table: string,
  verify: RecordKind['verify'],
  derived?: readonly string[],
): RecordKind => {
  const c = I.insuranceKinds[name];
  return { name, path: c.path, schema: c.schema, parent: c.parent, table, verify, derived };
};

export const insuranceKinds = {
  policy: kind('policy', 'insurance_policies', async (trx, hh, data) => {
    await checkNestedCurrencies(trx, data);
    await memberIn(trx, hh, data.payer_id, 'payer_id');
    const owners = (data.owners ?? []) as Array<{ owner_id?: string; percentage: number }>;
    for (const [i, o] of owners.entries()) await memberIn(trx, hh, o.owner_id, `owners.${i}.owner_id`);
    await referencePlan(trx, data.plan_id, 'plan_id');
    if (
      data.insurance_company !== undefined &&
      !(await trx('insurance_companies')
        .where({ id: String(data.insurance_company) })
        .first('id'))
    )
      throw badRequest('No such insurance company: use the custom company name', 'insurance_company');
    const issues: Issue[] = [];
    if (data.plan_id === 'custom' && !data.plan_name)
      issues.push({ field: 'plan_name', message: 'Enter the plan name of a custom plan' });
    const o = ownersIssue(owners);
    if (o) issues.push(o);
    issues.push(...policyIssues(data as unknown as Parameters<typeof policyIssues>[0]));
    fail(issues);
  }),
  plan: kind('plan', 'insurance_policy_plans', async (trx, hh, data, id) => {
    await policyIn(trx, hh, data.insurance_id);
    const ages = ((data.data_by_age ?? []) as Array<{ age: number }>).map((r) => r.age);
    const dup = ages.findIndex((a, i) => ages.indexOf(a) !== i);
    if (dup >= 0) fail([{ field: `data_by_age.${dup}.age`, message: `Age ${ages[dup]} is listed twice` }]);
    if (data.existing_plan_id !== undefined) {
      const found =
        data.existing_plan_id !== id &&
        (await trx('insurance_policy_plans')
          .where({ id: String(data.existing_plan_id), household_id: hh.id, advisor_id: hh.advisor_id })
          .first('id'));
      if (!found) throw badRequest('No such plan in this household', 'existing_plan_id');
    }
  }),
  booster: kind('booster', 'insurance_plan_boosters', async (trx, hh, data) => {
    await policyIn(trx, hh, data.insurance_id);
    await referencePlan(trx, data.plan_id, 'plan_id');
    if (data.premium_end_date && data.policy_date && String(data.premium_end_date) < String(data.policy_date))
      fail([{ field: 'premium_end_date', message: 'Premium end date is before the policy date' }]);
  }),
  coverage: kind('coverage', 'insurance_coverages', async (trx, hh, data) => {
    await policyIn(trx, hh, data.insurance_id);
  }),
  benefit: kind(
    'benefit',
    'insurance_benefits',
    async (trx, hh, data) => {
      await policyIn(trx, hh, data.insurance_id);
      if (data.coverage_id !== undefined) {
        const c = await trx('insurance_coverages')
          .where({ id: String(data.coverage_id), household_id: hh.id, advisor_id: hh.advisor_id })
          .whereRaw("data->>'insurance_id' = ?", [String(data.insurance_id)])
          .first('id');
        if (!c) throw badRequest('No such coverage on this policy', 'coverage_id');
      }
      fail(benefitIssues(data as unknown as I.InsuranceBenefit));
      await checkNestedCurrencies(trx, data);
      data.benefit_position = benefitPosition(data.type as BenefitType);
    },
    ['benefit_position'],
  ),
  cashPayout: kind('cashPayout', 'insurance_cash_payouts', async (trx, hh, data) => {
    await policyIn(trx, hh, data.insurance_id);
    await checkNestedCurrencies(trx, data);
    const period = data.period as { start: number; end: number };
    if (period.end < period.start) fail([{ field: 'period.end', message: 'The period ends before it starts' }]);
  }),
  beneficiary: kind('beneficiary', 'insurance_beneficiaries', async (trx, hh, data, id) => {
    await policyIn(trx, hh, data.insurance_id);
    await memberIn(trx, hh, data.beneficiary_id, 'beneficiary_id');
    const others = await siblingPercentages(trx, 'insurance_beneficiaries', hh, String(data.insurance_id), id);
    const issue = shareTotalIssue(others, Number(data.percentage), 'beneficiaries');
    if (issue) fail([issue]);
  }),
  contingentOwner: kind('contingentOwner', 'insurance_contingent_owners', async (trx, hh, data, id) => {
    await policyIn(trx, hh, data.insurance_id);
    await memberIn(trx, hh, data.owner_id, 'owner_id');
    const others = await siblingPercentages(trx, 'insurance_contingent_owners', hh, String(data.insurance_id), id);
    const issue = shareTotalIssue(others, Number(data.percentage), 'contingent owners');
    if (issue) fail([issue]);
  }),
  transaction: kind('transaction', 'insurance_transactions', async (trx, hh, data) => {
    const policy = await policyIn(trx, hh, data.insurance_id);
    fail(
      transactionIssues(
        data as unknown as I.InsuranceTransaction,
        (policy.frequency ?? 'annual') as I.PremiumFrequency,
      ),
    );
  }),
  fund: kind('fund', 'insurance_funds', async (trx, hh, data) => {
    await policyIn(trx, hh, data.insurance_id);
    const issue = assetClassIssue(data.asset_class as Parameters<typeof assetClassIssue>[0]);
    if (issue) fail([issue]);
  }),
  coverageTarget: kind('coverageTarget', 'insurance_coverage_targets', async (trx, hh, data, id) => {
    // one target per member and type: saves of one household's targets wait for each other
    await trx('households').where({ id: hh.id }).forUpdate().first('id');
    const q = trx('insurance_coverage_targets')
      .where({ household_id: hh.id, advisor_id: hh.advisor_id, member_id: String(data.member_id) })
      .whereRaw("data->>'benefit_type' = ?", [String(data.benefit_type)]);
    if (id) q.whereNot({ id });
    if (await q.first('id'))
      throw badRequest('This member already has a target for this benefit type: change that one', 'benefit_type');
  }),
} satisfies Record<I.InsuranceKindName, RecordKind>;

/** Kinds in the order the whole-insurance read returns them, with the reply key of each child kind. */
export const CHILD_KEYS = [
  ['plans', insuranceKinds.plan],
  ['boosters', insuranceKinds.booster],
  ['coverages', insuranceKinds.coverage],
  ['benefits', insuranceKinds.benefit],
  ['cash_payouts', insuranceKinds.cashPayout],
  ['beneficiaries', insuranceKinds.beneficiary],
  ['contingent_owners', insuranceKinds.contingentOwner],
  ['transactions', insuranceKinds.transaction],
  ['funds', insuranceKinds.fund],
] as const;
