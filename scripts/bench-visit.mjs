// @ts-check
/* global window */
// `npm run bench:visit [-- --runs=50]`: figures, not a test. Two Chromium contexts with a
// made-up camera and microphone (a patient on a phone, the seeded doctor on a desktop) hold
// video visits through the site on the local stack (the running one, or one it starts), every
// call forced through the stack's TURN relay (iceTransportPolicy 'relay', with the ICE servers
// the API gave the page), as most calls on mobile data will run (`--direct`: as the browsers like).
// For each run: the patient joins and waits, the doctor opens the room, and the time from the
// doctor's Admit to both browsers' connectionState 'connected' is taken; a run that has not
// connected in 20 s counts as failed and the next one starts. Then, in the last call (when it
// connected), the data each side sends and receives is measured over 30 s of video and, after the
// patient switches to audio only, 30 s of sound. Prints median and max, the failures, MB a
// minute per side, and the machine's load. Run `npm run build` first.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { chromium } from 'playwright-core';
import { deliveredMail } from './lib/delivered-mail.mjs';
import { EMULATOR_ENV, HOST, PORTS, SITE_URL } from './lib/ports.mjs';
import { withStack } from './lib/running-stack.mjs';
import { ROOT } from './lib/install.mjs';

Object.assign(process.env, EMULATOR_ENV);
const RUNS = Number(/--runs=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 50);
/** `--direct`: let the browsers connect as they like (directly, on one machine), for comparison. */
const DIRECT = process.argv.includes('--direct');
const CONNECT_TIMEOUT_MS = 20_000;
const MEASURE_SECONDS = 30;
/** IPv4 and UDP headers per packet, which getStats leaves out and a data bundle pays for. */
const IP_UDP_HEADER_BYTES = 28;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The built contract (functions/lib): the appointment's empty extras, as the tests write them. */
const { noExtras } = await import(join(ROOT, 'functions/lib/api/types.js'));
// The same flags as the e2e tests (e2e/support/browser.ts), with the made-up media devices.
const FLAGS = JSON.parse(readFileSync(join(ROOT, 'scripts/lib/chromium-flags.json'), 'utf8'));
const ARGS = [...FLAGS.args, ...FLAGS.fakeMediaArgs];
const DOCTOR = { email: 'doctor@expmed.local', password: 'Staff-2026-local' };
const AUTH = `http://${HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1`;

const db = () => getFirestore(initializeApp({ projectId: EMULATOR_ENV.GCLOUD_PROJECT }, `bench-${randomUUID()}`));

