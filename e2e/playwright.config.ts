import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8091);
export const baseURL = `http://localhost:${port}`;

/**
 * Journeys run through the gateway of an embedded Kinfolio started for the run (fresh data directory, demo accounts
 * seeded), in Debian's Chromium.
 */
export default defineConfig({
  testDir: './journeys',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node --import tsx scripts/embedded-main.ts`,
    cwd: '..',
    url: `${baseURL}/healthz`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: { PORT: String(port), DATA_DIR: `.data/e2e-${Date.now()}`, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  },
});
