// @ts-check
// `npm run faults`: the fault runs of docs/performance.md (scripts/lib/faults.mjs), on a stack of its own.
// It kills parts of the stack, so it refuses to start while anything uses the stack's ports
// (stop `npm start` first; never run it beside the shared stack other people are using).
// Prints figures and exits 1 when a check fails. `npm test` runs it short (--short: one
// request while Firestore is down) on the stack it started, after the tests.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/install.mjs';
import { PROJECT_ID } from './lib/ports.mjs';
import { runFaults } from './lib/faults.mjs';
import { StackError, assertPortsFree, seed, startStack } from './lib/stack.mjs';

try {
  await assertPortsFree();
} catch (err) {
  if (!(err instanceof StackError)) throw err;
  console.error(`${err.message}\nnpm run faults kills parts of the stack, so it only runs on a stack of its own.`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  console.log('Building functions and web...');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}

console.log(`Starting a stack of its own (output: test-results/faults-stack.log, project ${PROJECT_ID})...`);
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const stack = await startStack({ logFile: join(ROOT, 'test-results', 'faults-stack.log') });
/** @type {string[]} */
let failures;
try {
  seed();
  failures = await runFaults(stack, { short: process.argv.includes('--short') });
} finally {
  await stack.stop();
}
console.log(failures.length ? `\n${failures.length} check(s) failed.` : '\nEvery check passed.');
process.exit(failures.length ? 1 : 0);
