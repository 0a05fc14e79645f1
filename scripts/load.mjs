// @ts-check
// `npm run load`: bounded load and concurrency runs against the local stack, on loopback
// only (the running one, or one it starts). Prints figures and exits 1 when a check fails.
// 1. autocannon, 10 connections, 200 requests each (--requests=N to change): catalog GETs and
//    a patient's pending appointments, through Hosting and straight to the Functions emulator.
//    Every answer must be 2xx.
// 2. Concurrency: 200 newsletter sign-ups with distinct e-mails -> 200 documents; 50
//    bookings of one doctor's slot -> 1 appointment and 49 409s; 20 payment callbacks for
//    one reference of a paid package -> Paid once, one receipt.
// At most 10 requests are in flight at once: the Functions emulator starts one Node process
// (~120 MB, a second or more of CPU) per request it has no idle worker for, and keeps it, so
// 200 at once took 23 GB and stalled a 2-core machine. For the same reason a run is a number
// of requests, with a timeout longer than any stall, not a duration: requests a timed run
// abandons at its end (or at a timeout) stay in the emulator and each took a process of its
// own. Production's Cloud Run serves up to 80 at once per instance; here the races are 10 wide.
// --short (what `npm test` runs, so this cannot rot): 4 in flight, 20 requests per endpoint,
// then 20 sign-ups, 8 bookings and 5 callbacks; same checks.
// Public posts are throttled per client (the X-Forwarded-For entry before Google's hop,
// functions/src/config.ts GOOGLE_FRONT_END_RANGES), so each sign-up carries its own made-up
// address as Hosting's front ends would forward it, as 200 phones would; the emulators have no
// front end, so the local key (X-Local-Front-End) says the test plays it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from './lib/install.mjs';
import { EMULATOR_ENV, HOST, PORTS, PROJECT_ID, SITE_URL } from './lib/ports.mjs';
import { deliveredMail } from './lib/delivered-mail.mjs';
import { check, failures, pooled, newPatient, payablePackage } from './lib/figures.mjs';
import { withStack } from './lib/running-stack.mjs';

Object.assign(process.env, EMULATOR_ENV);
const { initializeApp } = await import('firebase-admin/app');
const { getFirestore } = await import('firebase-admin/firestore');
const db = getFirestore(initializeApp({ projectId: PROJECT_ID }, `load-${randomUUID()}`));

const SHORT = process.argv.includes('--short');
const REQUESTS = Number(process.argv.find((a) => a.startsWith('--requests='))?.slice('--requests='.length) ?? 200);
/** How hard each part pushes: the full run's figures, or the short run's few seconds. */
const RUN = SHORT
  ? { connections: 4, amount: 20, signUps: 20, bookings: 8, callbacks: 5 }
  : { connections: 10, amount: REQUESTS, signUps: 200, bookings: 50, callbacks: 20 };
/** Runs task(0..count-1) with at most RUN.connections in flight (see above); answers in order. @template T @param {number} count @param {(i: number) => Promise<T>} task */
const bounded = (count, task) => pooled(count, RUN.connections, task);
const FUNCTION_URL = `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/europe-west1/api`;
const SANDBOX = `http://${HOST}:${PORTS.paymentSandbox}`;
/** The local stack's front-end key: with it the emulator trusts the X-Forwarded-For a test writes (functions/src/config.ts). */
const LOCAL_FRONT_END_KEY =
  /^LOCAL_FRONT_END_KEY=(.*)$/m.exec(readFileSync(join(ROOT, 'functions', '.env.local'), 'utf8'))?.[1] ?? '';
/** The sandbox's callback secret, as the Functions emulator reads it (local values, nothing real). */
const CALLBACK_SECRET =
  /^PAYMENT_CALLBACK_SECRET=(.*)$/m.exec(readFileSync(join(ROOT, 'functions', '.secret.local'), 'utf8'))?.[1] ?? '';
/** The token a payment's callback URL carries (functions/src/http/gateway.ts), from the built functions. */
const { callbackToken } = createRequire(import.meta.url)(join(ROOT, 'functions', 'lib', 'http', 'gateway.js'));

