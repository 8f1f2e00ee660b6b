import Decimal from 'decimal.js';
import { balanceSheet as B } from '@kinfolio/contracts';
import { badRequest, type Knex } from '@kinfolio/service-kit';
import { today as todayDay, ymd } from '../domain/calculations/dates';
import { CalculationInputError, monthsToRepay } from '../domain/calculations/index';
import { fail } from '../insurance/kinds';
import { assetClassIssue, type Issue, ownersIssue } from '../insurance/rules';
import type { HouseholdRow } from '../records/access';
import type { RecordKind } from '../records/kinds';
import { ageOn, debtIssues, defaultContributionPercentages, pensionIssues, runIssues, shareLimitIssue } from './rules';

/**
 * The balance-sheet record kinds (contracts `balanceSheetKinds`), served by the records module. Each declares its
 * table (migration 006) and the rules that read other rows (`verify`, run in the write's transaction): children name
 * a parent of the same household, members are the household's, owner shares, loans the engine can compute, pension
 * percentages from the age tables.
 */
type Data = Record<string, unknown>;
const json = (v: unknown): Data => (typeof v === 'string' ? JSON.parse(v) : (v as Data));

/** The parent record `id` of this household in `table` (its row locked for the write), or 400 naming the field. */
export async function parentIn(trx: Knex, hh: HouseholdRow, table: string, id: unknown, field: string): Promise<Data> {
  const row = await trx(table)
    .where({ id: String(id), advisor_id: hh.advisor_id, household_id: hh.id })
    .forUpdate()
    .first('data', 'member_id');
  if (!row) throw badRequest('No such record in this household', field);
  return { ...json(row.data), member_id: row.member_id };
}

async function memberIn(trx: Knex, hh: HouseholdRow, id: unknown, field: string): Promise<Data | null> {
  if (id === undefined || id === null) return null;
  const m = await trx('members')
    .where({ id: String(id), household_id: hh.id, advisor_id: hh.advisor_id })
    .first('id', 'data', 'relation');
  if (!m) throw badRequest('No such member in this household', field);
  return { ...json(m.data), id: m.id, relation: m.relation };
}

/** The owner and owner shares of a fund or debt: members of the household; shares total 100 (§6). */
async function checkOwners(trx: Knex, hh: HouseholdRow, data: Data): Promise<void> {
  await memberIn(trx, hh, data.owner, 'owner');
  const owners = (data.owners ?? []) as Array<{ owner_id?: string; percentage: number }>;
  for (const [i, o] of owners.entries()) await memberIn(trx, hh, o.owner_id, `owners.${i}.owner_id`);
  const issue = ownersIssue(owners);
  if (issue) fail([issue]);
}

/** Percentages of the other records of one parent (owners, contingent owners, beneficiaries) plus this one ≤ 100. */
async function shareLimit(
  trx: Knex,
  table: string,
  hh: HouseholdRow,
  key: string,
  data: Data,
  self: string | null,
  who: string,
): Promise<void> {
  const q = trx(table)
    .where({ advisor_id: hh.advisor_id, household_id: hh.id })
    .whereRaw(`data->>'${key}' = ?`, [String(data[key])]);
  if (self) q.whereNot({ id: self });
  const rows: Array<{ p: string | number | null }> = await q.select(trx.raw("(data->>'percentage') as p"));
  const issue = shareLimitIssue(
    rows.map((r) => Number(r.p ?? 0)),
    Number(data.percentage),
    who,
  );
  if (issue) fail([issue]);
}

const kind = (name: B.BalanceSheetKindName, table: string, verify: RecordKind['verify']): RecordKind => {
  const c = B.balanceSheetKinds[name];
  return { name, path: c.path, schema: c.schema, parent: c.parent, table, verify };
};

/** An owner-share record of a parent (saving-fund-owner, …): its parent, its member, ≤ 100 in all. */
const ownerKind = (name: B.BalanceSheetKindName, table: string, parent: string, key: string, who: string) =>
  kind(name, table, async (trx, hh, data, id) => {
    await parentIn(trx, hh, parent, data[key], key);
    await memberIn(trx, hh, data.owner_id ?? data.beneficiary_id, data.owner_id ? 'owner_id' : 'beneficiary_id');
    await shareLimit(trx, table, hh, key, data, id, who);
  });

/** A transaction of a parent: its parent, and its dates (a recurring run steps by its frequency). */
const transactionKind = (name: B.BalanceSheetKindName, table: string, parent: string, key: string) =>
  kind(name, table, async (trx, hh, data) => {
    await parentIn(trx, hh, parent, data[key], key);
    fail(runIssues(data as Parameters<typeof runIssues>[0]));
  });

