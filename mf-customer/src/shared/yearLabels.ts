/**
 * Which of n year labels to write under a chart's axis: as many as fit side by side in `plotWidth` px (every n-th
 * one when narrow), never overlapping; the last year is always written, and the one before it gives way when the two
 * would touch. `slotPx` is a label's width and the gap after it.
 */
export function yearLabelIndexes(n: number, plotWidth: number, slotPx: number): number[] {
  if (n <= 0) return [];
  const fit = Math.max(2, Math.floor(plotWidth / slotPx));
  const every = Math.max(1, Math.ceil(n / fit));
  const out: number[] = [];
  for (let i = 0; i < n; i += every) out.push(i);
  const lastShown = out[out.length - 1] as number;
  if (lastShown !== n - 1) {
    if (n - 1 - lastShown < every / 2 && out.length > 1) out.pop();
    out.push(n - 1);
  }
  return out;
}
