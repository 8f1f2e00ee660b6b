// One jest config, three projects: unit (pure logic beside the code), component (a service through HTTP against
// real or embedded infrastructure), system (several processes in distributed mode). Playwright journeys live in e2e/.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // ESM-only packages the gateway imports (http-proxy-middleware 4 and its httpxy) are compiled like our code.
  // svc-support's file-type and its ESM dependencies likewise.
  transformIgnorePatterns: [
    '/node_modules/(?!(http-proxy-middleware|httpxy|is-plain-obj|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit)/)',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  moduleNameMapper: { '\\.(css|svg|png|jpg)$': '<rootDir>/packages/ui-kit/test/file-stub.js' },
  setupFiles: ['<rootDir>/jest.setup.js'],
};
module.exports = {
  // Per-project testTimeout is ignored by jest 30 when projects are used: the global value applies (system tests
  // set a longer one in their files).
  testTimeout: 60000,
  // the slowest files first, also on a fresh clone with no timing cache (see the file)
  testSequencer: '<rootDir>/scripts/jest/sequencer.js',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/src/**/*.test.ts', '<rootDir>/**/src/**/*.test.tsx'],
    },
    {
      ...common,
      displayName: 'component',
      testMatch: ['<rootDir>/**/test/**/*.test.ts'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '/test/system/'],
      testTimeout: 60000,
    },
    {
      ...common,
      displayName: 'system',
      testMatch: ['<rootDir>/**/test/system/**/*.test.ts', '<rootDir>/e2e/system/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      testTimeout: 180000,
    },
  ],
};
