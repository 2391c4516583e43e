// Three projects: fast unit specs beside the source, e2e/integration suites under test/
// that talk to real PostgreSQL, Redis and BullMQ, and the portal browser tests. `npm test`
// runs them all, in band, because the suites share the machine's database and Redis.
const transform = { '^.+\\.(t|j)s$': ['@swc/jest'] };
module.exports = {
  projects: [
    {
      displayName: 'unit',
      transform,
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/plugins', '<rootDir>/test'],
      testMatch: ['**/*.spec.ts'],
    },
    {
      displayName: 'e2e',
      transform,
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts', '**/*.integration-spec.ts'],
    },
    {
      // The portal in Debian's Chromium via playwright-core; fails (never skips) without it.
      displayName: 'browser',
      transform,
      testEnvironment: 'node',
      roots: ['<rootDir>/test/browser'],
      testMatch: ['**/*.browser-spec.ts'],
    },
  ],
};
