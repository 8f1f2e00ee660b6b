/**
 * A household of `perKind` records of every kind, stored through the API as its advisor (bench:exports and
 * bench:meetings seed 40 a kind: incomes, expenses, living
 * expenses, savings, goals, saving and portfolio funds, insurance with a death benefit, two CPF pensions, a
 * mortgage, a car loan, a condo and coverage targets). `made(path, body)` POSTs and answers the created record.
 */
export async function seedRecords(
  made: (path: string, body: Record<string, unknown>) => Promise<{ id: string }>,
  leadId: string,
  members: { me: string; spouse: string },
  perKind = 40,
): Promise<{ records: number; condo: string }> {
  const L = { lead_id: leadId };
  const { me, spouse } = members;
  const work: Array<() => Promise<unknown>> = [];
  let condo = '';
  for (let k = 0; k < perKind; k++) {
    const m = k % 2 ? spouse : me;
    const monthly = { currency: 'SGD', frequency: 'monthly' };
    work.push(
      () => made('customer/member-income', { ...L, member_id: m, kind: 'gross income', amount: 3000 + k, ...monthly }),
      () => made('customer/member-expense', { ...L, member_id: m, category: 'food', amount: 200 + k, ...monthly }),
      () => made('customer/member-living-expense', { ...L, amount: 100 + k, ...monthly }),
      () => made('customer/member-saving', { ...L, member_id: m, amount: 50 + k, ...monthly }),
      () =>
        made('customer/goals', {
          ...L,
          type: 'car',
          year_from: 2030 + (k % 20),
          year_to: 2030 + (k % 20),
          amount: 5000 + k,
          currency: 'SGD',
        }),
      () => made('customer/saving-fund', { ...L, bank_name: `Bank ${k}`, currency: 'SGD', current_value: 1000 + k }),
      () => made('customer/portfolio-fund', { ...L, plan_name: `Fund ${k}`, currency: 'SGD', current_value: 2000 + k }),
      async () => {
        const p = await made('customer/insurance', {
          ...L,
          member_id: m,
          plan_name: `Plan ${k}`,
          custom_company_name: 'Acme',
          premium: 1200 + k,
          currency: 'SGD',
          policy_date: '2020-01-15',
        });
        await made('customer/insurance-coverage-benefit', {
          ...L,
          insurance_id: p.id,
          type: 'Death',
          expiry_age: 99,
          duration: 1,
          payout: { lump_sum_payout: { currency: 'SGD', amount: 100000 + k } },
        });
      },
    );
  }
  const loan = { ...L, currency: 'SGD' };
  work.push(
    () => made('customer/pension', { ...L, member_id: me, type: 'CPF', currency: 'SGD', cpf_oa: 80000 }),
    () => made('customer/pension', { ...L, member_id: spouse, type: 'CPF', currency: 'SGD', cpf_oa: 60000 }),
    () =>
      made('customer/debt', {
        ...loan,
        name: 'Home',
        type: 'mortgage',
        original_loan: 500000,
        loan_interest: 2.6,
        loan_tenure: 30,
        starting_year: 2020,
        purchase_price: 800000,
        market_value: 900000,
      }),
    () =>
      made('customer/debt', {
        ...loan,
        name: 'Car',
        type: 'vehicle',
        original_loan: 80000,
        loan_interest: 2.8,
        loan_tenure: 7,
        starting_year: 2023,
      }),
    async () => {
      condo = (
        await made('customer/debt', {
          ...loan,
          name: 'Condo',
          type: 'property',
          purchase_price: 600000,
          market_value: 750000,
          starting_year: 2015,
        })
      ).id;
    },
  );
  for (let i = 0; i < work.length; i += 8) await Promise.all(work.slice(i, i + 8).map((f) => f()));
  for (const m of [me, spouse])
    await made('customer/insurance-coverage-target', {
      ...L,
      member_id: m,
      benefit_type: 'Death',
      currency: 'SGD',
      amount: 5_000_000,
    });
  return { records: work.length + perKind + 2, condo };
}
