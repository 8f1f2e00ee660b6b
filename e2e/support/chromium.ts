import { existsSync } from 'node:fs';

/** Debian's Chromium and the flags every browser run here uses (Playwright journeys, Lighthouse in bench:web). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The journeys' browser: Debian's Chromium headless shell (package chromium-headless-shell, the same engine built
 * without the desktop browser around it, which Playwright itself uses for headless runs) where it is installed, else
 * the full Chromium. Measured on the 2-core machine: the journeys took 193 s with it against 219 s with the full
 * browser. CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const JOURNEY_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
