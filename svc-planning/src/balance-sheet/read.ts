import { type balanceSheet as B, isCalendarDate } from '@kinfolio/contracts';
import { convertExact, round2 } from '@kinfolio/money';
import { badRequest, type Knex } from '@kinfolio/service-kit';
import { listCurrencyRates } from '../currency/repository';
import { today as todayDay, ymd } from '../domain/calculations/dates';
import { dayNumber, propertySaleTaxByHolding, rentalIncome, scheduledSale } from '../domain/calculations/index';
import type { HouseholdRow } from '../records/access';
import { usableRow } from '../records/issues';
import { kindsIn } from '../records/kinds';
import { rowsOfTables, type StoredRecord, toRecord } from '../records/repository';
import { engineLoan, engineProperty, hasLoan } from './engine';
import {
  ageOn,
  isLoan,
  isProperty,
  loanFigures,
  monthlyContributions,
  outstandingByYear,
  pensionBalance,
  shareFor,
  todayIso,
} from './rules';

/**
 * Reads of the stored balance sheet: the whole of it nested by parent (one query over every table), and the debt
 * summary with each loan's schedule from the engine, its outstanding balance by year and the property sale figures.
 * Every figure is the engine's on the stored data; a member's view (§6) is scaled to their share.
 */
type Row = StoredRecord;
type Viewer = { id: string; relation: 'me' | 'spouse' | 'joint' | 'all' } | null;

/** Every balance-sheet record of a household by table, in position order, in one round trip. */
async function recordsByTable(db: Knex, hh: HouseholdRow, tables: readonly string[]): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>(tables.map((t) => [t, []]));
  for (const r of await rowsOfTables(db, hh, tables, 'position, created_at, id')) {
    const rec = toRecord(r);
    // a record its contract refuses is left out and reported (records/issues.ts)
    if (usableRow(r.tbl, rec)) out.get(r.tbl)?.push(rec);
  }
  return out;
}

async function viewer(db: Knex, hh: HouseholdRow, view: string | undefined): Promise<Viewer> {
  if (!view) return null;
  return viewerAmong(
    await db('members').where({ id: view, advisor_id: hh.advisor_id, household_id: hh.id }).select('id', 'relation'),
    view,
  );
}

/** The member `view` names among the household's members (null without a view; 400 naming `view` when none). */
function viewerAmong(members: Array<{ id: string; relation: string }>, view: string | undefined): Viewer {
  if (!view) return null;
  const m = members.find((x) => x.id === view);
  if (!m) throw badRequest('No such member in this household', 'view');
  return { id: m.id, relation: m.relation as NonNullable<Viewer>['relation'] };
}

type MemberAge = { age?: number | null; date_of_birth?: string | null };
/** A member's age in the day's year as the projection counts it: the year − the birth year (else the stored age). */
function ageThisYear(m: MemberAge, day: number): number | null {
  if (m.date_of_birth && isCalendarDate(m.date_of_birth)) return ymd(day).year - Number(m.date_of_birth.slice(0, 4));
  return ageOn(m, day);
}

const children = (rows: Row[], key: string, id: string) => rows.filter((r) => r[key] === id);

