// The boundaries docs/architecture.md promises, checked by dependency-cruiser in `npm test` (issue 33).
// Run it alone: `npm run boundaries`. Why each rule and exception: docs/decisions/boundaries.md.
//
// Paths are the resolved files relative to the repo root, so an import through a workspace name
// (`@kinfolio/svc-billing`) is judged like a relative one (`../../svc-billing/src/…`). Module Federation runtime
// imports (`import('mf_customer/…')`) name no file: they resolve to nothing and no rule sees them.
'use strict';

const SERVICES = '(svc-auth|svc-billing|svc-planning|svc-support|gateway)';
const REMOTES = '(shell|mf-advisor|mf-customer|mf-admin|mf-support)';
const APPS = `(${SERVICES.slice(1, -1)}|${REMOTES.slice(1, -1)})`;

/** Declared exceptions: benches, end-to-end tests and scripts may import what they measure or drive. */
const TOOLING = ['^[^/]+/bench/', '^e2e/', '^scripts/'];

/**
 * Declared exceptions for the app rules: tests and test helpers are not runtime code. A component test of the gateway
 * starts svc-auth to sign in against, the service kit's body tests start every service, a test seeds from a
 * migration's constants. The rule on mf-customer's features holds for its tests too.
 */
const TESTS = ['\\.test\\.tsx?$', '^[^/]+/test/', '^packages/[^/]+/test/', '^packages/service-kit/src/testing\\.ts$'];

/** Build configuration: each remote's rspack.config.mjs takes the shared one from scripts/rspack-config.mjs. */
const BUILD_CONFIG = ['^[^/]+/rspack\\.config\\.mjs$'];

/** Where a service runs its migrations: the module that hands `migrations` to the service kit (src/module.ts). */
// the service's module, and svc-planning's job worker (issue 37), a module of its own over the same schema
const MIGRATION_RUNNERS = ['^[^/]+/src/module\\.ts$', '^svc-planning/src/worker\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'service-imports-other-service',
      comment: 'A service (or the gateway) imports packages/* and its own files only, never another service.',
      severity: 'error',
      from: { path: `^${SERVICES}/`, pathNot: [...TOOLING, ...TESTS] },
      to: { path: `^${SERVICES}/`, pathNot: '^$1/' },
    },
    {
      name: 'remote-imports-other-remote',
      comment:
        'A remote (or the shell) imports packages/* and its own files only. Module Federation runtime imports are not file imports.',
      severity: 'error',
      from: { path: `^${REMOTES}/`, pathNot: [...TOOLING, ...TESTS] },
      to: { path: `^${REMOTES}/`, pathNot: '^$1/' },
    },
    {
      name: 'remote-imports-service',
      comment: 'The browser talks to a service over HTTP (contracts in packages/contracts), never through its files.',
      severity: 'error',
      from: { path: `^${REMOTES}/`, pathNot: [...TOOLING, ...TESTS] },
      to: { path: `^${SERVICES}/` },
    },
    {
      name: 'service-imports-remote',
      comment: 'A service never imports browser code; what both need lives in packages/*.',
      severity: 'error',
      from: { path: `^${SERVICES}/`, pathNot: [...TOOLING, ...TESTS] },
      to: { path: `^${REMOTES}/` },
    },
    {
      name: 'app-imports-tooling',
      comment: 'Apps do not import end-to-end tests or scripts (those import apps, not the other way round).',
      severity: 'error',
      from: { path: `^${APPS}/`, pathNot: [...TOOLING, ...TESTS, ...BUILD_CONFIG] },
      to: { path: '^(e2e|scripts)/' },
    },
    {
      name: 'package-imports-app',
      comment: 'packages/* are shared by the apps and import none of them.',
      severity: 'error',
      from: { path: '^packages/', pathNot: TESTS },
      to: { path: `^(${APPS.slice(1, -1)}|e2e|scripts)/` },
    },
    {
      name: 'customer-feature-imports-other-feature',
      comment:
        "A feature of mf-customer imports nothing under another feature's folder; what two features share lives in mf-customer/src/shared (or ui-kit).",
      severity: 'error',
      from: { path: '^mf-customer/src/features/([^/]+)/' },
      to: { path: '^mf-customer/src/features/', pathNot: '^mf-customer/src/features/$1/' },
    },
    {
      name: 'runtime-imports-migration',
      comment:
        "Runtime code never imports a migration: a migration is history, frozen once run. Only the service's migrations and the modules that run them (src/module.ts; svc-planning's src/worker.ts) import them; tests, benches, e2e and scripts may.",
      severity: 'error',
      from: { pathNot: ['^[^/]+/migrations/', ...MIGRATION_RUNNERS, ...TESTS, ...TOOLING] },
      to: { path: '^[^/]+/migrations/' },
    },
  ],
  options: {
    // Workspace packages resolve through node_modules symlinks to their real folders; third-party code is a leaf.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|\\.data|coverage|playwright-report|test-results)/' },
    moduleSystems: ['es6', 'cjs'],
    // TypeScript 7 ships no compiler API for dependency-cruiser to parse with: babel reads the files instead
    // (scripts/boundaries/imports-only.cjs says how and why).
    babelConfig: { fileName: require('node:path').join(__dirname, 'scripts/boundaries/babel.config.cjs') },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.mts'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
