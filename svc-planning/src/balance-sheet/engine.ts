import { balanceSheet as BS, type balanceSheet as B, isCalendarDate, type planning } from '@kinfolio/contracts';
import type { Knex } from '@kinfolio/service-kit';
import type { HouseholdRow } from '../records/access';
import { usableRecords } from '../records/issues';
import type { StoredRecord } from '../records/repository';
import { kinds as K } from '../records/kinds';
import { isProperty, loanInput } from './rules';

/**
 * The household's balance sheet as the engine's input (contract planning.Household): cash and savings funds as
 * cash accounts, portfolio funds (not sold) as investments, CPF/EPF/other pension accounts as pensions, debts with a
 * loan as loans (the same `loanInput` the debt summary uses, so the projection and the schedule agree), and
 * mortgage/property debts as properties, their loan and rental incomes attached.
 */
type EngineParts = Pick<planning.Household, 'cash_accounts' | 'investments' | 'pensions' | 'loans' | 'properties'>;
type Rec<T> = StoredRecord & T;
type Rental = { debt_id: string; transaction_start_date: string; transaction_end_date?: string; amount: number };

/** Owner shares in the engine's form: the listed owners that are members; none listed means the household's. */
function owners(list: B.OwnerShare[] | undefined) {
  const shares = (list ?? [])
    .filter((o): o is B.OwnerShare & { owner_id: string } => typeof o.owner_id === 'string')
    .map((o) => ({ member_id: o.owner_id, percentage: o.percentage }));
  return shares.length ? shares : undefined;
}

/** A copy without undefined fields (the result is parsed by the engine's contract). */
const clean = <T extends object>(o: T): T => JSON.parse(JSON.stringify(o)) as T;

/** A loan the engine can schedule: it needs the amount, the rate and the starting year. */
/** The spec's CPF growth defaults (oa 2.5, sa_ma 4, ra 5), as the stored record's schema fills them in. */
const SPEC_CPF_GROWTH = BS.CpfGrowthRates.parse({});
/**
 * A CPF record's own interest rates, for the engine (issue 32, docs/decisions/rates-cpf-life.md): a rate equal to the
 * spec's default means CPF's own rates, so it is left out and the engine takes the CPF version's rate of each year
 * (OA 2.5, SA/MA/RA the 4% floor) with extra interest on its own. The spec's "ra 5" is 4% plus extra interest; passed
 * through, it counted extra interest twice. A rate the advisor changed is their assumption and is passed on.
 */
export function cpfOwnRates(
  r: { oa?: number; sa_ma?: number; ra?: number } | undefined,
): { oa?: number; sa_ma?: number; ra?: number } | undefined {
  if (!r) return undefined;
  const own: { oa?: number; sa_ma?: number; ra?: number } = {};
  if (r.oa !== undefined && r.oa !== SPEC_CPF_GROWTH.oa) own.oa = r.oa;
  if (r.sa_ma !== undefined && r.sa_ma !== SPEC_CPF_GROWTH.sa_ma) own.sa_ma = r.sa_ma;
  if (r.ra !== undefined && r.ra !== SPEC_CPF_GROWTH.ra) own.ra = r.ra;
  return own.oa === undefined && own.sa_ma === undefined && own.ra === undefined ? undefined : own;
}

export const hasLoan = (d: B.Debt) =>
  (d.original_loan ?? 0) > 0 && d.loan_interest !== undefined && d.starting_year !== undefined;

type Member = { id: string; relation: string };
type EngineLoan = NonNullable<EngineParts['loans']>[number];
type EngineProperty = NonNullable<EngineParts['properties']>[number];

/**
 * The member a debt's "spouse" pension belongs to: the partner of the debt's owner (me ↔ spouse); the owner being
 * the member with relation me when none is set (decision, docs/decisions/plan-sale.md).
 */
function partnerOf(members: readonly Member[]) {
  const me = members.find((m) => m.relation === 'me')?.id;
  const spouse = members.find((m) => m.relation === 'spouse')?.id;
  return (owner: string | undefined) => {
    const who = owner ?? me;
    return who === me ? spouse : who === spouse ? me : undefined;
  };
}

