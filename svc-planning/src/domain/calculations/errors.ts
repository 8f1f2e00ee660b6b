/** Input the engine cannot compute with. `field` names the offending input (the HTTP layer turns it into a 400). */
export class CalculationInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'CalculationInputError';
  }
}

/** Throws a CalculationInputError unless the value is a finite number. */
export function finite(value: number, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new CalculationInputError(field, `${field} must be a finite number`);
  return value;
}

/** Throws unless the value is a finite number ≥ 0. */
export function nonNegative(value: number, field: string): number {
  finite(value, field);
  if (value < 0) throw new CalculationInputError(field, `${field} must not be negative`);
  return value;
}

/** Throws unless the value is a whole number from `min` to `max` (a count: months, years, periods). */
export function count(value: number, field: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new CalculationInputError(field, `${field} must be a whole number from ${min} to ${max}`);
  return value;
}

/** Throws unless a growth or interest rate in percent a year is finite and above −100%. */
export function growthPercent(value: number, field: string): number {
  finite(value, field);
  if (value <= -100) throw new CalculationInputError(field, `${field} must be greater than -100%`);
  return value;
}

/** A computed figure: refuses a result that overflowed to ±Infinity or NaN instead of returning it. */
export function result(value: number, field: string): number {
  if (!Number.isFinite(value))
    throw new CalculationInputError(field, `${field} gives no finite result for these inputs`);
  return value === 0 ? 0 : value;
}

/** Whether every number in a record tree (plain objects and arrays) is finite; builds no strings. */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return value - value === 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!allFinite(value[i])) return false;
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const k in value) if (!allFinite((value as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** The path of the first non-finite number in a record tree ('' when none). */
function firstNonFinite(value: unknown, path: string): string | null {
  if (typeof value === 'number') return value - value === 0 ? null : path;
  if (value === null || typeof value !== 'object' || value instanceof Date) return null;
  for (const k in value) {
    const found = firstNonFinite((value as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a non-finite number anywhere in an input record tree (plain objects and arrays), naming its path
 * ('loans.3.loan_interest'). The household entry points run it once per call, so no engine path meets NaN or ±Infinity.
 */
export function finiteTree(value: unknown, path: string): void {
  if (allFinite(value)) return;
  const at = firstNonFinite(value, path) || path || 'value';
  throw new CalculationInputError(at, `${at} must be a finite number`);
}