/**
 * @param {string} method @param {string} path @param {{ idToken: string } | null} who @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
function api(method, path, who, body, headers = {}) {
  return fetch(`${SITE_URL}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(who ? { Authorization: `Bearer ${who.idToken}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
/** @param {Response} res */
async function expectOk(res) {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return /** @type {{ data: any }} */ (await res.json()).data;
}

/** @param {string} label @param {string} url @param {Record<string, string>} [headers] */
async function cannon(label, url, headers = {}) {
  // 120 s before a request counts as failed: longer than any stall of the emulator on a busy
  // shared machine (`max` shows them), so no request is abandoned while it still runs there.
  const r = await autocannon({ url, connections: RUN.connections, amount: RUN.amount, headers, timeout: 120 });
  const bad = r.non2xx + r.errors; // errors include the timeouts
  console.log(
    `  ${label.padEnd(46)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  max ${String(r.latency.max).padStart(5)} ms  ${r.requests.total} requests, ${bad} not 2xx`,
  );
  check(
    r.requests.total > 0 && bad === 0,
    `${label}: answers came, every one 2xx (non2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`,
  );
}

async function throughput() {
  const patient = await newPatient('load');
  const bearer = { Authorization: `Bearer ${patient.idToken}` };
  console.log(`\nThroughput: ${RUN.connections} connections, ${RUN.amount} requests per run`);
  // The Functions emulator starts a worker per request in flight on first use: start them before measuring.
  await autocannon({ url: `${SITE_URL}/api/packages`, connections: RUN.connections, amount: RUN.connections * 2, timeout: 120 });
  for (const [via, base] of [
    ['Hosting', `${SITE_URL}/api`],
    ['Functions', FUNCTION_URL],
  ]) {
    await cannon(`${via}: GET /packages`, `${base}/packages`);
    await cannon(`${via}: GET /doctors?specialty=All`, `${base}/doctors?specialty=All`);
    await cannon(
      `${via}: GET /appointments/pending (signed in)`,
      `${base}/appointments/pending?patientId=${patient.uid}`,
      bearer,
    );
  }
}

async function newsletterSignUps() {
  const run = randomUUID().slice(0, 8);
  const emails = Array.from({ length: RUN.signUps }, (_, i) => `load-${run}-${i}@example.com`);
  const started = Date.now();
  const statuses = await bounded(emails.length, (i) =>
    api(
      'POST',
      '/subscriptions/news',
      null,
      { email: emails[i] },
      { 'X-Forwarded-For': `10.${run.length}.${i >> 8}.${i & 255}, 66.102.6.1`, 'X-Local-Front-End': LOCAL_FRONT_END_KEY },
    ).then((r) => r.status),
  );
  const stored = (
    await db.collection('newsletter').where('email', '>=', `load-${run}-`).where('email', '<', `load-${run}-~`).count().get()
  ).data().count;
  console.log(
    `\n${RUN.signUps} concurrent newsletter sign-ups (${Date.now() - started} ms): ${tally(statuses)}; ${stored} stored`,
  );
  check(stored === RUN.signUps, `${RUN.signUps} sign-ups with distinct e-mails -> exactly ${RUN.signUps} newsletter documents`);
}

async function oneDoctorSlot() {
  const patients = await bounded(RUN.bookings, () => newPatient('load'));
  // A slot on the seeded doctors' grid (functions/src/seed/schedules.ts): weekdays 09:00-12:00, 30-minute slots.
  let day;
  do day = new Date(Date.now() + (30 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()));
  const time = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'][Math.floor(Math.random() * 6)];
  const booking = (/** @type {{ email: string }} */ p) => ({
    requestedServiceId: 1,
    doctorId: 'dr-boateng',
    requestedDay: day,
    requestedTime: time,
    bookFor: 'SELF',
    firstName: 'Kofi',
    lastName: 'Asante',
    gender: 'MALE',
    emailAddress: p.email,
    contactNumber: '024 412 3456',
    location: 'Kumasi, Adum',
    healthProblem: 'A cough for two weeks',
  });
  const started = Date.now();
  const answers = await bounded(patients.length, (i) =>
    api('POST', '/appointments', patients[i], booking(patients[i])).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    })),
  );
  const statuses = answers.map((a) => a.status);
  const conflicts = answers.filter((a) => a.status === 409);
  // Only these patients' bookings: an earlier test's on the same slot, cancelled or moved, freed it and stays stored.
  const ours = new Set(patients.map((p) => p.uid));
  const stored = (
    await db.collection('appointments').where('doctorId', '==', 'dr-boateng').where('requestedDay', '==', day).get()
  ).docs.filter((d) => d.get('requestedTime') === time && ours.has(d.get('patientId'))).length;
  console.log(
    `\n${RUN.bookings} concurrent bookings of one doctor's slot (${Date.now() - started} ms): ${tally(statuses)}; ${stored} stored`,
  );
  console.log(`  409 says: "${conflicts[0]?.body.msg}"`);
  check(
    statuses.filter((s) => s === 201).length === 1 && conflicts.length === RUN.bookings - 1,
    `one 201 and ${RUN.bookings - 1} 409s`,
  );
  check(
    conflicts.every((c) => typeof c.body.msg === 'string' && c.body.msg.length > 10),
    'every 409 says why in its msg',
  );
  check(stored === 1, 'exactly one appointment stored for the slot');
}

