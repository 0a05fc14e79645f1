// @ts-check
// Runs one command against a fresh local stack, e.g. while working on one suite:
//   npm run build && node scripts/with-stack.mjs npx jest functions/src/routes/__tests__/payments.test.ts
// Starts the stack from what is built (it does not build), seeds, runs the command, stops
// the stack, and exits with the command's code. Emulator output: test-results/with-stack.log.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './lib/install.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('Usage: node scripts/with-stack.mjs <command> [args...]');
  process.exit(2);
}
ensureInstalled();
const { StackError, seed, startStack } = await import('./lib/stack.mjs');
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
let code = 1;
/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
try {
  stack = await startStack({ logFile: join(ROOT, 'test-results', 'with-stack.log') });
  seed();
  // Async, so this process keeps writing the stack's output to its log while the command runs
  // (a test may read it: e2e/gateway-logs.e2e.ts) and no emulator blocks on a full pipe.
  const child = spawn(command[0], command.slice(1), { cwd: ROOT, stdio: 'inherit' });
  code = await new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
} catch (err) {
  console.error(err instanceof StackError ? err.message : err);
} finally {
  await stack?.stop();
}
process.exit(code);
