import { households as H } from '@kinfolio/contracts';
import { allow, notFound, parse, type ServiceContext, uuidParam } from '@kinfolio/service-kit';
import type { Express } from 'express';
import { readableHousehold, writableHousehold } from '../records/access';
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

const advisorOnly = allow('advisor');
const readers = allow('advisor', 'customer');

/** Built once (zod 4 compiles a schema on first use). */
const EarningMemberQuery = H.EarningMemberBody.pick({ lead_id: true });

/**
 * Leads and customers (platform-shell §7 "Leads and members"): the advisor's own households; a customer reads only
 * the household linked to their login. Another tenant's id is a 404 (looked up before the body is parsed).
 */
export function leadsRoutes(app: Express, ctx: ServiceContext): void {
  app.post('/api/v1/leads', advisorOnly, async (req, res) => {
    const body = parse(H.LeadBody, req.body);
    res.status(201).json({ message: 'Lead created', data: await createLead(ctx, body) });
  });

  app.get('/api/v1/single-lead/:id', readers, async (req, res) => {
    const hh = await readableHousehold(ctx, String(req.params.id));
    res.json({ data: await householdWithMembers(ctx, hh) });
  });

  app.get('/api/v1/leads/:type', advisorOnly, async (req, res) => {
    const type = H.HouseholdType.safeParse(req.params.type);
    if (!type.success) throw notFound(`No route for GET ${req.path}`);
    res.json({ data: await leadList(ctx, type.data, parse(H.LeadListQuery, req.query)) });
  });

  app.patch('/api/v1/leads/:id', advisorOnly, async (req, res) => {
    const hh = await writableHousehold(ctx, String(req.params.id));
    const patch = parse(H.LeadPatchBody, req.body);
    res.json({ message: 'Saved', data: await changeLead(ctx, hh, patch) });
  });

  app.delete('/api/v1/leads/:id/destroy', advisorOnly, async (req, res) => {
    const hh = await writableHousehold(ctx, String(req.params.id));
    await destroyLead(ctx, hh);
    res.json({ message: 'Deleted', data: { id: hh.id } });
  });

  app.post('/api/v1/leads/:id/members-update', advisorOnly, async (req, res) => {
    const hh = await writableHousehold(ctx, String(req.params.id));
    const body = parse(H.MembersUpdateBody, req.body);
    res.json({ message: 'Saved', data: await changeMembers(ctx, hh, body.members) });
  });

  app.post('/api/v1/customer/duplicate/:id', advisorOnly, async (req, res) => {
    const hh = await writableHousehold(ctx, String(req.params.id));
    res.status(201).json({ message: 'Duplicated', data: await duplicateLead(ctx, hh) });
  });

  app.post('/api/v1/customer/share-profile/:id', advisorOnly, async (req, res) => {
    const hh = await writableHousehold(ctx, String(req.params.id));
    res.json({ message: 'Profile shared', data: await shareProfile(ctx, hh) });
  });

  app.post('/api/v1/leads/check-email-availability', advisorOnly, async (req, res) => {
    const body = parse(H.CheckEmailBody, req.body);
    res.json({ data: await emailCheck(ctx, body) });
  });

  app.post('/api/v1/leads/add/:id', advisorOnly, async (req, res) => {
    const hh = await writableHousehold(ctx, String(req.params.id));
    res.json({ message: 'Lead converted to customer', data: await convertLead(ctx, hh) });
  });

  // Members
  app.get('/api/v1/earning-member', readers, async (req, res) => {
    const q = parse(EarningMemberQuery, req.query);
    const hh = await readableHousehold(ctx, q.lead_id);
    res.json({ data: await householdMembers(ctx, hh) });
  });
  app.post('/api/v1/earning-member', advisorOnly, async (req, res) => {
    const { lead_id, id, ...member } = parse(H.EarningMemberBody, req.body);
    const hh = await writableHousehold(ctx, lead_id);
    const saved = await saveMember(ctx, hh, id, member);
    res.status(id ? 200 : 201).json({ message: 'Saved', data: saved });
  });
  app.get('/api/v1/members/:a/:b', readers, async (req, res) => {
    const hh = await readableHousehold(ctx, String(req.params.a));
    res.json({ data: await householdMember(ctx, hh, uuidParam(req, 'b')) });
  });
  app.delete('/api/v1/members/:id', advisorOnly, async (req, res) => {
    const id = uuidParam(req);
    await removeMember(ctx, id);
    res.json({ message: 'Deleted', data: { id } });
  });
}
