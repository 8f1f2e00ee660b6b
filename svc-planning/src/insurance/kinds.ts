import type { insurance as I } from '@kinfolio/contracts';
import { badRequest, type Knex } from '@kinfolio/service-kit';
import type { BenefitType } from '../domain/calculations/insurance';
import type { HouseholdRow } from '../records/access';
import type { Data, RulesHook } from '../records/kinds';
import { checkCurrency } from '../records/repository';
import { fail, parentIn } from '../records/verify';
import {
  assetClassIssue,
  benefitIssues,
  benefitPosition,
  type Issue,
  ownersIssue,
  policyIssues,
  transactionIssues,
} from './rules';

export { fail };

/**
 * The rules hooks of the insurance record kinds (declared in contracts record-kinds.ts, family `insurance`). The
 * declaration already checks the policy a child names (locked for the write), the members and references, the
 * beneficiaries' and contingent owners' shares and one coverage target per member and type; these add the §5 rules.
 */
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
export const policyIn = (trx: Knex, hh: HouseholdRow, id: unknown, field = 'insurance_id'): Promise<Data> =>
  parentIn(trx, hh, 'policy', id, field);

async function referencePlan(trx: Knex, planId: unknown, field: string): Promise<void> {
  if (planId === undefined || planId === 'custom') return;
  if (
    !(await trx('insurance_reference_plans')
      .where({ id: String(planId) })
      .first('id'))
  )
    throw badRequest('No such plan: choose one from the list or the custom plan', field);
}

export const insuranceRules: Partial<Record<string, RulesHook>> = {
  async policy(trx, _hh, data) {
    await checkNestedCurrencies(trx, data);
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
    const o = ownersIssue((data.owners ?? []) as Array<{ owner_id?: string; percentage: number }>);
    if (o) issues.push(o);
    issues.push(...policyIssues(data as unknown as Parameters<typeof policyIssues>[0]));
    fail(issues);
  },
  async plan(_trx, _hh, data) {
    const ages = ((data.data_by_age ?? []) as Array<{ age: number }>).map((r) => r.age);
    const dup = ages.findIndex((a, i) => ages.indexOf(a) !== i);
    if (dup >= 0) fail([{ field: `data_by_age.${dup}.age`, message: `Age ${ages[dup]} is listed twice` }]);
  },
  async booster(trx, _hh, data) {
    await referencePlan(trx, data.plan_id, 'plan_id');
    if (data.premium_end_date && data.policy_date && String(data.premium_end_date) < String(data.policy_date))
      fail([{ field: 'premium_end_date', message: 'Premium end date is before the policy date' }]);
  },
  async benefit(trx, _hh, data) {
    fail(benefitIssues(data as unknown as I.InsuranceBenefit));
    await checkNestedCurrencies(trx, data);
    data.benefit_position = benefitPosition(data.type as BenefitType);
  },
  async cashPayout(trx, _hh, data) {
    await checkNestedCurrencies(trx, data);
    const period = data.period as { start: number; end: number };
    if (period.end < period.start) fail([{ field: 'period.end', message: 'The period ends before it starts' }]);
  },
  async transaction(_trx, _hh, data, { parent }) {
    fail(
      transactionIssues(
        data as unknown as I.InsuranceTransaction,
        (parent?.frequency ?? 'annual') as I.PremiumFrequency,
      ),
    );
  },
  async fund(_trx, _hh, data) {
    const issue = assetClassIssue(data.asset_class as Parameters<typeof assetClassIssue>[0]);
    if (issue) fail([issue]);
  },
};
