import * as errorsModule from './errors';
// Imported names read once: under tsx, how the services run, every use of an imported name calls a getter
// (docs/planning-model.md, "How the projection is computed").
const { CalculationInputError, finite, result } = errorsModule;

/** Payment frequencies (spec §9 "Frequencies per year"; §4 premium dates step by 1, 3, 6 or 12 months). */
export type Frequency = 'monthly' | 'quarterly' | 'semi_annual' | 'annual' | 'single';

/**
 * Payments per year. The spec's line says "quarterly 3", but §4 steps quarterly premium dates by 3 months, i.e.
 * four payments a year: quarterly = 4 here (decision recorded in docs/decisions.md). A single premium is one payment.
 */
export const PAYMENTS_PER_YEAR: Readonly<Record<Frequency, number>> = {
  monthly: 12,
  quarterly: 4,
  semi_annual: 2,
  annual: 1,
  single: 1,
};
/** Months between two payment dates (single: none, paid once). */
export const MONTHS_STEP: Readonly<Record<Frequency, number>> = {
  monthly: 1,
  quarterly: 3,
  semi_annual: 6,
  annual: 12,
  single: 0,
};

const ALIASES: Record<string, Frequency> = {
  monthly: 'monthly',
  month: 'monthly',
  quarterly: 'quarterly',
  quarter: 'quarterly',
  semi_annual: 'semi_annual',
  semiannual: 'semi_annual',
  half_yearly: 'semi_annual',
  annual: 'annual',
  annually: 'annual',
  yearly: 'annual',
  year: 'annual',
  single: 'single',
  single_premium: 'single',
};

/** Spellings already read (the projection reads one per policy); bounded, so odd inputs cannot make it grow. */
const READ = new Map<string, Frequency>();

/** Accepts 'semi annual', 'Semi-Annual', 'single premium', 'yearly'… */
export function normaliseFrequency(value: string, field = 'frequency'): Frequency {
  const known = READ.get(value);
  if (known) return known;
  const f = readFrequency(value);
  if (!f) throw new CalculationInputError(field, `${field} must be monthly, quarterly, semi annual, annual or single`);
  if (READ.size < 64 && value.length <= 32) READ.set(value, f);
  return f;
}

function readFrequency(value: string): Frequency | undefined {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  // Own keys only: 'constructor' or '__proto__' must not resolve to Object's members.
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}

/** Spec §9: yearly figures are monthly × 12. */
export const yearlyFromMonthly = (monthly: number) => result(finite(monthly, 'amount') * 12, 'amount');