/** The figures of one stored debt: the loan from the engine's schedule, the property's rental income and sale. */
export function debtFigures(r: Row, asOf: string, rentals: Row[], share: number) {
  const d = r as unknown as B.Debt & Row;
  let loan: ReturnType<typeof loanFigures> | null = null;
  let byYear: ReturnType<typeof outstandingByYear> = [];
  if (isLoan(d)) {
    loan = loanFigures(r.id, d, asOf);
    byYear = outstandingByYear(d.starting_year as number, loan.schedule);
  }
  let property: NonNullable<B.DebtSummaryLoan['property']> | null = null;
  if (isProperty(d)) {
    const rental = rentalIncome(
      rentals.map((x) => ({
        transaction_start_date: String(x.transaction_start_date),
        transaction_end_date: (x.transaction_end_date as string | undefined) ?? null,
        amount: Number(x.amount),
      })),
      asOf,
      d.tax ?? 0,
    );
    // the sale: the projection's own computation on the projection's own input (sale.ts scheduledSale, issue 31)
    let sale: NonNullable<B.DebtSummaryLoan['property']>['sale'] = null;
    const f =
      d.future_selling_year !== undefined && (d.future_selling_price !== undefined || d.market_value !== undefined)
        ? scheduledSale(
            engineProperty(d, rentals),
            loan && hasLoan(d) ? engineLoan(d) : undefined,
            dayNumber(asOf, 'as_of'),
          )
        : null;
    if (f) {
      sale = {
        selling_year: f.selling_year,
        selling_price: round2(f.selling_price),
        purchase_price: f.purchase_price,
        transaction_fee: f.transaction_fee,
        outstanding_loan: round2(f.outstanding_loan),
        pension_refund: round2(f.pension_refund),
        months_held: f.months_held,
        gain: round2(f.gain),
        market_value: round2(f.market_value),
        gain_tax: round2(f.gain_tax),
        gain_tax_kind: f.gain_tax_kind,
        gain_tax_rate: f.gain_tax_rate,
        gain_tax_base: round2(f.gain_tax_base),
        gain_tax_exemption: round2(f.gain_tax_exemption),
        net_proceeds: round2(f.net_proceeds),
        view_net_proceeds: round2(f.net_proceeds * share),
      };
    }
    property = {
      market_value: d.market_value ?? null,
      rental_income: round2(rental),
      sale,
      gain_tax_by_holding: f ? taxByHolding(f, d.currency) : [],
    };
  }
  return {
    debt_id: r.id,
    type: d.type,
    name: d.name ?? null,
    currency: d.currency,
    share,
    loan: loan
      ? {
          instalment: loan.instalment,
          tenure_months: loan.tenure_months,
          months_paid: loan.months_paid,
          months_remaining: loan.months_remaining,
          outstanding: loan.outstanding,
          total_interest: loan.total_interest,
          other_monthly_expenses: loan.other_monthly_expenses,
          end_year: loan.end_year,
          schedule: loan.schedule,
          outstanding_by_year: byYear,
          view: { share, instalment: round2(loan.instalment * share), outstanding: round2(loan.outstanding * share) },
        }
      : null,
    property,
  };
}

/**
 * The tax the planned sale would pay after each holding period of its table (issue 32: SGD the Seller's Stamp Duty of
 * the purchase date's schedule on the higher of price and market value, RM the RPGT on the gain less the exemption).
 */
function taxByHolding(f: NonNullable<ReturnType<typeof scheduledSale>>, currency: string) {
  return propertySaleTaxByHolding({
    currency,
    sale_year: f.selling_year,
    purchase_day: f.purchase_day,
    price: f.selling_price,
    market_value: f.market_value,
    gain: f.gain,
  }).map((r) => ({ months_held: r.months_held, rate: r.rate, gain_tax: round2(r.tax) }));
}

/** GET customer/{id}/debt-summary: every stored debt's figures (or one with debt_id). */
export async function debtSummary(db: Knex, hh: HouseholdRow, q: { view?: string; as_of?: string; debt_id?: string }) {
  const [byTable, who] = await Promise.all([
    recordsByTable(db, hh, ['debts', 'debt_rental_incomes']),
    viewer(db, hh, q.view),
  ]);
  const asOf = q.as_of ?? todayIso();
  const rentals = byTable.get('debt_rental_incomes') ?? [];
  const debts = (byTable.get('debts') ?? []).filter((d) => !q.debt_id || d.id === q.debt_id);
  return {
    lead_id: hh.id,
    as_of: asOf,
    view: who?.id ?? null,
    loans: debts.map((d) => {
      const debt = d as unknown as B.Debt & Row;
      return debtFigures(d, asOf, children(rentals, 'debt_id', d.id), shareFor(who, debt.owner, debt.owners ?? []));
    }),
  };
}

