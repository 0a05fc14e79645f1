/**
 * Every file a page of docs/ (or the README) names exists: a moved or renamed module takes its
 * docs with it. A name is a backticked path with a folder and a file extension; it is looked
 * up from the repository's root, the server's and the site's sources, and each site feature
 * (docs/visit-page.md names files within features/visit/).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const FEATURES = readdirSync(join(ROOT, 'web/src/features')).map((f) => `web/src/features/${f}`);
const BASES = ['', 'functions/src', 'functions', 'web/src', 'web', 'web/src/features', 'scripts', 'docs', ...FEATURES];
const PAGES = [...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`), 'README.md'].filter((f) => f.endsWith('.md'));
const PATH = /`([\w.@/-]+\/[\w.-]+\.(?:ts|tsx|mjs|cjs|js|json|md|css|sh|rules|ya?ml|html))`/g;

/** Where a named path is, from the aliases the site uses (@/ and @api/) and the bases above; undefined when nowhere. */
function found(named: string): string | undefined {
  const path = named.replace(/^@\//, 'web/src/').replace(/^@api\//, 'functions/src/api/');
  return BASES.map((base) => join(ROOT, base, path)).find((p) => existsSync(p));
}

describe('the paths docs/ names', () => {
  it.each(PAGES)('every file %s names exists', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const missing = [...text.matchAll(PATH)].map(([, named]) => named).filter((named) => !found(named));
    expect(missing).toEqual([]);
  });
});