/** @param {string} path @param {string} token @param {unknown} body */
async function post(path, token, body) {
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = await res.json();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${envelope.msg}`);
  return envelope.data;
}

/** An Activated patient through the API (sign-up, record, the code in the delivered mail). */
async function newPatient() {
  const email = `bench.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Bench-visit-2026';
  const signUp = await (
    await fetch(`${AUTH}/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    })
  ).json();
  const token = signUp.idToken;
  const details = { firstName: 'Akosua', lastName: 'Bench', contactNumber: '0244123456', gender: 'FEMALE' };
  await post('/patient', token, {
    patientId: signUp.localId,
    ...details,
    emailAddress: email,
    patientLocation: 'Accra',
    consentForTreatment: true,
  });
  let code;
  for (let i = 0; i < 60 && !code; i++) {
    code = (await deliveredMail(email)).map((m) => /verification code is: (\S+)/.exec(m.text)?.[1]).find(Boolean);
    if (!code) await new Promise((r) => setTimeout(r, 500));
  }
  await post('/auth/verifypatient', token, { patientId: signUp.localId, uniqueCode: code });
  return { uid: signUp.localId, email, password, token, ...details };
}

/**
 * `count` paid, accepted virtual consultations with the seeded doctor, starting in 5 minutes
 * (their rooms open now), stored as booking, payment and accept leave them. The benchmark
 * measures the call, not the booking (which allows 10 an hour per patient).
 */
/**
 * @param {FirebaseFirestore.Firestore} firestore
 * @param {{ uid: string, email: string, firstName: string, lastName: string, contactNumber: string, gender: string }} patient
 * @param {number} count
 */
async function openVisits(firestore, patient, count) {
  const doctor = (await firestore.collection('doctors').doc('dr-mensah').get()).data() ?? {};
  const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
  const ids = [];
  for (let i = 0; i < count; i++) {
    const ref = firestore.collection('appointments').doc();
    await ref.set({
      appointmentId: ref.id,
      source: 'WEBSITE',
      patientId: patient.uid,
      bookFor: 'SELF',
      firstName: patient.firstName,
      lastName: patient.lastName,
      emailAddress: patient.email,
      contactNumber: patient.contactNumber,
      gender: patient.gender,
      location: 'Accra',
      healthProblem: 'Benchmark',
      requestedServiceId: 1,
      requestedService: 'Virtual Consultation (Telemedicine)',
      requestedServiceOption: null,
      requestedDay: start.toISOString().slice(0, 10),
      requestedTime: start.toISOString().slice(11, 16),
      startsAt: Timestamp.fromDate(start),
      doctorId: 'dr-mensah',
      doctorSurName: doctor.surname ?? 'Mensah',
      doctorOtherNames: doctor.otherNames ?? 'Kwame',
      doctorSpecialty: doctor.specialty ?? 'General Practice',
      doctorPicture: '',
      ...noExtras(),
      consultationFee: 150,
      requiresPayment: true,
      currencyCode: 'GHS',
      paymentStatus: 'Paid',
      clientReference: `bench${randomUUID().slice(0, 6)}`,
      timeOfRequest: '',
      createdAt: Timestamp.now(),
      appointmentStatus: 'Accepted',
      acceptbyDoctor: true,
      declineByPatient: false,
      declineByDoctor: false,
      declinedDate: null,
    });
    ids.push(ref.id);
  }
  return ids;
}

/** Keeps every RTCPeerConnection of the page in window.__peers (as the e2e tests do). */
function watchPeers() {
  const Native = window.RTCPeerConnection;
  /** @type {RTCPeerConnection[]} */
  const peers = [];
  Object.assign(window, { __peers: peers });
  window.RTCPeerConnection = class extends Native {
    constructor(/** @type {RTCConfiguration | undefined} */ config) {
      super(config);
      peers.push(this);
    }
  };
}

/** Only relay candidates: the call goes through the TURN server the page was given. */
function relayOnly() {
  const Native = window.RTCPeerConnection;
  /** @type {RTCIceServer[][]} */
  const asked = [];
  Object.assign(window, { __iceServers: asked });
  window.RTCPeerConnection = class extends Native {
    constructor(/** @type {RTCConfiguration} */ config = {}) {
      asked.push(config.iceServers ?? []);
      super({ ...config, iceTransportPolicy: 'relay' });
    }
  };
}

const connected = (/** @type {import('playwright-core').Page} */ page) =>
  page.waitForFunction(
    () => {
      const peers = /** @type {RTCPeerConnection[]} */ (/** @type {any} */ (window).__peers);
      return [...peers].reverse().find((p) => p.connectionState !== 'closed')?.connectionState === 'connected';
    },
    undefined,
    { timeout: CONNECT_TIMEOUT_MS, polling: 20 },
  );

/**
 * What the page's current connection has sent and received so far, as its data bundle counts
 * it: the transport's bytes (media, RTCP, the data channel, encrypted) plus IP and UDP headers.
 */
const traffic = (/** @type {import('playwright-core').Page} */ page) =>
  page.evaluate(async (headerBytes) => {
    const peers = /** @type {RTCPeerConnection[]} */ (/** @type {any} */ (window).__peers);
    const pc = [...peers].reverse().find((p) => p.connectionState !== 'closed');
    const total = { sent: 0, received: 0, packetsSent: 0 };
    (await pc?.getStats())?.forEach((s) => {
      if (s.type !== 'transport') return;
      total.sent += (s.bytesSent ?? 0) + (s.packetsSent ?? 0) * headerBytes;
      total.received += (s.bytesReceived ?? 0) + (s.packetsReceived ?? 0) * headerBytes;
      total.packetsSent += s.packetsSent ?? 0;
    });
    return total;
  }, IP_UDP_HEADER_BYTES);

/**
 * MB a minute each side sends and receives over `seconds` of the call as it is.
 * @param {import('playwright-core').Page} patientPage @param {import('playwright-core').Page} doctorPage
 */
async function dataPerMinute(patientPage, doctorPage, seconds = MEASURE_SECONDS) {
  const [p0, d0] = await Promise.all([traffic(patientPage), traffic(doctorPage)]);
  await patientPage.waitForTimeout(seconds * 1000);
  const [p1, d1] = await Promise.all([traffic(patientPage), traffic(doctorPage)]);
  const mbPerMinute = (/** @type {number} */ bytes) => (bytes / 1e6) * (60 / seconds);
  const side = (/** @type {typeof p0} */ a, /** @type {typeof p0} */ b) => ({
    sent: mbPerMinute(b.sent - a.sent),
    received: mbPerMinute(b.received - a.received),
    packetsPerSecond: (b.packetsSent - a.packetsSent) / seconds,
  });
  return { patient: side(p0, p1), doctor: side(d0, d1) };
}

/** @param {string} label @param {Awaited<ReturnType<typeof dataPerMinute>>} data */
function printData(label, data) {
  const mb = (/** @type {number} */ n) => n.toFixed(2);
  const line = (/** @type {string} */ who, /** @type {{ sent: number, received: number, packetsPerSecond: number }} */ d) =>
    `${who} sends ${mb(d.sent)} (${Math.round(d.packetsPerSecond)} packets a second), receives ${mb(d.received)}, in all ${mb(d.sent + d.received)} MB a minute`;
  console.log(`${label}: ${line('patient', data.patient)}; ${line('doctor', data.doctor)}.`);
}

async function main() {
  const firestore = db();
  const patient = await newPatient();
  const visits = await openVisits(firestore, patient, RUNS);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const patientContext = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: SITE_URL });
    const doctorContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: SITE_URL });
    for (const context of [patientContext, doctorContext]) {
      await context.addInitScript(watchPeers);
      if (!DIRECT) await context.addInitScript(relayOnly);
    }
    const patientPage = await patientContext.newPage();
    const doctorPage = await doctorContext.newPage();

    await patientPage.goto('/signup?mode=login');
    const login = patientPage.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email Address').fill(patient.email);
    await login.getByLabel(/^Password/).fill(patient.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await patientPage.waitForURL((url) => url.pathname !== '/signup');
    await doctorPage.goto('/staff');
    const staffForm = doctorPage.getByRole('form', { name: 'Staff sign in' });
    await staffForm.getByLabel('Email Address').fill(DOCTOR.email);
    await staffForm.getByLabel('Password').fill(DOCTOR.password);
    await staffForm.getByRole('button', { name: 'Sign in' }).click();
    await doctorPage.getByRole('button', { name: 'Sign out' }).waitFor();

    /** @type {number[]} */
    const times = [];
    /** @type {number[]} */
    const failed = [];
    for (const [i, id] of visits.entries()) {
      await patientPage.goto(`/visit/${id}`);
      await patientPage.getByRole('button', { name: 'Join visit' }).click();
      await patientPage.getByRole('heading', { name: /knows you are here$/ }).waitFor();
      await doctorPage.goto(`/visit/${id}`);
      await doctorPage.getByRole('button', { name: 'Start visit' }).click();
      const admit = doctorPage.getByRole('button', { name: 'Admit' });
      await admit.waitFor();
      const began = performance.now();
      await admit.click();
      try {
        await Promise.all([connected(patientPage), connected(doctorPage)]);
        times.push(performance.now() - began);
        process.stdout.write(`  run ${i + 1}/${RUNS}: ${Math.round(times.at(-1) ?? 0)} ms\n`);
      } catch {
        failed.push(i + 1);
        process.stdout.write(`  run ${i + 1}/${RUNS}: not connected after ${CONNECT_TIMEOUT_MS / 1000} s\n`);
      }
      // The first call tells whether the stack gives a relay at all.
      if (i === 0 && !DIRECT) {
        const asked = await patientPage.evaluate(() => /** @type {any} */ (window).__iceServers.flat());
        if (!asked.some((/** @type {RTCIceServer} */ s) => String(s.urls).includes('turn:')))
          throw new Error('The API gave no TURN server: is coturn running with the stack (docs/visits.md)?');
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    const at = (/** @type {number} */ share) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0);
    console.log(
      `\nAdmit to connected ${DIRECT ? 'directly' : 'through the relay'} (both browsers), ${times.length} of ${RUNS} runs connected: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms.`,
    );
    if (failed.length) console.log(`Not connected within ${CONNECT_TIMEOUT_MS / 1000} s: run ${failed.join(', ')}.`);

    // The data a call costs, in the last call if it connected (a failed one says nothing).
    if (!failed.includes(RUNS)) {
      await patientPage.waitForTimeout(5_000); // past the congestion control's first climb
      printData(`Video, over ${MEASURE_SECONDS} s`, await dataPerMinute(patientPage, doctorPage));
      await patientPage.getByRole('button', { name: 'Switch to audio only' }).click();
      await doctorPage
        .getByText(/switched the call to audio only/)
        .first()
        .waitFor();
      await patientPage.waitForTimeout(3_000); // the renegotiation settles
      printData(`Audio only, over ${MEASURE_SECONDS} s`, await dataPerMinute(patientPage, doctorPage));
    }
    console.log(
      `Load average while it ran: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}.`,
    );
  } finally {
    await browser.close();
  }
}

await withStack(main);
process.exit(0);
