import type { reports } from '@kinfolio/contracts';
import { formatNumberPrecise } from '@kinfolio/money';
import { Table, TableHead } from '@kinfolio/ui-kit';
import { money } from '../../shared/charts/format';

type Checks = reports.ReportChecks;
type Threshold = Checks['emergency_fund']['threshold'];
export type ChecksTab = 'cashflow' | 'insurance' | 'debt';

const n = (x: number) => formatNumberPrecise(x);
/** The threshold a check used, as the screen names it. */
const used = (text: string) => `${text} (your planner's threshold)`;
const months = (x: number) => `${n(x)} ${x === 1 ? 'month' : 'months'}`;
const unitText = (t: Threshold) =>
  t.unit === 'months' ? months(t.value) : t.unit === 'percent' ? `${n(t.value)}%` : `${n(t.value)} ×`;
/** Met or not in words (never colour alone), with what is missing. */
const result = (met: boolean | null, missing?: string) =>
  met === null ? 'Cannot be measured yet' : met ? 'Met' : missing ? `Not met: ${missing}` : 'Not met';

interface Row {
  key: string;
  name: string;
  figure: string;
  target: string;
  result: string;
}

function rowsFor(tab: ChecksTab, k: Checks, c: string): Row[] {
  if (tab === 'cashflow') {
    const e = k.emergency_fund;
    const r = k.retirement;
    return [
      {
        key: 'emergency_fund',
        name: 'Emergency fund',
        figure:
          e.months_covered === null
            ? `${money(c, e.liquid)} in cash and savings; no monthly expenses recorded`
            : `${months(e.months_covered)} of expenses (${money(c, e.liquid)} in cash and savings, expenses ${money(c, e.monthly_expenses)} a month)`,
        target: used(`${months(e.target_months)}: ${money(c, e.target_amount)}`),
        result: result(e.met, `short by ${money(c, e.shortfall)}`),
      },
      {
        key: 'retirement',
        name: r.name ? `Retirement income replacement (${r.name})` : 'Retirement income replacement',
        figure:
          r.replacement_percent === null
            ? 'The first retirement year is outside the projection'
            : `${n(r.replacement_percent)}% (${money(c, r.retirement_income ?? 0)} in ${r.retirement_year} vs ${money(c, r.last_working_income ?? 0)} in ${r.last_working_year})`,
        target: used(`at least ${n(r.target_percent)}%`),
        result: result(r.met),
      },
    ];
  }
  if (tab === 'insurance') {
    return k.cover.flatMap((m) =>
      (
        [
          ['life', 'life cover', m.life],
          ['critical_illness', 'critical illness cover', m.critical_illness],
        ] as const
      ).map(([key, label, x]) => ({
        key: `${m.member_id}-${key}`,
        name: `${m.name}: ${label}`,
        figure: x.unlimited ? 'Unlimited' : money(c, x.cover),
        // the row's target as the insurance tab reads it: the advisor's when set, else the threshold's (issue 31)
        target:
          x.target_source === 'advisor'
            ? `${money(c, x.target)} (the advisor's target)`
            : used(`${unitText(x.threshold)} annual income ${money(c, m.annual_income)} = ${money(c, x.target)}`),
        result: result(x.met, `gap ${money(c, x.gap)}`),
      })),
    );
  }
  const d = k.debt_service;
  return [
    {
      key: 'debt_service',
      name: 'Debt service ratio',
      figure:
        d.ratio_percent === null
          ? `${money(c, d.loan_repayments)} repaid in ${d.year}; no income recorded`
          : `${n(d.ratio_percent)}% (${money(c, d.loan_repayments)} repaid of ${money(c, d.gross_income)} gross income in ${d.year})`,
      target: used(`at most ${n(d.max_percent)}%`),
      result: result(d.met),
    },
  ];
}

/**
 * Issue 15: the report's checks against the planning thresholds in force, on the tab they belong to (cashflow:
 * emergency fund and retirement income replacement; insurance: life and critical-illness cover by earning member;
 * debt: debt service ratio). A table whose last column says met or not met in words.
 */
export function ReportChecks({ tab, checks, currency }: { tab: ChecksTab; checks: Checks; currency: string }) {
  const rows = rowsFor(tab, checks, currency);
  const label = 'Checks against the planning thresholds';
  return (
    <>
      <h3>{label}</h3>
      {rows.length === 0 ? (
        <p>No earning member to check cover for.</p>
      ) : (
        <Table label={label}>
          <TableHead columns={['Check', 'This household', 'Target', 'Result']} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.name}</th>
                <td>{r.figure}</td>
                <td>{r.target}</td>
                <td>{r.result}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
