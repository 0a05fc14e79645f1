// @ts-check
// `npm run bench:ussd [-- --sessions=50] [-- --short]`: figures, not a test. N people dial the
// USSD service at once (docs/ussd.md), as the network would, asked of the `ussd` Express app
// in-process (the built functions/lib) over HTTP against the local stack's Firestore emulator,
// like bench:slots: the Functions emulator starts a ~120 MB process per request in flight
// (docs/performance.md), so 50 at once through it measures the emulator, not the service. Each a new
// number that gives a name, opens Book, a phone consultation, a doctor, a day and a time, and
// confirms (AddToCart), 8 requests a session, all sessions concurrently. Prints the answer
// time's p50, p95 and max over every request (Hubtel gives up at 5 s; the issue asks p95 < 2 s),
// how many screens said a time was just taken, and the machine's load. --short: 10 sessions.
// Run `npm run build` first; uses the running stack or starts one.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/install.mjs';
import { writeLocalSecrets } from './lib/local-secrets.mjs';
import { EMULATOR_ENV, HOST } from './lib/ports.mjs';
import { withStack } from './lib/running-stack.mjs';

Object.assign(process.env, EMULATOR_ENV);
// A fresh clone has no functions/.secret.local until a stack starts: write it as the stack would.
writeLocalSecrets();
// The params and secrets the Functions emulator reads (the sandbox's addresses), as functions/src/test-support/env.ts loads them.
for (const file of ['.env.local', '.secret.local']) {
  for (const line of readFileSync(join(ROOT, 'functions', file), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) process.env[match[1]] ??= match[2];
  }
}
const require = createRequire(import.meta.url);
const { createUssdApp } = require(join(ROOT, 'functions', 'lib', 'routes', 'ussd.js'));
const { sendsSettled } = require(join(ROOT, 'functions', 'lib', 'notifications', 'send-soon.js'));
let USSD_URL = '';

const argv = process.argv.join(' ');
const SESSIONS = argv.includes('--short') ? 10 : Number(/--sessions=(\d+)/.exec(argv)?.[1] ?? 50);

/** @type {number[]} */
const times = [];
/** Answer times by screen asked for (the step's name), to see where the time goes. @type {Map<string, number[]>} */
const byStep = new Map();
let taken = 0;
let failed = 0;

let retries = 0;

/**
 * One request as the network sends it; its answer time is recorded. A connection closed under
 * it is retried once with the same Sequence, as the network retries (the service answers the
 * same screen again); the time counts from the first try.
 */
async function send(
  /** @type {{ mobile: string, sessionId: string, sequence: number }} */ s,
  /** @type {string} */ step,
  /** @type {string} */ type,
  message = '',
) {
  s.sequence += 1;
  const body = JSON.stringify({
    Type: type,
    Mobile: s.mobile,
    SessionId: s.sessionId,
    ServiceCode: '*713*4455#',
    Message: message,
    Operator: 'mtn',
    Sequence: s.sequence,
    ClientState: '',
    Platform: 'USSD',
  });
  const started = performance.now();
  const post = () => fetch(USSD_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const res = await post().catch(() => {
    retries += 1;
    return post();
  });
  const answer = await res.json();
  const took = performance.now() - started;
  times.push(took);
  byStep.set(step, [...(byStep.get(step) ?? []), took]);
  if (res.status !== 200) throw new Error(`/ussd answered ${res.status}: ${JSON.stringify(answer)}`);
  return /** @type {{ Type: string, Message: string }} */ (answer);
}

const choices = (/** @type {string} */ text) => text.split('\n').filter((l) => /^[1-9] /.test(l)).length;
const any = (/** @type {string} */ text) => String(1 + Math.floor(Math.random() * Math.max(1, choices(text))));

async function session() {
  const s = {
    mobile: `23355${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    sessionId: randomUUID().replaceAll('-', ''),
    sequence: 0,
  };
  await send(s, 'dial', 'Initiation', '*713*4455#');
  await send(s, 'name', 'Response', 'Bench Caller');
  await send(s, 'book', 'Response', '1');
  const doctors = await send(s, 'doctors', 'Response', '1');
  const days = await send(s, 'days', 'Response', any(doctors.Message));
  if (days.Type === 'release') return;
  const slots = await send(s, 'times', 'Response', any(days.Message));
  await send(s, 'confirm?', 'Response', any(slots.Message));
  const done = await send(s, 'book+pay', 'Response', '1');
  if (done.Message.startsWith('That time was just taken')) taken += 1;
}

const pct = (/** @type {number[]} */ sorted, /** @type {number} */ p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

await withStack(async () => {
  const server = createServer(createUssdApp());
  await new Promise((resolve) => server.listen(0, HOST, () => resolve(undefined)));
  const address = server.address();
  // The URL as registered with Hubtel: with the gateway key (docs/ussd.md).
  USSD_URL = `http://${HOST}:${typeof address === 'object' && address ? address.port : 0}/ussd/${process.env.USSD_GATEWAY_KEY}`;
  // One warm-up session: the emulator loads the function on its first request.
  await session();
  times.length = 0;
  byStep.clear();
  taken = 0;
  retries = 0;
  const started = performance.now();
  const outcomes = await Promise.allSettled(Array.from({ length: SESSIONS }, () => session()));
  failed = outcomes.filter((o) => o.status === 'rejected').length;
  const wall = performance.now() - started;
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `USSD: ${SESSIONS} concurrent sessions, ${sorted.length} requests in ${(wall / 1000).toFixed(1)} s: ` +
      `p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; ` +
      `${taken} 'just taken' screens, ${retries} retried, ${failed} sessions failed; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const steps = [...byStep].map(([step, took]) => {
    const s = took.sort((a, b) => a - b);
    return `${step} p50 ${pct(s, 50).toFixed(0)} / p95 ${pct(s, 95).toFixed(0)} ms`;
  });
  console.log(`By screen: ${steps.join('; ')}`);
  // The SMS the bookings queued go out after their answers: let them finish before the stack stops.
  await sendsSettled();
});
process.exit(failed ? 1 : 0);
