/**
 * Runs `fn` once the browser has painted the current document: requestAnimationFrame runs just before the next
 * paint, and a task queued from there runs after it. Without requestAnimationFrame (a background tab throttles it),
 * a timeout of `fallbackMs` starts it anyway; `fn` runs once either way.
 */
export function startAfterFirstPaint(fn: () => unknown, fallbackMs = 100): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    void fn();
  };
  const timer = setTimeout(run, fallbackMs);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(timer);
      run();
    }, 0),
  );
}
