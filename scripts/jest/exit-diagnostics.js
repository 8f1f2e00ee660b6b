// Preloaded into jest's worker processes by `npm test` (NODE_OPTIONS=--require): when jest asks a worker to end and
// the worker is still alive 300 ms later (jest force-exits it at 500 ms: "A worker process has failed to exit
// gracefully"), print what keeps it alive: its kinds of live resources, its sockets, and where each live referenced
// timer of 250 ms or more was set (the stack is captured when the timer is set, formatted only if printed). Nothing
// happens when the worker exits in time (the timer is unref'd). Issue 10 item 20: the leak was intermittent (three
// component runs of twelve on 25 Nov); this named it (docs/decisions/gateway.md, item 20 notes).
const CHILD_MESSAGE_END = 2; // jest-worker's message asking a child to end
/** Where each live timer of 250 ms or more was set (Node 20 does not say whose a timer is): timer → stack holder. */
const origins = new Map();
const LONG_MS = 250;
function track(kind, original) {
  return function tracked(callback, ms, ...args) {
    const timer = original.call(this, callback, ms, ...args);
    if (Number(ms) >= LONG_MS && typeof timer === 'object' && timer) {
      const where = { kind, ms };
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40; // library frames first: the caller is further down
      Error.captureStackTrace(where, tracked); // formatted only if printed
      Error.stackTraceLimit = limit;
      origins.set(timer, where);
      if (kind === 'setTimeout' && origins.size > 2000) {
        // fired and cleared timers are dropped now and then (a Timeout says whether it is still scheduled)
        for (const t of origins.keys()) if (!t.hasRef() || t._destroyed) origins.delete(t);
      }
    }
    return timer;
  };
}
if (process.send && String(process.argv[1]).includes('jest-worker')) {
  globalThis.setTimeout = track('setTimeout', globalThis.setTimeout);
  globalThis.setInterval = track('setInterval', globalThis.setInterval);
  const onMessage = (message) => {
    if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
    process.removeListener('message', onMessage); // our listener must not hold the IPC channel open itself
    setTimeout(() => {
      const lines = [];
      for (const handle of process._getActiveHandles()) {
        const kind = handle?.constructor?.name ?? typeof handle;
        // timers are not handles here (Node lists them only among the resources above)
        if (kind === 'Socket' || kind === 'TLSSocket')
          lines.push(`${kind} ${handle.remoteAddress ?? handle._handle?.constructor?.name ?? '?'}:${handle.remotePort ?? ''} (local port ${handle.localPort ?? '-'})`);
        else lines.push(kind);
      }
      for (const [timer, where] of origins)
        if (timer.hasRef() && !timer._destroyed)
          lines.push(`${where.kind} ${where.ms} ms, set at:${where.stack.split('\n').slice(1, 41).join('\n   ')}`);
      require('node:fs').writeSync(2, `\n[exit-diagnostics] jest worker ${process.pid} still alive 300 ms after it was asked to end; active: ${JSON.stringify(process.getActiveResourcesInfo())}\n  ${lines.join('\n  ')}\n`);
    }, 300).unref();
  };
  process.on('message', onMessage);
}
