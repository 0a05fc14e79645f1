/**
 * The per-page bundle budget (scripts/bundle-budget.mjs, in `npm test` after the build): a
 * public page that imports the Firebase Auth SDK fails it. The site is built for real (Vite,
 * the client only) from a copy of web/ with the import planted in the FAQs page, then the
 * budget script reads that build, as `npm test` runs it. That the real build passes is the
 * `npm test` step's job.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');

/** A copy of web/ beside links to what it resolves from (functions/src/api, the installed packages). */
function copyOfTheSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'planted-budget-'));
  cpSync(join(ROOT, 'web'), join(dir, 'web'), {
    recursive: true,
    filter: (src) => !/\/web\/(node_modules|dist[^/]*)(\/|$)/.test(src),
  });
  symlinkSync(join(ROOT, 'web/node_modules'), join(dir, 'web/node_modules'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'functions'), join(dir, 'functions'));
  return dir;
}

describe('the bundle budget', () => {
  let dir: string;
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('when a public page imports the Firebase Auth SDK, then the budget fails and names the page', () => {
    dir = copyOfTheSite();
    appendFileSync(
      join(dir, 'web/src/features/faqs/pages/faqs-page.tsx'),
      "\nimport { getAuth } from 'firebase/auth';\n(globalThis as Record<string, unknown>).plantedAuth = getAuth;\n",
    );
    const build = spawnSync(process.execPath, [VITE, 'build', '--mode', 'emulators', '--logLevel', 'error'], {
      cwd: join(dir, 'web'),
      encoding: 'utf8',
    });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);

    const budget = spawnSync(process.execPath, [join(ROOT, 'scripts/bundle-budget.mjs'), `--dist=${join(dir, 'web/dist')}`], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(budget.status).toBe(1);
    expect(budget.stdout).toMatch(/^ {2}\/faqs .*loads Firebase Auth/m);
    // Only the page that imports it: the others still load no Auth SDK.
    expect(budget.stdout.match(/loads Firebase Auth/g)).toHaveLength(1);
  }, 240_000);
});