/**
 * The monthly provident (CPF/EPF) amount a loan's instalments take from the owner's account: the pension for the
 * instalments and the pension for repayment, each when its box is ticked (monthly amounts). The projection takes it
 * from the owner's OA / Akaun 1 every month repaid, and the sale refunds it with interest (sale.ts).
 */
export const monthlyPension = (d: B.Debt) =>
  (d.using_pension ? (d.pension_for_installment ?? 0) : 0) +
  (d.using_pension_for_repayment ? (d.pension_for_repayment ?? 0) : 0);

/** A stored debt's loan as the engine's loan (the same `loanInput` the debt summary's schedule is made from). */
export function engineLoan(d: Rec<B.Debt>): EngineLoan {
  const pensionMonthly = monthlyPension(d) || undefined;
  return clean({
    ...loanInput(d.id, d),
    owner_id: d.owner,
    owners: owners(d.owners),
    pension_monthly: pensionMonthly,
    pension_member_id: pensionMonthly ? (d.owner ?? undefined) : undefined,
    purchase_price: d.type === 'vehicle' ? d.purchase_price : undefined,
    down_payment: d.type === 'vehicle' ? d.down_payment : undefined,
  });
}

/**
 * A stored mortgage or property as the engine's property, its sale plan included (issue 31): the advisor's selling
 * price, fee and outstanding loan at the sale, the purchase date (first instalment), the provident money used for
 * the purchase by the owner ("my" amount and the lump sum `cpf_oa_repayment`) and by the owner's partner
 * (`spouse_amount`, refunded to the spouse's account), and the refund's interest (`cpf_growth_rate`). The debt summary
 * reads its sale figures from this same input (read.ts debtFigures → sale.ts scheduledSale).
 */
export function engineProperty(
  d: Rec<B.Debt>,
  rentals: ReadonlyArray<Record<string, unknown>>,
  partner: (owner: string | undefined) => string | undefined = () => undefined,
): EngineProperty {
  const price = d.purchase_price ?? d.market_value ?? 0;
  const mine = (d.pension?.my_amount ?? 0) + (d.cpf_oa_repayment ?? 0);
  const spouses = d.pension?.spouse_amount ?? 0;
  const spouse = spouses ? partner(d.owner) : undefined;
  const start = d.installment_transaction?.transaction_start_date;
  return clean({
    id: d.id,
    owner_id: d.owner,
    owners: owners(d.owners),
    purchase_price: price,
    purchase_year: d.starting_year ?? new Date(d.created_at).getUTCFullYear(),
    purchase_date: start && isCalendarDate(start) ? start : undefined,
    market_value: d.market_value ?? price,
    growth_rate: d.growth_rate,
    future_selling_year: d.future_selling_year,
    future_selling_price: d.future_selling_price,
    future_transaction_fee: d.future_transaction_fee,
    future_outstanding_loan: hasLoan(d) ? undefined : d.future_outstanding_loan,
    loan_id: hasLoan(d) ? d.id : undefined,
    // the owner's share, and the spouse's when the household has no partner to take it back
    pension_used: mine + (spouses && !spouse ? spouses : 0) || undefined,
    pension_member_id: mine || spouses ? d.owner : undefined,
    pension_uses: spouse ? [{ member_id: spouse, amount: spouses }] : undefined,
    refund_growth_rate: d.cpf_growth_rate,
    rental_incomes: rentals
      .filter((r) => r.debt_id === d.id)
      .map((r) => ({
        transaction_start_date: String(r.transaction_start_date),
        transaction_end_date: (r.transaction_end_date as string | undefined) ?? null,
        amount: Number(r.amount),
      })),
    tax: d.tax,
    maintenance: d.maintenance,
    property_tax: d.property_tax,
    currency: d.currency,
  });
}

export async function engineBalanceSheet(db: Knex, hh: HouseholdRow): Promise<EngineParts> {
  const [savings, portfolios, pensions, debts, rentals, members] = await Promise.all([
    usableRecords(db, K.savingFund, hh) as Promise<Rec<B.SavingFund>[]>,
    usableRecords(db, K.portfolioFund, hh) as Promise<Rec<B.PortfolioFund>[]>,
    usableRecords(db, K.pension, hh) as Promise<Rec<B.PensionAccount>[]>,
    usableRecords(db, K.debt, hh) as Promise<Rec<B.Debt>[]>,
    usableRecords(db, K.debtRentalIncome, hh) as Promise<Rec<Rental>[]>,
    db('members').where({ household_id: hh.id, advisor_id: hh.advisor_id }).select('id', 'relation') as Promise<
      Member[]
    >,
  ]);
  return engineBalanceSheetOf({ savings, portfolios, pensions, debts, rentals, members });
}

