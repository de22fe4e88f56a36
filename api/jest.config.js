// Unit specs beside the code (src/**/*.spec.ts) and e2e specs over real HTTP (test/), in one run
// that starts the embedded MongoDB and the Firebase Auth emulator once (test/support/global-setup).
const { readFileSync } = require('node:fs');

// .swcrc holds one configuration for .ts files and one for the e-mail templates' .tsx.
const [ts, tsx] = JSON.parse(readFileSync(`${__dirname}/.swcrc`, 'utf8')).map(
  ({ test: _test, exclude: _exclude, $schema: _schema, ...config }) => ({
    ...config,
    swcrc: false,
  }),
);

module.exports = {
  testEnvironment: 'node',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', ts],
    '^.+\\.tsx$': ['@swc/jest', tsx],
  },
  // The contracts' TypeScript source, so tests never run against a stale dist/.
  moduleNameMapper: { '^@coldmail/contracts$': '<rootDir>/../libs/contracts/src/index.ts' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
