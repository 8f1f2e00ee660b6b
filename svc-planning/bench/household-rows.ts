import { randomUUID } from 'node:crypto';

/**
 * The bench household: PER_KIND records of every kind the report reads, as rows by table (the reports bench and the
 * shared projection cache's measurement seed it with batchInsert).
 */

/** Records of each kind in a bench household. */
export const PER_KIND = 40;
export type Row = Record<string, unknown>;
/** One household of 40 records per kind, as rows by table. */
export function household(advisorId: string, out: Map<string, Row[]>) {
  const id = randomUUID();
  const push = (table: string, row: Row) => {
    let list = out.get(table);
    if (!list) {
      list = [];
      out.set(table, list);
    }
    list.push(row);
  };
  push('households', {
    id,
    advisor_id: advisorId,
    type: 'customer',
    name: `Bench ${id.slice(0, 6)}`,
    email: `${id.slice(0, 8)}@example.com`,
    age: 25,
    currency: 'SGD',
    created_at: new Date(),
    updated_at: new Date(),
  });
  const members = [randomUUID(), randomUUID()];
  members.forEach((mid, j) => {
    push('members', {
      id: mid,
      advisor_id: advisorId,
      household_id: id,
      relation: j === 0 ? 'me' : 'spouse',
      position: j,
      data: JSON.stringify({
        name: `M${j}`,
        gender: j ? 'female' : 'male',
        age: 25 + j,
        holding_pr: false,
        status: 'active',
      }),
    });
  });
  const rec = (table: string, data: Row, position: number, memberId: string | null = null) => {
    const rid = randomUUID();
    push(table, {
      id: rid,
      advisor_id: advisorId,
      household_id: id,
      member_id: memberId,
      position,
      data: JSON.stringify(data),
    });
    return rid;
  };
  const cpf = {
    type: 'CPF',
    currency: 'SGD',
    cpf_oa: 5000,
    special: 2000,
    contribution_growth_rate: 5.5,
    cpf_contribution_growth_rate: { oa: 2.5, sa_ma: 4, ra: 5 },
    monthly_contribution: { salary: 500, employer_percentage: 17, employee_percentage: 20, self_employed: false },
    cpf_property_pledge: false,
    post_retirement_contribution: { contribution: false, start_age: 60, end_age: 75 },
    cpf_life_plan: 'basic',
    cpf_payout_age: 65,
    retirement_age: 55,
  };
  const loan = {
    currency: 'SGD',
    loan_type: 'annuity',
    repayment: { frequency: 'monthly' },
    using_pension: false,
    using_pension_for_repayment: false,
    own_stay: false,
    recession_sensitivity: 30,
    cpf_growth_rate: 2.5,
    owners: [],
  };
  for (let k = 0; k < PER_KIND; k++) {
    const m = members[k % 2] as string;
    rec(
      'member_incomes',
      { member_id: m, kind: 'gross income', amount: 400, currency: 'SGD', frequency: 'monthly' },
      k,
      m,
    );
    rec('member_expenses', { category: 'food', amount: 50, currency: 'SGD', frequency: 'monthly' }, k);
    rec('member_living_expenses', { amount: 60, currency: 'SGD', frequency: 'monthly' }, k);
    rec(
      'goals',
      { type: 'car', year_from: 2030 + (k % 20), year_to: 2030 + (k % 20), amount: 5000, currency: 'SGD' },
      k,
    );
    const policy = rec(
      'insurance_policies',
      {
        member_id: m,
        plan_id: 'custom',
        plan_name: `Plan ${k}`,
        frequency: 'annual',
        premium: 300 + k,
        currency: 'SGD',
        premium_loading: 0,
        policy_date: '2020-03-01',
        unpaid_at: [],
        prorate: false,
        integrated_plan: { type: 'basic' },
        payment_type: 'cash',
        premium_detail: { ignore_total_premium_paid: false, spread_over_years: 2 },
        retirement: { maturity_age: 100, growth_rate: 5 },
        owners: [],
      },
      k,
      m,
    );
    rec(
      'insurance_benefits',
      {
        insurance_id: policy,
        investment_linked: false,
        type: 'Death',
        benefit_position: 0,
        expiry_age: 99,
        duration: 1,
        payout: { lump_sum_payout: { currency: 'SGD', amount: 20000 } },
      },
      0,
    );
    rec(
      'saving_funds',
      { kind: k % 2 ? 'savings' : 'cash', currency: 'SGD', current_value: 1000 + k, owner: m, owners: [] },
      k,
    );
    rec('portfolio_funds', { currency: 'SGD', current_value: 2000 + k, owners: [] }, k);
    rec('pension_accounts', { ...cpf, member_id: m }, k, m);
    rec(
      'debts',
      k % 2
        ? {
            ...loan,
            type: 'vehicle',
            original_loan: 20000,
            loan_interest: 2.8,
            loan_tenure: { year: 7, month: 0 },
            starting_year: 2023,
          }
        : {
            ...loan,
            type: 'mortgage',
            original_loan: 100000,
            loan_interest: 2.6,
            loan_tenure: 25,
            starting_year: 2020,
            purchase_price: 200000,
            market_value: 250000,
            future_selling_year: 2040,
            future_selling_price: 300000,
          },
      k,
    );
  }
  return { id, income: (out.get('member_incomes') as Row[]).at(-1)?.id as string, me: members[0] as string };
}
