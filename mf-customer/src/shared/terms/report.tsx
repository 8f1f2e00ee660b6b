import styled from 'styled-components';

/**
 * The terms of the plan, one line each, as docs/planning-model.md "Terms of the plan" defines them: shown where a
 * term appears (a footnote under its table or chart), the same words on every screen.
 */
export const TERMS = {
  plan: 'The plan: one projection of the household as recorded, with its saved locked assets and sell sequence (no scenario changes).',
  income:
    'Income: every inflow of the year: incomes, rental, CPF/EPF and pension payouts (CPF LIFE included), insurance payouts and property sale proceeds.',
  expenses:
    'Expenses: every outflow of the year: living and other expenses, goals, tax, employee CPF/EPF contributions, loan repayments (cash part), premiums and investment contributions.',
  net: 'Net cash flow: Income − Expenses.',
  surplus:
    'Surplus: the net cash flow when it is positive; it stays in the household’s cash (after repaying any shortfall).',
  shortfall:
    'Shortfall: what the household owes at the year end because the plan could not pay: deficits left after the cash accounts, unlocked investments and the saved sell sequence, borrowed at the borrowing rate.',
  runsOut: 'Money runs out: the first year with a shortfall.',
  today: 'Today: the balance sheet at the as-of date; later years are year ends.',
} as const;
export type Term = keyof typeof TERMS;

const List = styled.dl`
  margin: 12px 0 0;
  font-size: 0.85rem;
  color: #475569;
  div {
    margin: 2px 0;
  }
  dt {
    display: inline;
    font-weight: 600;
  }
  dd {
    display: inline;
    margin: 0;
  }
`;

/** The definitions of the terms a table or chart shows, as a footnote list (term, then its definition). */
export function TermNotes({ terms, label = 'What the terms mean' }: { terms: readonly Term[]; label?: string }) {
  return (
    <List aria-label={label}>
      {terms.map((t) => {
        const text = TERMS[t];
        const at = text.indexOf(': ');
        return (
          <div key={t}>
            <dt>{text.slice(0, at)}:</dt> <dd>{text.slice(at + 2)}</dd>
          </div>
        );
      })}
    </List>
  );
}
