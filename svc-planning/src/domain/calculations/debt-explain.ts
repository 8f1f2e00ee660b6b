import type { Explainer, RecordRef, RulePart, StepInfo } from './explain';
import type { ScheduleRow } from './loans';
import type { LoanInput } from './types';

/**
 * The debt figures' steps (issue 34, docs/decisions/explanations-h4.md): what calculateDebt records for one loan and
 * for the totals, from the values it computed them with (index.ts calls these only when it is asked to explain).
 *
 * Per loan (`debt:<loan_id>:…`, money in the household currency, as the debt screen shows it):
 * - `instalment`: the annuity formula P·r / (1 − 1 ÷ (1 + r)^n) (r the monthly rate, n the months), the flat formula
 *   (P + P × rate% × n / 12) ÷ n, or the repayment amount the advisor chose; to the cent; converted when the loan is in
 *   another currency;
 * - `outstanding`: the loan less the principal repaid in the months paid (the payments made less the schedule's
 *   interest of those months);
 * - `total_interest`: the schedule's interest, paid and still to pay.
 * The totals (`debt:total:…`) are sums in cents of the per-loan figures in the household currency.
 */

/** Fixed numbers the formulas use (leaves marked 'assumption': nothing to edit, but not the engine's either). */
export const CONST_ONE = 'const:one';
export const CONST_1200 = 'const:percent_a_year_to_a_fraction_a_month';
export const CONST_12 = 'const:months_per_year';

const m = (value: number): RulePart => ({ value, unit: 'money' });
const count = (value: number): RulePart => ({ value, unit: 'count' });
const pct = (value: number): RulePart => ({ value, unit: 'percent' });
const fac = (value: number): RulePart => ({ value, unit: 'factor' });

const KIND_LABEL: Record<string, string> = {
  mortgage: 'Mortgage',
  vehicle: 'Car loan',
  credit_card: 'Credit card',
  other: 'Loan',
};
/** How a family reads a loan's name in a label ("Mortgage", "Car loan"): the engine has no name, its kind. */
export const loanLabel = (l: Pick<LoanInput, 'kind'>): string => KIND_LABEL[l.kind ?? 'other'] ?? 'Loan';

/** Records the fixed numbers (once per Explainer). */
export function constants(ex: Explainer): void {
  if (ex.has(CONST_ONE)) return;
  ex.input(CONST_ONE, 1, { label: 'One', unit: 'factor', leaf: 'assumption', rule: ['the number 1'] });
  ex.input(CONST_12, 12, {
    label: 'Months in a year',
    unit: 'count',
    leaf: 'assumption',
    rule: ['a loan is repaid monthly: ', count(12), ' instalments a year'],
  });
  ex.input(CONST_1200, 1200, {
    label: 'A yearly percent as a monthly fraction',
    unit: 'count',
    leaf: 'assumption',
    rule: ['12 months × 100 percent'],
  });
}

/** A stored input of the loan record (`in:loans:<id>:<field>`, record kind 'debt'). */
function loanInput(
  ex: Explainer,
  l: LoanInput,
  field: string,
  value: number,
  label: string,
  info: Partial<StepInfo> = {},
) {
  const records: RecordRef[] = [{ kind: 'debt', id: l.id, field }];
  return ex.input(`in:loans:${l.id}:${field}`, value, {
    label: `${loanLabel(l)}: ${label}`,
    unit: 'money',
    records,
    rule: [],
    ...info,
  });
}

/** The stored rate a loan's amounts convert by (`fx:<from>:<to>`, 1 unit of `from` in `to`). */
export function fxLeaf(ex: Explainer, from: string, to: string, rate: number): string {
  return ex.input(`fx:${from}:${to}`, rate, {
    label: `1 ${from} in ${to}`,
    unit: 'factor',
    leaf: 'assumption',
    rule: ['the stored currency rate: 1 ', from, ' = ', fac(rate), ` ${to}`],
  });
}

export interface LoanValues {
  loan: LoanInput;
  /** The household currency and the loan's, and 1 unit of the loan's in the household's. */
  currency: string;
  loanCurrency: string;
  rate: number;
  type: 'annuity' | 'flat';
  /** The months the formula used (the tenure, or the months to repay a chosen amount), and the schedule's length. */
  formulaMonths: number;
  tenureGiven: boolean;
  chosen: number | undefined;
  /** The exact instalment (before cents) when computed by a formula, and the instalment in cents. */
  exact: number;
  instalment: number;
  schedule: readonly ScheduleRow[];
  paid: number;
  outstanding: number;
  outstandingInCurrency: number;
  interest: number;
  running: number;
  instalmentInCurrency: number;
  interestInCurrency: number;
  runningInCurrency: number;
}