async function paymentCallbacks() {
  const patient = await newPatient('load');
  // A package with a price: the Free trial has nothing to pay (initiate answers 400).
  const paid = await payablePackage();
  const sub = await api('POST', '/subscriptions', patient, { packageId: paid.id }).then(expectOk);
  const ref = sub.clientReference;
  // The sandbox must not send its own callback: the 20 below are the only ones.
  await sandbox('/__control/faults', { clientReference: ref, faults: { callback: 'drop' } });
  await api('POST', '/payment/initiate', patient, { clientReference: ref }).then(expectOk);
  await sandbox('/__control/pay', { clientReference: ref, method: 'mobilemoney', channel: 'mtn-gh', phone: '0241234567' });
  const body = {
    ResponseCode: '0000',
    Status: 'Success',
    Data: {
      CheckoutId: 'load',
      ClientReference: ref,
      Status: 'Success',
      Amount: paid.price,
      PaymentDetails: { PaymentType: 'mobilemoney', Channel: 'mtn-gh' },
    },
  };
  const started = Date.now();
  const statuses = await bounded(RUN.callbacks, () =>
    fetch(`${SITE_URL}/payment/callback/${ref}/${callbackToken(CALLBACK_SECRET, 'payment', ref)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.status),
  );
  const stored = await db.collection('subscriptions').doc(sub.id).get();
  const payments = await db.collection('payments').doc(ref).get();
  // The receipt is sent right after the payment's commit: wait for the first, then give a second one time to show.
  const receiptsDelivered = async () =>
    (await deliveredMail(patient.email)).filter((m) => m.subject.startsWith('Payment received')).length;
  for (let i = 0; i < 50 && !(await receiptsDelivered()); i++) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 2000));
  const receipts = await receiptsDelivered();
  console.log(
    `\n${RUN.callbacks} concurrent callbacks for one reference of the ${paid.id} package, GHS ${paid.price} (${Date.now() - started} ms): ${tally(statuses)}; status ${stored.get('paymentStatus')}, ${receipts} receipt(s)`,
  );
  check(stored.get('paymentStatus') === 'Paid' && payments.exists, 'the subscription is Paid, with its payments record');
  check(receipts === 1, 'exactly one receipt mail');
  // A callback the gateway gave up on (504 while the emulator queues them) is retried by the
  // provider; what matters is that none was refused and the money moved once.
  check(
    statuses.every((s) => s === 200 || s === 504),
    'no callback refused (200, or 504 when the emulator was too slow to answer in time)',
  );
}

/** @param {string} path @param {unknown} body */
async function sandbox(path, body) {
  const res = await fetch(`${SANDBOX}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}`);
}

/** @param {number[]} statuses e.g. "201 x1, 409 x49" */
function tally(statuses) {
  /** @type {Record<number, number>} */
  const counts = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return Object.entries(counts)
    .map(([s, n]) => `${s} x${n}`)
    .join(', ');
}

await withStack(async () => {
  await throughput();
  await newsletterSignUps();
  await oneDoctorSlot();
  await paymentCallbacks();
});
console.log(failures.length ? `\n${failures.length} check(s) failed.` : '\nEvery check passed.');
process.exit(failures.length ? 1 : 0);
