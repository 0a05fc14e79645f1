// @ts-check
// The fault runs of docs/performance.md (scripts/faults.mjs prints them; scripts/test.mjs runs the short
// form on the stack it started, after the tests): they kill parts of a stack and check what
// people get meanwhile, then that it recovers.
// 1. The Firestore emulator killed mid-run: the API answers 503 with a clear msg while it is
//    down and answers again once it is back, without a restart of its own (the emulator the
//    stack runs: the official one where installed, see scripts/firestore-emulator.mjs).
// 2. The payment sandbox down: initiate answers 502 and nothing changes; back up, a paid
//    checkout whose callback never came is marked Paid by the scheduled re-check
//    (recheckRecentPayments, the function paymentRecheck runs every 15 minutes).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install.mjs';
import { EMULATOR_ENV, HOST, PORTS, SITE_URL } from './ports.mjs';
import { check, failures, newPatient, payablePackage } from './figures.mjs';
import { isListening, seed } from './stack.mjs';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

// Firestore down: a 503 within FAST_MS, answers again within RECOVER_MS of its restart
// (functions/src/store/firebase.ts; ~0.1 s and ~1 s in its test, ~44 s and ~41 s before it).
// The short run inside `npm test` shares a busy CI machine with the whole suite (a JVM start
// alone can take 20 s there): it allows more, still well under the ~44 s hang it guards against.
const LIMITS = { full: { FAST_MS: 5000, RECOVER_MS: 10_000 }, short: { FAST_MS: 20_000, RECOVER_MS: 40_000 } };
let { FAST_MS, RECOVER_MS } = LIMITS.full;
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const SANDBOX = `http://${HOST}:${PORTS.paymentSandbox}`;

/** @param {ChildProcess[]} children @param {string} script */
const childRunning = (children, script) =>
  children.find((c) => c.exitCode === null && c.signalCode === null && c.spawnargs.some((a) => a.endsWith(script)));

/** @param {ChildProcess} child */
async function kill(child) {
  process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
  while (child.exitCode === null && child.signalCode === null) await sleep(100);
}

/** Starts one of the stack's Node processes again, in its own process group. @param {string} script */
function restart(script) {
  return spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env },
    detached: true,
    stdio: 'ignore',
  });
}

/** @param {string} url */
async function waitUntilAnswers(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await sleep(300);
  }
  return false;
}

