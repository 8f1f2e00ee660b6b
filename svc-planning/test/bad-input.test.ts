import { households as H, planning, recordKinds as R } from '@kinfolio/contracts';

/** The household family's kinds served by the generic routes (dreams and concerns are served under advisor/leads). */
const GENERIC = Object.fromEntries(Object.entries(R.declarationsIn('household')).filter(([, k]) => k.list !== 'lead'));
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { badBodies, badQueries, snapshotTables, sweep } from '@kinfolio/service-kit/src/bad-input';
import type { z } from 'zod';
import { planningModule } from '../src/module';

jest.setTimeout(600_000);

/**
 * Issue 10 items 3 and 8 for svc-planning: the calculation calls, the household calls and every stored-record kind
 * of the contracts' record kinds (a new kind is swept without being listed), with cases generated from the
 * contract schema. Each case must be a 4xx naming the field, never a 5xx, and nothing may be stored.
 */
describe.each(testInfras())('svc-planning bad-input sweep (%s)', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  let leadId = '';
  let memberId = '';
  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
    const lead = await t.call('POST', 'leads', { as: advisor, body: { name: 'Sweep Lead' } });
    expect(lead.status).toBeLessThan(300);
    leadId = lead.body.data.id;
    memberId = lead.body.data.members[0].id;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const household = {
    currency: 'SGD',
    members: [{ id: 'me', name: 'Aisha Tan', relation: 'me', age: 40 }],
    insurances: [
      {
        id: 'p1',
        member_id: 'me',
        premium: 100,
        policy_date: '2020-01-01',
        benefits: [{ type: 'Death', title: 'Cover', description: 'Term\nlife', medical: { rnb: 'Ward A' } }],
      },
    ],
  };
  const endpoints = (): Array<{
    name: string;
    method: string;
    path: string;
    schema: z.ZodType;
    valid: Record<string, unknown>;
  }> => [
    ...['debt', 'finance', 'data-tables'].map((c) => ({
      name: `calculate ${c}`,
      method: 'POST',
      path: `customer/calculate/${c}`,
      schema: planning.Household,
      valid: household,
    })),
    {
      name: 'calculate scenario',
      method: 'POST',
      path: 'customer/calculate/scenario-modelling',
      schema: planning.ScenarioRequest,
      valid: { ...household, scenario: { sell_sequence: ['p1'] } },
    },
    {
      name: 'create lead',
      method: 'POST',
      path: 'leads',
      schema: H.LeadBody,
      valid: { name: 'New Lead', referral_id: 'R1' },
    },
    {
      name: 'update lead',
      method: 'PATCH',
      path: `leads/${leadId}`,
      schema: H.LeadPatchBody,
      valid: { name: 'Renamed', country_pr: 'Malaysia' },
    },
    {
      name: 'members update',
      method: 'POST',
      path: `leads/${leadId}/members-update`,
      schema: H.MembersUpdateBody,
      valid: { members: [{ id: memberId, name: 'Sweep Lead', relation: 'me' }] },
    },
    {
      name: 'check email',
      method: 'POST',
      path: 'leads/check-email-availability',
      schema: H.CheckEmailBody,
      valid: { email: 'x@example.com' },
    },
    {
      name: 'earning member',
      method: 'POST',
      path: 'earning-member',
      schema: H.EarningMemberBody,
      valid: { lead_id: leadId, name: 'Spouse', relation: 'spouse' },
    },
    {
      name: 'form draft',
      method: 'POST',
      path: 'user/form-steps-draft/create',
      schema: H.DraftBody,
      valid: { step: 'on-boarding/members', lead_id: leadId, data: { name: 'x', list: [{ a: 'b' }] } },
    },
    ...Object.entries(GENERIC).map(([kind, k]) => ({
      name: `record ${kind}`,
      method: 'POST',
      path: `customer/${k.path}`,
      schema: H.createBody(k.schema as z.ZodObject),
      // a household's own kinds take no member_id (bodies are strict: an unknown key is a 400 naming it)
      valid: (k.parent === 'member' ? { lead_id: leadId, member_id: memberId } : { lead_id: leadId }) as Record<
        string,
        unknown
      >,
    })),
  ];

  it('sweeps every record kind of the contracts', () => {
    expect(endpoints().filter((e) => e.name.startsWith('record ')).length).toBe(Object.keys(GENERIC).length);
  });

  it.each(endpoints().map((e) => [e.name] as const))(
    '%s: control characters, lone surrogates, 1 MB strings, deep nesting, __proto__ and wrong types are 4xx naming the field; nothing stored',
    async (name) => {
      const e = endpoints().find((x) => x.name === name)!;
      const cases = badBodies(e.schema, e.valid);
      const before = await snapshotTables(t);
      const failures = await sweep(t, { method: e.method, path: e.path, as: advisor }, cases);
      expect(failures).toEqual([]);
      expect(await snapshotTables(t)).toBe(before);
    },
  );

  it('the lead list search refuses control characters in the query string', async () => {
    const failures = await sweep(
      t,
      { method: 'GET', path: 'leads/lead', as: advisor, query: true },
      badQueries(H.LeadListQuery, { search: 'Aisha' }),
    );
    expect(failures).toEqual([]);
  });

  it('item 8: a member or benefit name with markup or emoji is refused naming the field', async () => {
    const bad = await t.call('POST', 'customer/calculate/finance', {
      as: advisor,
      body: { ...household, members: [{ id: 'me', name: '<b>Aisha</b>', relation: 'me', age: 40 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({
      'members.0.name': ['Emoji and the characters < > { } [ ] ~ ` | ^ are not allowed'],
    });
    const nul = await t.call('POST', 'customer/calculate/finance', {
      as: advisor,
      body: { ...household, members: [{ id: 'me', name: 'Aisha\u0000', relation: 'me', age: 40 }] },
    });
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0]).toEqual({ 'members.0.name': ['Control characters are not allowed'] });
  });
});
