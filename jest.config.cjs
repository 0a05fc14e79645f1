/** `npm test` runs all three in one Jest run, against the stack that scripts/test.mjs started. */
module.exports = {
  projects: ['<rootDir>/functions/jest.config.cjs', '<rootDir>/web/jest.config.cjs', '<rootDir>/e2e/jest.config.cjs'],
};