/** Records one loan's instalment, outstanding balance, total interest and running costs. */
export function recordLoan(ex: Explainer, v: LoanValues): void {
  constants(ex);
  const l = v.loan;
  const id = l.id;
  const name = loanLabel(l);
  const d = (what: string) => `debt:${id}:${what}`;
  const principal = loanInput(ex, l, 'original_loan', l.original_loan, 'the amount borrowed');
  const converted = v.rate !== 1;
  const own = (what: string) => (converted ? d(`${what}:${v.loanCurrency}`) : d(what));
  const ownLabel = (label: string) => (converted ? `${label}, in ${v.loanCurrency}` : label);
  const fx = converted ? fxLeaf(ex, v.loanCurrency, v.currency, v.rate) : '';
  /** The household currency's figure: the loan's own converted to the cent (calculateDebt's convertCents). */
  const inHome = (what: string, value: number, inCurrency: number, label: string) => {
    if (!converted) return;
    ex.add(d(what), inCurrency, { op: 'product', round: true }, [own(what), fx], {
      label,
      rule: [m(value), ` ${v.loanCurrency} × `, fac(v.rate), ` (1 ${v.loanCurrency} in ${v.currency})`],
    });
  };

  // instalment
  const instLabel = `${name}: monthly instalment`;
  if (v.chosen !== undefined) {
    const chosen = loanInput(ex, l, 'repayment_amount', v.chosen, 'the repayment amount chosen');
    ex.add(own('instalment'), v.instalment, { op: 'sum', round: true }, [chosen], {
      label: ownLabel(instLabel),
      rule: [
        'the repayment amount chosen, ',
        m(v.chosen),
        ' a month, repays the loan in ',
        count(v.formulaMonths),
        ' months',
      ],
    });
  } else {
    const rate = loanInput(ex, l, 'loan_interest', l.loan_interest, 'interest rate a year', { unit: 'percent' });
    const months = v.tenureGiven
      ? loanInput(ex, l, 'loan_tenure', v.formulaMonths, 'loan tenure in months', { unit: 'count' })
      : ex.input(`asm:default_loan_tenure`, v.formulaMonths, {
          label: 'Loan tenure when none is given, months',
          unit: 'count',
          leaf: 'assumption',
          rule: ['a loan without a tenure is repaid over ', count(v.formulaMonths), ' months (35 years)'],
        });
    const n = v.formulaMonths;
    const exact = d('instalment:exact');
    if (v.type === 'flat') {
      const interestYear = d('flat_interest_a_year');
      const yearly = (l.original_loan * l.loan_interest) / 100;
      ex.add(interestYear, yearly, { op: 'percent' }, [principal, rate], {
        label: `${name}: interest a year at the flat rate`,
        rule: [m(l.original_loan), ' × ', pct(l.loan_interest)],
      });
      const years = d('years');
      ex.add(years, n / 12, { op: 'quotient' }, [months, CONST_12], {
        label: `${name}: years of the loan`,
        unit: 'years',
        rule: [count(n), ' months ÷ 12'],
      });
      const interest = d('flat_interest');
      ex.add(interest, yearly * (n / 12), { op: 'product' }, [interestYear, years], {
        label: `${name}: interest over the loan at the flat rate`,
        rule: [m(yearly), ' a year × ', { value: n / 12, unit: 'years' }, ' years'],
      });
      const repaid = d('flat_total');
      ex.add(repaid, l.original_loan + yearly * (n / 12), { op: 'sum' }, [principal, interest], {
        label: `${name}: loan and flat interest`,
        rule: [m(l.original_loan), ' + ', m(yearly * (n / 12))],
      });
      ex.add(exact, v.exact, { op: 'quotient' }, [repaid, months], {
        label: `${name}: monthly instalment before rounding`,
        rule: ['the loan and its flat interest, ', m(l.original_loan + yearly * (n / 12)), ', ÷ ', count(n), ' months'],
      });
    } else if (l.loan_interest === 0) {
      ex.add(exact, v.exact, { op: 'quotient' }, [principal, months], {
        label: `${name}: monthly instalment before rounding`,
        rule: ['no interest: ', m(l.original_loan), ' ÷ ', count(n), ' months'],
      });
    } else {
      const r = l.loan_interest / 1200;
      const monthly = d('monthly_rate');
      ex.add(monthly, r, { op: 'quotient' }, [rate, CONST_1200], {
        label: `${name}: interest a month, as a fraction`,
        unit: 'factor',
        rule: [pct(l.loan_interest), ' a year ÷ 12 months = ', pct(l.loan_interest / 12), ' a month'],
      });
      const growth = d('month_growth');
      ex.add(growth, 1 + r, { op: 'sum' }, [CONST_ONE, monthly], {
        label: `${name}: what 1 owed grows to in a month`,
        unit: 'factor',
        rule: ['1 + ', fac(r)],
      });
      const grown = d('term_growth');
      const g = (1 + r) ** n;
      ex.add(grown, g, { op: 'power' }, [growth, months], {
        label: `${name}: what 1 owed grows to over the term`,
        unit: 'factor',
        rule: [fac(1 + r), ' to the power of ', count(n), ' months'],
      });
      const discount = d('discount');
      ex.add(discount, 1 / g, { op: 'quotient' }, [CONST_ONE, grown], {
        label: `${name}: 1 at the end of the term, in today’s money`,
        unit: 'factor',
        rule: ['1 ÷ ', fac(g)],
      });
      const divisor = d('annuity_divisor');
      ex.sum(
        divisor,
        1 - 1 / g,
        [
          [CONST_ONE, 1],
          [discount, -1],
        ],
        {
          label: `${name}: the part of each instalment that is not interest, over the term`,
          unit: 'factor',
          rule: ['1 − ', fac(1 / g)],
        },
      );
      const first = d('first_month_interest');
      ex.add(first, l.original_loan * r, { op: 'product' }, [principal, monthly], {
        label: `${name}: interest of the first month`,
        rule: [m(l.original_loan), ' × ', fac(r)],
      });
      ex.add(exact, v.exact, { op: 'quotient' }, [first, divisor], {
        label: `${name}: monthly instalment before rounding`,
        rule: [
          'the instalment that repays ',
          m(l.original_loan),
          ' at ',
          pct(l.loan_interest),
          ' a year in ',
          count(n),
          ' months: the first month’s interest ',
          m(l.original_loan * r),
          ' ÷ ',
          fac(1 - 1 / g),
        ],
      });
    }
    ex.add(own('instalment'), v.instalment, { op: 'sum', round: true }, [exact], {
      label: ownLabel(instLabel),
      rule: [m(v.exact), ' to the cent'],
    });
  }
  inHome('instalment', v.instalment, v.instalmentInCurrency, instLabel);

  // outstanding: the loan less the principal repaid in the months paid (the schedule's balance after them)
  const last = v.schedule.length;
  let payments = 0;
  let paidInterest = 0;
  let interestLeft = 0;
  for (let k = 0; k < last; k++) {
    const row = v.schedule[k] as ScheduleRow;
    if (k < v.paid) {
      payments += Math.round(row.payment * 100);
      paidInterest += Math.round(row.interest * 100);
    } else interestLeft += Math.round(row.interest * 100);
  }
  const monthsPaid = d('months_paid');
  ex.input(monthsPaid, v.paid, {
    label: `${name}: instalments paid by the as-of day`,
    unit: 'count',
    leaf: 'assumption',
    records: [{ kind: 'debt', id, field: 'starting_year' }],
    rule: [
      'a month from January of ',
      { value: l.starting_year, unit: 'year' },
      ' to the as-of month: ',
      count(v.paid),
    ],
  });
  const interestPaid = d('interest_paid');
  ex.input(interestPaid, paidInterest / 100, {
    label: `${name}: interest of the months paid`,
    // a sum of the amortisation schedule's months (loans.ts), read from the loan's own fields
    records: [{ kind: 'debt', id, field: 'original_loan' }, { kind: 'debt', id, field: 'loan_interest' }, { kind: 'debt', id, field: 'loan_tenure' }],
    rule: ['the schedule’s interest of months 1 to ', count(v.paid), ', each month’s on the balance left, to the cent'],
  });
  const interestToCome = d('interest_to_come');
  ex.input(interestToCome, interestLeft / 100, {
    label: `${name}: interest of the months still to pay`,
    // a sum of the amortisation schedule's months (loans.ts), read from the loan's own fields
    records: [{ kind: 'debt', id, field: 'original_loan' }, { kind: 'debt', id, field: 'loan_interest' }, { kind: 'debt', id, field: 'loan_tenure' }],
    rule: ['the schedule’s interest of the ', count(last - v.paid), ' months left, each month’s on the balance left'],
  });
  const ownOutstanding = own('outstanding');
  const outLabel = `${name}: outstanding balance`;
  const paidAmount = d('payments_made');
  if (payments === Math.round(v.instalment * 100) * v.paid)
    ex.add(paidAmount, payments / 100, { op: 'product', round: true }, [own('instalment'), monthsPaid], {
      label: `${name}: instalments paid`,
      rule: [m(v.instalment), ' × ', count(v.paid), ' months'],
    });
  else
    ex.input(paidAmount, payments / 100, {
      label: `${name}: instalments paid`,
      records: [{ kind: 'debt', id, field: 'original_loan' }, { kind: 'debt', id, field: 'loan_interest' }, { kind: 'debt', id, field: 'loan_tenure' }],
      rule: ['the schedule’s payments of months 1 to ', count(v.paid), ', the last one what was left'],
    });
  const repaid = d('principal_repaid');
  ex.sum(
    repaid,
    (payments - paidInterest) / 100,
    [
      [paidAmount, 1],
      [interestPaid, -1],
    ],
    {
      label: `${name}: loan repaid`,
      rule: ['instalments paid ', m(payments / 100), ' − their interest ', m(paidInterest / 100)],
    },
    true,
  );
  ex.sum(
    ownOutstanding,
    v.outstanding,
    [
      [principal, 1],
      [repaid, -1],
    ],
    {
      label: ownLabel(outLabel),
      rule: [
        m(l.original_loan),
        ' borrowed − ',
        m((payments - paidInterest) / 100),
        ' repaid in ',
        count(v.paid),
        ' months',
      ],
    },
    true,
  );
  inHome('outstanding', v.outstanding, v.outstandingInCurrency, outLabel);

  // total interest: the schedule's, paid and to come
  const intLabel = `${name}: total interest`;
  ex.sum(
    own('total_interest'),
    v.interest,
    [
      [interestPaid, 1],
      [interestToCome, 1],
    ],
    {
      label: ownLabel(intLabel),
      rule: ['interest paid ', m(paidInterest / 100), ' + interest to pay ', m(interestLeft / 100)],
    },
    true,
  );
  // calculateDebt replies the interest in the loan's currency; in the household's, converted as the totals convert
  inHome('total_interest', v.interest, v.interestInCurrency, intLabel);

  // running costs a month (a car's fuel, insurance and road tax, servicing, maintenance, other monthly costs)
  const costs: Array<[string, 1]> = [];
  const cost = (field: string, value: number | undefined, label: string) => {
    if (value === undefined) return;
    costs.push([loanInput(ex, l, field, value, label), 1]);
  };
  cost('other_monthly_expenses', l.other_monthly_expenses, 'other monthly costs');
  cost('maintenance', l.maintenance, 'maintenance a month');
  cost('other_expenses.fuel', l.other_expenses?.fuel, 'fuel a month');
  cost(
    'other_expenses.insurance_and_road_tax',
    l.other_expenses?.insurance_and_road_tax,
    'insurance and road tax a month',
  );
  cost('other_expenses.servicing', l.other_expenses?.servicing, 'servicing a month');
  const runLabel = `${name}: running costs a month`;
  ex.sum(
    own('running_costs'),
    v.running,
    costs,
    {
      label: ownLabel(runLabel),
      rule: costs.length
        ? costs.flatMap(([c], k): RulePart[] => [
            ...(k > 0 ? [' + '] : []),
            `${ex.get(c)?.label ?? c} `,
            m(ex.get(c)?.value ?? 0),
          ])
        : ['none'],
    },
    true,
  );
  inHome('running_costs', v.running, v.runningInCurrency, runLabel);
}

