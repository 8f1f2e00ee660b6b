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

/**
 * Keeps one child process running: when it exits while not stopping, it is started again after `restartDelay`
 * (the count starts over once a run lasted `stableMs`), and the log says which child, how it ended and when it
 * comes back. `stop(signal)` ends it for good and resolves once the child has exited.
 */
export function supervise(name, start, { log = console.error, stableMs = 60_000, base = 500, cap = 30_000 } = {}) {
  let child;
  let timer;
  let attempt = 0;
  let stopped = false;
  let starts = 0;
  const run = () => {
    const startedAt = Date.now();
    starts++;
    child = start();
    child.on('exit', (code, signal) => {
      if (stopped) return;
      attempt = Date.now() - startedAt >= stableMs ? 1 : attempt + 1;
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
