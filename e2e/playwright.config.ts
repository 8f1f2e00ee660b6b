import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

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
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
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
