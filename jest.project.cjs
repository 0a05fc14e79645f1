/**
 * What the functions, web, e2e and scripts projects share: TypeScript compiled by swc, file by
 * file, as ts-jest did with `isolatedModules` (types are the type check's job: `npm run
 * typecheck`, a step of `npm test`), for less CPU on a fresh clone's cold cache (the web
 * project 44 -> 37 CPU-s). Each config names only what is its own.
 */
const swc = ({ tsx }) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      // The site's tsconfig: "jsx": "react-jsx".
      transform: tsx ? { react: { runtime: 'automatic' } } : undefined,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** The transform of a project's TypeScript files (`tsx`: React components too). */
const typescript = ({ tsx = false } = {}) => ({ [tsx ? '^.+\\.tsx?$' : '^.+\\.ts$']: swc({ tsx }) });

/** Jest's runtime with V8's code cache shared by a worker's test files (jest.runtime.cjs). */
const runtime = require.resolve('./jest.runtime.cjs');

function tsProject({ testEnvironment = 'node', tsx = false, ...own }) {
  return { testEnvironment, transform: typescript({ tsx }), runtime, ...own };
}

module.exports = tsProject;
module.exports.typescript = typescript;
module.exports.runtime = runtime;
