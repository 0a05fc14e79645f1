// @ts-check
// Installs the repo's dependencies when they are missing or older than package-lock.json.
// Node built-ins only: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const STAMP = join(ROOT, 'node_modules', '.install-stamp');

function lockHash() {
  const lock = readFileSync(join(ROOT, 'package-lock.json'));
  return createHash('sha256').update(lock).update(process.version).digest('hex');
}

export function ensureInstalled() {
  const wanted = lockHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return;
  console.log('Installing dependencies (npm ci)...');
  // --prefer-offline: what the lockfile pins and the npm cache already holds is taken from the
  // cache without asking the registry again (about 10 s of a fresh clone's install); anything
  // missing is still downloaded.
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed: see the lines above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, wanted);
}