/** Records the debt totals: sums in cents of the per-loan figures in the household currency. */
export function recordDebtTotals(
  ex: Explainer,
  loans: ReadonlyArray<{ loan: LoanInput; running: boolean }>,
  totals: { outstanding: number; monthly: number; runningCosts: number },
): void {
  const total = (what: string, label: string, value: number, parts: string[], none: string) => {
    const ps = parts.map((p): [string, 1] => [p, 1]);
    ex.sum(
      `debt:total:${what}`,
      value,
      ps,
      {
        label,
        rule: ps.length
          ? ps.flatMap(([p], k): RulePart[] => [
              ...(k > 0 ? [' + '] : []),
              `${ex.get(p)?.label ?? p} `,
              m(ex.get(p)?.value ?? 0),
            ])
          : [none],
      },
      true,
    );
  };
  total(
    'outstanding',
    'Total outstanding loans',
    totals.outstanding,
    loans.map((x) => `debt:${x.loan.id}:outstanding`),
    'no loans',
  );
  const running = loans.filter((x) => x.running);
  total(
    'monthly_repayment',
    'Total monthly repayments',
    totals.monthly,
    running.map((x) => `debt:${x.loan.id}:instalment`),
    'no loan is being repaid',
  );
  total(
    'monthly_running_costs',
    'Total running costs a month',
    totals.runningCosts,
    running.map((x) => `debt:${x.loan.id}:running_costs`),
    'no loan is being repaid',
  );
}
