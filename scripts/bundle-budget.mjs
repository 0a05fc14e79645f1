// @ts-check
// Bundle budget: the JavaScript a phone downloads before each public page runs, gzip-compressed,
// from the Vite manifest of web/dist. A page's first load is the entry chunk (the shell and the
// router) and what main.tsx fetches before the first render: the page's module and its layout
// (app/routes.tsx), each with everything it imports statically. Fails when a page is over its
// budget (scripts/lib/public-routes.mjs), or when its first load carries Firebase Auth or App
// Check, which load only when a flow needs them (docs/performance.md). Run after the web build;
// `--dist=DIR` reads another build (scripts/__tests__/bundle-budget.test.ts).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/install.mjs';
import { jsBudgetBytes, PUBLIC_ROUTES } from './lib/public-routes.mjs';

const DIST = resolve(process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length) ?? join(ROOT, 'web', 'dist'));
const WEB = join(ROOT, 'web');

/** Code that must not run on a public page's first load, told by a string only its SDK holds. */
const NOT_ON_FIRST_LOAD = {
  'Firebase Auth': 'identitytoolkit.googleapis.com',
  'App Check': 'firebaseappcheck.googleapis.com',
};

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));

/** @type {Map<string, Buffer>} */
const files = new Map();
const read = (/** @type {string} */ file) => {
  if (!files.has(file)) files.set(file, readFileSync(join(DIST, file)));
  return /** @type {Buffer} */ (files.get(file));
};
/** @type {Map<string, number>} */
const gzipped = new Map();
const gzipBytes = (/** @type {string} */ file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(read(file), { level: 9 }).length);
  return /** @type {number} */ (gzipped.get(file));
};

/** A chunk and everything it imports statically (what loads before it can run). @param {string} key @param {Set<string>} seen */
function closure(key, seen) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest of ${DIST}`);
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

/**
 * The modules main.tsx preloads for each path: read from app/routes.tsx, whose page tables map
 * each path to `() => import('@/…')`; pages in DATA_PAGES sit under the server-state layout.
 * @returns {Map<string, string[]>}
 */
function routeModules() {
  const source = readFileSync(join(WEB, 'src', 'app', 'routes.tsx'), 'utf8');
  /** @type {Map<string, string[]>} */
  const modules = new Map();
  for (const table of source.matchAll(/const (\w+_PAGES) = \{([^}]*)\}/g)) {
    const layout = table[1] === 'DATA_PAGES' ? ['src/app/server-state-layout.tsx'] : [];
    for (const [, path, module] of table[2].matchAll(/'([^']+)': \(\) => import\('@\/([^']+)'\)/g))
      modules.set(path, [...layout, `src/${module}.tsx`]);
  }
  return modules;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest: run the web build first.');
const shell = closure(entryKey, new Set());
const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
const bytesOf = (/** @type {Set<string>} */ keys) => [...keys].reduce((sum, k) => sum + gzipBytes(manifest[k].file), 0);

const modules = routeModules();
console.log(`First-load JavaScript per public page (gzip; the shell alone ${kb(bytesOf(shell))}):`);
let failed = false;
for (const path of PUBLIC_ROUTES) {
  const pageModules = modules.get(path);
  if (!pageModules) throw new Error(`${path} has no page in web/src/app/routes.tsx`);
  const keys = new Set(shell);
  for (const module of pageModules) closure(module, keys);
  const bytes = bytesOf(keys);
  const budget = jsBudgetBytes(path);
  const carried = Object.entries(NOT_ON_FIRST_LOAD)
    .filter(([, marker]) => [...keys].some((k) => read(manifest[k].file).includes(marker)))
    .map(([name]) => name);
  const over = bytes > budget;
  failed ||= over || carried.length > 0;
  const problems = [over ? 'OVER budget' : '', ...carried.map((name) => `loads ${name}`)].filter(Boolean);
  console.log(
    `  ${path.padEnd(18)} ${kb(bytes).padStart(9)} of ${kb(budget).padStart(8)}  ${problems.length ? problems.join(', ') : 'ok'}`,
  );
}
console.log(failed ? 'Bundle budget: FAILED.' : 'Bundle budget: every public page within its budget.');
process.exit(failed ? 1 : 0);
