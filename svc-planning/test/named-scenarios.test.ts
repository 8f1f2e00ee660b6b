import { planning, scenarios as S } from '@kinfolio/contracts';
import { startTestService, type TestService, testIdentity, testInfras } from '@kinfolio/service-kit';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { firstYearPart, valueAtYearEnd } from '../src/domain/calculations/sale';
import { planningModule } from '../src/module';
import { NAME_TAKEN, NAMED_SCENARIOS_MAX } from '../src/scenarios/named';
import { storedScenarioRuns } from '../src/scenarios/run';

jest.setTimeout(180_000);
type Who = ReturnType<typeof testIdentity> | null;

/**
 * Issue 36: named scenarios (CRUD, recommended, what the customer sees, compare), a property's selling year in a
 * scenario, and the what-if cache of POST customer/calculate/scenario-modelling on a stored household.
 */
describe.each(testInfras())('svc-planning named scenarios and what-ifs on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const other = testIdentity('advisor');
  const customer = testIdentity('customer');
  const otherCustomer = testIdentity('customer');
  const year = new Date().getFullYear();

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const fieldsOf = (body: { errors?: Array<Record<string, string[]>> }) =>
    (body.errors ?? []).flatMap((e) => Object.keys(e));
  const made = async (path: string, body: Record<string, unknown>, as: Who = advisor) => {
    const res = await call('POST', `customer/${path}`, as, body);
    expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
    return res.body.data as { id: string };
  };

  /** A household of `as` with an income, an expense, savings and a condo (no sale planned), linked to `linked`. */
  const newHousehold = async (as = advisor, linked: Who = customer) => {
    const res = await call('POST', 'leads', as, {
      name: 'Alex Tan',
      age: 40,
      currency: 'SGD',
      members: [{ name: 'Sam Tan', relation: 'spouse', age: 38, gender: 'female' }],
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    const members = res.body.data.members as Array<{ id: string; relation: string }>;
    const me = members.find((m) => m.relation === 'me')?.id as string;
    const spouse = members.find((m) => m.relation === 'spouse')?.id as string;
    const L = { lead_id: id, currency: 'SGD' };
    const income = await made(
      'member-income',
      { ...L, member_id: me, kind: 'gross income', amount: 8000, frequency: 'monthly' },
      as,
    );
    const expense = await made('member-expense', { ...L, category: 'food', amount: 1500, frequency: 'monthly' }, as);
    const savings = await made('saving-fund', { ...L, name: 'Bank', current_value: 50_000, growth_rate: 1 }, as);
    const condo = await made(
      'debt',
      {
        ...L,
        name: 'Condo',
        type: 'property',
        purchase_price: 600_000,
        market_value: 750_000,
        growth_rate: 3,
        starting_year: 2015,
        future_transaction_fee: 20_000,
      },
      as,
    );
    if (linked) await t.svc.ctx.db('households').where({ id }).update({ customer_user_id: linked.userId });
    return { id, me, spouse, income: income.id, expense: expense.id, savings: savings.id, condo: condo.id };
  };
  type H = Awaited<ReturnType<typeof newHousehold>>;
  const save = (h: H, body: Record<string, unknown>, as: Who = advisor) =>
    call('POST', `customer/${h.id}/named-scenarios`, as, body);
  const list = async (h: H, as: Who) => {
    const res = await call('GET', `customer/${h.id}/named-scenarios`, as);
    expect(res.status).toBe(200);
    return S.NamedScenarioListReply.parse(res.body).data;
  };
  const runAlone = async (
    h: H,
    inputs: S.ScenarioInputsInput,
    as: Who = advisor,
    mc?: { seed: number; trials: number },
  ) => {
    const body = S.scenarioRunBody(h.id, S.ScenarioInputs.parse(inputs), mc ? { enabled: true, ...mc } : undefined);
    const res = await call('POST', 'customer/calculate/scenario-modelling', as, body);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('saves, lists in order, changes and deletes named scenarios, each write a household change', async () => {
    const h = await newHousehold();
    const before = await t.svc.ctx.db('outbox').count({ n: '*' }).first();
    const a = await save(h, {
      name: 'Retire at 60',
      description: 'Both stop at 60',
      inputs: { retirement_age: { [h.me]: 60, [h.spouse]: 60 } },
    });
    expect([a.status, a.body.message]).toEqual([201, 'Saved']);
    const first = S.NamedScenario.parse(a.body.data);
    expect(first).toMatchObject({
      lead_id: h.id,
      name: 'Retire at 60',
      description: 'Both stop at 60',
      shared: false,
      recommended: false,
      inputs: {
        retirement_age: { [h.me]: 60, [h.spouse]: 60 },
        income_change_percent: {},
        expense_change_percent: {},
        property_sale_year: {},
      },
    });
    const b = await save(h, {
      name: 'Sell the condo',
      inputs: { property_sale_year: { [h.condo]: year + 10 }, sell_sequence: [h.savings], locked_assets: [h.condo] },
    });
    expect(b.status).toBe(201);
    expect((await list(h, advisor)).map((s) => s.name)).toEqual(['Retire at 60', 'Sell the condo']);

    const changed = await call('PATCH', `customer/${h.id}/named-scenarios/${first.id}`, advisor, {
      name: 'Retire at 62',
      description: null,
      inputs: { retirement_age: { [h.me]: 62 }, income_change_percent: { [h.income]: 5 } },
    });
    expect([changed.status, changed.body.message]).toEqual([200, 'Saved']);
    expect(S.NamedScenario.parse(changed.body.data)).toMatchObject({
      id: first.id,
      name: 'Retire at 62',
      description: null,
      inputs: { retirement_age: { [h.me]: 62 }, income_change_percent: { [h.income]: 5 } },
    });
    expect((await list(h, advisor)).map((s) => [s.name, s.description])).toEqual([
      ['Retire at 62', null],
      ['Sell the condo', null],
    ]);

    const gone = await call('DELETE', `customer/${h.id}/named-scenarios/${first.id}`, advisor);
    expect([gone.status, gone.body]).toEqual([200, { message: 'Deleted' }]);
    expect((await list(h, advisor)).map((s) => s.name)).toEqual(['Sell the condo']);
    expect((await call('DELETE', `customer/${h.id}/named-scenarios/${first.id}`, advisor)).status).toBe(404);

    // every write (2 creates, 1 change, 1 delete) wrote planning.household.changed.v1, section named-scenarios
    const after = await t.svc.ctx.db('outbox').count({ n: '*' }).first();
    expect(Number(after?.n) - Number(before?.n)).toBeGreaterThanOrEqual(4);
    const events = (await t.svc.ctx.db('outbox').select('payload').orderBy('seq')).map(
      (r: { payload: unknown }) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as object,
    );
    const mine = events.filter(
      (e) => JSON.stringify(e).includes(h.id) && JSON.stringify(e).includes('"section":"named-scenarios"'),
    );
    expect(mine.map((e) => JSON.stringify(e).match(/"change":"(\w+)"/)?.[1])).toEqual([
      'created',
      'created',
      'updated',
      'deleted',
    ]);
  });

  it('refuses bad input with a 400 naming the field and stores nothing', async () => {
    const h = await newHousehold();
    const other = await newHousehold();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', inputs: {} }, 'name'],
      [{ name: 'x'.repeat(81), inputs: {} }, 'name'],
      [{ name: 'A' }, 'inputs'],
      [{ name: 'A', inputs: { retirement_age: { [h.me]: 12 } } }, `inputs.retirement_age.${h.me}`],
      [{ name: 'A', inputs: { retirement_age: { [other.me]: 60 } } }, `inputs.retirement_age.${other.me}`],
      [
        { name: 'A', inputs: { income_change_percent: { [h.expense]: 5 } } },
        `inputs.income_change_percent.${h.expense}`,
      ],
      [
        { name: 'A', inputs: { expense_change_percent: { [other.expense]: 5 } } },
        `inputs.expense_change_percent.${other.expense}`,
      ],
      [
        { name: 'A', inputs: { property_sale_year: { [h.savings]: year + 3 } } },
        `inputs.property_sale_year.${h.savings}`,
      ],
      [{ name: 'A', inputs: { sell_sequence: [other.savings] } }, `inputs.sell_sequence.${other.savings}`],
      [{ name: 'A', inputs: { locked_assets: [h.income] } }, `inputs.locked_assets.${h.income}`],
      [
        { name: 'A', inputs: { events: [{ member_id: other.me, type: 'death', year: year + 2 }] } },
        'inputs.events.0.member_id',
      ],
      [{ name: 'A', inputs: { colour: 'red' } }, 'inputs.colour'],
      [{ name: 'A', inputs: {}, pinned: true }, 'pinned'],
    ];
    for (const [body, field] of cases) {
      const res = await save(h, body);
      expect([JSON.stringify(body), res.status, fieldsOf(res.body)]).toEqual([
        JSON.stringify(body),
        400,
        expect.arrayContaining([field]),
      ]);
    }
    expect(await list(h, advisor)).toEqual([]);
    const ok = await save(h, { name: 'Keep', inputs: {} });
    const id = ok.body.data.id as string;
    const empty = await call('PATCH', `customer/${h.id}/named-scenarios/${id}`, advisor, {});
    expect(empty.status).toBe(400);
    const bad = await call('PATCH', `customer/${h.id}/named-scenarios/${id}`, advisor, {
      inputs: { property_sale_year: { [other.condo]: year + 3 } },
    });
    expect([bad.status, fieldsOf(bad.body)]).toEqual([400, [`inputs.property_sale_year.${other.condo}`]]);
    expect((await list(h, advisor)).map((s) => [s.name, s.inputs.property_sale_year])).toEqual([['Keep', {}]]);
  });

  it('keeps names unique per household whatever their case, and at most 50 scenarios', async () => {
    const h = await newHousehold();
    expect((await save(h, { name: 'Retire early', inputs: {} })).status).toBe(201);
    const dup = await save(h, { name: 'RETIRE EARLY', inputs: {} });
    expect([dup.status, dup.body.message, fieldsOf(dup.body)]).toEqual([409, NAME_TAKEN, ['name']]);
    const second = await save(h, { name: 'Second', inputs: {} });
    const renamed = await call('PATCH', `customer/${h.id}/named-scenarios/${second.body.data.id}`, advisor, {
      name: 'retire early',
    });
    expect([renamed.status, renamed.body.message]).toEqual([409, NAME_TAKEN]);
    // another household may use the name
    const h2 = await newHousehold();
    expect((await save(h2, { name: 'Retire early', inputs: {} })).status).toBe(201);

    for (let k = 2; k < NAMED_SCENARIOS_MAX; k++)
      expect((await save(h, { name: `S${k}`, inputs: {} })).status).toBe(201);
    const over = await save(h, { name: 'One too many', inputs: {} });
    expect([over.status, over.body.message]).toEqual([
      409,
      'A household keeps at most 50 named scenarios: delete one first',
    ]);
    expect((await list(h, advisor)).length).toBe(50);
  });

  it('keeps at most one recommended scenario per household', async () => {
    const h = await newHousehold();
    const a = (await save(h, { name: 'A', inputs: {}, recommended: true })).body.data.id as string;
    const b = (await save(h, { name: 'B', inputs: {}, recommended: true })).body.data.id as string;
    const rec = async () => (await list(h, advisor)).map((s) => [s.name, s.recommended]);
    expect(await rec()).toEqual([
      ['A', false],
      ['B', true],
    ]);
    const p = await call('PATCH', `customer/${h.id}/named-scenarios/${a}`, advisor, { recommended: true });
    expect([p.status, p.body.data.recommended]).toEqual([200, true]);
    expect(await rec()).toEqual([
      ['A', true],
      ['B', false],
    ]);
    // the database refuses a second one however it is written
    await expect(t.svc.ctx.db('named_scenarios').where({ id: b }).update({ recommended: true })).rejects.toThrow();
  });

  it('shows the customer the recommended and shared scenarios only, and never lets them write', async () => {
    const own = testIdentity('customer');
    const h = await newHousehold(advisor, own);
    const hidden = (await save(h, { name: 'Draft', inputs: {} })).body.data.id as string;
    const shared = (await save(h, { name: 'Shared', inputs: {}, shared: true })).body.data.id as string;
    const rec = (await save(h, { name: 'Recommended', inputs: {}, recommended: true })).body.data.id as string;
    expect((await list(h, own)).map((s) => s.name)).toEqual(['Shared', 'Recommended']);
    // the customer's own user id names their household too
    const byUser = await call('GET', `customer/${own.userId}/named-scenarios`, own);
    expect(byUser.body.data.map((s: { id: string }) => s.id)).toEqual([shared, rec]);
    // another customer and another advisor: 404
    expect((await call('GET', `customer/${h.id}/named-scenarios`, otherCustomer)).status).toBe(404);
    expect((await call('GET', `customer/${h.id}/named-scenarios`, other)).status).toBe(404);
    // writes: the customer 403 (advisors only), another advisor 404, nothing changed
    const writes: Array<[string, string, unknown]> = [
      ['POST', `customer/${h.id}/named-scenarios`, { name: 'Mine', inputs: {} }],
      ['PATCH', `customer/${h.id}/named-scenarios/${hidden}`, { name: 'Mine' }],
      ['DELETE', `customer/${h.id}/named-scenarios/${hidden}`, undefined],
    ];
    for (const [m, path, body] of writes) {
      expect([m, (await call(m, path, own, body)).status]).toEqual([m, 403]);
      expect([m, (await call(m, path, other, body)).status]).toEqual([m, 404]);
    }
    // another household's scenario id under this household: 404
    const h2 = await newHousehold();
    const foreign = (await save(h2, { name: 'Theirs', inputs: {} })).body.data.id as string;
    expect((await call('PATCH', `customer/${h.id}/named-scenarios/${foreign}`, advisor, { name: 'X' })).status).toBe(
      404,
    );
    expect((await call('DELETE', `customer/${h.id}/named-scenarios/${foreign}`, advisor)).status).toBe(404);
    expect((await list(h, advisor)).map((s) => s.name)).toEqual(['Draft', 'Shared', 'Recommended']);
    expect((await list(h2, advisor)).map((s) => s.name)).toEqual(['Theirs']);

    // compare: the customer only what they see (and the working scenario)
    const hiddenCmp = await call('POST', `customer/${h.id}/named-scenarios/compare`, own, {
      a: 'working',
      b: hidden,
    });
    expect([hiddenCmp.status, fieldsOf(hiddenCmp.body)]).toEqual([404, ['b']]);
    const foreignCmp = await call('POST', `customer/${h.id}/named-scenarios/compare`, advisor, {
      a: foreign,
      b: 'working',
    });
    expect([foreignCmp.status, fieldsOf(foreignCmp.body)]).toEqual([404, ['a']]);
    const okCmp = await call('POST', `customer/${h.id}/named-scenarios/compare`, own, { a: 'working', b: shared });
    expect(okCmp.status).toBe(200);
    const same = await call('POST', `customer/${h.id}/named-scenarios/compare`, advisor, { a: shared, b: shared });
    expect([same.status, fieldsOf(same.body)]).toEqual([400, ['b']]);
  });

  it('compares two scenarios with the figures each gives alone, Monte Carlo with one seed', async () => {
    const h = await newHousehold();
    const inputsA = { retirement_age: { [h.me]: 58 }, expense_change_percent: { [h.expense]: -10 } };
    const inputsB = { property_sale_year: { [h.condo]: year + 6 }, income_change_percent: { [h.income]: 10 } };
    const a = S.NamedScenario.parse((await save(h, { name: 'Early', inputs: inputsA })).body.data);
    const b = S.NamedScenario.parse((await save(h, { name: 'Sell', inputs: inputsB, shared: true })).body.data);
    const res = await call('POST', `customer/${h.id}/named-scenarios/compare`, advisor, {
      a: a.id,
      b: b.id,
      monte_carlo: { trials: 300 },
    });
    expect(res.status).toBe(200);
    const cmp = S.CompareScenariosReply.parse(res.body).data;
    expect([cmp.a.ref, cmp.a.name, cmp.b.ref, cmp.b.name]).toEqual([a.id, 'Early', b.id, 'Sell']);
    expect(cmp.a.inputs).toEqual(a.inputs);
    // each side is what the scenario gives alone (the seed fixed at 1 when none is given)
    expect(res.body.data.a.result).toEqual(await runAlone(h, inputsA, advisor, { seed: 1, trials: 300 }));
    expect(res.body.data.b.result).toEqual(await runAlone(h, inputsB, customer, { seed: 1, trials: 300 }));
    expect([cmp.a.result.monte_carlo?.seed, cmp.b.result.monte_carlo?.seed]).toEqual([1, 1]);
    expect([cmp.a.result.monte_carlo?.trials, cmp.b.result.monte_carlo?.trials]).toEqual([300, 300]);
    // the two differ, the current plan beside them is the same
    expect(cmp.a.result.scenario.final_net_worth).not.toBe(cmp.b.result.scenario.final_net_worth);
    expect(cmp.a.result.base).toEqual(cmp.b.result.base);

    // the working scenario is the stored scenario settings, as the scenario page runs them
    expect(
      (
        await call('POST', 'customer/scenario-settings', advisor, {
          lead_id: h.id,
          retirement_age: { [h.spouse]: 57 },
        })
      ).status,
    ).toBe(200);
    const w = await call('POST', `customer/${h.id}/named-scenarios/compare`, advisor, { a: 'working', b: a.id });
    expect(w.status).toBe(200);
    const work = S.CompareScenariosReply.parse(w.body).data.a;
    expect([work.ref, work.name, work.inputs.retirement_age]).toEqual([
      'working',
      'Working scenario',
      { [h.spouse]: 57 },
    ]);
    const page = await call('POST', 'customer/calculate/scenario-modelling', advisor, { household_id: h.id });
    expect(w.body.data.a.result).toEqual(page.body.data);
    const ret = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      scenario: { overrides: { retirement_age: { [h.spouse]: 57 } } },
    });
    expect(work.result.scenario).toEqual(planning.ScenarioReply.parse(ret.body.data).scenario);
  });

  it('moves a property sale in a scenario only: the sale year gets the net proceeds, the plan keeps none', async () => {
    const h = await newHousehold();
    const sell = year + 5;
    const asOf = `${year}-01-01`;
    const res = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      household_id: h.id,
      as_of: asOf,
      property_sale_year: { [h.condo]: sell },
    });
    expect(res.status).toBe(200);
    const r = planning.ScenarioReply.parse(res.body.data);
    const at = (p: typeof r.base, y: number) => p.years.find((x) => x.year === y) as (typeof r.base.years)[number];
    // the price is the value grown to the end of the selling year (no selling price stored), from 1 January: a whole
    // first year; no loan, no CPF used, bought 2015 (no stamp duty after 3 years): the proceeds are price less fee
    const price = 750_000 * 1.03 ** (sell - year + 1);
    expect(valueAtYearEnd(750_000, 1.03, year, firstYearPart(Date.UTC(year, 0, 1) / 86_400_000), sell)).toBeCloseTo(
      price,
      6,
    );
    expect(at(r.scenario, sell).net_cash_flow - at(r.base, sell).net_cash_flow).toBeCloseTo(price - 20_000, 0);
    // the year's net worth: the property's value leaves, the proceeds arrive: the fee is the difference
    expect(at(r.scenario, sell).net_worth - at(r.base, sell).net_worth).toBeCloseTo(-20_000, 0);
    expect(at(r.scenario, sell - 1).net_worth).toBeCloseTo(at(r.base, sell - 1).net_worth, 2);

    // null keeps a stored sale out of the scenario: the stored year stays in the plan
    expect((await call('PATCH', `customer/debt/${h.condo}`, advisor, { future_selling_year: sell })).status).toBe(200);
    const kept = planning.ScenarioReply.parse(
      (
        await call('POST', 'customer/calculate/scenario-modelling', advisor, {
          household_id: h.id,
          as_of: asOf,
          property_sale_year: { [h.condo]: null },
        })
      ).body.data,
    );
    expect(at(kept.base, sell).net_cash_flow - at(kept.scenario, sell).net_cash_flow).toBeCloseTo(price - 20_000, 0);

    // not a property of this household, or a year already past: 400 naming the key
    for (const [id, y, field] of [
      [h.savings, sell, `property_sale_year.${h.savings}`],
      [h.condo, year - 1, `property_sale_year.${h.condo}`],
      [h.condo, 2014, `property_sale_year.${h.condo}`],
    ] as const) {
      const bad = await call('POST', 'customer/calculate/scenario-modelling', advisor, {
        household_id: h.id,
        as_of: asOf,
        property_sale_year: { [id]: y },
      });
      expect([bad.status, fieldsOf(bad.body)]).toEqual([400, [field]]);
    }
  });

  it('computes a what-if once for the advisor and the customer at once, and again after the household changes', async () => {
    const own = testIdentity('customer');
    const h = await newHousehold(advisor, own);
    const body = { household_id: h.id, scenario: { overrides: { retirement_age: { [h.me]: 61 } } } };
    const asCustomer = { ...body, household_id: own.userId };
    const before = storedScenarioRuns.computed;
    const replies = await Promise.all([
      call('POST', 'customer/calculate/scenario-modelling', advisor, body),
      call('POST', 'customer/calculate/scenario-modelling', own, body),
      call('POST', 'customer/calculate/scenario-modelling', own, asCustomer),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(storedScenarioRuns.computed - before).toBe(1);
    expect(replies[1]?.body.data).toEqual(replies[0]?.body.data);
    expect(replies[2]?.body.data).toEqual(replies[0]?.body.data);
    // the same body in another key order is the same entry
    await call('POST', 'customer/calculate/scenario-modelling', advisor, {
      scenario: { overrides: { retirement_age: { [h.me]: 61 } } },
      household_id: h.id,
    });
    expect(storedScenarioRuns.computed - before).toBe(1);
    // a write to the household: the next call computes again, with the new figures
    const final = replies[0]?.body.data.scenario.final_net_worth as number;
    expect(
      (
        await call('POST', 'customer/member-expense', advisor, {
          lead_id: h.id,
          category: 'food',
          amount: 2000,
          frequency: 'monthly',
          currency: 'SGD',
        })
      ).status,
    ).toBe(201);
    const again = await call('POST', 'customer/calculate/scenario-modelling', own, body);
    expect(storedScenarioRuns.computed - before).toBe(2);
    expect(again.body.data.scenario.final_net_worth).toBeLessThan(final);
    // saving a named scenario touches the household too
    expect((await save(h, { name: 'Touch', inputs: {} })).status).toBe(201);
    await call('POST', 'customer/calculate/scenario-modelling', advisor, body);
    expect(storedScenarioRuns.computed - before).toBe(3);
  });

  it("keeps a named scenario's figures when the working scenario changes (a scenario is self-contained)", async () => {
    const h = await newHousehold();
    const saved = S.NamedScenario.parse(
      (await save(h, { name: 'Sell the condo', inputs: { property_sale_year: { [h.condo]: year + 5 } } })).body.data,
    );
    const compare = async () => {
      const res = await call('POST', `customer/${h.id}/named-scenarios/compare`, advisor, {
        a: saved.id,
        b: 'working',
      });
      expect(res.status).toBe(200);
      return S.CompareScenariosReply.parse(res.body).data;
    };
    const before = await compare();
    // the working scenario now retires the household at 50 and cuts the income by half
    const stored = await call('POST', 'customer/scenario-settings', advisor, {
      lead_id: h.id,
      retirement_age: { [h.me]: 50 },
      income_change_percent: { [h.income]: -50 },
      expense_change_percent: {},
    });
    expect(stored.status).toBe(200);
    const after = await compare();
    // the working side moves, the named side's figures stay the same to the cent
    expect(after.b.result.scenario.final_net_worth).not.toBeCloseTo(before.b.result.scenario.final_net_worth, 2);
    expect(after.b.inputs.retirement_age).toEqual({ [h.me]: 50 });
    expect(after.a.result.scenario.years).toEqual(before.a.result.scenario.years);
    expect(after.a.result.scenario.final_net_worth).toBe(before.a.result.scenario.final_net_worth);
  });

  it("runs both sides of a comparison with the household's recorded life events, as the Scenario page does", async () => {
    const h = await newHousehold();
    const event = { member_id: h.me, type: 'death' as const, year: year + 3 };
    await made('life-uncertainty/cash-flow', {
      lead_id: h.id,
      currency: 'SGD',
      member_id: h.me,
      event: 'death',
      year: event.year,
    });
    const named = S.NamedScenario.parse((await save(h, { name: 'As recorded', inputs: {} })).body.data);
    const res = await call('POST', `customer/${h.id}/named-scenarios/compare`, advisor, { a: named.id, b: 'working' });
    expect(res.status).toBe(200);
    const { a, b } = S.CompareScenariosReply.parse(res.body).data;
    const withEvent = await runAlone(h, { events: [event] });
    const withoutEvent = await runAlone(h, {});
    // the death changes the plan's figures, and both sides show the run with it
    expect(withEvent.scenario.years).not.toEqual(withoutEvent.scenario.years);
    expect(a.result.scenario.years).toEqual(withEvent.scenario.years);
    expect(b.result.scenario.years).toEqual(withEvent.scenario.years);
  });

  it('removes the named scenarios with their household', async () => {
    const h = await newHousehold();
    expect((await save(h, { name: 'A', inputs: {} })).status).toBe(201);
    expect((await call('DELETE', `leads/${h.id}/destroy`, advisor)).status).toBe(200);
    const left = await t.svc.ctx.db('named_scenarios').where({ household_id: h.id }).count({ n: '*' }).first();
    expect(Number(left?.n)).toBe(0);
  });
});
