import { randomUUID } from 'node:crypto';
import type { StaffClaims, StaffRole } from '../api/staff';
import { BLANK_DETAILS, type AccountStatus, type Patient } from '../api/types';
import { COLLECTIONS } from '../store/collections';
import { auth, db } from '../store/firebase';

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

export interface TestUserOptions {
  email?: string;
  password?: string;
  /**
   * The patient record the user has: Activated (the default: booking, orders and payments
   * need it), Pending (registered, never verified) or none (a Firebase user who never
   * registered, for the registration tests).
   */
  patient?: AccountStatus | 'none';
  /** Custom claims set before signing in, so the ID token carries them (a staff role). */
  claims?: StaffClaims;
  /** Firebase Auth's emailVerified (as the e-mailed code leaves it); false by default. */
  emailVerified?: boolean;
}

/** A real user in the Auth emulator, signed in through its REST API for a real ID token. */
export async function createTestUser({
  email = `patient-${randomUUID()}@example.com`,
  password = 'secret-123',
  patient = 'Activated',
  claims,
  emailVerified = false,
}: TestUserOptions = {}): Promise<TestUser> {
  const user = await auth().createUser({ email, password, emailVerified });
  if (claims) await auth().setCustomUserClaims(user.uid, { ...claims });
  const idToken = await signIn(email, password);
  if (patient !== 'none') await storePatient(user.uid, email, patient);
  return { uid: user.uid, email, idToken };
}

/** A fresh ID token through the Auth emulator's REST API: it carries the custom claims set until now. */
export async function signIn(email: string, password = 'secret-123'): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`Auth emulator sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The record POST /patient stores, in the state verification would leave it. */
async function storePatient(uid: string, email: string, accountStatus: AccountStatus): Promise<void> {
  const now = new Date().toISOString();
  const record: Patient = {
    patientId: uid,
    firstName: 'Kwame',
    lastName: 'Mensah',
    emailAddress: email.toLowerCase(),
    contactNumber: '+233241234567',
    patientLocation: 'Accra',
    gender: 'MALE',
    consentForTreatment: true,
    ...BLANK_DETAILS,
    accountStatus,
    userType: 'patient',
    entryDate: now,
    lastLogIn: now,
    verifyDate: accountStatus === 'Activated' ? now : '',
    wallet: 0,
    balance: 0,
  };
  await db().collection(COLLECTIONS.patients).doc(uid).create(record);
}

/**
 * A clinic account as a grant leaves it (no patient record): e-mail verified, the roster
 * entry, and an ID token that carries the role (and for a doctor the doctorId).
 */
export async function createStaffUser(role: StaffRole, doctorId?: string): Promise<TestUser> {
  const claims: StaffClaims = doctorId ? { role, doctorId } : { role };
  const email = `${role}-${randomUUID()}@example.com`;
  const user = await createTestUser({ email, patient: 'none', claims, emailVerified: true });
  await db()
    .collection(COLLECTIONS.staffMembers)
    .doc(user.uid)
    .set({ uid: user.uid, email, ...claims, grantedBy: 'test', grantedAt: new Date() });
  return user;
}
