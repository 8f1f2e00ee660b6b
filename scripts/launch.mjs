// Small policies shared by the launchers (`npm start`, `npm run start:distributed`), kept apart so they can be tested.

/** The oldest Node the dependencies run on (package.json engines; README). */
export const MIN_NODE = '20.19.0';

const parts = (v) =>
  v
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);

/** True when `version` (process.version style) is at least `min`. */
export function nodeIsRecentEnough(version, min = MIN_NODE) {
  const a = parts(version);
  const b = parts(min);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/** Exits with a clear message when the running Node is older than the dependencies need. */
export function requireNode(version = process.version, exit = process.exit) {
  if (nodeIsRecentEnough(version)) return true;
  console.error(
    `Kinfolio needs Node.js ${MIN_NODE} or newer; this is Node.js ${version.replace(/^v/, '')}. ` +
      'Install a newer Node (https://nodejs.org, or `nvm install 22`) and run the command again.',
  );
  exit(1);
  return false;
}

/** Loopback names and addresses: a server bound there is reachable only from this machine. */
export function isLoopbackHost(host) {
  const h = String(host)
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * Where the embedded gateway listens: 127.0.0.1 unless HOST says otherwise. Any other interface publishes the demo
 * accounts (their password is printed) to the network, so that gets a loud warning (issue 10 item 5).
 */
export function listenHost(env = process.env, warn = console.warn) {
  const host = env.HOST?.trim() || '127.0.0.1';
  if (!isLoopbackHost(host))
    warn(
      `WARNING: HOST=${host}: Kinfolio listens beyond this machine. Anyone who can reach it can sign in with the ` +
        'published demo accounts (SEED_DEMO=false leaves them out). Use HOST=127.0.0.1 unless you mean it.',
    );
  return host;
}

/**
 * Delay before restarting a child that died for the `attempt`-th time in a row (1, 2, …): doubling from `base`,
 * capped at `cap` (issue 10 item 19).
 */
export function restartDelay(attempt, base = 500, cap = 30_000) {
  return Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
}

/** A probe that is true while `url` answers 2xx within `timeoutMs` (a child's /readyz). */
export function httpProbe(url, timeoutMs = 1_000) {
  return () =>
    fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then(
      (r) => {
        r.body?.cancel().catch(() => undefined);
        return r.ok;
      },
      () => false,
    );
}

/**
 * Keeps one child process running: when it exits while not stopping, it is started again after `restartDelay`, and
 * the log says which child, how it ended and when it comes back. The count of restarts in a row (and so the delay)
 * starts over once a run was healthy for `stableMs`: with a `probe` (the child's /readyz), healthy means the probe
 * answered true every `probeMs` for that long; without one, that the run lasted that long (issue 30: crashes a few
 * seconds apart after healthy periods of 10 s and more kept doubling the delay, 2 → 4 → 8 → 16 s).
 * With `onStartFailed`, a first run that never answered its probe nor sent `{type: 'ready'}` over IPC (a port in use,
 * a bad configuration) is not restarted: `onStartFailed(code, signal)` is called instead. `stop(signal)` ends it for good and resolves once the
 * child has exited.
 */
export function supervise(
  name,
  start,
  { log = console.error, stableMs = 10_000, base = 500, cap = 30_000, probe, probeMs = 1_000, onStartFailed } = {},
) {
  let child;
  let timer;
  let attempt = 0;
  let stopped = false;
  let starts = 0;
  const run = () => {
    const startedAt = Date.now();
    let healthySince = null;
    let everHealthy = false;
    let probing;
    starts++;
    const current = start();
    child = current;
    if (probe) {
      let inFlight = false;
      probing = setInterval(() => {
        if (inFlight) return;
        inFlight = true;
        Promise.resolve()
          .then(probe)
          .catch(() => false)
          .then((ok) => {
            inFlight = false;
            if (current.exitCode !== null || current.signalCode !== null) return;
            if (!ok) healthySince = null;
            else {
              everHealthy = true;
              if (healthySince === null) healthySince = Date.now();
            }
          });
      }, probeMs);
      probing.unref?.();
    }
    // a child with an IPC channel may say it is ready itself ({type: 'ready'}), before the probe next looks
    current.on('message', (m) => {
      if (m && typeof m === 'object' && m.type === 'ready') everHealthy = true;
    });
    // a child that cannot be spawned at all emits 'error' (and maybe no 'exit'): never an unhandled one here
    current.on('error', (err) => log(`${name} could not be run: ${err.message}`));
    current.on('exit', (code, signal) => {
      clearInterval(probing);
      if (stopped) return;
      if (onStartFailed && probe && starts === 1 && !everHealthy) {
        stopped = true;
        log(`${name} exited (${signal ? `signal ${signal}` : `code ${code}`}) before it was ready; not restarting`);
        onStartFailed(code, signal);
        return;
      }
      const now = Date.now();
      const healthyMs = probe ? (healthySince === null ? 0 : now - healthySince) : now - startedAt;
      attempt = healthyMs >= stableMs ? 1 : attempt + 1;
      const delay = restartDelay(attempt, base, cap);
      log(
        `${name} exited (${signal ? `signal ${signal}` : `code ${code}`}); restarting in ${delay} ms (restart ${attempt} in a row)`,
      );
      timer = setTimeout(run, delay);
    });
  };
  run();
  return {
    name,
    get child() {
      return child;
    },
    get starts() {
      return starts;
    },
    stop(signal = 'SIGTERM') {
      stopped = true;
      clearTimeout(timer);
      if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
}
