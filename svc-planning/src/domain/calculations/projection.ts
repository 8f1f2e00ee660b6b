import { rateBetween, SEED_RATES } from '@kinfolio/money';
import { dayNumber, today as todayDay, ymd } from './dates';
import { CalculationInputError } from './errors';
import { type Frequency, MONTHS_STEP, normaliseFrequency, PAYMENTS_PER_YEAR } from './frequency';
import { type BenefitType, benefitAmount, coversAt, INSURANCE_DEFAULTS, premiumWaived } from './insurance';
import { annuityInstalment, balanceAfter, flatInstalment, monthsToRepay, tenureMonths } from './loans';
import { netSaleProceeds } from './property';
import { CPF_ALLOCATION, type ContributionTable, contributionRates, contributionTable, EPF_ALLOCATION, PENSION_DEFAULTS, schemeForCurrency } from './provident';
import { incomeTaxTableFor, progressiveTax } from './tax';
import type { AssetClass, HouseholdInput, YearRow } from './types';

/**
 * The household projection (docs/planning-model.md): year by year from the as-of year to the last member's maturity
 * age (default 100). Inner loops run on plain float64 over preprocessed records (no allocation per year); money is
 * rounded to cents only in the rows it returns (spec §9 "Rounding is to 2 decimals"). Drift is bounded and tested
 * against a decimal re-computation (projection.test.ts).
 */
export const PROJECTION_DEFAULTS = { maturity_age: 100, retirement_age: 55, inflation_rate: 3, growth_rate: 5, cash_growth_rate: 0, currency: 'SGD' } as const;

export type LifeEvent = { member_id: string; type: 'death' | 'disability' | 'critical_illness'; year: number };
export interface ProjectionOptions {
  overrides?: {
    inflation_rate?: number;
    investment_return?: number;
    property_growth_rate?: number;
    income_growth_rate?: number;
    retirement_age?: Record<string, number>;
    income_change_percent?: Record<string, number>;
  };
  events?: LifeEvent[];
  sell_on_shortfall?: boolean;
  sell_sequence?: string[];
  locked_assets?: string[];
}
export interface ProjectionResult {
  currency: string;
  start_year: number;
  end_year: number;
  rows: YearRow[];
  money_runs_out_year: number | null;
  sold: Array<{ year: number; asset_id: string; amount: number }>;
}

const EMPLOYMENT = new Set(['gross income', 'bonus', 'business income']);
const r2 = (x: number) => {
  const v = Math.round((x + (x >= 0 ? 1e-9 : -1e-9)) * 100) / 100;
  return v === 0 ? 0 : v;
};

/** Yearly premium amounts by calendar-year offset, from month arithmetic (no per-payment Date objects). */
function premiumYears(p: HouseholdInput['insurances'] extends (infer T)[] | undefined ? T : never, y0: number, n: number, fx: number): Float64Array {
  const out = new Float64Array(n);
  const freq: Frequency = normaliseFrequency(p.frequency ?? 'annual', 'insurances.frequency');
  const start = ymd(dayNumber(p.policy_date, 'insurances.policy_date'));
  const amount = p.premium * (1 + (p.premium_loading ?? 0) / 100) * fx;
  const end = p.premium_end_date ? ymd(dayNumber(p.premium_end_date, 'insurances.premium_end_date')) : null;
  const endIdx = end ? end.year * 12 + end.month - 1 - (end.day < start.day ? 1 : 0) : Number.POSITIVE_INFINITY;
  const unpaid = new Set<number>();
  for (const u of p.unpaid_at ?? []) {
    const d = ymd(dayNumber(u, 'insurances.unpaid_at'));
    unpaid.add(d.year * 12 + d.month - 1);
  }
  const add = (idx: number, amt: number) => {
    if (unpaid.has(idx)) return;
    const k = Math.floor(idx / 12) - y0;
    if (k >= 0 && k < n) out[k] = (out[k] as number) + amt;
  };
  const s0 = start.year * 12 + start.month - 1;
  if (freq === 'single') {
    if (s0 <= endIdx) add(s0, amount);
    return out;
  }
  const step = MONTHS_STEP[freq];
  const maxCount = p.payment_term ? Math.round(p.payment_term * PAYMENTS_PER_YEAR[freq]) : Number.POSITIVE_INFINITY;
  let first = s0;
  if (p.prorate) {
    const remaining = start.month >= 3 ? 12 - (start.month - 3) : 3 - start.month;
    add(s0, (amount * PAYMENTS_PER_YEAR[freq] * remaining) / 12);
    first = (start.month >= 3 ? start.year + 1 : start.year) * 12 + 2;
  }
  const last = Math.min(endIdx, (y0 + n) * 12 - 1);
  for (let k = 0, idx = first; k < maxCount && idx <= last; k++, idx += step) add(idx, amount);
  return out;
}

