// @ts-check
// Bundle budget: the JavaScript a phone downloads before the home page can render,
// gzip-compressed, from the Vite manifest of web/dist. Prints the figures per page and
// fails when the home page is over budget. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/install.mjs';

/** Home page first-load JS budget (issue: at most 120 KB gzip). */
export const HOME_JS_BUDGET_BYTES = 120 * 1024;

const DIST = join(ROOT, 'web', 'dist');
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));

/** @type {Map<string, number>} */
const gzipCache = new Map();
/** @param {string} file */
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return /** @type {number} */ (gzipCache.get(file));
}

/** A chunk and everything it imports statically (what loads before it can run). @param {string} key @param {Set<string>} seen */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

/** @param {Set<string>} keys */
const jsBytes = (keys) => [...keys].reduce((sum, k) => sum + gzipBytes(manifest[k].file), 0);
// One stylesheet for the whole site (web/vite.config.ts: cssCodeSplit false), in every page's head.
const cssFiles = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.css'));
const siteCssBytes = cssFiles.reduce((sum, f) => sum + gzipBytes(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest: run the web build first.');
const entry = closure(entryKey);

const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
const pages = Object.keys(manifest)
  .filter((k) => /\/pages\/[^/]+\.tsx$/.test(k))
  .sort();
console.log(`First-load JavaScript per page (gzip; shell ${kb(jsBytes(entry))}; the site's one stylesheet ${kb(siteCssBytes)}):`);
let homeBytes = 0;
for (const page of pages) {
  const all = closure(page, new Set(entry));
  const bytes = jsBytes(all);
  if (page.endsWith('home-page.tsx')) homeBytes = bytes;
  console.log(`  ${page.replace(/^src\/features\//, '').padEnd(52)} ${kb(bytes).padStart(9)}`);
}
const ok = homeBytes <= HOME_JS_BUDGET_BYTES;
console.log(`Home page first-load JS: ${kb(homeBytes)} of ${kb(HOME_JS_BUDGET_BYTES)} budget: ${ok ? 'within' : 'OVER'}.`);
process.exit(ok ? 0 : 1);
