const { runtime, typescript } = require('../jest.project.cjs');

/** Browser tests: playwright-core drives Debian Chromium against the Hosting emulator. */
module.exports = {
  displayName: 'e2e',
  // Node's, and a failing test names the page it was on (URL, title, heading).
  testEnvironment: '<rootDir>/support/environment.ts',
  rootDir: '.',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: typescript(),
  runtime,
};
