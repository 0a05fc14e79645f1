// @ts-check
// The figures scripts (perf, load) measure the local stack: the one already running
// (`npm start`), or, when its ports are free, one they start, seed and stop themselves.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install.mjs';
import { SITE_URL } from './ports.mjs';
import { seed, startStack } from './stack.mjs';

async function siteAnswers() {
  try {
    return (await fetch(`${SITE_URL}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/**
 * @template T
 * @param {() => Promise<T>} run
 * @returns {Promise<T>}
 */
export async function withStack(run) {
  if (await siteAnswers()) {
    console.log(`Using the stack already running at ${SITE_URL}.`);
    return run();
  }
  console.log('No stack is running: starting one (its output goes to test-results/figures-stack.log)...');
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const stack = await startStack({ logFile: join(ROOT, 'test-results', 'figures-stack.log') });
  try {
    seed();
    return await run();
  } finally {
    await stack.stop();
  }
}
