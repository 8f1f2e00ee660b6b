import { theme } from '@kinfolio/ui-kit';
import styled from 'styled-components';

/**
 * Issue 31: the insurance tab's one story, as both the insurance screen and the report's insurance tab say it. The
 * service computes cover, target and gap once per member and type (svc-planning insurance/coverage.ts); these are
 * the words for them and the headline, which is the sum of the rows shown (never a figure of its own).
 */

/** The term's one-line definition, shown where the gap appears (issue 31 terms). */
export const GAP_DEFINITION =
  "Gap = target − cover (never below 0), per member and benefit type. The target is the advisor's target, else the planning threshold (a multiple of the member's annual earned income). Critical illness counts Major Illness and Early Critical Illness benefits.";

interface Row {
  cover: number;
  unlimited: boolean;
  target: number | null;
  gap: number | null;
}

/** The headline's cover, targets and gap: the sums of the rows, in cents (unlimited cover counts 0). */
export function coverTotals(rows: readonly Row[]): { cover: number; target: number; gap: number } {
  const c = (x: number | null) => Math.round((x ?? 0) * 100);
  let cover = 0;
  let target = 0;
  let gap = 0;
  for (const r of rows) {
    cover += r.unlimited ? 0 : c(r.cover);
    target += c(r.target);
    gap += c(r.gap);
  }
  return { cover: cover / 100, target: target / 100, gap: gap / 100 };
}

/** Where a row's target comes from, in words: the advisor's target or the planning threshold (with its figures). */
export function targetFrom(
  r: {
    target_source: 'advisor' | 'threshold' | null;
    threshold?: { multiple: number; annual_income: number } | null;
  },
  money: (n: number) => string,
): string {
  if (r.target_source === 'advisor') return "Advisor's target";
  if (r.target_source === 'threshold')
    return r.threshold
      ? `Planning threshold: ${r.threshold.multiple} × annual income ${money(r.threshold.annual_income)}`
      : 'Planning threshold';
  return 'No target';
}

const Note = styled.p`
  font-size: 0.85rem;
  color: ${theme.colors.muted};
  margin: 4px 0 12px;
`;

/** The gap's definition, as a note under the figures it explains. */
export function GapDefinition() {
  return <Note data-testid="gap-definition">{GAP_DEFINITION}</Note>;
}