export const balanceSheetKinds = {
  savingFund: kind('savingFund', 'saving_funds', async (trx, hh, data) => {
    await checkOwners(trx, hh, data);
  }),
  savingFundOwner: ownerKind('savingFundOwner', 'saving_fund_owners', 'saving_funds', 'saving_fund_id', 'owners'),
  savingFundContingentOwner: ownerKind(
    'savingFundContingentOwner',
    'saving_fund_contingent_owners',
    'saving_funds',
    'saving_fund_id',
    'contingent owners',
  ),
  savingTransaction: transactionKind('savingTransaction', 'saving_transactions', 'saving_funds', 'saving_fund_id'),
  pension: kind('pension', 'pension_accounts', async (trx, hh, data) => {
    const member = await memberIn(trx, hh, data.member_id, 'member_id');
    const p = data as unknown as B.PensionAccount;
    fail(pensionIssues(p));
    const day = todayDay();
    const age = member ? ageOn(member as { age?: number | null; date_of_birth?: string | null }, day) : null;
    data.monthly_contribution = defaultContributionPercentages(p, age, ymd(day).year);
  }),
  pensionBeneficiary: ownerKind(
    'pensionBeneficiary',
    'pension_beneficiaries',
    'pension_accounts',
    'pension_id',
    'beneficiaries',
  ),
  pensionTransaction: transactionKind('pensionTransaction', 'pension_transactions', 'pension_accounts', 'pension_id'),
  portfolioFund: kind('portfolioFund', 'portfolio_funds', async (trx, hh, data) => {
    await checkOwners(trx, hh, data);
    const m = (data as unknown as B.PortfolioFund).margin_financing;
    if (m?.status && m.loan !== undefined && m.loan > 0 && m.repayment !== undefined) {
      try {
        monthsToRepay(m.loan, m.interest ?? 0, m.repayment);
      } catch (e) {
        if (e instanceof CalculationInputError)
          fail([
            { field: `margin_financing.${e.field === 'loan_interest' ? 'interest' : 'repayment'}`, message: e.message },
          ]);
        throw e;
      }
    }
  }),
  portfolioFundOwner: ownerKind(
    'portfolioFundOwner',
    'portfolio_fund_owners',
    'portfolio_funds',
    'portfolio_fund_id',
    'owners',
  ),
  portfolioFundContingentOwner: ownerKind(
    'portfolioFundContingentOwner',
    'portfolio_fund_contingent_owners',
    'portfolio_funds',
    'portfolio_fund_id',
    'contingent owners',
  ),
  portfolioFundDetail: kind('portfolioFundDetail', 'portfolio_fund_details', async (trx, hh, data) => {
    await parentIn(trx, hh, 'portfolio_funds', data.portfolio_fund_id, 'portfolio_fund_id');
    const h = data as unknown as B.FundHolding;
    const issues: Issue[] = [];
    if (h.fund_id !== undefined) {
      const fund = await trx('investment_funds').where({ id: h.fund_id }).first('name', 'price');
      if (!fund) throw badRequest('No such fund in the fund list: type its name instead', 'fund_id');
      if (h.name === undefined) data.name = fund.name;
      // a fund from the list with no price entered takes the list's latest price (issue 31 item 8)
      if (h.price === undefined && fund.price !== null && fund.price !== undefined) {
        h.price = Number(fund.price);
        data.price = h.price;
      }
    } else if (h.holding_type === 'stock' ? !h.name && !h.company : !h.name)
      issues.push({ field: 'name', message: 'Choose a fund from the list or type its name' });
    const a = assetClassIssue(h.asset_class);
    if (a) issues.push(a);
    fail(issues);
    // a holding's value is its units at its price unless entered
    if (h.value === undefined && h.units !== undefined && h.price !== undefined)
      data.value = new Decimal(h.units).times(h.price).toDecimalPlaces(2).toNumber();
  }),
  portfolioFundTransaction: kind('portfolioFundTransaction', 'portfolio_fund_transactions', async (trx, hh, data) => {
    await parentIn(trx, hh, 'portfolio_funds', data.portfolio_fund_id, 'portfolio_fund_id');
    if (data.fund_id !== undefined) {
      const holding = await trx('portfolio_fund_details')
        .where({ id: String(data.fund_id), household_id: hh.id, advisor_id: hh.advisor_id })
        .whereRaw("data->>'portfolio_fund_id' = ?", [String(data.portfolio_fund_id)])
        .first('id');
      if (!holding) throw badRequest('No such holding in this portfolio', 'fund_id');
    }
    fail(runIssues(data as Parameters<typeof runIssues>[0]));
  }),
  investmentBeneficiary: ownerKind(
    'investmentBeneficiary',
    'investment_beneficiaries',
    'portfolio_funds',
    'portfolio_fund_id',
    'beneficiaries',
  ),
  debt: kind('debt', 'debts', async (trx, hh, data) => {
    // a vehicle loan's owner defaults to the member with relation me (spec "owner (default me)")
    if (data.type === 'vehicle' && data.owner === undefined) {
      const me = await trx('members')
        .where({ household_id: hh.id, advisor_id: hh.advisor_id, relation: 'me' })
        .first('id');
      if (me) data.owner = me.id;
    }
    await checkOwners(trx, hh, data);
    fail(debtIssues(data as unknown as B.Debt));
  }),
  debtMortgageOwner: ownerKind('debtMortgageOwner', 'debt_mortgage_owners', 'debts', 'debt_id', 'owners'),
  debtTransaction: kind('debtTransaction', 'debt_transactions', async (trx, hh, data) => {
    await parentIn(trx, hh, 'debts', data.debt_id, 'debt_id');
    fail(runIssues({ ...(data as Parameters<typeof runIssues>[0]), transaction_type: 'recurring' }));
  }),
  debtRentalIncome: kind('debtRentalIncome', 'debt_rental_incomes', async (trx, hh, data) => {
    const debt = await parentIn(trx, hh, 'debts', data.debt_id, 'debt_id');
    if (debt.type !== 'mortgage' && debt.type !== 'property')
      throw badRequest('Rental income belongs to a property (a mortgage or a property debt)', 'debt_id');
    fail(
      runIssues({
        ...(data as Parameters<typeof runIssues>[0]),
        transaction_type: 'single',
        transaction_date: String(data.transaction_start_date),
      }),
    );
  }),
} satisfies Record<B.BalanceSheetKindName, RecordKind>;
