/** Income & Expenses: the cash-flow editors by member (issue 11). Owned by the cash-flow helper. */
export function CashflowSection() {
  return null;
}
