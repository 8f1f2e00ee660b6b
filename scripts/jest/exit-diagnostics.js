// Preloaded into jest's worker processes by `npm test` (NODE_OPTIONS=--require): when jest asks a worker to end and
// the worker is still alive 300 ms later (jest force-exits it at 500 ms: "A worker process has failed to exit
// gracefully"), print what keeps it alive: its kinds of live resources (timers among them) and its sockets.
// Nothing happens when the worker exits in time (the timer is unref'd). Issue 10 item 20: the leak is intermittent
// (three component runs of twelve on 25 Nov), so the next run that shows it says which handle it was.
const CHILD_MESSAGE_END = 2; // jest-worker's message asking a child to end
if (process.send && String(process.argv[1]).includes('jest-worker')) {
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
      require('node:fs').writeSync(2, `\n[exit-diagnostics] jest worker ${process.pid} still alive 300 ms after it was asked to end; active: ${JSON.stringify(process.getActiveResourcesInfo())}\n  ${lines.join('\n  ')}\n`);
    }, 300).unref();
  };
  process.on('message', onMessage);
}
