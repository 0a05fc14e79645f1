/**
 * Video visits in browser tests and the benchmark: a paid, accepted virtual consultation whose
 * room is open now, and what a page's RTCPeerConnection reports (getStats).
 */
import { randomUUID } from 'node:crypto';
import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import type { BrowserContext, Page } from 'playwright-core';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  increment,
  serverTimestamp,
  terminate,
  Timestamp,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { RATE_LIMITS, rateDocId, VISIT_RATE } from '../../functions/src/api/visits';
import { adminDb, PROJECT_ID } from './admin';
import { idTokenFor, type TestPatient } from './accounts';
import { publicSlots } from './booking';
import { SITE_URL } from './browser';
import { emulatorAddress } from './emulators';
import { bookAsPatient, payAsPatient, seededDoctorId, STAFF_LOGINS, STAFF_PASSWORD } from './staff';

/** A call to the API with a person's token; answers the status and the envelope. */
export async function apiAs(
  who: { email: string; password: string },
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; msg: string; data: unknown }> {
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idTokenFor(who.email, who.password)}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { msg: string; data: unknown };
  return { status: res.status, ...envelope };
}

/**
 * The seeded doctor's nearest free slot, booked and paid by the patient through the API and
 * accepted by the clinic's staff: a visit as the product makes it. Booking needs 2 hours'
 * notice (api/policy.ts MIN_BOOKING_NOTICE_HOURS) and the room opens 15 minutes before the
 * start, so the setup then moves the start to a few minutes from now with firebase-admin (the
 * slot document keeps the booked time: nothing reads it for a visit).
 */
export async function openVirtualVisit(patient: TestPatient, startsInMinutes = 5): Promise<string> {
  const doctorId = await seededDoctorId();
  const today = new Date().toISOString().slice(0, 10);
  const bookFirstFree = async () => {
    const first = (await publicSlots(doctorId, today)).find((d) => d.times.length);
    if (!first) throw new Error(`${doctorId} has no free slot in the next 31 days`);
    return bookAsPatient(patient, { requestedServiceId: 1, doctorId, requestedDay: first.day, requestedTime: first.times[0] });
  };
  // Files that run at the same time book this doctor too: one may take the slot between the
  // look-up and the booking (409), and the next free one is as good.
  const booked = await bookFirstFree().catch((err: Error) => {
    if (/answered 409/.test(err.message)) return bookFirstFree();
    throw err;
  });
  await payAsPatient(patient, booked);
  const staff = { email: STAFF_LOGINS.staff, password: STAFF_PASSWORD };
  const accepted = await apiAs(staff, 'POST', `/staff/appointments/${booked.appointmentId}/accept`, {});
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.msg}`);

  // Today still (the doctor's day view shows today's visits): from 23:55 UTC (Ghana time) a few
  // minutes on would be tomorrow, so the start is then 23:59, its room open all the same.
  const soon = Math.ceil((Date.now() + startsInMinutes * 60_000) / 60_000) * 60_000;
  const start = new Date(Math.min(soon, Date.parse(`${today}T23:59:00Z`)));
  await adminDb()
    .collection('appointments')
    .doc(booked.appointmentId)
    .update({
      requestedDay: start.toISOString().slice(0, 10),
      requestedTime: start.toISOString().slice(11, 16),
      startsAt: AdminTimestamp.fromDate(start),
    });
  return booked.appointmentId;
}

/**
 * Keeps every RTCPeerConnection a page makes in `window.__peers`, so a test can read its state
 * and statistics the way the page's own quality indicator does. Test-only: added to the
 * browser context before any page script runs.
 */
export async function watchPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    Object.assign(window, { __peers: peers });
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    };
  });
}

export interface CallFigures {
  connection: RTCPeerConnectionState | 'none';
  /** Bytes received so far per kind (inbound-rtp). */
  audioIn: number;
  videoIn: number;
  audioOut: number;
  videoOut: number;
}

/** The page's current connection (the newest one not closed) and its byte counters. */
export function callFigures(page: Page): Promise<CallFigures> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const pc = [...peers].reverse().find((p) => p.connectionState !== 'closed');
    const figures = {
      connection: (pc?.connectionState ?? 'none') as RTCPeerConnectionState | 'none',
      audioIn: 0,
      videoIn: 0,
      audioOut: 0,
      videoOut: 0,
    };
    if (!pc) return figures;
    (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number; bytesSent?: number }) => {
      if (s.type === 'inbound-rtp') figures[s.kind === 'video' ? 'videoIn' : 'audioIn'] += s.bytesReceived ?? 0;
      if (s.type === 'outbound-rtp') figures[s.kind === 'video' ? 'videoOut' : 'audioOut'] += s.bytesSent ?? 0;
    });
    return figures;
  });
}

/** Waits until the page's current connection (its newest one not closed) is 'connected', the browser's own state. */
export async function waitForConnected(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
      return [...peers].reverse().find((p) => p.connectionState !== 'closed')?.connectionState === 'connected';
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
}

/** How the byte counters moved over `ms`. */
export async function bytesOver(page: Page, ms = 2_500): Promise<Omit<CallFigures, 'connection'>> {
  const before = await callFigures(page);
  await page.waitForTimeout(ms);
  const after = await callFigures(page);
  return {
    audioIn: after.audioIn - before.audioIn,
    videoIn: after.videoIn - before.videoIn,
    audioOut: after.audioOut - before.audioOut,
    videoOut: after.videoOut - before.videoOut,
  };
}

/**
 * A `bye` signal from `uid`, written as the visit page writes it (web/src/features/visit/signalling.ts):
 * in one batch with the writer's per-minute counter (a new window when there is none or it
 * is full, else one more). Answers 'allowed', or the error code ('permission-denied').
 */
export async function writeSignal(fs: Firestore, appointmentId: string, uid: string): Promise<string> {
  const counter = doc(fs, 'visits', appointmentId, VISIT_RATE, rateDocId(uid, 'signals'));
  const current = await getDoc(counter).then(
    (snap) => (snap.exists() ? Number(snap.get('count')) : undefined),
    () => undefined, // someone else's counter is unreadable
  );
  const target = doc(collection(fs, 'visits', appointmentId, 'signals'));
  const batch = writeBatch(fs);
  if (current === undefined || current >= RATE_LIMITS.signals)
    batch.set(counter, { start: serverTimestamp(), count: 1, last: target.id });
  else batch.set(counter, { count: increment(1), last: target.id }, { merge: true });
  batch.set(target, { from: uid, type: 'bye', at: serverTimestamp(), expireAt: Timestamp.fromMillis(Date.now() + 3_600_000) });
  return batch.commit().then(
    () => 'allowed',
    (err: { code?: string }) => err.code ?? String(err),
  );
}

/**
 * What firestore.rules answer a person's browser writing a `bye` signal into the room, as the
 * visit page would (the web SDK signed in as them through the Auth emulator): 'allowed', or
 * the error code ('permission-denied').
 */
export async function signalAs(person: { email: string; password: string }, appointmentId: string): Promise<string> {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `signal-${randomUUID()}`);
  try {
    const [host, port] = emulatorAddress('firestore').split(':');
    connectFirestoreEmulator(getFirestore(app), host, Number(port));
    connectAuthEmulator(getAuth(app), `http://${emulatorAddress('auth')}`, { disableWarnings: true });
    const { user } = await signInWithEmailAndPassword(getAuth(app), person.email, person.password);
    return await writeSignal(getFirestore(app), appointmentId, user.uid);
  } finally {
    await terminate(getFirestore(app));
    await deleteApp(app);
  }
}
