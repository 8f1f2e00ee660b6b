import { balanceSheet as B, households as H } from '@kinfolio/contracts';
import {
  signIdentityHeaders,
  startTestService,
  type TestService,
  testIdentity,
  testInfras,
} from '@kinfolio/service-kit';
import { closeScenarioPool } from '../src/domain/calculations/montecarlo';
import { planningModule } from '../src/module';
import { findStoredRecordIssues } from '../src/records/issues';

jest.setTimeout(240_000);
type Who = ReturnType<typeof testIdentity> | null;

/**
 * Issue 30 item 2: an impossible date (2025-02-30) is refused on every write (400 naming the field), and a record
 * stored with one before the fix (inserted here with SQL) no longer poisons the household: every read answers 2xx,
 * names the record in `record_issues` and shows the rest; exports still produce a file with a note.
 */
describe.each(testInfras())('svc-planning impossible dates on %s', (infra) => {
  let t: TestService;
  const advisor = testIdentity('advisor');
  const customer = testIdentity('customer');

  beforeAll(async () => {
    t = await startTestService(planningModule, { infra });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await closeScenarioPool();
  }, 60_000);

  const call = (method: string, path: string, as: Who, body?: unknown) => t.call(method, path, { as, body });
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await call('POST', `customer/${path}`, advisor, body);
    expect([path, res.status, res.body.errors]).toEqual([path, 201, undefined]);
    return res.body.data as { id: string };
  };
  const fieldsOf = (body: { errors?: Array<Record<string, string[]>> }) =>
    (body.errors ?? []).flatMap((e) => Object.keys(e));

  /** A household with an income, a saving fund and a mortgage with a valid rental income; its customer linked. */
  async function household() {
    const res = await call('POST', 'leads', advisor, { name: 'Alex Tan', age: 40, currency: 'SGD' });
    expect(res.status).toBe(201);
    const h = H.Household.parse(res.body.data);
    const me = h.members.find((m) => m.relation === 'me')?.id as string;
    const L = { lead_id: h.id };
    await created('member-income', {
      ...L,
      member_id: me,
      kind: 'gross income',
      amount: 9000,
      frequency: 'monthly',
      currency: 'SGD',
    });
    const saving = await created('saving-fund', { ...L, bank_name: 'DBS', currency: 'SGD', current_value: 10000 });
    const debt = await created('debt', {
      ...L,
      type: 'mortgage',
      currency: 'SGD',
      original_loan: 250000,
      loan_interest: 2.6,
      loan_tenure: 30,
      starting_year: 2024,
      purchase_price: 600000,
      market_value: 600000,
    });
    const rental = await created('debt-mortgage-rental-income', {
      ...L,
      debt_id: debt.id,
      transaction_start_date: '2024-01-01',
      amount: 2500,
      currency: 'SGD',
    });
    await t.svc.ctx.db('households').where({ id: h.id }).update({ customer_user_id: customer.userId });
    return { id: h.id, me, saving: saving.id, debt: debt.id, rental: rental.id };
  }

  it('refuses 2025-02-30 on create and on patch with a 400 naming the field (was 201)', async () => {
    const hh = await household();
    const post = await call('POST', 'customer/debt-mortgage-rental-income', advisor, {
      lead_id: hh.id,
      debt_id: hh.debt,
      transaction_start_date: '2025-02-30',
      amount: 2500,
      currency: 'SGD',
    });
    expect([post.status, fieldsOf(post.body)]).toEqual([400, ['transaction_start_date']]);
    const patch = await call('PATCH', `customer/debt-mortgage-rental-income/${hh.rental}`, advisor, {
      transaction_start_date: '2025-02-30',
    });
    expect([patch.status, fieldsOf(patch.body)]).toEqual([400, ['transaction_start_date']]);
    const leap = await call('POST', 'customer/saving-transactions', advisor, {
      lead_id: hh.id,
      saving_fund_id: hh.saving,
      amount: 100,
      currency: 'SGD',
      transaction_date: '2023-02-29',
    });
    expect([leap.status, fieldsOf(leap.body)]).toEqual([400, ['transaction_date']]);
    const ok = await call('POST', 'customer/saving-transactions', advisor, {
      lead_id: hh.id,
      saving_fund_id: hh.saving,
      amount: 100,
      currency: 'SGD',
      transaction_date: '2024-02-29',
    });
    expect(ok.status).toBe(201);
  });

  it('a record stored with 2025-02-30 before the fix: every read answers 2xx, names the record and shows the rest', async () => {
    const hh = await household();
    // stored before the fix: written straight into the table, as the old contract let it through
    const [bad] = await t.svc.ctx
      .db('debt_rental_incomes')
      .where({ id: hh.rental })
      .update({
        data: JSON.stringify({ debt_id: hh.debt, transaction_start_date: '2025-02-30', amount: 2500, currency: 'SGD' }),
      })
      .returning('id');
    expect(bad?.id).toBe(hh.rental);
    // and a member's date of birth that is not a date (Feb 29 of 1983)
    const me = await t.svc.ctx.db('members').where({ id: hh.me }).first('data');
    const meData = typeof me.data === 'string' ? JSON.parse(me.data) : me.data;
    await t.svc.ctx
      .db('members')
      .where({ id: hh.me })
      .update({ data: JSON.stringify({ ...meData, date_of_birth: '1983-02-29' }) });
    const rentalIssue = {
      kind: 'debt-mortgage-rental-income',
      id: hh.rental,
      field: 'transaction_start_date',
      message: 'Edit this record: 2025-02-30 is not a date',
    };
    const memberIssue = {
      kind: 'earning-member',
      id: hh.me,
      field: 'date_of_birth',
      message: 'Edit this record: 1983-02-29 is not a date',
    };
    const issue = [rentalIssue, memberIssue];
    for (const who of [advisor, customer]) {
      const sheet = await call('GET', `customer/${hh.id}/balance-sheet`, who);
      expect([sheet.status, sheet.body.data?.record_issues]).toEqual([200, issue]);
      // the rest of the household still shows: the saving fund and the debt
      expect(JSON.stringify(sheet.body.data)).toContain(hh.saving);
      expect(JSON.stringify(sheet.body.data)).toContain(hh.debt);
      const debts = await call('GET', `customer/${hh.id}/debt-summary`, who);
      expect([debts.status, debts.body.data?.record_issues]).toEqual([200, issue]);
      expect(B.DebtSummaryReply.parse(debts.body).data.loans.map((d) => d.debt_id)).toContain(hh.debt);
      const report = await call('GET', `customer/${hh.id}/financial-report`, who);
      expect([report.status, report.body.data?.record_issues]).toEqual([200, issue]);
      for (const c of ['debt', 'finance', 'data-tables']) {
        const res = await call('POST', `customer/calculate/${c}`, who, { household_id: hh.id });
        expect([c, res.status, res.body.data?.record_issues]).toEqual([c, 200, issue]);
      }
      const scenario = await call('POST', 'customer/calculate/scenario-modelling', who, {
        household_id: hh.id,
        scenario: { overrides: { investment_return: 2 } },
      });
      expect([scenario.status, scenario.body.data?.record_issues]).toEqual([200, issue]);
    }
    for (const report of ['financial-report', 'debt', 'property', 'data-table']) {
      const res = await fetchFile(hh.id, { report, format: 'pdf' });
      expect([report, res.status, res.headers.get('content-type')]).toEqual([report, 200, 'application/pdf']);
      const { extractText, getDocumentProxy } = await import('unpdf');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.bytes)), { mergePages: true });
      // the note names the skipped record, its field and what to do
      expect(String(text).replace(/\s+/g, ' ')).toContain(
        `debt-mortgage-rental-income ${hh.rental}, transaction_start_date: Edit this record: 2025-02-30 is not a date`,
      );
    }
    const xlsx = await fetchFile(hh.id, { report: 'debt', format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');

    // the migration's scan (014) finds both, logs them and keeps them; nothing is changed or deleted
    const logged: unknown[] = [];
    await findStoredRecordIssues(t.svc.ctx.db, { warn: (o: unknown) => logged.push(o) } as never);
    const kept = await t.svc.ctx
      .db('stored_record_issues')
      .where({ household_id: hh.id })
      .orderBy('record_table')
      .select('record_table', 'record_id', 'kind', 'field', 'value');
    expect(kept).toEqual([
      {
        record_table: 'debt_rental_incomes',
        record_id: hh.rental,
        kind: rentalIssue.kind,
        field: rentalIssue.field,
        value: '2025-02-30',
      },
      {
        record_table: 'members',
        record_id: hh.me,
        kind: 'earning-member',
        field: 'date_of_birth',
        value: '1983-02-29',
      },
    ]);
    expect(logged).toEqual(
      expect.arrayContaining([
        { kind: rentalIssue.kind, id: hh.rental, field: 'transaction_start_date', value: '2025-02-30' },
        { kind: 'earning-member', id: hh.me, field: 'date_of_birth', value: '1983-02-29' },
      ]),
    );
    const still = await t.svc.ctx.db('debt_rental_incomes').where({ id: hh.rental }).first('data');
    expect((typeof still.data === 'string' ? JSON.parse(still.data) : still.data).transaction_start_date).toBe(
      '2025-02-30',
    );
  });

  /** The bytes of an export (the harness's call reads text). */
  async function fetchFile(id: string, body: Record<string, unknown>) {
    const res = await fetch(`${t.svc.url}/api/v1/customer/${id}/exports`, {
      method: 'POST',
      headers: {
        ...signIdentityHeaders(t.secret, advisor, undefined, crypto.randomUUID(), { client: '127.0.0.1' }),
        'x-requested-with': 'kinfolio',
        'authorization-type': 'advisor',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }
});
