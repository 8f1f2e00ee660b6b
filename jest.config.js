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
  transform: { '^.+\\.(t|j)sx?$': swc },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  moduleNameMapper: { '\\.(css|svg|png|jpg)$': '<rootDir>/packages/ui-kit/test/file-stub.js' },
  setupFiles: ['<rootDir>/jest.setup.js'],
};
module.exports = {
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
