import type { Timestamp } from 'firebase-admin/firestore';
import type { Patient } from '../api/types';
import { COLLECTIONS } from './collections';
import { plainValue, typedConverter } from './converter';
import { db } from './firebase';

/** Firestore access for patient records and their verification codes (kept apart: a code never leaves the server). */

/** The verification code's record: a hash, never the code itself. `expiresAt` also drives its TTL policy. */
export interface CodeRecord {
  hash: string;
  sentAt: Timestamp;
  expiresAt: Timestamp;
  wrongTries: number;
}

/** The phone code's record: bound to the number it went to, so a changed number needs a new code. */
export interface PhoneCodeRecord extends CodeRecord {
  phone: string;
}

export const patientRef = (uid: string) =>
  db().collection(COLLECTIONS.patients).doc(uid).withConverter(typedConverter<Patient>());

/** Raw (no converter): the Timestamps are compared on the server, never answered. */
export const codeRef = (uid: string) =>
  db()
    .collection(COLLECTIONS.verificationCodes)
    .doc(uid)
    .withConverter({ toFirestore: (c: CodeRecord) => c, fromFirestore: (s) => s.data() as CodeRecord });

export const phoneCodeRef = (uid: string) =>
  db()
    .collection(COLLECTIONS.phoneCodes)
    .doc(uid)
    .withConverter({ toFirestore: (c: PhoneCodeRecord) => c, fromFirestore: (s) => s.data() as PhoneCodeRecord });

export async function findPatient(uid: string): Promise<Patient | undefined> {
  return (await patientRef(uid).get()).data();
}

/** The clinic records an account took over (docs/front-desk.md): they name the person too, so erasure removes them. */
export async function claimedRecordRefs(uid: string) {
  return (await db().collection(COLLECTIONS.patients).where('claimedBy', '==', uid).get()).docs.map((d) => d.ref);
}

/** The patient record without a converter, for the clinic's lists (plain JSON through plainValue). */
export const patientDocRef = (id: string) => db().collection(COLLECTIONS.patients).doc(id);

/** Several patient records at once (one getAll), by id; missing ones absent from the map. */
export async function patientsById(ids: string[]): Promise<Map<string, Patient>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (!unique.length) return new Map();
  const snaps = await db().getAll(...unique.map((id) => patientDocRef(id)));
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, plainValue(s.data()) as Patient]));
}

/** Patients whose stored `field` starts with `prefix` (a range query), at most `limit`. */
export async function patientsByPrefix(field: string, prefix: string, limit: number): Promise<Patient[]> {
  const snap = await db()
    .collection(COLLECTIONS.patients)
    .where(field, '>=', prefix)
    .where(field, '<', `${prefix}\uf8ff`)
    .limit(limit)
    .get();
  return snap.docs.map((d) => plainValue(d.data()) as Patient);
}

/** Patient records without a converter: the desk's clinic records are read and written field by field. */
export const patientsCollection = () => db().collection(COLLECTIONS.patients);

/** The code the desk sent to a clinic record's phone (a hash; never answered). */
export const deskCodeRef = (patientId: string) => db().collection(COLLECTIONS.deskPhoneCodes).doc(patientId);
/** The desk's code that proves a clinic record's typed e-mail address (docs/front-desk.md). */
export const deskEmailCodeRef = (patientId: string) => db().collection(COLLECTIONS.deskEmailCodes).doc(patientId);

/** The documents of `collection` held under a patient's id (their prescriptions, lab requests, files). */
export const heldUnderPatient = (collection: string, patientId: string) =>
  db().collection(collection).where('patientId', '==', patientId);
