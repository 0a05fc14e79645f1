/**
 * firestore.rules for video visits (docs/visits.md), loaded by @firebase/rules-unit-testing into
 * the official Firestore emulator under a project of their own (demo-visit-rules), so the
 * stack's demo-healthcare keeps the rules it started with. Each browser below is the web SDK
 * with a token for one person: the patient, the host, another patient, another doctor, staff,
 * admin, or nobody signed in. The rooms are set up with rules disabled, as the API would write
 * them: open now, not open yet, closed, and ended.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
} from 'firebase/firestore';
import { CHAT_TEXT_MAX, SIGNAL_TTL_HOURS } from '../functions/src/api/visits';
import { emulatorAddress } from './support/emulators';

const [host, port] = emulatorAddress('firestore').split(':');
const MINUTE = 60_000;

let env: RulesTestEnvironment;
setLogLevel('silent');

const PATIENT = 'patient-ama';
const HOST = 'doctor-mensah';
/** Everyone who is neither the patient nor the host, with the uid each would claim to be. */
const others: Record<string, { uid: string; context: () => RulesTestContext }> = {
  anotherPatient: { uid: 'patient-kofi', context: () => env.authenticatedContext('patient-kofi') },
  anotherDoctor: {
    uid: 'doctor-owusu',
    context: () => env.authenticatedContext('doctor-owusu', { role: 'doctor', doctorId: 'dr-owusu' }),
  },
  staff: { uid: 'staff-desk', context: () => env.authenticatedContext('staff-desk', { role: 'staff' }) },
  admin: { uid: 'admin-1', context: () => env.authenticatedContext('admin-1', { role: 'admin' }) },
  signedOut: { uid: 'nobody', context: () => env.unauthenticatedContext() },
};
const patient = () => env.authenticatedContext(PATIENT);
const doctor = () => env.authenticatedContext(HOST, { role: 'doctor', doctorId: 'dr-mensah' });

/** A room as the API writes it, `opensIn` and `closesIn` minutes from now. */
async function room(id: string, opensIn: number, closesIn: number, state = 'InCall') {
  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(ctx.firestore(), 'visits', id), {
      appointmentId: id,
      patientId: PATIENT,
      hostUid: HOST,
      doctorId: 'dr-mensah',
      participants: [PATIENT, HOST],
      opensAt: Timestamp.fromMillis(Date.now() + opensIn * MINUTE),
      closesAt: Timestamp.fromMillis(Date.now() + closesIn * MINUTE),
      state,
      mode: 'video',
      joined: [],
      left: [],
      modeHistory: [],
    });
  });
}

const expireAt = () => Timestamp.fromMillis(Date.now() + SIGNAL_TTL_HOURS * 60 * MINUTE);
const offer = (from: string) => ({
  from,
  type: 'offer',
  sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n',
  at: serverTimestamp(),
  expireAt: expireAt(),
});
const candidate = (from: string) => ({
  from,
  type: 'candidate',
  candidate: {
    candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 54321 typ host',
    sdpMid: '0',
    sdpMLineIndex: 0,
    usernameFragment: 'abcd',
  },
  at: serverTimestamp(),
  expireAt: expireAt(),
});
const chat = (from: string, text = 'Can you hear me?') => ({ from, text, at: serverTimestamp() });

const signals = (ctx: RulesTestContext, id: string) => collection(ctx.firestore(), 'visits', id, 'signals');
const chats = (ctx: RulesTestContext, id: string) => collection(ctx.firestore(), 'visits', id, 'chat');

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-visit-rules',
    firestore: { host, port: Number(port), rules: readFileSync(join(__dirname, '..', 'firestore.rules'), 'utf8') },
  });
  await env.clearFirestore();
  await room('open', -10, 60);
  await room('early', 60, 150, 'Open');
  await room('closed', -150, -1);
  await room('ended', -10, 60, 'Ended');
});

afterAll(async () => {
  await env?.cleanup();
});

