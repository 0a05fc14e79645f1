/**
 * firestore.rules as the Firestore emulator enforces them: a browser with the Firebase web SDK,
 * signed in as a patient or not, can neither read nor write anything, its own profile
 * included. All data goes through the API. (The Node fallback emulator enforces no rules:
 * this test needs the official one, which `npm test` starts.)
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setDoc, setLogLevel, terminate } from 'firebase/firestore';
import { createActivatedPatient } from './support/accounts';
import { adminDb, PROJECT_ID } from './support/admin';
import { emulatorAddress } from './support/emulators';

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
