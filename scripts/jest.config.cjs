const tsProject = require('../jest.project.cjs');

/** The repo's own tooling (deploy check, configuration per environment, workflows, catalog import), run as an operator runs it. */
module.exports = tsProject({
  displayName: 'scripts',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
});