describe('visits/{id}: the record', () => {
  it('the patient and the host read it; nobody else does', async () => {
    await assertSucceeds(getDoc(doc(patient().firestore(), 'visits', 'open')));
    await assertSucceeds(getDoc(doc(doctor().firestore(), 'visits', 'open')));
    for (const { context } of Object.values(others)) await assertFails(getDoc(doc(context().firestore(), 'visits', 'open')));
  });

  it('no browser writes it, its participants included', async () => {
    for (const who of [patient, doctor, ...Object.values(others).map((o) => o.context)]) {
      const ref = doc(who().firestore(), 'visits', 'open');
      await assertFails(updateDoc(ref, { state: 'Ended' }));
      await assertFails(setDoc(doc(who().firestore(), 'visits', 'new-room'), { participants: [PATIENT, HOST] }));
      await assertFails(deleteDoc(ref));
    }
  });
});

describe('signals and chat while the room is open', () => {
  it('the patient and the host create and read them', async () => {
    for (const [who, uid] of [
      [patient, PATIENT],
      [doctor, HOST],
    ] as const) {
      await assertSucceeds(addDoc(signals(who(), 'open'), offer(uid)));
      await assertSucceeds(addDoc(signals(who(), 'open'), candidate(uid)));
      await assertSucceeds(
        addDoc(signals(who(), 'open'), { from: uid, type: 'bye', at: serverTimestamp(), expireAt: expireAt() }),
      );
      await assertSucceeds(addDoc(chats(who(), 'open'), chat(uid)));
      await assertSucceeds(addDoc(chats(who(), 'open'), chat(uid, 'x'.repeat(CHAT_TEXT_MAX))));
      await assertSucceeds(getDocs(signals(who(), 'open')));
      await assertSucceeds(getDocs(chats(who(), 'open')));
    }
  });

  it('another patient, another doctor, staff, admin and the signed out neither create nor read them', async () => {
    for (const { uid, context } of Object.values(others)) {
      const ctx = context();
      await assertFails(addDoc(signals(ctx, 'open'), offer(uid)));
      await assertFails(addDoc(chats(ctx, 'open'), chat(uid)));
      await assertFails(getDocs(signals(ctx, 'open')));
      await assertFails(getDocs(chats(ctx, 'open')));
    }
  });

  it('from must be the writer: a spoofed sender is refused', async () => {
    await assertFails(addDoc(signals(patient(), 'open'), offer(HOST)));
    await assertFails(addDoc(chats(doctor(), 'open'), chat(PATIENT)));
  });

  it('the shape is checked: text length, types, fields, server time, expiry', async () => {
    const p = patient();
    await assertFails(addDoc(chats(p, 'open'), chat(PATIENT, 'x'.repeat(CHAT_TEXT_MAX + 1))));
    await assertFails(addDoc(chats(p, 'open'), chat(PATIENT, '')));
    await assertFails(addDoc(chats(p, 'open'), { ...chat(PATIENT), text: 42 }));
    await assertFails(addDoc(chats(p, 'open'), { ...chat(PATIENT), html: '<b>hi</b>' }));
    await assertFails(addDoc(chats(p, 'open'), { ...chat(PATIENT), at: Timestamp.now() }));
    await assertFails(addDoc(signals(p, 'open'), { ...offer(PATIENT), type: 'hangup' }));
    const { sdp: _sdp, ...offerWithoutSdp } = offer(PATIENT);
    await assertFails(addDoc(signals(p, 'open'), offerWithoutSdp));
    await assertFails(addDoc(signals(p, 'open'), { ...offer(PATIENT), sdp: 'x'.repeat(32_001) }));
    await assertFails(addDoc(signals(p, 'open'), { ...candidate(PATIENT), sdp: 'v=0' }));
    await assertFails(addDoc(signals(p, 'open'), { ...candidate(PATIENT), candidate: { candidate: 42 } }));
    await assertFails(addDoc(signals(p, 'open'), { ...offer(PATIENT), at: Timestamp.now() }));
    await assertFails(
      addDoc(signals(p, 'open'), { ...offer(PATIENT), expireAt: Timestamp.fromMillis(Date.now() + 3 * 24 * 60 * MINUTE) }),
    );
    await assertFails(addDoc(signals(p, 'open'), { ...offer(PATIENT), expireAt: Timestamp.fromMillis(Date.now() - MINUTE) }));
    await assertFails(addDoc(signals(p, 'open'), { ...offer(PATIENT), extra: true }));
  });

  it('no browser updates or deletes a signal or a message, its author included', async () => {
    const ids: Record<string, string> = {};
    await env.withSecurityRulesDisabled(async (ctx) => {
      ids.signal = (await addDoc(signals(ctx, 'open'), { ...offer(PATIENT), at: Timestamp.now() })).id;
      ids.chat = (await addDoc(chats(ctx, 'open'), { ...chat(PATIENT), at: Timestamp.now() })).id;
    });
    for (const who of [patient, doctor]) {
      const fs = who().firestore();
      await assertFails(updateDoc(doc(fs, 'visits', 'open', 'signals', ids.signal), { sdp: 'changed' }));
      await assertFails(deleteDoc(doc(fs, 'visits', 'open', 'signals', ids.signal)));
      await assertFails(updateDoc(doc(fs, 'visits', 'open', 'chat', ids.chat), { text: 'changed' }));
      await assertFails(deleteDoc(doc(fs, 'visits', 'open', 'chat', ids.chat)));
      await assertFails(setDoc(doc(fs, 'visits', 'open', 'chat', ids.chat), chat(PATIENT)));
    }
  });
});

