import { reference as R } from '@kinfolio/contracts';
import { parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import { readableHousehold } from '../../records/access';
import { adminOnly, advisorOnly, answer, readers } from '../../reply';
import { readPremiumTable } from './premium-import';
import {
  addCompany,
  addPlan,
  addProjection,
  changeCompany,
  changePlan,
  changeProjection,
  companies,
  importPremiumTable,
  plan,
  planCategories,
  planPremium,
  plans,
  planTypeRows,
  projections,
  removeCompany,
  removePlan,
  removeProjection,
} from './service';

/**
 * Insurance reference data admins keep (issue 15, platform-shell §2.4 Insurance, §7 "Admin"): companies, plans (with
 * category, plan type, premium table by age and gender, additional coverage premium, riders), the premium-table
 * import from xlsx or CSV, and projection tables. A company or plan that households' policies name cannot be deleted
 * (409 with the count): a policy keeps pointing at its reference plan (docs/decisions/reference-data.md).
 */
export function insuranceReferenceRoutes(app: Express, ctx: ServiceContext): void {
  const id = (req: Request) => uuidParam(req, 'id');

  // ---------------------------------------------------------------- companies
  const company = '/api/v1/admin/insurance/company';
  app.get(
    company,
    adminOnly,
    answer(() => companies(ctx)),
  );
  app.post(
    company,
    adminOnly,
    answer((req) => addCompany(ctx, parse(R.InsuranceCompanyBody, req.body)), {
      message: 'Insurance company added',
      status: 201,
    }),
  );
  app.put(
    `${company}/:id`,
    adminOnly,
    answer((req) => changeCompany(ctx, id(req), parse(R.InsuranceCompanyBody, req.body)), {
      message: 'Insurance company saved',
    }),
  );
  app.delete(
    `${company}/:id`,
    adminOnly,
    answer((req) => removeCompany(ctx, id(req)), { message: 'Insurance company deleted' }),
  );

  app.get('/api/v1/admin/insurance-plan-types', adminOnly, answer(planTypeRows));
  app.get(
    '/api/v1/admin/insurance-plans-category',
    adminOnly,
    answer(() => planCategories(ctx)),
  );

  // ---------------------------------------------------------------- plans
  app.get(
    '/api/v1/admin/insurance-plans',
    adminOnly,
    answer((req) => plans(ctx, parse(R.InsurancePlanListQuery, req.query))),
  );
  app.get(
    '/api/v1/admin/insurance-plans/:id',
    adminOnly,
    answer((req) => plan(ctx, id(req))),
  );
  app.get(
    '/api/v1/customer/insurance-plans/:id',
    readers,
    answer((req) => plan(ctx, id(req))),
  );
  // the premium of a plan for a member of the advisor's own household (issue 31 item 8): the policy editor fills it
  app.get(
    '/api/v1/customer/insurance-plans/:id/premium',
    advisorOnly,
    answer(async (req) => {
      const planId = id(req);
      const q = parse(R.PremiumLookupQuery, req.query);
      return planPremium(ctx, await readableHousehold(ctx, q.lead_id), planId, q);
    }),
  );
  app.post(
    '/api/v1/admin/insurance-plans/create',
    adminOnly,
    answer((req) => addPlan(ctx, parse(R.InsurancePlanBody, req.body)), {
      message: 'Insurance plan added',
      status: 201,
    }),
  );
  app.patch(
    '/api/v1/admin/insurance-plans/:id/update',
    adminOnly,
    answer((req) => changePlan(ctx, id(req), parse(R.InsurancePlanPatch, req.body)), {
      message: 'Insurance plan saved',
    }),
  );
  app.delete(
    '/api/v1/admin/insurance-plans/:id',
    adminOnly,
    answer((req) => removePlan(ctx, id(req)), { message: 'Insurance plan deleted' }),
  );
  app.post('/api/v1/admin/insurance-plans/premium-table/parse', adminOnly, async (req, res) => {
    const body = parse(R.PremiumImportBody, req.body);
    const rows = await readPremiumTable(body.file_name, body.content);
    res.json({ message: `Read ${rows.length} ages`, data: { data_by_age: rows, rows: rows.length } });
  });
  app.post('/api/v1/admin/insurance-plans/:id/premium-table', adminOnly, async (req, res) => {
    const imported = await importPremiumTable(ctx, id(req), parse(R.PremiumImportBody, req.body));
    res.json({ message: `Imported ${imported.rows} ages`, data: imported.plan });
  });

  // ---------------------------------------------------------------- projection tables (hidden from the menu)
  const tables = '/api/v1/admin/insurance-projections-tables';
  app.get(
    tables,
    adminOnly,
    answer((req) => projections(ctx, parse(R.ProjectionTablesQuery, req.query))),
  );
  app.post(
    `${tables}/create`,
    adminOnly,
    answer((req) => addProjection(ctx, parse(R.ProjectionTableBody, req.body)), {
      message: 'Projection table added',
      status: 201,
    }),
  );
  app.patch(
    `${tables}/:id/update`,
    adminOnly,
    answer((req) => changeProjection(ctx, id(req), parse(R.ProjectionTablePatch, req.body)), {
      message: 'Projection table saved',
    }),
  );
  app.delete(
    `${tables}/:id`,
    adminOnly,
    answer((req) => removeProjection(ctx, id(req)), { message: 'Projection table deleted' }),
  );
}
