import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from './support/chromium';

const port = Number(process.env.E2E_PORT ?? 8091);
export const baseURL = `http://localhost:${port}`;

/**
 * Journeys run through the gateway of an embedded Kinfolio started for the run (fresh data directory, demo accounts
 * seeded), in Debian's Chromium, three at a time (the journeys share the demo accounts but not their sessions). Three
 * on two cores: a journey spends much of its time waiting (page loads, network idle), and the step took 153 s with
 * two workers, 123 s with three, 114 s with four (same machine, same hour; three keeps the per-journey slowdown small).
 */
export default defineConfig({
  testDir: './journeys',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // The support-desk journey closes every pending ticket before it starts (so the admin's pending alert starts
  // hidden): it runs after the other journeys, whose tickets it would otherwise close under them.
  // The billing journey subscribes the demo advisor (who starts on the trial): it runs after the other journeys too,
  // so none of them sees the advisor's membership change under it.
  projects: [
    { name: 'journeys', testIgnore: /(support|billing)\.spec\.ts/ },
    { name: 'support desk', testMatch: /support\.spec\.ts/, dependencies: ['journeys'] },
    { name: 'billing', testMatch: /billing\.spec\.ts/, dependencies: ['journeys'] },
  ],
  use: {
    baseURL,
    // A trace (screenshots and DOM snapshots of every action) only for a retried journey: recording it for every
    // journey and dropping it when they pass cost a fifth of the step's time (Chromium's GPU process and the runner).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: JOURNEY_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node --import tsx scripts/embedded-main.ts`,
    cwd: '..',
    url: `${baseURL}/healthz`,
    timeout: 60_000,
    reuseExistingServer: false,
    // replies checked against their contracts, as in the component tests (a mismatch answers 500)
    env: { PORT: String(port), DATA_DIR: `.data/e2e-${Date.now()}`, SEED_DEMO: 'true', LOG_LEVEL: 'warn', CONTRACT_CHECK: 'strict', AUTH_SIGN_IN_PER_ADDRESS: '1000' },
  },
});