/** Rates by whole age 0-150 from a table (so the yearly loop does no band search). */
const rateCache = new WeakMap<ContributionTable, { employer: Float64Array; employee: Float64Array }>();
function ratesByAge(table: ContributionTable, key: 'employer' | 'employee'): Float64Array {
  let c = rateCache.get(table);
  if (!c) {
    c = { employer: new Float64Array(151), employee: new Float64Array(151) };
    for (let a = 0; a <= 150; a++) {
      const b = contributionRates(a, table);
      c.employer[a] = b.employer;
      c.employee[a] = b.employee;
    }
    rateCache.set(table, c);
  }
  return c[key];
}

const CLASS_INDEX: Record<AssetClass, number> = { equity: 0, bond: 1, cash: 2, property: 3, others: 4 };

/** Runs the projection. Throws CalculationInputError naming the field for input it cannot use. */
export function project(h: HouseholdInput, opts: ProjectionOptions = {}): ProjectionResult {
  const currency = (h.currency ?? PROJECTION_DEFAULTS.currency).toUpperCase();
  const rates = h.rates ?? SEED_RATES;
  const fxCache = new Map<string, number>();
  const fx = (c: string | undefined, field: string) => {
    if (!c) return 1;
    let v = fxCache.get(c);
    if (v === undefined) {
      try {
        v = rateBetween(c, currency, rates);
      } catch {
        throw new CalculationInputError(field, `No stored rate for currency ${c}`);
      }
      fxCache.set(c, v);
    }
    return v;
  };
  const asOf = h.as_of ? dayNumber(h.as_of, 'as_of') : todayDay();
  const y0 = ymd(asOf).year;
  const ov = opts.overrides ?? {};
  const inflation = (ov.inflation_rate ?? h.inflation_rate ?? PROJECTION_DEFAULTS.inflation_rate) / 100;

  // Members: birth year, maturity, retirement, life events.
  const members = h.members;
  if (members.length === 0) throw new CalculationInputError('members', 'At least one member is needed');
  const memberIdx = new Map<string, number>();
  const persons: number[] = [];
  const M = members.length;
  const birth = new Float64Array(M);
  const retireAge = new Float64Array(M);
  const deathYear = new Float64Array(M).fill(Number.POSITIVE_INFINITY);
  const disabledYear = new Float64Array(M).fill(Number.POSITIVE_INFINITY);
  const ciYear = new Float64Array(M).fill(Number.POSITIVE_INFINITY);
  let endYear = y0;
  members.forEach((m, i) => {
    if (memberIdx.has(m.id)) throw new CalculationInputError(`members.${i}.id`, 'Member ids must be unique');
    memberIdx.set(m.id, i);
    const person = m.relation === 'me' || m.relation === 'spouse';
    let by: number;
    if (m.date_of_birth) by = ymd(dayNumber(m.date_of_birth, `members.${i}.date_of_birth`)).year;
    else if (m.age !== undefined) by = y0 - m.age;
    else if (person) throw new CalculationInputError(`members.${i}.age`, 'age or date_of_birth is required');
    else by = y0;
    birth[i] = by;
    retireAge[i] = ov.retirement_age?.[m.id] ?? m.retirement_age ?? PROJECTION_DEFAULTS.retirement_age;
    if (person) {
      persons.push(i);
      endYear = Math.max(endYear, by + (m.maturity_age ?? PROJECTION_DEFAULTS.maturity_age));
    }
  });
  if (persons.length === 0) throw new CalculationInputError('members', 'A member with relation me or spouse is needed');
  for (const [k, e] of (opts.events ?? []).entries()) {
    const i = memberIdx.get(e.member_id);
    if (i === undefined) throw new CalculationInputError(`events.${k}.member_id`, 'Unknown member');
    const arr = e.type === 'death' ? deathYear : e.type === 'disability' ? disabledYear : ciYear;
    arr[i] = Math.min(arr[i] as number, e.year);
  }
  const N = Math.max(1, Math.min(endYear - y0 + 1, 151));
  const mIdx = (id: string | undefined, field: string, fallback = 0): number => {
    if (id === undefined) return fallback;
    const i = memberIdx.get(id);
    if (i === undefined) throw new CalculationInputError(field, 'Unknown member');
    return i;
  };
  const workEnd = new Float64Array(M);
  for (let i = 0; i < M; i++) workEnd[i] = Math.min((birth[i] as number) + (retireAge[i] as number), deathYear[i] as number, disabledYear[i] as number);
  const stopsWorking = (i: number, year: number) => year >= (workEnd[i] as number);
  const alive = (i: number, year: number) => year < (deathYear[i] as number);
  const taxTable = incomeTaxTableFor(currency);

  // Incomes
  const incomes = (h.incomes ?? []).map((r, k) => {
    const i = mIdx(r.member_id, `incomes.${k}.member_id`);
    const yearly = r.amount * (r.frequency === 'annual' ? 1 : 12) * fx(r.currency, `incomes.${k}.currency`) * (1 + (ov.income_change_percent?.[r.member_id] ?? 0) / 100);
    return { i, yearly, g: 1 + (ov.income_growth_rate ?? r.growth_rate ?? 0) / 100, from: r.start_year ?? -Infinity, to: r.end_year ?? Infinity, employment: EMPLOYMENT.has(r.kind) };
  });
  const expenses = (h.expenses ?? []).map((r, k) => ({
    i: r.member_id === undefined ? -1 : mIdx(r.member_id, `expenses.${k}.member_id`),
    yearly: r.amount * (r.frequency === 'annual' ? 1 : 12) * fx(r.currency, `expenses.${k}.currency`),
    g: 1 + (r.inflation_rate !== undefined && ov.inflation_rate === undefined ? r.inflation_rate / 100 : inflation),
    from: r.start_year ?? -Infinity,
    to: r.end_year ?? Infinity,
    mul: 1,
  }));
  // Liquid assets: cash accounts and investments share one loop (class, value, growth, contribution).
  type Liquid = { id: string; value: number; g: number; contrib: number; contribTo: number; cls: number; locked: boolean; kind: 'cash' | 'investment' };
  const locked = new Set(opts.locked_assets ?? []);
  const liquids: Liquid[] = [
    ...(h.cash_accounts ?? []).map((c, k): Liquid => ({ id: c.id, value: c.current_value * fx(c.currency, `cash_accounts.${k}.currency`), g: 1 + (c.growth_rate ?? 0) / 100, contrib: 0, contribTo: 0, cls: 2, locked: !!c.locked || locked.has(c.id), kind: 'cash' })),
    ...(h.investments ?? []).map((v, k): Liquid => {
      const f = fx(v.currency, `investments.${k}.currency`);
      return {
        id: v.id,
        value: v.current_value * f,
        g: 1 + (ov.investment_return ?? v.expected_return ?? PROJECTION_DEFAULTS.growth_rate) / 100,
        contrib: (v.monthly_contribution ?? 0) * 12 * f,
        contribTo: v.contribution_end_year ?? Infinity,
        cls: CLASS_INDEX[v.asset_class ?? 'equity'],
        locked: !!v.locked || locked.has(v.id),
        kind: 'investment',
      };
    }),
  ];
  // Pensions
  const pensions = (h.pensions ?? []).map((p, k) => {
    const i = mIdx(p.member_id, `pensions.${k}.member_id`);
    const f = fx(p.currency, `pensions.${k}.currency`);
    const scheme = p.type ?? schemeForCurrency(p.currency ?? currency);
    const b = p.balances ?? {};
    const cg = p.cpf_contribution_growth_rate ?? {};
    const table = contributionTable(scheme, y0);
    return {
      id: p.id,
      i,
      scheme,
      table,
      a: ((scheme === 'CPF' ? b.oa : b.account1) ?? b.value ?? 0) * f, // OA / account 1 / value
      b: ((scheme === 'CPF' ? b.sa_ma : b.account2) ?? 0) * f, // SA-MA / account 2
      c: ((scheme === 'CPF' ? b.ra : b.account3) ?? 0) * f, // RA / account 3
      ga: 1 + (scheme === 'CPF' ? (cg.oa ?? PENSION_DEFAULTS.cpf_growth.oa) : (p.contribution_growth_rate ?? PENSION_DEFAULTS.contribution_growth_rate)) / 100,
      gb: 1 + (scheme === 'CPF' ? (cg.sa_ma ?? PENSION_DEFAULTS.cpf_growth.sa_ma) : (p.contribution_growth_rate ?? PENSION_DEFAULTS.contribution_growth_rate)) / 100,
      gc: 1 + (scheme === 'CPF' ? (cg.ra ?? PENSION_DEFAULTS.cpf_growth.ra) : (p.contribution_growth_rate ?? PENSION_DEFAULTS.contribution_growth_rate)) / 100,
      wage: (p.monthly_salary ?? 0) * f,
      wageMul: 1,
      eeByAge: ratesByAge(table, 'employee'),
      erByAge: ratesByAge(table, 'employer'),
      wageG: 1 + (p.salary_increment ?? 0) / 100,
      er: p.employer_percent,
      ee: p.employee_percent,
      raAge: p.retirement_age ?? PENSION_DEFAULTS.retirement_age,
      payoutAge: p.cpf_payout_age ?? PENSION_DEFAULTS.cpf_payout_age,
      ers: p.cpf_ers_limit === undefined ? Infinity : p.cpf_ers_limit * f * (p.cpf_property_pledge ? 0.5 : 1),
      post: p.post_retirement_contribution?.contribution ? { amount: (p.post_retirement_contribution.monthly_amount ?? 0) * 12 * f, from: p.post_retirement_contribution.from_age ?? 60, to: p.post_retirement_contribution.to_age ?? 75 } : null,
      payout: 0,
      locked: !!p.locked || locked.has(p.id),
      maturity: (members[i]?.maturity_age ?? PROJECTION_DEFAULTS.maturity_age) as number,
    };
  });
  const pensionOf = new Map<number, (typeof pensions)[number]>();
  for (const p of pensions) if (!pensionOf.has(p.i)) pensionOf.set(p.i, p);
  // Loans: precomputed instalment, months and yearly repayments / balances.
  const loanById = new Map<string, number>();
  const loans = (h.loans ?? []).map((l, k) => {
    const f = fx(l.currency, `loans.${k}.currency`);
    let months = tenureMonths(l.loan_tenure);
    let inst: number;
    if (l.repayment_amount !== undefined) {
      months = monthsToRepay(l.original_loan, l.loan_interest, l.repayment_amount);
      inst = l.repayment_amount;
    } else inst = l.type === 'flat' ? flatInstalment(l.original_loan, l.loan_interest, months) : annuityInstalment(l.original_loan, l.loan_interest, months);
    loanById.set(l.id, k);
    const pm = l.pension_monthly ?? 0;
    const bal = new Float64Array(N);
    const paidM = new Float64Array(N);
    const r = l.loan_interest / 1200;
    const g12 = (1 + r) ** 12;
    let b = -1;
    for (let t = 0; t < N; t++) {
      const year = y0 + t;
      const before = Math.min(months, Math.max(0, (year - l.starting_year) * 12));
      const after = Math.min(months, Math.max(0, (year - l.starting_year + 1) * 12));
      paidM[t] = after - before;
      if (after >= months) b = 0;
      else if (b < 0 || l.type === 'flat' || r === 0 || before === 0) b = balanceAfter(l.original_loan, l.loan_interest, months, after, l.type ?? 'annuity');
      else b = Math.max(0, b * g12 - (inst * (g12 - 1)) / r);
      bal[t] = b;
    }
    return { p: l.original_loan, rate: l.loan_interest, months, inst, type: l.type ?? 'annuity', start: l.starting_year, f, closed: Infinity, bal, paidM, pension: Math.min(pm, inst) * f, pensionMember: l.pension_member_id === undefined ? (persons[0] as number) : mIdx(l.pension_member_id, `loans.${k}.pension_member_id`), other: (l.other_monthly_expenses ?? 0) * 12 * f };
  });
  const properties = (h.properties ?? []).map((p, k) => {
    const f = fx(p.currency, `properties.${k}.currency`);
    const loan = p.loan_id === undefined ? -1 : (loanById.get(p.loan_id) ?? -2);
    if (loan === -2) throw new CalculationInputError(`properties.${k}.loan_id`, 'Unknown loan');
    return {
      id: p.id,
      value: p.market_value * f,
      g: 1 + (ov.property_growth_rate ?? p.growth_rate ?? PROJECTION_DEFAULTS.growth_rate) / 100,
      purchase: p.purchase_price * f,
      purchaseYear: p.purchase_year,
      sell: p.future_selling_year ?? Infinity,
      fee: (p.future_transaction_fee ?? 0) * f,
      loan,
      refund: (p.pension_used ?? 0) * f,
      pensionMember: p.pension_member_id === undefined ? (persons[0] as number) : mIdx(p.pension_member_id, `properties.${k}.pension_member_id`),
      rent: (p.rental_incomes ?? []).map((e, j) => ({ from: dayNumber(e.transaction_start_date, `properties.${k}.rental_incomes.${j}.transaction_start_date`), to: e.transaction_end_date ? dayNumber(e.transaction_end_date, `properties.${k}.rental_incomes.${j}.transaction_end_date`) : Infinity, yearly: e.amount * 12 * f })),
      tax: (p.tax ?? 0) / 100,
      costs: ((p.maintenance ?? 0) * 12 + (p.property_tax ?? 0)) * f,
      currencyCode: (p.currency ?? currency).toUpperCase(),
      fx: f,
      locked: !!p.locked || locked.has(p.id),
      sold: false,
    };
  });
  const dayOfYear = asOf - dayNumber(`${y0}-01-01`);
  const insurances = (h.insurances ?? []).map((p, k) => {
    const f = fx(p.currency, `insurances.${k}.currency`);
    const insured = mIdx(p.member_id, `insurances.${k}.member_id`);
    const payer = mIdx(p.payer_id, `insurances.${k}.payer_id`, insured);
    const policyYear = ymd(dayNumber(p.policy_date, `insurances.${k}.policy_date`)).year;
    const benefitSum = (types: BenefitType[], age: number) => {
      let s = 0;
      for (const b of p.benefits ?? []) if (types.includes(b.type) && coversAt(b, age)) s += benefitAmount(b);
      return s * f;
    };
    const waiver = (p.benefits ?? []).find((b) => b.type === 'Premium Waiver')?.premium_waiver;
    return { prem: premiumYears(p, y0, N, f), insured, payer, cash: (p.current_cash_value ?? 0) * f, g: 1 + (p.growth_rate ?? INSURANCE_DEFAULTS.growth_rate) / 100, maturity: p.maturity_age ?? INSURANCE_DEFAULTS.maturity_age, mv: p.projected_maturity_value === undefined ? null : p.projected_maturity_value * f, cashOut: p.cash_out_age ?? Infinity, dividend: p.dividend ? { amount: p.dividend.amount * f, start: p.dividend.start ?? 1, end: p.dividend.end ?? 5 } : null, policyYear, benefitSum, waiver, done: false, waived: false };
  });
  const goals = (h.goals ?? []).map((g, k) => {
    const f = fx(g.currency, `goals.${k}.currency`);
    const i = g.member_id === undefined ? (persons[0] as number) : mIdx(g.member_id, `goals.${k}.member_id`);
    const retire = g.type === 'retirement';
    const from = g.year_from ?? (retire ? (birth[i] as number) + (retireAge[i] as number) : y0);
    const to = g.year_to ?? (retire ? endYear : from);
    const yearly = (retire ? ((g.living_expense ?? 0) + (g.play_expense ?? 0)) * 12 + (g.amount ?? 0) : (g.amount ?? 0)) * f;
    return { from, to, yearly, g: 1 + (g.inflation_rate !== undefined && ov.inflation_rate === undefined ? g.inflation_rate / 100 : inflation), legacy: (g.legacy_amount ?? 0) * f, mul: 1 };
  });

  // Sell order for shortfalls: the saved sequence first, then the rest (cash, investments, pensions, properties).
  const sellOrder: Array<{ kind: 'liquid' | 'pension' | 'property'; idx: number; id: string }> = [];
  if (opts.sell_on_shortfall) {
    const all = [
      ...liquids.map((l, idx) => ({ kind: 'liquid' as const, idx, id: l.id, locked: l.locked })),
      ...pensions.map((p, idx) => ({ kind: 'pension' as const, idx, id: p.id, locked: p.locked })),
      ...properties.map((p, idx) => ({ kind: 'property' as const, idx, id: p.id, locked: p.locked })),
    ];
    const seq = opts.sell_sequence ?? [];
    const rank = (id: string) => {
      const r = seq.indexOf(id);
      return r === -1 ? seq.length : r;
    };
    for (const a of all.map((a, n) => ({ a, n })).sort((x, y) => rank(x.a.id) - rank(y.a.id) || x.n - y.n)) if (!a.a.locked) sellOrder.push(a.a);
  }

  const rows: YearRow[] = new Array(N);
  const sold: ProjectionResult['sold'] = [];
  const taxable = new Float64Array(M);
  const incMul = incomes.map(() => 1);
  let hhCash = 0;
  const hhG = 1 + (h.cash_growth_rate ?? PROJECTION_DEFAULTS.cash_growth_rate) / 100;
  let runsOut: number | null = null;
  for (let t = 0; t < N; t++) {
    const year = y0 + t;
    const frac = t === 0 ? 1 - dayOfYear / 365 : 1; // decision: the first year counts only its remaining part
    taxable.fill(0);
    let income = 0;
    for (let k = 0; k < incomes.length; k++) {
      const r = incomes[k] as (typeof incomes)[number];
      const amt = r.yearly * (incMul[k] as number);
      incMul[k] = (incMul[k] as number) * r.g;
      if (year < r.from || year > r.to || !alive(r.i, year)) continue;
      if (r.employment && stopsWorking(r.i, year)) continue;
      income += amt;
      if (r.employment) taxable[r.i] = (taxable[r.i] as number) + amt;
    }
    let tax = 0;
    if (taxTable) for (let i = 0; i < M; i++) if ((taxable[i] as number) > 0) tax += progressiveTax((taxable[i] as number) * frac, taxTable);
    let expensesY = 0;
    for (const e of expenses) {
      const amt = e.yearly * e.mul;
      e.mul *= e.g;
      if (year < e.from || year > e.to || (e.i >= 0 && !alive(e.i, year))) continue;
      expensesY += amt;
    }
    // Pensions: contributions, CPF RA at retirement age, CPF LIFE payouts, growth.
    let employee = 0;
    let pensionPayouts = 0;
    let postContrib = 0;
    let pensionTotal = 0;
    for (const p of pensions) {
      const age = year - (birth[p.i] as number);
      const wage = p.wage * p.wageMul;
      p.wageMul *= p.wageG;
      if (wage > 0 && alive(p.i, year) && !stopsWorking(p.i, year)) {
        const ai = age < 0 ? 0 : age > 150 ? 150 : age;
        const eeY = (wage * 12 * (p.ee ?? (p.eeByAge[ai] as number))) / 100;
        const erY = (wage * 12 * (p.er ?? (p.erByAge[ai] as number))) / 100;
        const tot = (eeY + erY) * frac;
        employee += eeY * frac;
        if (p.scheme === 'CPF') {
          p.a += tot * CPF_ALLOCATION.oa;
          if (age >= p.raAge) p.c += tot * CPF_ALLOCATION.sa_ma;
          else p.b += tot * CPF_ALLOCATION.sa_ma;
        } else if (p.scheme === 'EPF') {
          p.a += tot * EPF_ALLOCATION.account1;
          p.b += tot * EPF_ALLOCATION.account2;
          p.c += tot * EPF_ALLOCATION.account3;
        } else p.a += tot;
      }
      if (p.post && alive(p.i, year) && age >= p.post.from && age <= p.post.to) {
        postContrib += p.post.amount;
        if (p.scheme === 'CPF') p.c += p.post.amount;
        else p.a += p.post.amount;
      }
      if (p.scheme === 'CPF' && age === p.raAge) {
        // Form the RA: SA/MA first, then OA, up to the ERS limit (halved with a property pledge).
        const fromB = Math.min(p.b, Math.max(0, p.ers - p.c));
        p.b -= fromB;
        p.c += fromB;
        if (p.ers !== Infinity) {
          const fromA = Math.min(p.a, Math.max(0, p.ers - p.c));
          p.a -= fromA;
          p.c += fromA;
        }
      }
      if (p.scheme === 'CPF' && age >= p.payoutAge && alive(p.i, year)) {
        if (p.payout === 0 && p.c > 0) {
          const n = Math.max(1, p.maturity - p.payoutAge);
          const r = p.gc - 1;
          p.payout = r === 0 ? p.c / n : (p.c * r) / (1 - (1 + r) ** -n);
        }
        const pay = Math.min(p.payout, p.c);
        p.c -= pay;
        pensionPayouts += pay;
      }
      p.a *= p.ga;
      p.b *= p.gb;
      p.c *= p.gc;
      pensionTotal += p.a + p.b + p.c;
    }
    // Loans
    let repay = 0;
    let loanBal = 0;
    for (const l of loans) {
      if (year < l.start || year > l.closed) continue;
      const paidMonths = l.paidM[t] as number;
      const pensionPart = l.pension * paidMonths;
      repay += (l.inst * paidMonths * l.f - pensionPart) + (paidMonths > 0 ? l.other : 0);
      if (pensionPart > 0) {
        const pp = pensionOf.get(l.pensionMember);
        if (pp) pp.a -= pensionPart;
      }
      loanBal += (l.bal[t] as number) * l.f;
    }
    // Properties: growth, rent, costs, sale.
    let propVal = 0;
    let rent = 0;
    let propCosts = 0;
    let propSales = 0;
    const probe = asOf + Math.round(t * 365.2425);
    for (const p of properties) {
      if (p.sold) continue;
      if (year > y0) p.value *= p.g;
      let rentY = 0;
      for (const e of p.rent) if (e.from <= probe && probe <= e.to) rentY += e.yearly;
      rent += rentY * (1 - p.tax) * frac;
      propCosts += p.costs * frac;
      if (year === p.sell) {
        const l = p.loan >= 0 ? loans[p.loan] : undefined;
        const outstanding = l ? (l.bal[t] as number) * l.f : 0;
        if (l) {
          l.closed = year;
          loanBal -= outstanding;
        }
        const refund = p.refund * 1.025 ** Math.max(0, year - p.purchaseYear);
        const sale = netSaleProceeds({ selling_price: p.value, purchase_price: p.purchase, transaction_fee: p.fee, outstanding_loan: outstanding, pension_refund: refund, months_held: Math.max(0, (year - p.purchaseYear) * 12), currency: p.currencyCode === 'MYR' ? 'RM' : p.currencyCode });
        propSales += sale.net_proceeds;
        const pp = pensionOf.get(p.pensionMember);
        if (pp) {
          pp.a += refund;
          pensionTotal += refund;
        }
        p.sold = true;
        continue;
      }
      propVal += p.value;
    }
    // Insurance: premiums (payer alive, not waived), cash values, maturity / cash-out, dividends, event payouts.
    let premiums = 0;
    let payouts = 0;
    let insVal = 0;
    for (const s of insurances) {
      if (s.done) continue;
      const age = year - (birth[s.insured] as number);
      const insuredDies = year === deathYear[s.insured];
      const dis = year === disabledYear[s.insured];
      const ci = year === ciYear[s.insured];
      if (insuredDies) payouts += s.benefitSum(['Death'], age);
      if (dis) payouts += s.benefitSum(['Disability', 'Personal Accident'], age);
      if (ci) payouts += s.benefitSum(['Major Illness', 'Early Critical Illness'], age);
      if (!s.waived) {
        const payerEvent = (year >= (deathYear[s.payer] as number) ? 'death' : year >= (disabledYear[s.payer] as number) ? 'disability' : year >= (ciYear[s.payer] as number) ? 'critical_illness' : null) as 'death' | 'disability' | 'critical_illness' | null;
        const insuredEvent = (year >= (disabledYear[s.insured] as number) ? 'disability' : year >= (ciYear[s.insured] as number) ? 'critical_illness' : null) as 'disability' | 'critical_illness' | null;
        if ((payerEvent && premiumWaived(s.waiver, payerEvent, 'payer')) || (insuredEvent && premiumWaived(s.waiver, insuredEvent, 'insured'))) s.waived = true;
      }
      if (!s.waived && !insuredDies && year < (deathYear[s.insured] as number) && year < (deathYear[s.payer] as number)) premiums += s.prem[t] as number;
      if (s.dividend) {
        const py = year - s.policyYear;
        if (py >= s.dividend.start && py <= s.dividend.end) payouts += s.dividend.amount;
      }
      if (insuredDies || year > (deathYear[s.insured] as number)) {
        payouts += s.cash;
        s.cash = 0;
        s.done = true;
        continue;
      }
      if (age >= s.maturity || age >= s.cashOut) {
        payouts += age >= s.maturity && s.mv !== null ? s.mv : s.cash;
        s.cash = 0;
        s.done = true;
        continue;
      }
      if (year > y0) s.cash *= s.g;
      insVal += s.cash;
    }
    // Goals
    let goalY = 0;
    for (const g of goals) {
      if (year >= g.from && year <= g.to) goalY += g.yearly * g.mul;
      g.mul *= g.g;
    }
    // Liquid assets grow; contributions are paid from cash.
    let contrib = 0;
    let liquidVal = 0;
    const grow = year > y0;
    for (const l of liquids) {
      if (grow) l.value *= l.g;
      if (l.contrib > 0 && year <= l.contribTo) {
        const c = l.contrib * frac;
        l.value += c;
        contrib += c;
      }
      liquidVal += l.value;
    }
    const incomeFr = income * frac;
    const flow = incomeFr + rent - employee - tax - expensesY * frac - propCosts - premiums - repay - goalY * frac - contrib - postContrib + payouts + pensionPayouts + propSales;
    hhCash = hhCash * (grow ? hhG : 1) + flow;
    // Shortfall: sell assets in the saved sequence, skipping locked ones.
    let assetSales = 0;
    if (hhCash < 0 && opts.sell_on_shortfall) {
      for (const a of sellOrder) {
        if (hhCash >= 0) break;
        const need = -hhCash;
        if (a.kind === 'liquid') {
          const l = liquids[a.idx] as Liquid;
          const take = Math.min(need, l.value);
          if (take <= 0) continue;
          l.value -= take;
          liquidVal -= take;
          hhCash += take;
          assetSales += take;
          sold.push({ year, asset_id: a.id, amount: r2(take) });
        } else if (a.kind === 'pension') {
          const p = pensions[a.idx] as (typeof pensions)[number];
          if (year - (birth[p.i] as number) < p.raAge) continue; // withdrawals only from the retirement age (decision)
          const avail = p.a + p.b;
          const take = Math.min(need, avail);
          if (take <= 0) continue;
          const fromA = Math.min(p.a, take);
          p.a -= fromA;
          p.b -= take - fromA;
          pensionTotal -= take;
          hhCash += take;
          assetSales += take;
          sold.push({ year, asset_id: a.id, amount: r2(take) });
        } else {
          const p = properties[a.idx] as (typeof properties)[number];
          if (p.sold) continue;
          const l = p.loan >= 0 ? loans[p.loan] : undefined;
          const outstanding = l ? (l.bal[t] as number) * l.f : 0;
          if (l) {
            l.closed = year;
            loanBal -= outstanding;
          }
          const sale = netSaleProceeds({ selling_price: p.value, purchase_price: p.purchase, transaction_fee: p.fee, outstanding_loan: outstanding, pension_refund: 0, months_held: Math.max(0, (year - p.purchaseYear) * 12), currency: p.currencyCode === 'MYR' ? 'RM' : p.currencyCode });
          p.sold = true;
          propVal -= p.value;
          hhCash += sale.net_proceeds;
          assetSales += sale.net_proceeds;
          sold.push({ year, asset_id: a.id, amount: r2(sale.net_proceeds) });
        }
      }
    }
    if (hhCash < -0.005 && runsOut === null) runsOut = year;
    const cashAssets = Math.max(0, hhCash);
    let cashAcc = 0;
    let invest = 0;
    for (const l of liquids) if (l.kind === 'cash') cashAcc += l.value;
    invest = liquidVal - cashAcc;
    const assets = { cash: r2(cashAcc + cashAssets), investments: r2(invest), pensions: r2(pensionTotal), properties: r2(propVal), insurance: r2(insVal) };
    const liabilities = { loans: r2(Math.max(0, loanBal)), shortfall: r2(Math.max(0, -hhCash)) };
    const totalAssets = r2(assets.cash + assets.investments + assets.pensions + assets.properties + assets.insurance);
    const totalLiabilities = r2(liabilities.loans + liabilities.shortfall);
    const ages: Record<string, number> = {};
    for (const i of persons) ages[(members[i] as { id: string }).id] = year - (birth[i] as number);
    rows[t] = {
      year,
      ages,
      income: r2(incomeFr + rent),
      tax: r2(tax),
      employee_contribution: r2(employee),
      expenses: r2(expensesY * frac + propCosts),
      premiums: r2(premiums),
      loan_repayments: r2(repay),
      goals: r2(goalY * frac),
      investment_contributions: r2(contrib + postContrib),
      insurance_payouts: r2(payouts),
      pension_payouts: r2(pensionPayouts),
      property_sales: r2(propSales),
      asset_sales: r2(assetSales),
      net_cash_flow: r2(flow),
      assets,
      liabilities,
      total_assets: totalAssets,
      total_liabilities: totalLiabilities,
      net_worth: r2(totalAssets - totalLiabilities),
    };
    if (!Number.isFinite(totalAssets) || !Number.isFinite(totalLiabilities) || !Number.isFinite(flow)) {
      throw new CalculationInputError('household', 'The amounts and rates given grow beyond what can be computed');
    }
  }
  return { currency, start_year: y0, end_year: y0 + N - 1, rows, money_runs_out_year: runsOut, sold };
}
