// Two projects, each started only when one of its files runs: unit specs beside the code
// (src/**/*.spec.ts) need nothing running and start in about a second; the specs over real HTTP
// (test/**/*.e2e-spec.ts, and the unit specs that read or write MongoDB or ask the Auth
// emulator: DATABASE_SPECS) share the embedded MongoDB, the Firebase Auth emulator and the
// doubles, started once per run (test/support/global-setup).
const { readFileSync } = require('node:fs');

// .swcrc holds one configuration for .ts files and one for the e-mail templates' .tsx.
const [ts, tsx] = JSON.parse(readFileSync(`${__dirname}/.swcrc`, 'utf8')).map(
  ({ test: _test, exclude: _exclude, $schema: _schema, ...config }) => ({
    ...config,
    swcrc: false,
  }),
);

/** Unit specs that need the database or the Auth emulator. */
const DATABASE_SPECS = [
  '<rootDir>/src/limits/usage-limits.service.spec.ts',
  '<rootDir>/src/limits/shared-throttler-storage.spec.ts',
  '<rootDir>/src/database/database.spec.ts',
  '<rootDir>/src/users/users.service.spec.ts',
];

const shared = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform: {
    '^.+\\.ts$': ['@swc/jest', ts],
    '^.+\\.tsx$': ['@swc/jest', tsx],
  },
  // The contracts' TypeScript source, so tests never run against a stale dist/.
  moduleNameMapper: { '^@coldmail/contracts$': '<rootDir>/../libs/contracts/src/index.ts' },
};

module.exports = {
  maxWorkers: 2,
  testTimeout: 30000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      testPathIgnorePatterns: DATABASE_SPECS.map((path) => path.replace('<rootDir>', '')),
    },
    {
      ...shared,
      displayName: 'http',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts', ...DATABASE_SPECS],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
