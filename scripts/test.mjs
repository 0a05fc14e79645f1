// @ts-check
// `npm test`: the build, then every Jest suite (functions, web, end-to-end) with the type
// check, lint and format beside them, then short load and fault runs, against a local stack
// that this script starts and stops. Ends with one line:
// "Summary: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { calibrate, startCpuMeter } from './lib/cpu.mjs';
import { ensureInstalled, ROOT } from './lib/install.mjs';

// The busy CPU-seconds of everything this run starts, read against a fixed workload measured
// now, on the same host on the same day (docs/testing.md, "The suite's CPU").
const calibration = calibrate();
const cpu = startCpuMeter();
/** Each step's own CPU-seconds (its whole process tree, from scripts/lib/cpu-of.mjs). */
/** @type {[string, number][]} */
const stepCpu = [];
ensureInstalled();
const { StackError, seed, startStack } = await import('./lib/stack.mjs');

const RESULTS = join(ROOT, 'test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

let passed = 0;
let failed = 0;
const began = Date.now();

/** A check counts as one test: it passes when the command exits 0. */
function record(/** @type {string} */ name, /** @type {boolean} */ ok, /** @type {number} */ since) {
  const took = `(${Math.round((Date.now() - since) / 1000)} s)`;
  console.log(ok ? `✔ ${name} ${took}` : `✘ ${name} failed ${took}`);
  if (ok) passed++;
  else failed++;
  return ok;
}

/** Node's arguments to run the command under scripts/lib/cpu-of.mjs, which reports its CPU on descriptor 3. */
const measured = (/** @type {string[]} */ cmd) => [join(ROOT, 'scripts/lib/cpu-of.mjs'), ...cmd];
function recordCpu(/** @type {string} */ name, /** @type {string} */ report) {
  const seconds = Number(JSON.parse(report || '{}').seconds);
  if (Number.isFinite(seconds)) stepCpu.push([name, seconds]);
}

function check(/** @type {string} */ name, /** @type {string[]} */ cmd) {
  console.log(`\n▶ ${name}: ${cmd.join(' ')}`);
  const since = Date.now();
  const run = spawnSync(process.execPath, measured(cmd), {
    cwd: ROOT,
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
  });
  recordCpu(name, String(run.output?.[3] ?? ''));
  return record(name, run.status === 0, since);
}

/** The same, run alongside others: its output is held and printed in one block when it ends. */
function checkAlongside(/** @type {string} */ name, /** @type {string[]} */ cmd) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, measured(cmd), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    let report = '';
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.stdio[3]?.on('data', (chunk) => (report += chunk));
    child.on('close', (code) => {
      recordCpu(name, report);
      console.log(`\n▶ ${name}: ${cmd.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      resolve(record(name, code === 0, since));
    });
  });
}

// `npm run build` in two steps: the stack starts once the functions are built (the Functions
// emulator loads them at start; Hosting reads web/dist only when asked for a page), so it
// starts while the site builds. The functions build only emits (`--noCheck`, 7.5 -> 3 s, and
// nothing starts before it): the type check below checks the same code. The static checks
// (types, lint, format) run beside the stack's start and the tests, at the lowest CPU
// priority: the suite is CPU-bound on two cores yet leaves gaps while pages and calls wait,
// and the checks fill those instead of holding the tests back (run first, they delayed Jest
// by about 50 s).
const functionsBuilt = check('build: functions', ['npm', 'run', 'build', '--silent', '-w', 'functions', '--', '--noCheck']);
let booting = functionsBuilt ? startStack({ logFile: join(RESULTS, 'emulators.log') }) : undefined;
booting?.catch(() => {}); // awaited below; a failure to start is reported there
const siteBuilt = functionsBuilt && (await checkAlongside('build: site', ['npm', 'run', 'build', '--silent', '-w', 'web']));
if (siteBuilt) check('bundle budget', ['node', 'scripts/bundle-budget.mjs']);
else if (booting) {
  // Nothing to test without the site: the stack stops as soon as it has started.
  await booting.then(
    (stack) => stack.stop(),
    () => {},
  );
  booting = undefined;
}
const niced = (/** @type {string[]} */ cmd) => ['nice', '-n', '19', ...cmd];
const staticChecks = Promise.all([
  checkAlongside('type check', niced(['npm', 'run', 'typecheck', '--silent'])),
  // Not the files scripts/__tests__/no-cycle.test.ts plants (and removes) while these run.
  checkAlongside('lint', niced(['npx', 'eslint', '.', '--max-warnings=0', '--ignore-pattern', '**/planted-*'])),
  checkAlongside('format', niced(['npx', 'prettier', '--check', '--log-level=warn', '.'])),
]);

/** Jest, its output on ours as it comes; resolves when it exits. */
function runJest(/** @type {string[]} */ args) {
  return new Promise((resolve) => {
    const jest = spawn(process.execPath, measured(['npx', 'jest', ...args]), {
      cwd: ROOT,
      stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let report = '';
    jest.stdio[3]?.on('data', (chunk) => (report += chunk));
    jest.on('close', () => {
      recordCpu('Jest', report);
      resolve(undefined);
    });
  });
}

if (booting) {
  /** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
  let stack;
  try {
    console.log('\n▶ starting the local stack (emulator output: test-results/emulators.log)');
    stack = await booting;
    seed();
    const jsonFile = join(RESULTS, 'jest.json');
    // Four workers on two cores: the browser suites spend much of their time waiting on the
    // stack, the page and the calls' fixed windows, so more files at once keep the cores busy
    // (a small gain, within the runs' spread: docs/testing.md has the figures).
    // `npm test -- <paths>` runs the whole pipeline with only those suites.
    const only = process.argv.slice(2);
    await runJest(['--ci', `--maxWorkers=${process.env.JEST_WORKERS ?? 4}`, '--json', `--outputFile=${jsonFile}`, ...only]);
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
    if (report.numTotalTests === 0) {
      console.error('Jest ran no test.');
      failed++;
    }
    // `npm run load` and `npm run faults`, short, on this stack, so they cannot rot unnoticed.
    // Faults go last: they kill and restart parts of the stack.
    const shortRuns = Date.now();
    check('load (short)', ['node', 'scripts/load.mjs', '--short']);
    console.log('\n▶ faults (short): scripts/lib/faults.mjs on this stack');
    const { runFaults } = await import('./lib/faults.mjs');
    const faultProblems = await runFaults(stack, { short: true }).catch((err) => [String(err)]);
    for (const problem of faultProblems) console.error(`  ${problem}`);
    const faultsOk = faultProblems.length === 0;
    console.log(faultsOk ? '✔ faults (short)' : '✘ faults (short) failed');
    if (faultsOk) passed++;
    else failed++;
    console.log(`Short load and faults took ${Math.round((Date.now() - shortRuns) / 1000)} s.`);
  } catch (err) {
    console.error(err instanceof StackError ? err.message : err);
    console.error('See test-results/emulators.log.');
    failed++;
  } finally {
    await stack?.stop();
  }
}

await staticChecks;
console.log(`\nTook ${Math.round((Date.now() - began) / 1000)} s.`);
printCpu(passed + failed);
console.log(`Summary: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/**
 * The run's busy CPU-seconds (every process it started, once they have ended) beside the
 * calibration; their ratio is what should hold from one day to the next on the same code.
 */
function printCpu(/** @type {number} */ tests) {
  const busy = cpu.seconds();
  const units = busy / calibration;
  const fixed = (/** @type {number} */ n, digits = 0) => n.toFixed(digits);
  console.log(
    `Busy CPU: ${fixed(busy)} CPU-s, ${fixed(busy / tests, 2)} a test over ${tests}; calibration ${fixed(calibration, 3)} CPU-s, ` +
      `so ${fixed(units)} calibrated units, ${fixed(units / tests, 2)} a test.`,
  );
  const steps = stepCpu.reduce((sum, [, seconds]) => sum + seconds, 0);
  const parts = [
    ...stepCpu.map(([name, seconds]) => `${name} ${fixed(seconds)}`),
    `the stack, the short runs and this script ${fixed(busy - steps)}`,
  ];
  console.log(
    `  by step (CPU-s): ${parts.join(', ')}; ${fixed(cpu.orphanedSeconds())} of it from processes whose parent ended first.`,
  );
}
