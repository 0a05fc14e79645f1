/**
 * Jest's own runtime, with V8's code cache for the modules it compiles. Jest compiles every
 * module again for every test file (each file has its own module registry), and V8 cannot reuse
 * its compilation across those: each of firebase-admin, grpc-js, react-dom, jsdom or
 * playwright-core is parsed in full once per file. Here a worker keeps the code cache of each
 * module it has compiled and hands it back to V8 for the same source; V8 checks that the cache
 * fits the source and compiles as before when it does not. The modules still run afresh for
 * every file: only the parsing is shared. Figures in docs/testing.md.
 */
const vm = require('node:vm');

const compileFunction = vm.compileFunction;
/** Per file name: the source compiled and V8's code cache of it. */
const cached = new Map();

vm.compileFunction = function compileWithCodeCache(code, params, options = {}) {
  const key = options.filename;
  const hit = key !== undefined ? cached.get(key) : undefined;
  if (hit && hit.code === code) return compileFunction(code, params, { ...options, cachedData: hit.data });
  const fn = compileFunction(code, params, { ...options, produceCachedData: key !== undefined });
  if (fn.cachedData) cached.set(key, { code, data: fn.cachedData });
  return fn;
};

module.exports = require('jest-runtime');
