const tsProject = require('../jest.project.cjs');

/** Web components in jsdom; the Vite-only env module is swapped for a fixed test one. */
module.exports = tsProject({
  displayName: 'web',
  testEnvironment: 'jsdom',
  tsx: true,
  roots: ['<rootDir>/src'],
  testMatch: ['**/__tests__/**/*.test.ts?(x)'],
  moduleNameMapper: {
    '^@/lib/env$': '<rootDir>/src/test-support/env.ts',
    // Before the aliases: the first pattern that matches wins, and '@/features/x.css' is a style too.
    '\\.(css)$': '<rootDir>/src/test-support/style-stub.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
    // The API's shared types and values (pure modules under functions/src/api).
    '^@api/(.*)$': '<rootDir>/../functions/src/api/$1',
    '\\.css\\?inline$': '<rootDir>/src/test-support/inline-style-stub.ts',
    '\\.(svg|png|jpe?g|webp|woff2?)$': '<rootDir>/src/test-support/file-stub.ts',
  },
  setupFiles: ['<rootDir>/src/test-support/polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test-support/setup.ts'],
});