/** The stored balance-sheet records of a household, by kind (what engineBalanceSheet reads). */
export interface StoredBalanceSheet {
  savings: Rec<B.SavingFund>[];
  portfolios: Rec<B.PortfolioFund>[];
  pensions: Rec<B.PensionAccount>[];
  debts: Rec<B.Debt>[];
  rentals: Rec<Rental>[];
  /** the household's members (whose partner a debt's spouse pension belongs to); none when omitted */
  members?: readonly Member[];
}

/** The engine's balance sheet from the stored records (no I/O: the consistency tests map generated records with it). */
export function engineBalanceSheetOf({
  savings,
  portfolios,
  pensions,
  debts,
  rentals,
  members = [],
}: StoredBalanceSheet): EngineParts {
  const out: EngineParts = {
    cash_accounts: savings.map((s) =>
      clean({
        id: s.id,
        owner_id: s.owner,
        owners: owners(s.owners),
        current_value: s.current_value,
        growth_rate: s.growth_rate,
        currency: s.currency,
      }),
    ),
    investments: portfolios
      .filter((p) => !p.sold_info?.sold)
      .map((p) =>
        clean({
          id: p.id,
          owner_id: p.owner,
          owners: owners(p.owners),
          current_value: p.current_value,
          expected_return: p.expected_return ?? p.annualized_return,
          currency: p.currency,
        }),
      ),
    pensions: pensions.map(pensionInput),
    loans: debts.filter(hasLoan).map((d) => engineLoan(d)),
    properties: debts
      .filter((d) => isProperty(d) && (d.purchase_price ?? d.market_value))
      .map((d) => engineProperty(d, rentals, partnerOf(members))),
  };
  return out;
}

/**
 * A stored pension account as the engine's pension. Contribution percentages the advisor typed are passed as they
 * are and stay fixed; empty ones are left out, so the engine takes them from the scheme's age table year by year (a
 * member crossing an age band gets the new rate, spec §9). A self-employed member has no employer: 0.
 */
export function pensionInput(p: B.PensionAccount & { id: string }): NonNullable<EngineParts['pensions']>[number] {
  const c = p.monthly_contribution;
  const post = p.post_retirement_contribution;
  const postMonthly = (post?.employer_amount ?? 0) + (post?.employee_amount ?? 0);
  return clean({
    id: p.id,
    member_id: p.member_id,
    type: p.type,
    currency: p.currency,
    balances:
      p.type === 'CPF'
        ? { oa: p.cpf_oa, sa: p.special, ma: p.medisave, ra: p.cpf_ra }
        : p.type === 'EPF'
          ? { account1: p.account1_amount, account2: p.account2_amount, account3: p.account3_amount }
          : { value: p.value },
    monthly_salary: c?.salary,
    salary_increment: p.salary_increment,
    contribution_growth_rate: p.contribution_growth_rate,
    cpf_contribution_growth_rate: p.type === 'CPF' ? cpfOwnRates(p.cpf_contribution_growth_rate) : undefined,
    employer_percent: c?.employer_percentage ?? (c?.self_employed ? 0 : undefined),
    employee_percent: c?.employee_percentage,
    cpf_payout_age: p.type === 'CPF' ? p.cpf_payout_age : undefined,
    retirement_age: p.retirement_age,
    cpf_ers_limit: p.cpf_ers_limit,
    cpf_property_pledge: p.type === 'CPF' ? p.cpf_property_pledge : undefined,
    cpf_life_plan: p.type === 'CPF' ? p.cpf_life_plan : undefined,
    post_retirement_contribution: post?.contribution
      ? {
          contribution: true,
          monthly_amount: postMonthly || undefined,
          from_age: post.start_age,
          to_age: post.end_age,
        }
      : undefined,
  });
}
