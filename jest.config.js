// Two projects: fast unit specs beside the source, and e2e/integration suites under test/
// that talk to real PostgreSQL, Redis and BullMQ. `npm test` runs both, in band, because
// the integration suites share the machine's database and Redis.
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
  ],
};
