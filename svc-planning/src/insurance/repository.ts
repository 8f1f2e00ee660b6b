import type { insurance as I } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import type { z } from 'zod';
import { plansWithCompany } from '../reference/insurance/repository';

/** The plan categories in their order (every column: the advisor's picker). */
export async function planCategories(db: Knex): Promise<Array<Record<string, unknown>>> {
  return db('insurance_plan_categories').orderBy('position');
}

/** The picker's columns, in the reply's order. */
const PICK_COLUMNS = [
  'p.id',
  'p.name',
  'p.insurance_company',
  'c.name as company_name',
  'p.plan_type',
  'p.category',
  'p.currency',
];

export interface PlanPick {
  id: string;
  name: string;
  insurance_company: string | null;
  company_name: string | null;
  plan_type: string | null;
  category: string | null;
  currency: string | null;
}

/**
 * The plans admins keep (issue 15, src/reference/insurance) for the advisor's picker, with their category and
 * currency: filtered by company, plan type and a search on the plan's or the company's name; at most 500, by name.
 */
export async function planPicks(db: Knex, q: z.infer<typeof I.InsurancePlansQuery>): Promise<PlanPick[]> {
  const plans = plansWithCompany(db, PICK_COLUMNS)
    .orderBy([{ column: 'p.name' }, { column: 'p.id' }])
    .limit(500);
  if (q.insurance_company) plans.where('p.insurance_company', q.insurance_company);
  if (q.plan_type) plans.where('p.plan_type', q.plan_type);
  if (q.search)
    plans.where((w) =>
      w
        .whereRaw("lower(p.name) like '%' || lower(?) || '%'", [String(q.search)])
        .orWhereRaw("lower(c.name) like '%' || lower(?) || '%'", [String(q.search)]),
    );
  return plans;
}
