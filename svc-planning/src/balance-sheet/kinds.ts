import Decimal from 'decimal.js';
import type { balanceSheet as B } from '@kinfolio/contracts';
import { badRequest } from '@kinfolio/service-kit';
import { today as todayDay, ymd } from '../domain/calculations/dates';
import { CalculationInputError, monthsToRepay } from '../domain/calculations/index';
import { assetClassIssue, type Issue, ownersIssue } from '../insurance/rules';
import type { Data, RulesHook } from '../records/kinds';
import { fail, memberIn } from '../records/verify';
import { ageOn, debtIssues, defaultContributionPercentages, pensionIssues, runIssues } from './rules';

export { parentIn } from '../records/verify';

/**
 * The rules hooks of the balance-sheet record kinds (declared in contracts record-kinds.ts, family `balanceSheet`).
 * The declaration already checks the parent a child names (locked for the write), the members and owners named, and
 * the owners', contingent owners' and beneficiaries' shares; these add the rules of §6: owner shares total 100, loans
 * the engine can compute, pension percentages from the age tables, a transaction's dates.
 */
const ownersTotal = (data: Data) => {
  const issue = ownersIssue((data.owners ?? []) as Array<{ owner_id?: string; percentage: number }>);
  if (issue) fail([issue]);
};
/** A transaction of a parent: a recurring run steps by its frequency. */
const run: RulesHook = async (_trx, _hh, data) => fail(runIssues(data as Parameters<typeof runIssues>[0]));

export const balanceSheetRules: Partial<Record<string, RulesHook>> = {
  async savingFund(_trx, _hh, data) {
    ownersTotal(data);
  },
  savingTransaction: run,
  async pension(trx, hh, data) {
    const member = await memberIn(trx, hh, data.member_id, 'member_id');
    const p = data as unknown as B.PensionAccount;
    fail(pensionIssues(p));
    const day = todayDay();
    const age = member ? ageOn(member as { age?: number | null; date_of_birth?: string | null }, day) : null;
    data.monthly_contribution = defaultContributionPercentages(p, age, ymd(day).year);
  },
  pensionTransaction: run,
  async portfolioFund(_trx, _hh, data) {
    ownersTotal(data);
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
  },
  async portfolioFundDetail(trx, _hh, data) {
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
  },
  portfolioFundTransaction: run,
  async debt(trx, hh, data) {
    // a vehicle loan's owner defaults to the member with relation me (spec "owner (default me)")
    if (data.type === 'vehicle' && data.owner === undefined) {
      const me = await trx('members')
        .where({ household_id: hh.id, advisor_id: hh.advisor_id, relation: 'me' })
        .first('id');
      if (me) data.owner = me.id;
    }
    ownersTotal(data);
    fail(debtIssues(data as unknown as B.Debt));
  },
  async debtTransaction(_trx, _hh, data) {
    fail(runIssues({ ...(data as Parameters<typeof runIssues>[0]), transaction_type: 'recurring' }));
  },
  async debtRentalIncome(_trx, _hh, data, { parent }) {
    if (parent?.type !== 'mortgage' && parent?.type !== 'property')
      throw badRequest('Rental income belongs to a property (a mortgage or a property debt)', 'debt_id');
    fail(
      runIssues({
        ...(data as Parameters<typeof runIssues>[0]),
        transaction_type: 'single',
        transaction_date: String(data.transaction_start_date),
      }),
    );
  },
};
