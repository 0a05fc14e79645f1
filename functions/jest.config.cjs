const tsProject = require('../jest.project.cjs');

/** API tests: the Express app in-process, firebase-admin against the Firestore and Auth emulators. */
module.exports = tsProject({
  displayName: 'functions',
  roots: ['<rootDir>/src'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  setupFiles: ['<rootDir>/src/test-support/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test-support/payables.ts', '<rootDir>/src/test-support/settle-sends.ts'],
});
