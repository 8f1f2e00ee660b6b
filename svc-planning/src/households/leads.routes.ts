import { households as H } from '@kinfolio/contracts';
import { notFound, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express, Request } from 'express';
import { readableHousehold, writableHousehold } from '../records/access';
import { advisorOnly, answer, readers } from '../reply';
import {
  changeLead,
  changeMembers,
  convertLead,
  createLead,
  destroyLead,
  duplicateLead,
  emailCheck,
  householdMember,
  householdMembers,
  householdWithMembers,
  leadList,
  removeMember,
  saveMember,
  shareProfile,
} from './service';

/** Built once (zod 4 compiles a schema on first use). */
const EarningMemberQuery = H.EarningMemberBody.pick({ lead_id: true });

/**
 * Leads and customers (platform-shell §7 "Leads and members"): the advisor's own households; a customer reads only
 * the household linked to their login. Another tenant's id is a 404 (looked up before the body is parsed).
 */
export function leadsRoutes(app: Express, ctx: ServiceContext): void {
  const own = (req: Request) => writableHousehold(ctx, String(req.params.id));
  const read = (req: Request) => readableHousehold(ctx, String(req.params.id));

  app.post(
    '/api/v1/leads',
    advisorOnly,
    answer((req) => createLead(ctx, parse(H.LeadBody, req.body)), { message: 'Lead created', status: 201 }),
  );
  app.get(
    '/api/v1/single-lead/:id',
    readers,
    answer(async (req) => householdWithMembers(ctx, await read(req))),
  );
  app.get(
    '/api/v1/leads/:type',
    advisorOnly,
    answer((req) => {
      const type = H.HouseholdType.safeParse(req.params.type);
      if (!type.success) throw notFound(`No route for GET ${req.path}`);
      return leadList(ctx, type.data, parse(H.LeadListQuery, req.query));
    }),
  );
  app.patch(
    '/api/v1/leads/:id',
    advisorOnly,
    answer(async (req) => changeLead(ctx, await own(req), parse(H.LeadPatchBody, req.body)), { message: 'Saved' }),
  );
  app.delete(
    '/api/v1/leads/:id/destroy',
    advisorOnly,
    answer(
      async (req) => {
        const hh = await own(req);
        await destroyLead(ctx, hh);
        return { id: hh.id };
      },
      { message: 'Deleted' },
    ),
  );
  app.post(
    '/api/v1/leads/:id/members-update',
    advisorOnly,
    answer(async (req) => changeMembers(ctx, await own(req), parse(H.MembersUpdateBody, req.body).members), {
      message: 'Saved',
    }),
  );
  app.post(
    '/api/v1/customer/duplicate/:id',
    advisorOnly,
    answer(async (req) => duplicateLead(ctx, await own(req)), { message: 'Duplicated', status: 201 }),
  );
  app.post(
    '/api/v1/customer/share-profile/:id',
    advisorOnly,
    answer(async (req) => shareProfile(ctx, await own(req)), { message: 'Profile shared' }),
  );
  app.post(
    '/api/v1/leads/check-email-availability',
    advisorOnly,
    answer((req) => emailCheck(ctx, parse(H.CheckEmailBody, req.body))),
  );
  app.post(
    '/api/v1/leads/add/:id',
    advisorOnly,
    answer(async (req) => convertLead(ctx, await own(req)), { message: 'Lead converted to customer' }),
  );

  // Members
  app.get(
    '/api/v1/earning-member',
    readers,
    answer(async (req) =>
      householdMembers(ctx, await readableHousehold(ctx, parse(EarningMemberQuery, req.query).lead_id)),
    ),
  );
  app.post('/api/v1/earning-member', advisorOnly, async (req, res) => {
    const { lead_id, id, ...member } = parse(H.EarningMemberBody, req.body);
    const hh = await writableHousehold(ctx, lead_id);
    const saved = await saveMember(ctx, hh, id, member);
    res.status(id ? 200 : 201).json({ message: 'Saved', data: saved });
  });
  app.get(
    '/api/v1/members/:a/:b',
    readers,
    answer(async (req) =>
      householdMember(ctx, await readableHousehold(ctx, String(req.params.a)), uuidParam(req, 'b')),
    ),
  );
  app.delete(
    '/api/v1/members/:id',
    advisorOnly,
    answer(
      async (req) => {
        const id = uuidParam(req);
        await removeMember(ctx, id);
        return { id };
      },
      { message: 'Deleted' },
    ),
  );
}