/** GET customer/{id}/balance-sheet: every fund, pension and debt with its children, figures and view. */
export async function wholeBalanceSheet(db: Knex, hh: HouseholdRow, q: { view?: string; as_of?: string }) {
  const tables = kindsIn('balanceSheet').map((k) => k.table);
  const [byTable, rateRows, memberRows] = await Promise.all([
    recordsByTable(db, hh, tables),
    listCurrencyRates(db),
    db('members').where({ household_id: hh.id, advisor_id: hh.advisor_id }).select('id', 'relation', 'data'),
  ]);
  // one read of the members gives both the view's member and every member's age
  const who = viewerAmong(memberRows, q.view);
  // members' ages this year as the projection counts them (year − birth year): a pension's contribution uses the
  // rates by that age (terms of the plan, "Contribution")
  const day = todayDay();
  const year = ymd(day).year;
  const ageOf = new Map<string, number | null>(
    memberRows.map((m: { id: string; data: unknown }) => [
      m.id,
      ageThisYear((typeof m.data === 'string' ? JSON.parse(m.data) : m.data) as MemberAge, day),
    ]),
  );
  const rates = Object.fromEntries(rateRows.map((r: { code: string; rate: number }) => [r.code, r.rate]));
  const inHousehold = (amount: number, currency: string) => convertExact(amount, currency, hh.currency, rates);
  // the CPF ceiling is in SGD and the EPF threshold in RM: their value in the account's currency
  const schemeFactor = (a: B.PensionAccount) =>
    a.type === 'Pension' ? 1 : convertExact(1, a.type === 'CPF' ? 'SGD' : 'RM', a.currency, rates);
  const asOf = q.as_of ?? todayIso();
  const t = (name: string) => byTable.get(name) ?? [];
  const totals = { cash: 0, savings: 0, pensions: 0, investments: 0, properties: 0, loans: 0, net_worth: 0 };

  const saving_funds = t('saving_funds').map((f) => {
    const share = shareFor(who, f.owner as string | undefined, (f.owners ?? []) as B.OwnerShare[]);
    const value = round2(Number(f.current_value) * share);
    totals[f.kind === 'savings' ? 'savings' : 'cash'] += inHousehold(value, String(f.currency));
    return {
      ...f,
      share,
      view_value: value,
      fund_owners: children(t('saving_fund_owners'), 'saving_fund_id', f.id),
      contingent_owners: children(t('saving_fund_contingent_owners'), 'saving_fund_id', f.id),
      transactions: children(t('saving_transactions'), 'saving_fund_id', f.id),
    };
  });
  const pensions = t('pension_accounts').map((p) => {
    const account = p as unknown as B.PensionAccount;
    const share = shareFor(who, p.member_id as string, []);
    const balance = round2(pensionBalance(account));
    totals.pensions += inHousehold(round2(balance * share), account.currency);
    return {
      ...p,
      share,
      balance,
      view_value: round2(balance * share),
      monthly_contributions: monthlyContributions(
        account,
        ageOf.get(String(p.member_id)) ?? null,
        year,
        schemeFactor(account),
      ),
      beneficiaries: children(t('pension_beneficiaries'), 'pension_id', p.id),
      transactions: children(t('pension_transactions'), 'pension_id', p.id),
    };
  });
  const portfolio_funds = t('portfolio_funds').map((f) => {
    const share = shareFor(who, f.owner as string | undefined, (f.owners ?? []) as B.OwnerShare[]);
    const holdings = children(t('portfolio_fund_details'), 'portfolio_fund_id', f.id);
    const value = round2(Number(f.current_value) * share);
    totals.investments += inHousehold(value, String(f.currency));
    return {
      ...f,
      share,
      view_value: value,
      holdings,
      holdings_value: round2(holdings.reduce((a, h) => a + Number(h.value ?? 0), 0)),
      fund_owners: children(t('portfolio_fund_owners'), 'portfolio_fund_id', f.id),
      contingent_owners: children(t('portfolio_fund_contingent_owners'), 'portfolio_fund_id', f.id),
      beneficiaries: children(t('investment_beneficiaries'), 'portfolio_fund_id', f.id),
      transactions: children(t('portfolio_fund_transactions'), 'portfolio_fund_id', f.id),
    };
  });
  const debts = t('debts').map((d) => {
    const debt = d as unknown as B.Debt & Row;
    const share = shareFor(who, debt.owner, debt.owners ?? []);
    const rentals = children(t('debt_rental_incomes'), 'debt_id', d.id);
    const figures = debtFigures(d, asOf, rentals, share);
    const outstanding = figures.loan ? round2(figures.loan.outstanding * share) : 0;
    const market = debt.market_value !== undefined && isProperty(debt) ? round2(debt.market_value * share) : 0;
    totals.loans += inHousehold(outstanding, debt.currency);
    totals.properties += inHousehold(market, debt.currency);
    return {
      ...d,
      share,
      view_outstanding: outstanding,
      view_market_value: market,
      instalment: figures.loan?.instalment ?? null,
      outstanding: figures.loan?.outstanding ?? null,
      rental_income: figures.property?.rental_income ?? null,
      fund_owners: children(t('debt_mortgage_owners'), 'debt_id', d.id),
      transactions: children(t('debt_transactions'), 'debt_id', d.id),
      rental_incomes: rentals,
    };
  });
  for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] = round2(totals[k]);
  totals.net_worth = round2(
    totals.cash + totals.savings + totals.pensions + totals.investments + totals.properties - totals.loans,
  );
  return {
    lead_id: hh.id,
    currency: hh.currency,
    view: who?.id ?? null,
    saving_funds,
    pensions,
    portfolio_funds,
    debts,
    totals,
  };
}
