// Entry of `npm start` (after install and build): runs embedded Kinfolio and says where to open it.

import { createLogger, logUncaughtErrors } from '@kinfolio/service-kit';
import { DEMO_ACCOUNTS } from '../svc-auth/src/module';
import { startEmbedded } from './embedded';

// An error nothing handled is logged (pino, fatal, with its stack) and ends the process with 1; `npm start`
// (scripts/start.mjs) starts it again and says so (issue 30).
logUncaughtErrors(createLogger('kinfolio', process.env.LOG_LEVEL ?? 'info'), 'kinfolio');
const started = Date.now();
startEmbedded()
  .then((app) => {
    // tells `npm start`'s supervisor that this start succeeded (its /healthz probe polls once a second, and a process
    // that dies before either says so is a failed first start, which is not retried)
    process.send?.({ type: 'ready' });
    const lines = [
      '',
      `Kinfolio is running at ${app.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      '',
      `  Advisor and admin sign-in:  ${app.url}/auth/login`,
      `  Customer sign-in:           ${app.url}/customer/auth/login`,
      `  Sent e-mail and SMS codes:  ${app.url}/dev/mailbox`,
      `  API reference:              ${app.url}/api/docs`,
      '',
      '  Demo accounts (password for all: Kinfolio!2026):',
      ...DEMO_ACCOUNTS.map(
        (a) => `    ${a.type.padEnd(9)} ${a.email}${a.username ? `  (username ${a.username})` : ''}`,
      ),
      '',
      '  Stop with Ctrl+C.',
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((err: unknown) => {
    console.error('Kinfolio failed to start:', err);
    process.exit(1);
  });
