// @ts-check
// functions/package-lock.json, made from the root package-lock.json. `firebase deploy` uploads
// functions/ alone and Cloud Build installs it with `npm ci` when it finds a lockfile there (a
// bare `npm install` otherwise, which would resolve every ^ range afresh). This lockfile holds
// the exact versions the root lockfile resolved for the functions workspace: the ones the tests ran.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const WORKSPACE = 'functions';

/**
 * @typedef {{ version?: string, integrity?: string, resolved?: string, dependencies?: Record<string, string>,
 *   optionalDependencies?: Record<string, string>, peerDependencies?: Record<string, string>,
 *   peerDependenciesMeta?: Record<string, { optional?: boolean }>, [key: string]: unknown }} LockEntry
 * @typedef {{ name?: string, lockfileVersion: number, requires?: boolean, packages: Record<string, LockEntry> }} Lockfile
 * @typedef {{ name: string, engines?: object, dependencies?: Record<string, string>, devDependencies?: Record<string, string> }} PackageJson
 */

/** @param {string} path */
export const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/**
 * Where Node finds `name` from the package installed at `from` (a lockfile path), as npm lays
 * out node_modules: the nearest node_modules folder up the tree that has it.
 * @param {Record<string, LockEntry>} packages
 * @param {string} from
 * @param {string} name
 */
function resolve(packages, from, name) {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

/**
 * The lockfile of the functions workspace alone: every package its dependencies (and dev
 * dependencies, which `npm ci` checks too) reach, with the versions and integrity hashes of
 * the root lockfile. Paths under functions/node_modules move to the top; a clash with a root
 * package of the same name would need npm to lay the tree out anew, so it is refused.
 * @param {Lockfile} rootLock
 * @param {PackageJson} pkg functions/package.json
 * @returns {Lockfile}
 */
export function deriveFunctionsLock(rootLock, pkg) {
  const all = rootLock.packages;
  /** @type {Map<string, string>} root path -> path in the functions lockfile */
  const picked = new Map();
  /** @type {string[]} */
  const queue = [];
  /** @param {string} from @param {Record<string, string> | undefined} deps @param {(name: string) => boolean} optional */
  const visit = (from, deps, optional = () => false) => {
    for (const name of Object.keys(deps ?? {})) {
      const key = resolve(all, from, name);
      if (!key) {
        if (optional(name)) continue;
        throw new Error(`${name}, needed by ${from || 'the root'}, is not in package-lock.json: run npm install first.`);
      }
      if (picked.has(key)) continue;
      picked.set(key, key.startsWith(`${WORKSPACE}/`) ? key.slice(WORKSPACE.length + 1) : key);
      queue.push(key);
    }
  };
  visit(WORKSPACE, { ...pkg.dependencies, ...pkg.devDependencies });
  while (queue.length) {
    const key = /** @type {string} */ (queue.shift());
    const entry = all[key];
    visit(key, entry.dependencies);
    visit(key, entry.optionalDependencies, () => true);
    // npm installs peers; an optional peer only when something else brings it.
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((n) => !entry.peerDependenciesMeta?.[n]?.optional);
    visit(key, Object.fromEntries(peers.map((n) => [n, '*'])));
  }

  /** @type {Record<string, LockEntry>} */
  const packages = {
    '': {
      name: pkg.name,
      ...(pkg.dependencies ? { dependencies: pkg.dependencies } : {}),
      ...(pkg.devDependencies ? { devDependencies: pkg.devDependencies } : {}),
      ...(pkg.engines ? { engines: pkg.engines } : {}),
    },
  };
  const targets = new Map();
  for (const [from, to] of [...picked].sort(([, a], [, b]) => a.localeCompare(b))) {
    if (targets.has(to)) throw new Error(`${to} is needed both from ${targets.get(to)} and from ${from}.`);
    targets.set(to, from);
    packages[to] = all[from];
  }
  return { name: pkg.name, lockfileVersion: 3, requires: true, packages };
}

/**
 * What is wrong with functions/package-lock.json, one line each (none when it is in step):
 * missing, out of step with functions/package.json, or holding a version the root lockfile
 * (what the tests ran) does not.
 * @param {string} root the repository
 * @returns {string[]}
 */
export function functionsLockProblems(root) {
  /** @type {Lockfile} */
  let lock;
  try {
    lock = readJson(join(root, WORKSPACE, 'package-lock.json'));
  } catch {
    return [
      'functions/package-lock.json is missing: the cloud build would resolve versions afresh (run npm run lock:functions).',
    ];
  }
  /** @type {PackageJson} */
  const pkg = readJson(join(root, WORKSPACE, 'package.json'));
  const expected = deriveFunctionsLock(readJson(join(root, 'package-lock.json')), pkg);
  const problems = [];
  const top = lock.packages[''] ?? {};
  for (const field of /** @type {const} */ (['dependencies', 'devDependencies'])) {
    if (JSON.stringify(top[field] ?? {}) !== JSON.stringify(pkg[field] ?? {}))
      problems.push(`functions/package-lock.json's ${field} differ from functions/package.json (run npm run lock:functions).`);
  }
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path) continue;
    const want = expected.packages[path];
    if (!want)
      problems.push(`functions/package-lock.json has ${path}, which the functions do not need (run npm run lock:functions).`);
    else if (want.version !== entry.version || want.integrity !== entry.integrity)
      problems.push(
        `functions/package-lock.json has ${path} ${entry.version}, the tested root lockfile ${want.version} (run npm run lock:functions).`,
      );
  }
  for (const path of Object.keys(expected.packages)) {
    if (path && !lock.packages[path] && !expected.packages[path].peer)
      problems.push(`functions/package-lock.json lacks ${path} (run npm run lock:functions).`);
  }
  return problems;
}
