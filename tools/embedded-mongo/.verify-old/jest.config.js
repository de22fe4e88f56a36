/** Tests drive a real server over TCP through mongoose and the official driver. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  globalSetup: '<rootDir>/test/support/globalSetup.js',
  testTimeout: 30000,
  maxWorkers: 2,
};
