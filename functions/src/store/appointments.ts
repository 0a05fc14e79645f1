import { FieldPath, FieldValue, Timestamp, type DocumentData, type Query, type Transaction } from 'firebase-admin/firestore';
import { appointmentStartsAt } from '../api/policy';
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
  /**
   * When it begins (requestedDay and requestedTime, Ghana time = UTC), for the reminder query.
   * Written on create by the converter; an update that moves the appointment must set it too.
   */
  startsAt?: string;
}

/** Stored as Timestamps, answered as ISO strings. */
const APPOINTMENT_TIMES = [
  'createdAt',
  'checkoutStartedAt',
  'checkoutOpeningAt',
  'paymentDate',
  'expiredAt',
  'deletedAt',
  'startsAt',
];

/** startsAt of a timed appointment (one without a time yet, agreed by phone, gets no reminders). */
export const startsAtOf = (a: { requestedDay?: unknown; requestedTime?: unknown }): Date | undefined =>
  typeof a.requestedDay === 'string' && typeof a.requestedTime === 'string' && a.requestedTime
    ? appointmentStartsAt({ requestedDay: a.requestedDay, requestedTime: a.requestedTime })
    : undefined;

/** The fields an update that moves an appointment must write too (an update bypasses the converter). */
export const startsAtFields = (requestedDay: string, requestedTime: string | null) => {
  const startsAt = startsAtOf({ requestedDay, requestedTime });
  return { startsAt: startsAt ? Timestamp.fromDate(startsAt) : FieldValue.delete() };
};

const withStartsAt = (doc: DocumentData): DocumentData => {
  const startsAt = doc.startsAt ?? startsAtOf(doc);
  return startsAt ? { ...doc, startsAt } : doc;
};

const appointmentConverter = typedConverter<StoredAppointment>(
  (data, id) => ({ ...data, appointmentId: id }) as StoredAppointment,
  APPOINTMENT_TIMES,
);

const appointments = () =>
  db()
    .collection(COLLECTIONS.appointments)
    .withConverter({
      ...appointmentConverter,
      toFirestore: (doc) => appointmentConverter.toFirestore(withStartsAt(doc) as StoredAppointment),
    });

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
  /** Written since schedules exist (services/booking/scheduling.ts); the id says the same. */
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

/** The query of one patient's appointments (read in a transaction when a clinic record is claimed). */
export const appointmentsOfQuery = (patientId: string): Query<StoredAppointment> =>
  appointments().where('patientId', '==', patientId);

/** All of one patient's appointments: a patient has few, so sorting and filtering happen in code (no composite index). */
export async function appointmentsOf(patientId: string): Promise<StoredAppointment[]> {
  const snap = await appointmentsOfQuery(patientId).get();
  return snap.docs.map((d) => d.data());
}

/** Booked (Pending or Accepted) appointments from `from` to `to`, of one doctor if named: what a closure or time off would touch. */
export const bookedBetween = (from: string, to: string, doctorId?: string): Query<StoredAppointment> => {
  let q: Query<StoredAppointment> = appointments()
    .where('appointmentStatus', 'in', ['Pending', 'Accepted'])
    .where('requestedDay', '>=', from)
    .where('requestedDay', '<=', to);
  if (doctorId) q = q.where('doctorId', '==', doctorId);
  return q;
};

/** Unpaid, Pending appointments in pages (equality filters and the document id as cursor: no composite index). */
export const unpaidPendingAppointments = (pageSize: number): Query<StoredAppointment> =>
  appointments()
    .where('paymentStatus', '==', 'Unpaid')
    .where('appointmentStatus', '==', 'Pending')
    .orderBy(FieldPath.documentId())
    .limit(pageSize);

/** States a reminder may be due in (Accepted, or Pending and Paid: checked by the caller). */
export const REMINDABLE_STATES = ['Pending', 'Accepted'];

/**
 * Appointments starting in (from, to], earliest first, in pages: the reminder query, on the
 * composite index (appointmentStatus, startsAt) in firestore.indexes.json.
 */
export const appointmentsStartingBetween = (from: Date, to: Date, pageSize: number): Query<StoredAppointment> =>
  appointments()
    .where('appointmentStatus', 'in', REMINDABLE_STATES)
    .where('startsAt', '>', Timestamp.fromDate(from))
    .where('startsAt', '<=', Timestamp.fromDate(to))
    .orderBy('startsAt')
    .limit(pageSize);

/** The doctor's slot if this appointment still holds it (a freed slot may belong to a newer booking). */
export async function heldSlot(tx: Transaction, a: Appointment) {
  if (!a.doctorId || !a.requestedTime) return undefined;
  const snap = await tx.get(doctorSlotRef(a.doctorId, a.requestedDay, a.requestedTime));
  return snap.data()?.appointmentId === a.appointmentId ? snap.ref : undefined;
}
