// @ts-check
// `npm run bench:ussd [-- --sessions=50] [-- --short]`: figures, not a test. N people dial the
// USSD service at once through Hosting's /ussd (docs/ussd.md), as the network would: each a new
// number that gives a name, opens Book, a phone consultation, a doctor, a day and a time, and
// confirms (AddToCart), 8 requests a session, all sessions concurrently. Prints the answer
// time's p50, p95 and max over every request (Hubtel gives up at 5 s; the issue asks p95 < 2 s),
// how many screens said a time was just taken, and the machine's load. --short: 10 sessions.
// Run `npm run build` first; uses the running stack or starts one.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { SITE_URL } from './lib/ports.mjs';
import { withStack } from './lib/running-stack.mjs';

const argv = process.argv.join(' ');
const SESSIONS = argv.includes('--short') ? 10 : Number(/--sessions=(\d+)/.exec(argv)?.[1] ?? 50);

/** @type {number[]} */
const times = [];
let taken = 0;
let failed = 0;

/** One request as the network sends it; its answer time is recorded. */
async function send(
  /** @type {{ mobile: string, sessionId: string, sequence: number }} */ s,
  /** @type {string} */ type,
  message = '',
) {
  s.sequence += 1;
  const started = performance.now();
  const res = await fetch(`${SITE_URL}/ussd`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      Type: type,
      Mobile: s.mobile,
      SessionId: s.sessionId,
      ServiceCode: '*713*4455#',
      Message: message,
      Operator: 'mtn',
      Sequence: s.sequence,
      ClientState: '',
      Platform: 'USSD',
    }),
  });
  const answer = await res.json();
  times.push(performance.now() - started);
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
  await send(s, 'Initiation', '*713*4455#');
  await send(s, 'Response', 'Bench Caller');
  await send(s, 'Response', '1');
  const doctors = await send(s, 'Response', '1');
  const days = await send(s, 'Response', any(doctors.Message));
  if (days.Type === 'release') return;
  const slots = await send(s, 'Response', any(days.Message));
  await send(s, 'Response', any(slots.Message));
  const done = await send(s, 'Response', '1');
  if (done.Message.startsWith('That time was just taken')) taken += 1;
}

const pct = (/** @type {number[]} */ sorted, /** @type {number} */ p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

await withStack(async () => {
  // One warm-up session: the emulator loads the function on its first request.
  await session();
  times.length = 0;
  taken = 0;
  const started = performance.now();
  const outcomes = await Promise.allSettled(Array.from({ length: SESSIONS }, () => session()));
  failed = outcomes.filter((o) => o.status === 'rejected').length;
  const wall = performance.now() - started;
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `USSD: ${SESSIONS} concurrent sessions, ${sorted.length} requests in ${(wall / 1000).toFixed(1)} s: ` +
      `p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; ` +
      `${taken} 'just taken' screens, ${failed} sessions failed; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
});
process.exit(failed ? 1 : 0);
