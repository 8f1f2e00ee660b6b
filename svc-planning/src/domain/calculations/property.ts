import type { DateInput } from './dates';
import * as datesModule from './dates';
import * as errorsModule from './errors';
import * as loansModule from './loans';
import * as taxModule from './tax';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { dayNumber } = datesModule;
const { CalculationInputError, count, finite, growthPercent: growth, result } = errorsModule;
const { otherMonthlyCosts } = loansModule;
const { propertySaleTax } = taxModule;

/** Spec §9 defaults for property. */
export const PROPERTY_DEFAULTS = {
  recession_sensitivity: 30,
  cpf_growth_rate: 2.5,
  own_stay: true,
  type: 'mortgage',
} as const;

/** Market value after `years` growing at `growthPercent` a year. */
export function marketValueAfter(value: number, growthPercent: number, years: number): number {
  finite(value, 'market_value');
  growth(growthPercent, 'growth_rate');
  finite(years, 'years');
  return result(value * (1 + growthPercent / 100) ** Math.max(0, years), 'market_value');
}

/**
 * Pension (CPF/EPF) refunded to the fund at sale: the amounts used for the purchase and the repayments, with the
 * accrued interest at cpf_growth_rate (default 2.5%, spec §9) compounded yearly until the sale (decision).
 */
export function pensionRefund(
  usedForPurchase: number,
  purchaseYear: number,
  yearlyRepayments: number,
  repaymentYears: number,
  saleYear: number,
  cpfGrowthPercent: number = PROPERTY_DEFAULTS.cpf_growth_rate,
): number {
  finite(usedForPurchase, 'used_for_purchase');
  finite(purchaseYear, 'purchase_year');
  finite(yearlyRepayments, 'yearly_repayments');
  count(repaymentYears, 'repayment_years', 0, 100);
  finite(saleYear, 'sale_year');
  growth(cpfGrowthPercent, 'cpf_growth_rate');
  const g = 1 + cpfGrowthPercent / 100;
  let total = usedForPurchase * g ** Math.max(0, saleYear - purchaseYear);
  for (let k = 0; k < repaymentYears; k++)
    total += yearlyRepayments * g ** Math.max(0, saleYear - (purchaseYear + k) - 1);
  return result(total, 'pension_refund');
}

export interface SaleInput {
  selling_price: number;
  purchase_price: number;
  transaction_fee: number;
  outstanding_loan: number;
  pension_refund: number;
  /** Months held, a started month counting as a month. */
  months_held: number;
  currency: string;
  /** Year of the sale (the tax table in force). */
  sale_year: number;
  /** The purchase (SSD: which schedule). */
  purchase_date: DateInput;
  /** The market value at the sale (SSD: the higher of it and the price); default the selling price. */
  market_value?: number;
}
export interface SaleResult {
  gain: number;
  gain_tax: number;
  net_proceeds: number;
}

/** Spec §9: a net proceeds value between -1 and 1 is treated as 0. */
export function zeroIfNegligible(x: number): number {
  finite(x, 'net_proceeds');
  return x > -1 && x < 1 ? 0 : x;
}

/**
 * Net sale proceeds = price − fees − outstanding loan − pension refund − the sale's tax (issue 32: SGD the Seller's
 * Stamp Duty on the higher of price and market value, RM the RPGT on the gain after fees less the exemption; tax.ts
 * propertySaleTax).
 */
export function netSaleProceeds(s: SaleInput): SaleResult {
  for (const k of [
    'selling_price',
    'purchase_price',
    'transaction_fee',
    'outstanding_loan',
    'pension_refund',
    'months_held',
    'sale_year',
  ] as const)
    finite(s[k], k);
  const gain = s.selling_price - s.purchase_price - s.transaction_fee;
  result(gain, 'selling_price');
  const tax = propertySaleTax({
    currency: s.currency,
    sale_year: s.sale_year,
    purchase_day: dayNumber(s.purchase_date, 'purchase_date'),
    months_held: s.months_held,
    price: s.selling_price,
    market_value: s.market_value === undefined ? s.selling_price : finite(s.market_value, 'market_value'),
    gain,
  }).tax;
  return {
    gain,
    gain_tax: tax,
    net_proceeds: zeroIfNegligible(
      result(s.selling_price - s.transaction_fee - s.outstanding_loan - s.pension_refund - tax, 'selling_price'),
    ),
  };
}

export interface RentalEntry {
  transaction_start_date: DateInput;
  transaction_end_date?: DateInput | null;
  amount: number;
}

/**
 * Spec §9: rental income counts only entries whose dates span today, reduced by an income-tax percentage.
 * Monthly amounts; an entry without an end date is open-ended (decision).
 */
export function rentalIncome(entries: readonly RentalEntry[], today: DateInput, taxPercent = 0): number {
  const t = dayNumber(today, 'today');
  finite(taxPercent, 'tax');
  if (taxPercent < 0 || taxPercent > 100) throw new CalculationInputError('tax', 'tax must be between 0 and 100');
  let sum = 0;
  entries.forEach((e, i) => {
    const start = dayNumber(e.transaction_start_date, `rental_income.${i}.transaction_start_date`);
    const end = e.transaction_end_date
      ? dayNumber(e.transaction_end_date, `rental_income.${i}.transaction_end_date`)
      : Number.POSITIVE_INFINITY;
    if (start <= t && t <= end) sum += finite(e.amount, `rental_income.${i}.amount`);
  });
  return result(sum * (1 - taxPercent / 100), 'rental_income');
}

/** Vehicle running costs a month: maintenance plus other expenses (fuel, insurance and road tax, servicing). */
export function vehicleMonthlyCosts(v: {
  maintenance?: number;
  other_expenses?: { fuel?: number; insurance_and_road_tax?: number; servicing?: number };
}): number {
  return otherMonthlyCosts({ maintenance: v.maintenance, other_expenses: v.other_expenses });
}