describe('outside the window, or once ended', () => {
  it.each([['early'], ['closed'], ['ended']])('%s: the participants can neither signal, chat nor read them', async (id) => {
    for (const [who, uid] of [
      [patient, PATIENT],
      [doctor, HOST],
    ] as const) {
      await assertFails(addDoc(signals(who(), id), offer(uid)));
      await assertFails(addDoc(chats(who(), id), chat(uid)));
      await assertFails(getDocs(signals(who(), id)));
      await assertFails(setDoc(doc(who().firestore(), 'visits', id, 'presence', uid), { seenAt: serverTimestamp() }));
      // The record itself stays readable to them (the page says the visit ended or when it opens).
      await assertSucceeds(getDoc(doc(who().firestore(), 'visits', id)));
    }
  });
});

describe('presence', () => {
  it('each participant writes only their own; others none', async () => {
    await assertSucceeds(
      setDoc(doc(patient().firestore(), 'visits', 'open', 'presence', PATIENT), { seenAt: serverTimestamp() }),
    );
    await assertSucceeds(
      setDoc(doc(patient().firestore(), 'visits', 'open', 'presence', PATIENT), { seenAt: serverTimestamp() }),
    );
    await assertSucceeds(getDoc(doc(doctor().firestore(), 'visits', 'open', 'presence', PATIENT)));
    await assertFails(setDoc(doc(patient().firestore(), 'visits', 'open', 'presence', HOST), { seenAt: serverTimestamp() }));
    await assertFails(
      setDoc(doc(patient().firestore(), 'visits', 'open', 'presence', PATIENT), { seenAt: serverTimestamp(), x: 1 }),
    );
    await assertFails(deleteDoc(doc(patient().firestore(), 'visits', 'open', 'presence', PATIENT)));
    const stranger = others.anotherPatient.context();
    await assertFails(
      setDoc(doc(stranger.firestore(), 'visits', 'open', 'presence', 'patient-kofi'), { seenAt: serverTimestamp() }),
    );
    await assertFails(getDoc(doc(stranger.firestore(), 'visits', 'open', 'presence', PATIENT)));
  });
});

describe('everything else stays closed', () => {
  it('a participant can touch no other collection or sub-collection', async () => {
    const fs = patient().firestore();
    await assertFails(getDoc(doc(fs, 'patients', PATIENT)));
    await assertFails(setDoc(doc(fs, 'appointments', 'open'), { appointmentStatus: 'Completed' }));
    await assertFails(setDoc(doc(fs, 'visits', 'open', 'recordings', 'r1'), { from: PATIENT }));
  });
});
