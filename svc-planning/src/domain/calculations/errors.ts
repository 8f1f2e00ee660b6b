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
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new CalculationInputError(field, `${field} must be a finite number`);
  return value;
}
