/** `npm test` runs all four in one Jest run, against the stack that scripts/test.mjs started. */
module.exports = {
  // testTimeout is global in Jest: a project's own setting is ignored when projects run together.
  testTimeout: 60000,
  projects: [
    '<rootDir>/functions/jest.config.cjs',
    '<rootDir>/web/jest.config.cjs',
    '<rootDir>/e2e/jest.config.cjs',
    '<rootDir>/scripts/jest.config.cjs',
  ],
};
