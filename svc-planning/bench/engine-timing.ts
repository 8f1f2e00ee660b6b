/* bench:engine's timing window, shared with engine-process.ts. */
/**
 * Milliseconds a call: the run is cut into batches of about a tenth of `minMs` and the fastest batch's mean is the
 * figure, because this machine's two cores are shared (another process taking the core stretches a batch; the
 * fastest batch is the one-core figure). `mean` is the plain mean over the whole window, printed alongside.
 */
export function timeWindow(fn: () => void, minMs = 400): { best: number; mean: number } {
  fn();
  let calls = 0;
  let best = Number.POSITIVE_INFINITY;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    const b0 = performance.now();
    let n = 0;
    do {
      fn();
      n++;
    } while (performance.now() - b0 < minMs / 10);
    best = Math.min(best, (performance.now() - b0) / n);
    calls += n;
  }
  return { best, mean: (performance.now() - t0) / calls };
}
