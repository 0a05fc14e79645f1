/**
 * What the functions, web and scripts projects share: TypeScript through ts-jest with the
 * project's own tsconfig. Each config names only what is its own.
 */
module.exports = function tsProject({ testEnvironment = 'node', tsconfig = 'tsconfig.json', tsx = false, ...own }) {
  return {
    testEnvironment,
    transform: { [tsx ? '^.+\\.tsx?$' : '^.+\\.ts$']: ['ts-jest', { tsconfig: `<rootDir>/${tsconfig}` }] },
    ...own,
  };
};