/** @param {string} method @param {string} path @param {{ idToken: string } | null} who @param {unknown} [body] */
async function api(method, path, who, body) {
  const started = Date.now();
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(who ? { Authorization: `Bearer ${who.idToken}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, msg: String(json.msg ?? ''), data: json.data, ms: Date.now() - started };
}

/** @param {ChildProcess[]} children @param {ChildProcess[]} extra @param {string[]} paths */
async function firestoreDown(children, extra, paths) {
  console.log('\nThe Firestore emulator killed mid-run');
  const firestore = childRunning(children, 'firestore-emulator.mjs');
  if (!firestore) throw new Error('The Firestore emulator is not one of the stack processes.');
  check((await api('GET', '/packages', null)).status === 200, 'before: GET /packages answers 200');
  await kill(firestore);
  for (const path of paths) {
    const down = await api('GET', path, null);
    console.log(`  while down: GET ${path} -> ${down.status} in ${down.ms} ms: "${down.msg}"`);
    check(down.status === 503 && down.msg.length > 10, `while down: GET ${path} answers 503 with a readable msg`);
    check(down.ms < FAST_MS, `while down: GET ${path} answers within ${FAST_MS / 1000} s`);
  }
  extra.push(restart('scripts/firestore-emulator.mjs'));
  const started = Date.now();
  // The emulator keeps data in memory: once it listens, the catalog comes back with the seed.
  const deadline = Date.now() + RECOVER_MS;
  while (!(await isListening(PORTS.firestore)) && Date.now() < deadline) await sleep(200);
  check(await isListening(PORTS.firestore), 'the Firestore emulator is back up');
  seed();
  const back = await waitUntilAnswers(`${SITE_URL}/api/packages`, RECOVER_MS);
  console.log(`  back up: GET /packages answers again ${Date.now() - started} ms after the restart`);
  check(back, `after the restart: the API answers again within ${RECOVER_MS / 1000} s, without a restart of its own`);
}

/** @param {ChildProcess[]} children @param {ChildProcess[]} extra */
async function sandboxDown(children, extra) {
  console.log('\nThe payment sandbox down');
  const sandbox = childRunning(children, 'payment-sandbox.mjs');
  if (!sandbox) throw new Error('The payment sandbox is not one of the stack processes.');
  const patient = await newPatient('faults');
  // A package with a price: the Free trial has nothing to pay (initiate answers 400).
  const { id: packageId } = await payablePackage();
  const sub = await api('POST', '/subscriptions', patient, { packageId });
  check(sub.status === 201, `a paid package (${packageId}) is subscribed to: ${sub.status} ${sub.msg}`);
  const ref = sub.data?.clientReference;
  await kill(sandbox);
  const initiate = await api('POST', '/payment/initiate', patient, { clientReference: ref });
  console.log(`  while down: initiate -> ${initiate.status} in ${initiate.ms} ms: "${initiate.msg}"`);
  check(initiate.status === 502, 'while down: initiate answers 502');
  const after = await api('GET', `/subscriptions/${patient.uid}`, patient);
  const stored = (after.data ?? []).find((/** @type {{ clientReference: string }} */ s) => s.clientReference === ref);
  check(stored?.paymentStatus === 'Unpaid', 'while down: the subscription is still Unpaid');

  extra.push(restart('scripts/payment-sandbox.mjs'));
  check(await waitUntilAnswers(`${SANDBOX}/health`), 'the sandbox is back up');
  const control = (/** @type {string} */ path, /** @type {unknown} */ body) =>
    fetch(`${SANDBOX}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  // The person pays, but the provider's callback never reaches the site.
  await control('/__control/faults', { clientReference: ref, faults: { callback: 'drop' } });
  check(
    (await api('POST', '/payment/initiate', patient, { clientReference: ref })).status === 200,
    'back up: initiate answers 200',
  );
  await control('/__control/pay', { clientReference: ref, method: 'mobilemoney', channel: 'mtn-gh', phone: '0241234567' });

  // What paymentRecheck runs every 15 minutes, called here instead of waiting for the schedule,
  // with the payable kinds registered as index.ts registers them.
  const require = createRequire(import.meta.url);
  require(join(ROOT, 'functions', 'lib', 'payables.js'));
  const { recheckRecentPayments } = require(join(ROOT, 'functions', 'lib', 'services', 'payments', 'recheck.js'));
  const outcome = await recheckRecentPayments();
  console.log(`  re-check: ${outcome.checked} checked, ${outcome.paid} marked Paid`);
  const paid = await api('GET', `/subscriptions/${patient.uid}`, patient);
  const now = (paid.data ?? []).find((/** @type {{ clientReference: string }} */ s) => s.clientReference === ref);
  check(now?.paymentStatus === 'Paid', 'after the re-check: the paid subscription is Paid');
}

/** The functions' local configuration (sandbox URLs, callback secret), as the emulator reads it, for the in-process re-check. */
function loadFunctionsEnv() {
  for (const file of ['.env.local', '.secret.local']) {
    for (const line of readFileSync(join(ROOT, 'functions', file), 'utf8').split('\n')) {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      if (match) process.env[match[1]] ??= match[2];
    }
  }
  Object.assign(process.env, EMULATOR_ENV);
}

/**
 * Runs the faults on `stack` (which it damages: run it last on a stack, or on one of its own)
 * and returns the checks that failed. `short`: one request while Firestore is down instead of
 * one per catalog list, and the time limits of a busy machine; each kind of fault still happens once.
 * @param {{ children: ChildProcess[] }} stack @param {{ short?: boolean }} [options]
 */
export async function runFaults(stack, { short = false } = {}) {
  ({ FAST_MS, RECOVER_MS } = short ? LIMITS.short : LIMITS.full);
  loadFunctionsEnv();
  /** @type {ChildProcess[]} */
  const extra = [];
  try {
    await firestoreDown(stack.children, extra, short ? ['/packages'] : ['/packages', '/doctors?specialty=All']);
    await sandboxDown(stack.children, extra);
  } finally {
    for (const child of extra) {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGINT');
      } catch {
        /* already gone */
      }
    }
  }
  return failures;
}
