// @ts-check
// `npm run lock:functions`: writes functions/package-lock.json from the root package-lock.json
// (the versions the tests ran), so the cloud build of the functions installs exactly those with
// `npm ci`. Run it after any change to the functions' dependencies; `npm test` and
// `npm run deploy:check` fail while it is out of step. Offline: npm only lays out the lockfile
// it is given (--offline), it fetches nothing.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveFunctionsLock, functionsLockProblems, readJson } from './lib/functions-lock.mjs';
import { ROOT } from './lib/install.mjs';

const pkgPath = join(ROOT, 'functions', 'package.json');
const lock = deriveFunctionsLock(readJson(join(ROOT, 'package-lock.json')), readJson(pkgPath));

// npm recomputes the dev/optional/peer flags from the tree, outside the workspace (in it,
// npm would write the root lockfile instead).
const dir = mkdtempSync(join(tmpdir(), 'functions-lock-'));
try {
  copyFileSync(pkgPath, join(dir, 'package.json'));
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  const npm = spawnSync(
    'npm',
    ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: dir, stdio: 'inherit' },
  );
  if (npm.status !== 0) {
    console.error('npm could not lay out the functions lockfile: see above.');
    process.exit(1);
  }
  copyFileSync(join(dir, 'package-lock.json'), join(ROOT, 'functions', 'package-lock.json'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const problems = functionsLockProblems(ROOT);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`functions/package-lock.json: ${Object.keys(lock.packages).length - 1} packages, as the root lockfile has them.`);
