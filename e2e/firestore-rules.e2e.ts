/**
 * firestore.rules as the Firestore emulator enforces them: a browser with the Firebase web SDK,
 * signed in as a patient or not, can neither read nor write anything, its own profile
 * included. All data goes through the API, but for a video visit's signals and chat
 * (e2e/visit-rules.e2e.ts has their every case; here: the stack runs those rules). (The Node
 * fallback emulator enforces no rules: this test needs the official one, which `npm test` starts.)
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { randomUUID } from 'node:crypto';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  terminate,
  Timestamp as WebTimestamp,
} from 'firebase/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { createActivatedPatient } from './support/accounts';
import { adminAuth, adminDb, PROJECT_ID } from './support/admin';
import { emulatorAddress } from './support/emulators';
import { seededDoctorId, STAFF_LOGINS, STAFF_PASSWORD } from './support/staff';
import { apiAs, openVirtualVisit, signalAs, writeSignal } from './support/visit';

const [firestoreHost, firestorePort] = emulatorAddress('firestore').split(':');

let app: FirebaseApp;
// The SDK logs every refusal as a warning; the assertions say what matters.
setLogLevel('silent');

beforeEach(() => {
  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `rules-${Math.random()}`);
  connectFirestoreEmulator(getFirestore(app), firestoreHost, Number(firestorePort));
  connectAuthEmulator(getAuth(app), `http://${emulatorAddress('auth')}`, { disableWarnings: true });
});

afterEach(async () => {
  await terminate(getFirestore(app));
  await deleteApp(app);
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (err: { code?: string }) => err.code,
  );

describe('firestore.rules', () => {
  it('when a signed-in patient reads or writes their own profile with the web SDK, then both are refused', async () => {
    const patient = await createActivatedPatient();
    const credential = await signInWithEmailAndPassword(getAuth(app), patient.email, patient.password);
    const uid = credential.user.uid;
    // The document exists (the API made it), so a refusal is the rules, not a missing document.
    expect((await adminDb().collection('patients').doc(uid).get()).get('accountStatus')).toBe('Activated');

    const own = doc(getFirestore(app), 'patients', uid);
    expect(await refusal(getDoc(own))).toBe('permission-denied');
    expect(await refusal(setDoc(own, { accountStatus: 'Activated', role: 'admin' }, { merge: true }))).toBe('permission-denied');
    expect((await adminDb().collection('patients').doc(uid).get()).get('role')).toBeUndefined();
  });

  it('when a visitor who is not signed in reads the catalog or writes a payment with the web SDK, then both are refused', async () => {
    const db = getFirestore(app);
    expect(await refusal(getDoc(doc(db, 'packages', 'individual')))).toBe('permission-denied');
    const ref = `rules-test-${Date.now()}`;
    expect(await refusal(setDoc(doc(db, 'payments', ref), { paymentStatus: 'Paid' }))).toBe('permission-denied');
    expect((await adminDb().collection('payments').doc(ref).get()).exists).toBe(false);
  });
});

describe('firestore.rules of the running stack: video visits', () => {
  it("when a visit's participant writes a signal with the web SDK, then it is stored; a stranger's write is permission-denied", async () => {
    const password = 'secret-123';
    const [participant, stranger] = await Promise.all(
      ['participant', 'stranger'].map((who) => adminAuth().createUser({ email: `${who}-${randomUUID()}@example.com`, password })),
    );
    // The room as the API writes it (services/visits/visits.ts), open from 10 minutes ago for an hour.
    const visitId = `rules-visit-${randomUUID()}`;
    await adminDb()
      .collection('visits')
      .doc(visitId)
      .set({
        appointmentId: visitId,
        patientId: participant.uid,
        hostUid: 'host-of-the-visit',
        participants: [participant.uid, 'host-of-the-visit'],
        opensAt: Timestamp.fromMillis(Date.now() - 10 * 60_000),
        closesAt: Timestamp.fromMillis(Date.now() + 60 * 60_000),
        state: 'Waiting',
        mode: 'video',
        joined: [],
        left: [],
        modeHistory: [],
      });
    const signal = (from: string) => ({
      from,
      type: 'bye',
      at: serverTimestamp(),
      expireAt: WebTimestamp.fromMillis(Date.now() + 24 * 3_600_000),
    });
    const signals = collection(getFirestore(app), 'visits', visitId, 'signals');

    await signInWithEmailAndPassword(getAuth(app), stranger.email!, password);
    expect(await writeSignal(getFirestore(app), visitId, stranger.uid)).toBe('permission-denied');
    expect(await refusal(getDoc(doc(getFirestore(app), 'visits', visitId)))).toBe('permission-denied');

    await signInWithEmailAndPassword(getAuth(app), participant.email!, password);
    // Uncounted (without its per-minute counter in the same batch): refused; as the page writes it: stored.
    expect(await refusal(addDoc(signals, signal(participant.uid)))).toBe('permission-denied');
    expect(await writeSignal(getFirestore(app), visitId, participant.uid)).toBe('allowed');
    expect((await getDoc(doc(getFirestore(app), 'visits', visitId))).get('state')).toBe('Waiting');
    const stored = await adminDb().collection('visits').doc(visitId).collection('signals').get();
    expect(stored.docs.map((d) => [d.get('from'), d.get('type')])).toEqual([[participant.uid, 'bye']]);
  });

  it("when an admin removes the host's role mid-visit, then the host's browser (its token still saying doctor) can neither signal nor read the room; the patient's can", async () => {
    const patient = await createActivatedPatient();
    const appointmentId = await openVirtualVisit(patient);
    // A second account for the seeded doctor (the seeded one is shared with other tests), granted through the API.
    const host = { email: `host-${randomUUID()}@example.com`, password: 'Host-doctor-2026' };
    const { uid } = await adminAuth().createUser({ ...host, emailVerified: true });
    const admin = { email: STAFF_LOGINS.admin, password: STAFF_PASSWORD };
    const doctorId = await seededDoctorId();
    expect((await apiAs(admin, 'POST', '/staff/roles', { email: host.email, role: 'doctor', doctorId })).status).toBe(201);
    expect((await apiAs(patient, 'POST', `/visits/${appointmentId}/join`, {})).status).toBe(200);
    const joined = await apiAs(host, 'POST', `/visits/${appointmentId}/join`, {});
    expect([joined.status, (joined.data as { role: string }).role]).toEqual([200, 'host']);

    // The host's browser signs in once: its ID token carries the doctor claim for up to an hour.
    await signInWithEmailAndPassword(getAuth(app), host.email, host.password);
    const db = getFirestore(app);
    expect(await writeSignal(db, appointmentId, uid)).toBe('allowed');

    expect((await apiAs(admin, 'DELETE', `/staff/roles/${uid}`)).status).toBe(200);
    expect(await writeSignal(db, appointmentId, uid)).toBe('permission-denied');
    expect(await refusal(getDoc(doc(db, 'visits', appointmentId)))).toBe('permission-denied');
    expect(await signalAs(patient, appointmentId)).toBe('allowed');
    expect((await adminDb().collection('visits').doc(appointmentId).get()).get('participants')).toEqual([patient.uid]);
  });
});
