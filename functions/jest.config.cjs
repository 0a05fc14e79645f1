/** API tests: the Express app in-process, firebase-admin against the Firestore and Auth emulators. */
module.exports = {
  displayName: 'functions',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  setupFiles: ['<rootDir>/src/test-support/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test-support/settle-sends.ts'],
};
