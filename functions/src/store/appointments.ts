import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections';
import { db } from './firebase';

/**
 * Firestore access for appointments: the appointment, its prescription file (kept apart
 * because of the 1 MiB document limit) and the doctor slots that stop double booking.
 */
export const appointmentRef = (id: string) => db().collection(COLLECTIONS.appointments).doc(id);
export const newAppointmentRef = () => db().collection(COLLECTIONS.appointments).doc();
export const appointmentFileRef = (appointmentId: string) => db().collection(COLLECTIONS.appointmentFiles).doc(appointmentId);

/** One document per doctor, day and time: creating it twice fails, so only one booking wins. */
export const doctorSlotRef = (doctorId: string, day: string, time: string) =>
  db()
    .collection(COLLECTIONS.appointmentSlots)
    .doc(`${doctorId}_${day}_${time.replace(':', '')}`);

export const doctorRef = (doctorId: string) => db().collection(COLLECTIONS.doctors).doc(doctorId);
export const labRef = (labId: string) => db().collection(COLLECTIONS.labs).doc(labId);

/** Timestamps become ISO strings, so callers only ever see plain JSON values. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

export const plainData = <T>(snap: DocumentSnapshot): T => ({ ...(plain(snap.data()) as object), appointmentId: snap.id }) as T;

/** All of one patient's appointments: a patient has few, so sorting and filtering happen in code (no composite index). */
export async function appointmentsOf<T>(patientId: string): Promise<T[]> {
  const snap = await db().collection(COLLECTIONS.appointments).where('patientId', '==', patientId).get();
  return snap.docs.map((d) => plainData<T>(d));
}
