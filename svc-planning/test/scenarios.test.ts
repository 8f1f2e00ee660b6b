import { randomUUID } from 'node:crypto';
import { planning, scenarios as S } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { sampleHousehold } from '../src/domain/calculations/sample';
import { planningModule } from '../src/module';

jest.setTimeout(120_000);
type Who = ReturnType<typeof testIdentity> | null;

describe.each(testInfras())('svc-planning scenarios and saved filters on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const customer = testIdentity('customer');
  const otherCustomer = testIdentity('customer');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool(); // already ended by the service's stop: a second call is harmless
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const fieldsOf = (body: { errors?: Array<Record<string, string[]>> }) =>
    (body.errors ?? []).flatMap((e) => Object.keys(e));
  /** Adds a monthly food expense of `amount` SGD to household `id` (as the advisor); answers the reply. */
  const addExpense = (id: string, amount: number) =>
    call('POST', 'customer/member-expense', advisor, {
      lead_id: id,
      category: 'food',
      amount,
      frequency: 'monthly',
      currency: 'SGD',
    });
  /** A household of the advisor with an income, an expense and a customer login linked to it. */
  const newHousehold = async (as = advisor, linked: Who = customer) => {
    const res = await call('POST', 'leads', as, {
      name: 'Alex Tan',
      age: 40,
      currency: 'SGD',
      members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    const me = (res.body.data.members as Array<{ id: string; relation: string }>).find((m) => m.relation === 'me')
      ?.id as string;
    expect(
      (
        await call('POST', 'customer/member-income', as, {
          lead_id: id,
          member_id: me,
          kind: 'gross income',
          amount: 8000,
          frequency: 'monthly',
          currency: 'SGD',
        })
      ).status,
    ).toBe(201);
    if (linked) await t.svc.ctx.db('households').where({ id }).update({ customer_user_id: linked.userId });
    return { id, me };
  };

  it('saves a named column choice of the data table and lists it for the advisor and the customer', async () => {
    const h = await newHousehold();
    const body = { lead_id: h.id, name: 'Cash view', columns: ['income', 'expenses', 'net_worth'], year_from: 2030 };
    const made = await call('POST', 'customer/saved-filters', advisor, body);
    expect([made.status, made.body.message]).toEqual([201, 'Saved']);
    expect(S.SavedFilter.parse(made.body.data)).toMatchObject({
      name: 'Cash view',
      columns: body.columns,
      lead_id: h.id,
    });

    for (const who of [advisor, customer]) {
      const list = S.SavedFilterPageReply.parse((await call('GET', `customer/${h.id}/saved-filters`, who)).body);
      expect(list.data.rows.map((f) => f.name)).toEqual(['Cash view']);
    }
    // renamed and removed by the advisor
    const id = made.body.data.id as string;
    const renamed = await call('PATCH', `customer/saved-filters/${id}`, advisor, { name: 'Cash only' });
    expect([renamed.status, renamed.body.data.name]).toEqual([200, 'Cash only']);
    expect((await call('DELETE', `customer/saved-filters/${id}`, advisor)).status).toBe(200);
    expect((await call('GET', `customer/${h.id}/saved-filters`, advisor)).body.data.rows).toEqual([]);
  });

  it('refuses a bad saved filter with a 400 naming the field', async () => {
    const h = await newHousehold();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x', columns: ['income', 'no_such_column'] }, 'columns.1'],
      [{ name: 'x', columns: [] }, 'columns'],
      [{ name: '', columns: ['income'] }, 'name'],
      [{ name: '<b>x</b>', columns: ['income'] }, 'name'],
      [{ name: 'x', columns: ['income', 'income'] }, 'columns'],
      [{ name: 'x', columns: ['income'], year_from: 2040, year_to: 2030 }, 'year_to'],
    ];
    for (const [b, field] of cases) {
      const res = await call('POST', 'customer/saved-filters', advisor, { lead_id: h.id, ...b });
      expect([res.status, fieldsOf(res.body)]).toEqual([400, expect.arrayContaining([field])]);
    }
    // an unknown key is refused (strict body), its name in the message
    const unknown = await call('POST', 'customer/saved-filters', advisor, {
      lead_id: h.id,
      name: 'x',
      columns: ['income'],
      colour: 'red',
    });
    expect([unknown.status, JSON.stringify(unknown.body)]).toEqual([400, expect.stringContaining('colour')]);
    const noLead = await call('POST', 'customer/saved-filters', advisor, { name: 'x', columns: ['income'] });
    expect([noLead.status, fieldsOf(noLead.body)]).toEqual([400, ['lead_id']]);
  });

  it('keeps each household to its advisor (404) and its customer read-only', async () => {
    const h = await newHousehold();
    const f = await call('POST', 'customer/saved-filters', advisor, { lead_id: h.id, name: 'A', columns: ['tax'] });
    const fid = f.body.data.id as string;
    // another advisor: 404 on every read and write, nothing changed
    expect((await call('GET', `customer/${h.id}/saved-filters`, other)).status).toBe(404);
    expect((await call('GET', `customer/${h.id}/locked-assets`, other)).status).toBe(404);
    expect((await call('GET', `customer/${h.id}/scenario-sell-sequence`, other)).status).toBe(404);
    expect(
      (await call('POST', 'customer/saved-filters', other, { lead_id: h.id, name: 'B', columns: ['tax'] })).status,
    ).toBe(404);
    expect((await call('DELETE', `customer/saved-filters/${fid}`, other)).status).toBe(404);
    expect(
      (await call('POST', 'customer/scenario-sell-sequence', other, { lead_id: h.id, asset_ids: ['a'] })).status,
    ).toBe(404);
    expect((await call('POST', 'customer/calculate/scenario-modelling', other, { household_id: h.id })).status).toBe(
      404,
    );
    // another customer sees nothing; the household's customer reads but never writes
    expect((await call('GET', `customer/${h.id}/saved-filters`, otherCustomer)).status).toBe(404);
    for (const [method, path, body] of [
      ['POST', 'customer/saved-filters', { lead_id: h.id, name: 'C', columns: ['tax'] }],
      ['DELETE', `customer/saved-filters/${fid}`, undefined],
      ['POST', 'customer/locked-assets', { lead_id: h.id, asset_id: 'cash-1' }],
      ['POST', 'customer/scenario-sell-sequence', { lead_id: h.id, asset_ids: [] }],
    ] as const) {
      const res = await call(method, path, customer, body);
      expect(res.status).toBe(403);
    }
    const mine = await call('GET', `customer/${h.id}/saved-filters`, customer);
    expect(mine.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['A']);
  });

  it('stores the sell sequence and locked assets, and the scenario call uses them when none are posted', async () => {
    const h = await newHousehold();
    const empty = S.SellSequenceReply.parse(
      (await call('GET', `customer/${h.id}/scenario-sell-sequence`, advisor)).body,
    );
    expect(empty.data).toEqual({ lead_id: h.id, asset_ids: [], updated_at: null });

    const saved = await call('POST', 'customer/scenario-sell-sequence', advisor, {
      lead_id: h.id,
      asset_ids: ['property-1', 'fund-2'],
    });
    expect([saved.status, saved.body.data.asset_ids]).toEqual([200, ['property-1', 'fund-2']]);
    const replaced = await call('POST', 'customer/scenario-sell-sequence', advisor, {
      lead_id: h.id,
      asset_ids: ['fund-2', 'property-1'],
    });
    expect(replaced.status).toBe(200);
    const read = S.SellSequenceReply.parse(
      (await call('GET', `customer/${h.id}/scenario-sell-sequence`, customer)).body,
    );
    expect(read.data.asset_ids).toEqual(['fund-2', 'property-1']);
    expect(read.data.updated_at).not.toBeNull();

    const dup = await call('POST', 'customer/scenario-sell-sequence', advisor, {
      lead_id: h.id,
      asset_ids: ['a', 'a'],
    });
    expect([dup.status, fieldsOf(dup.body)]).toEqual([400, ['asset_ids']]);
    const badId = await call('POST', 'customer/scenario-sell-sequence', advisor, { lead_id: h.id, asset_ids: ['a b'] });
    expect([badId.status, fieldsOf(badId.body)]).toEqual([400, ['asset_ids.0']]);

    const lock = await call('POST', 'customer/locked-assets', advisor, {
      lead_id: h.id,
      asset_id: 'cpf-1',
      label: 'CPF',
    });
    expect(lock.status).toBe(201);
    const again = await call('POST', 'customer/locked-assets', advisor, { lead_id: h.id, asset_id: 'cpf-1' });
    expect([again.status, fieldsOf(again.body)]).toEqual([400, ['asset_id']]);
    const locks = S.LockedAssetPageReply.parse((await call('GET', `customer/${h.id}/locked-assets`, customer)).body);
    expect(locks.data.rows.map((l) => [l.asset_id, l.label])).toEqual([['cpf-1', 'CPF']]);

    // the stored inputs reach the engine: the same result as posting them
    const storedRun = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      scenario: { overrides: { retirement_age: { [h.me]: 55 } } },
    });
    const postedRun = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      scenario: {
        overrides: { retirement_age: { [h.me]: 55 } },
        sell_sequence: ['fund-2', 'property-1'],
        locked_assets: ['cpf-1'],
      },
    });
    expect(storedRun.status).toBe(200);
    expect(storedRun.body).toEqual(postedRun.body);

    expect((await call('DELETE', `customer/locked-assets/${lock.body.data.id}`, advisor)).status).toBe(200);
    expect((await call('GET', `customer/${h.id}/locked-assets`, advisor)).body.data.rows).toEqual([]);
  });

  it('runs a stored scenario with a death event and 10,000 Monte Carlo trials by default, for both roles', async () => {
    const h = await newHousehold();
    const body = {
      household_id: h.id,
      scenario: {
        overrides: { retirement_age: { [h.me]: 55 } },
        events: [{ member_id: h.me, type: 'death', year: new Date().getFullYear() + 5 }],
        monte_carlo: { enabled: true },
      },
    };
    for (const who of [advisor, customer]) {
      const res = await call('POST', 'customer/calculate/scenario-modelling', who, body);
      expect(res.status).toBe(200);
      const reply = planning.ScenarioReply.parse(res.body.data);
      expect(reply.monte_carlo?.trials).toBe(10_000);
      expect(reply.monte_carlo?.probability_never_runs_out).toBeGreaterThanOrEqual(0);
      expect(reply.monte_carlo?.bands.length).toBe(reply.scenario.years.length);
      expect(reply.base.years.length).toBe(reply.scenario.years.length);
    }
    // an engine refusal from the thread is the same 400 naming the field
    const bad = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      scenario: { events: [{ member_id: 'nobody', type: 'death', year: 2030 }], monte_carlo: { enabled: true } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('events');
  });

  it('explains Monte Carlo’s probability of success in the reply (issue 34): the counts, the seed, the volatilities', async () => {
    const h = await newHousehold();
    const res = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      scenario: { monte_carlo: { enabled: true, trials: 500, seed: 9 } },
    });
    expect(res.status).toBe(200);
    const mc = planning.ScenarioReply.parse(res.body.data).monte_carlo;
    const tree = mc?.probability_explanation;
    expect(tree?.root).toBe('mc:probability');
    const node = (id: string) => tree?.nodes.find((n) => n.id === id);
    const never = node('mc:never_ran_out')?.value as number;
    // the probability is the recorded count of trials that never ran out over the 500 trials run
    expect(never / 500).toBe(mc?.probability_never_runs_out);
    expect(node('mc:probability')).toMatchObject({
      kind: 'figure',
      value: mc?.probability_never_runs_out,
      formula: { op: 'quotient' },
      rule: [{ value: never, unit: 'count' }, ' of ', { value: 500, unit: 'count' }, ' trials never ran out of money'],
    });
    expect(node('mc:trials')).toMatchObject({ value: 500, kind: 'assumption' });
    expect(node('mc:seed')).toMatchObject({ value: 9, kind: 'assumption' });
    expect(
      node('mc:probability')
        ?.parts.map((p) => p.id)
        .slice(0, 3),
    ).toEqual(['mc:never_ran_out', 'mc:trials', 'mc:seed']);
    // the same run again: the same explanation
    const again = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      scenario: { monte_carlo: { enabled: true, trials: 500, seed: 9 } },
    });
    expect(again.body.data.monte_carlo.probability_explanation).toEqual(tree);
  });

  it('changes expenses in the scenario only, and refuses an expense the household does not have', async () => {
    const h = await newHousehold();
    const exp = await addExpense(h.id, 3000);
    expect(exp.status).toBe(201);
    const scenario = (extra: Record<string, unknown>) =>
      call('POST', 'customer/calculate/scenario-modelling', advisor, { household_id: h.id, scenario: {}, ...extra });
    const plain = planning.ScenarioReply.parse((await scenario({})).body.data);
    const dearer = planning.ScenarioReply.parse(
      (await scenario({ expense_change_percent: { [exp.body.data.id]: 50 } })).body.data,
    );
    expect(dearer.base).toEqual(plain.base);
    expect(dearer.scenario.final_net_worth).toBeLessThan(plain.scenario.final_net_worth);
    const nobody = randomUUID();
    const bad = await scenario({ expense_change_percent: { [nobody]: 10 } });
    expect([bad.status, fieldsOf(bad.body)]).toEqual([400, [`expense_change_percent.${nobody}`]]);
    const tooMuch = await scenario({ expense_change_percent: { [exp.body.data.id]: -101 } });
    expect([tooMuch.status, fieldsOf(tooMuch.body)]).toEqual([400, [`expense_change_percent.${exp.body.data.id}`]]);
  });

  it('stores the scenario changes, and the stored run uses them for the advisor and the customer alike', async () => {
    const h = await newHousehold();
    const income = (await t.svc.ctx.db('member_incomes').where({ household_id: h.id }).first('id')).id as string;
    const exp = await addExpense(h.id, 2000);
    const expenseId = exp.body.data.id as string;
    // nothing saved yet: an empty scenario, readable by the customer
    const empty = S.ScenarioSettingsReply.parse(
      (await call('GET', `customer/${h.id}/scenario-settings`, customer)).body,
    );
    expect(empty.data).toMatchObject({ retirement_age: {}, income_change_percent: {}, updated_at: null });

    const body = {
      lead_id: h.id,
      retirement_age: { [h.me]: 55 },
      income_change_percent: { [income]: -20 },
      expense_change_percent: { [expenseId]: 25 },
      trials: 2000,
    };
    const saved = await call('POST', 'customer/scenario-settings', advisor, body);
    expect([saved.status, saved.body.errors]).toEqual([200, undefined]);
    const read = S.ScenarioSettingsReply.parse(
      (await call('GET', `customer/${h.id}/scenario-settings`, customer)).body,
    );
    expect(read.data).toMatchObject({ ...body, updated_at: expect.any(String) });

    // a run with nothing posted equals the run posting the same changes, for both roles
    const posted = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      scenario: {
        overrides: { retirement_age: { [h.me]: 55 }, income_change_percent: { [income]: -20 } },
        monte_carlo: { enabled: true, trials: 2000 },
      },
      expense_change_percent: { [expenseId]: 25 },
    });
    expect(posted.status).toBe(200);
    for (const who of [advisor, customer]) {
      const stored = await call('POST', 'customer/calculate/scenario-modelling', who, {
        household_id: h.id,
        scenario: { monte_carlo: { enabled: true } },
      });
      expect(stored.status).toBe(200);
      expect(stored.body.data.scenario).toEqual(posted.body.data.scenario);
      expect(stored.body.data.monte_carlo.trials).toBe(2000);
    }
    // the scenario differs from the current plan because of the stored changes
    expect(posted.body.data.scenario.final_net_worth).not.toBe(posted.body.data.base.final_net_worth);

    // an expense removed later drops out of the stored changes instead of failing the run
    expect((await call('DELETE', `customer/member-expense/${expenseId}`, advisor)).status).toBe(200);
    const after = await call('POST', 'customer/calculate/scenario-modelling', customer, { household_id: h.id });
    expect(after.status).toBe(200);

    // the customer reads but cannot save; another advisor does not see it; ids must be the household's own
    expect((await call('POST', 'customer/scenario-settings', customer, body)).status).toBe(403);
    expect((await call('GET', `customer/${h.id}/scenario-settings`, other)).status).toBe(404);
    expect((await call('POST', 'customer/scenario-settings', other, body)).status).toBe(404);
    const nobody = randomUUID();
    const badMember = await call('POST', 'customer/scenario-settings', advisor, {
      lead_id: h.id,
      retirement_age: { [nobody]: 60 },
    });
    expect([badMember.status, fieldsOf(badMember.body)]).toEqual([400, [`retirement_age.${nobody}`]]);
    const badAge = await call('POST', 'customer/scenario-settings', advisor, {
      lead_id: h.id,
      retirement_age: { [h.me]: 12 },
    });
    expect([badAge.status, fieldsOf(badAge.body)]).toEqual([400, [`retirement_age.${h.me}`]]);
    const badTrials = await call('POST', 'customer/scenario-settings', advisor, { lead_id: h.id, trials: 10 });
    expect([badTrials.status, fieldsOf(badTrials.body)]).toEqual([400, ['trials']]);
  });

  it('a stored run after a change of the stored inputs uses the new ones (the per-version cache never answers stale)', async () => {
    const h = await newHousehold();
    const run = async () => {
      const r = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
        household_id: h.id,
        scenario: { monte_carlo: { enabled: true, seed: 5 } },
      });
      expect(r.status).toBe(200);
      return r.body.data as { monte_carlo: { trials: number }; scenario: { final_net_worth: number } };
    };
    const first = await run();
    expect(first.monte_carlo.trials).toBe(10_000);
    expect((await call('POST', 'customer/scenario-settings', advisor, { lead_id: h.id, trials: 1000 })).status).toBe(
      200,
    );
    expect((await run()).monte_carlo.trials).toBe(1000);
    // a change of the household itself (a new expense) shows in the next run too
    const before = (await run()).scenario.final_net_worth;
    const exp = await addExpense(h.id, 3000);
    expect(exp.status).toBe(201);
    expect((await run()).scenario.final_net_worth).toBeLessThan(before);
  });

  it('answers other requests while Monte Carlo runs (off the event loop)', async () => {
    const h = await newHousehold();
    // an inline household: the trials start as soon as the request arrives (no database read before them)
    const heavyBody = { ...sampleHousehold(2), scenario: { monte_carlo: { enabled: true, trials: 20_000 } } };
    // warm the pool so thread start-up is not measured
    expect((await call('POST', 'customer/calculate/scenario-modelling', advisor, heavyBody)).status).toBe(200);
    let firstHeavyDone = 0;
    const heavy = Array.from({ length: 2 }, () =>
      call('POST', 'customer/calculate/scenario-modelling', advisor, heavyBody).then((r) => {
        firstHeavyDone ||= performance.now();
        return r;
      }),
    );
    await new Promise((r) => setTimeout(r, 15));
    const quick = await call('GET', `customer/${h.id}/saved-filters`, advisor);
    const quickDone = performance.now();
    expect(quick.status).toBe(200);
    expect((await Promise.all(heavy)).map((r) => r.status)).toEqual([200, 200]);
    // on the event loop the quick call would wait for a whole run of 20,000 trials
    expect(quickDone).toBeLessThan(firstHeavyDone);
  });
});
