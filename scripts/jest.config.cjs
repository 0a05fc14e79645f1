/** The repo's own tooling (deploy check, configuration per environment, workflows, catalog import), run as an operator runs it. */
module.exports = {
  displayName: 'scripts',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
};
