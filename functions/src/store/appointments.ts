import { FieldPath, type Query } from 'firebase-admin/firestore';
import type { Appointment } from '../api/types';
import { COLLECTIONS } from './collections';
import { typedConverter } from './converter';
import { db } from './firebase';

/**
 * Firestore access for appointments: the appointment, its prescription file (kept apart
 * because of the 1 MiB document limit) and the doctor slots that stop double booking.
 */

/** An appointment as stored: the API's fields and what only the server keeps. */
export interface StoredAppointment extends Appointment {
  transactionId?: string;
  deletedAt?: string;
}

/** Stored as Timestamps, answered as ISO strings. */
const APPOINTMENT_TIMES = ['createdAt', 'checkoutStartedAt', 'checkoutOpeningAt', 'paymentDate', 'expiredAt', 'deletedAt'];

const appointments = () =>
  db()
    .collection(COLLECTIONS.appointments)
    .withConverter(
      typedConverter<StoredAppointment>((data, id) => ({ ...data, appointmentId: id }) as StoredAppointment, APPOINTMENT_TIMES),
    );

export const appointmentRef = (id: string) => appointments().doc(id);
export const newAppointmentRef = () => appointments().doc();

export interface StoredAppointmentFile {
  patientId: string;
  appointmentId: string;
  contentType: string;
  base64: string;
  sizeBytes: number;
}

export const appointmentFileRef = (appointmentId: string) =>
  db().collection(COLLECTIONS.appointmentFiles).withConverter(typedConverter<StoredAppointmentFile>()).doc(appointmentId);

/** Who holds a doctor's time. */
export interface DoctorSlot {
  appointmentId: string;
  patientId: string;
  /** Written since schedules exist (services/scheduling.ts); the id says the same. */
  doctorId?: string;
  day?: string;
  time?: string;
}

/** One document per doctor, day and time: creating it twice fails, so only one booking wins. */
export const doctorSlotRef = (doctorId: string, day: string, time: string) =>
  db()
    .collection(COLLECTIONS.appointmentSlots)
    .withConverter(typedConverter<DoctorSlot>())
    .doc(`${doctorId}_${day}_${time.replace(':', '')}`);

/** All of one patient's appointments: a patient has few, so sorting and filtering happen in code (no composite index). */
export async function appointmentsOf(patientId: string): Promise<StoredAppointment[]> {
  const snap = await appointments().where('patientId', '==', patientId).get();
  return snap.docs.map((d) => d.data());
}

/** Unpaid, Pending appointments in pages (equality filters and the document id as cursor: no composite index). */
export const unpaidPendingAppointments = (pageSize: number): Query<StoredAppointment> =>
  appointments()
    .where('paymentStatus', '==', 'Unpaid')
    .where('appointmentStatus', '==', 'Pending')
    .orderBy(FieldPath.documentId())
    .limit(pageSize);
