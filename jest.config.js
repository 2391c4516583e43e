// Three projects: fast unit specs beside the source, e2e/integration suites under test/
// that talk to real PostgreSQL, Redis and BullMQ, and the portal browser tests. `npm test`
// runs them all, in band, because the suites share the machine's database and Redis.
const transform = { '^.+\\.(t|j)s$': ['@swc/jest'] };
module.exports = {
  // CI shares its two cores with PostgreSQL, Redis and Chromium, and I/O-bound unit tests (gzip
  // round trips, temp files) have overrun jest's 5 s default there; a test that times out keeps
  // running and its late errors land in whichever suite runs next. Suites that need longer still
  // say so themselves.
  testTimeout: 30_000,
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
