/** Browser tests: playwright-core drives Debian Chromium against the Hosting emulator. */
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  rootDir: '.',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
};
