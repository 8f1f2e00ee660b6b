/**
 * Which of n year labels to write under a chart's axis: as many as fit side by side in `plotWidth` px (every n-th
 * one when narrow), never overlapping; the first and the last year are always written. `slotPx` is a label's width
 * and the gap after it.
 */
export function yearLabelIndexes(n: number, plotWidth: number, slotPx: number): number[] {
  if (n <= 0) return [];
  const fit = Math.max(2, Math.floor(plotWidth / slotPx));
  const every = Math.max(1, Math.ceil(n / fit));
  const out: number[] = [];
  for (let i = 0; i < n; i += every) out.push(i);
  // the last year takes the place of the last n-th one (at least `every` years after the one before it)
  if (out[out.length - 1] !== n - 1) {
    if (out.length > 1) out.pop();
    out.push(n - 1);
  }
  return out;
}
