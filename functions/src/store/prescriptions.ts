import type { Transaction } from 'firebase-admin/firestore';
import type { PrescriptionItem, PrescriptionStatus } from '../api/record';
import { COLLECTIONS } from './collections';
import { typedConverter } from './converter';
import { db } from './firebase';

/**
 * Firestore access for e-prescriptions (prescriptions/{id}, docs/record.md). A patient has
 * few, so their list is one equality query sorted in code (no composite index); the public
 * check finds one by its code (a single-field index).
 */

/** A prescription as stored: the API's fields, who wrote it, and the patient's name as printed. */
export interface StoredPrescription {
  prescriptionId: string;
  appointmentId: string;
  patientId: string;
  doctorId: string | null;
  doctor: string;
  prescribedBy: { uid: string; role: string };
  items: PrescriptionItem[];
  code: string;
  status: PrescriptionStatus;
  issuedAt: string;
  dispensedAt?: string;
  dispensedBy?: string;
  /** As printed on the PDF, and its initials for the public check. */
  patientName: string;
  patientInitials: string;
  /** The patient's date of birth when issued (yyyy-MM-dd or ''), printed on the PDF. */
  patientDateOfBirth: string;
  deliveryAppointmentId?: string;
  /** Set when the account is erased: the TTL policy deletes it then (api/retention.ts). */
  expireAt?: string;
}

const converter = typedConverter<StoredPrescription>(
  (data, id) => ({ ...data, prescriptionId: id }) as StoredPrescription,
  ['issuedAt', 'dispensedAt', 'expireAt'],
);

const prescriptions = () => db().collection(COLLECTIONS.prescriptions).withConverter(converter);

export const prescriptionRef = (id: string) => prescriptions().doc(id);
export const newPrescriptionRef = () => prescriptions().doc();

export async function prescriptionsOf(patientId: string): Promise<StoredPrescription[]> {
  const snap = await prescriptions().where('patientId', '==', patientId).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));
}

export async function prescriptionsOfAppointment(appointmentId: string): Promise<StoredPrescription[]> {
  const snap = await prescriptions().where('appointmentId', '==', appointmentId).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));
}

export async function prescriptionByCode(code: string): Promise<StoredPrescription | undefined> {
  const snap = await prescriptions().where('code', '==', code).limit(1).get();
  return snap.docs[0]?.data();
}

/** Inside the transaction that issues a code: whether another prescription holds it (read, so a concurrent holder aborts one of the two). */
export async function codeTaken(tx: Transaction, code: string): Promise<boolean> {
  const snap = await tx.get(prescriptions().where('code', '==', code).limit(1));
  return !snap.empty;
}
