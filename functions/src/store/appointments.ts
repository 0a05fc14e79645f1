import {
  FieldPath,
  FieldValue,
  Filter,
  Timestamp,
  type DocumentData,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { appointmentStartsAt } from '../api/policy';
import { APPOINTMENT_STATUS, type Appointment } from '../api/types';
import { COLLECTIONS } from './collections';
import { plainValue, typedConverter, typedCollection } from './converter';
import { db } from './firebase';
import { pageOf } from './pages';
import { payableStore, type CheckoutFields } from './payments';

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
  'confirmedByPatientAt',
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

/** An appointment as payments reads it: without the converter that adds appointmentId (the document's id). */
export type PayableAppointment = Omit<StoredAppointment, 'appointmentId'> & CheckoutFields;
export const appointmentPayables = payableStore<PayableAppointment>(COLLECTIONS.appointments);
export const newAppointmentRef = () => appointments().doc();

/** What a check-in records besides the state: when (Ghana time, as the staff lifecycle writes its times) and by whom. */
export const checkInFields = (byUid: string, at: string) => ({ checkedInAt: at, checkedInBy: byUid });

/**
 * Checks an Accepted appointment in (CheckedIn, when, by whom; acted on, so off the desk's
 * rebooking list), in the caller's transaction after its reads: the staff lifecycle's
 * check-in as a video visit's call makes it (services/visits/visits.ts), since visits may not
 * call up into booking (eslint.config.mjs DOMAINS).
 */
export function checkInAppointment(
  tx: Transaction,
  a: Pick<StoredAppointment, 'appointmentId' | 'needsRebooking'>,
  byUid: string,
  at: string,
) {
  tx.update(appointmentRef(a.appointmentId), {
    appointmentStatus: APPOINTMENT_STATUS.CheckedIn,
    ...checkInFields(byUid, at),
    ...(a.needsRebooking ? { needsRebooking: false } : {}),
  });
}

export interface StoredAppointmentFile {
  patientId: string;
  appointmentId: string;
  contentType: string;
  base64: string;
  sizeBytes: number;
}

export const appointmentFileRef = (appointmentId: string) =>
  typedCollection<StoredAppointmentFile>(COLLECTIONS.appointmentFiles).doc(appointmentId);

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
  typedCollection<DoctorSlot>(COLLECTIONS.appointmentSlots).doc(`${doctorId}_${day}_${time.replace(':', '')}`);

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

// --- the clinic's lists and counts ---

/** Appointments without a converter (the clinic's lists read them as plain JSON). */
export const appointmentsCollection = () => db().collection(COLLECTIONS.appointments);

export interface AppointmentFilter {
  day?: string;
  /** A range of days (both included; at most a week, api/staff-requests.ts). */
  from?: string;
  to?: string;
  status?: string;
  doctorId?: string;
  serviceId?: number;
  /** The clinician a home visit (or a virtual visit without a doctor) is assigned to. */
  assignedTo?: string;
  needsRebooking?: boolean;
  /** A doctor's own: their doctorId's appointments or those assigned to them (an OR query). */
  mine?: { doctorId: string; uid: string };
}

function filtered(f: AppointmentFilter, withStatus = true): Query {
  let q: Query = appointmentsCollection();
  if (f.mine)
    q = q.where(Filter.or(Filter.where('doctorId', '==', f.mine.doctorId), Filter.where('assignedTo', '==', f.mine.uid)));
  if (f.day) q = q.where('requestedDay', '==', f.day);
  if (f.from && f.to) q = q.where('requestedDay', '>=', f.from).where('requestedDay', '<=', f.to);
  if (withStatus && f.status) q = q.where('appointmentStatus', '==', f.status);
  if (f.doctorId) q = q.where('doctorId', '==', f.doctorId);
  if (f.serviceId !== undefined) q = q.where('requestedServiceId', '==', f.serviceId);
  if (f.assignedTo) q = q.where('assignedTo', '==', f.assignedTo);
  if (f.needsRebooking) q = q.where('needsRebooking', '==', true);
  return q;
}

/** A day's appointments run by time; a week or the rebooking list by day and time; otherwise the newest requests first. */
export function appointmentPage<T>(
  f: AppointmentFilter,
  limit: number,
  cursor: string | undefined,
  map: (id: string, d: StoredAppointment) => T,
) {
  const q = f.day
    ? filtered(f).orderBy('requestedTime').orderBy('createdAt')
    : f.from || f.needsRebooking
      ? filtered(f).orderBy('requestedDay').orderBy('requestedTime').orderBy('createdAt')
      : filtered(f).orderBy('createdAt', 'desc');
  return pageOf(appointmentsCollection(), q, limit, cursor, map);
}

/** Appointments by exact field (clientReference, a patient's id), for the console's search: at most `limit`. */
export async function appointmentsWhere(field: string, value: unknown, limit: number): Promise<StoredAppointment[]> {
  const snap = await appointmentsCollection().where(field, '==', value).limit(limit).get();
  return snap.docs.map((d) => ({ ...(plainValue(d.data()) as StoredAppointment), appointmentId: d.id }));
}

/** The appointments of a day or a week (the filter's day, or from and to), at most `limit`: the desk's search within them. */
export async function appointmentsInDays(
  f: Pick<AppointmentFilter, 'day' | 'from' | 'to'>,
  limit: number,
): Promise<StoredAppointment[]> {
  const snap = await filtered({ day: f.day, from: f.from, to: f.to }).limit(limit).get();
  return snap.docs.map((d) => ({ ...(plainValue(d.data()) as StoredAppointment), appointmentId: d.id }));
}

/** Appointments of several patients (at most 30 ids, Firestore's 'in' limit). */
export async function appointmentsOfPatients(patientIds: string[], limit: number): Promise<StoredAppointment[]> {
  if (!patientIds.length) return [];
  const snap = await appointmentsCollection().where('patientId', 'in', patientIds.slice(0, 30)).limit(limit).get();
  return snap.docs.map((d) => ({ ...(plainValue(d.data()) as StoredAppointment), appointmentId: d.id }));
}

/** Appointments whose stored `field` (a name as typed) starts with `prefix`. */
export async function appointmentsByPrefix(field: string, prefix: string, limit: number): Promise<StoredAppointment[]> {
  const snap = await appointmentsCollection().where(field, '>=', prefix).where(field, '<', `${prefix}\uf8ff`).limit(limit).get();
  return snap.docs.map((d) => ({ ...(plainValue(d.data()) as StoredAppointment), appointmentId: d.id }));
}

/** How many appointments of each state match the filter (its status aside): one count() each. */
export async function appointmentCounts(f: AppointmentFilter, states: readonly string[]): Promise<Record<string, number>> {
  const counts = await Promise.all(
    states.map(async (s) => (await filtered(f, false).where('appointmentStatus', '==', s).count().get()).data().count),
  );
  return Object.fromEntries(states.map((s, i) => [s, counts[i]]));
}

/** Bookings per appointment day over [from, to], one count() per day, within `scope` (a doctor's or a nurse's own). */
export async function bookingsPerDay(days: string[], scope: AppointmentFilter = {}): Promise<number[]> {
  return Promise.all(
    days.map(
      async (day) =>
        (
          await filtered({ ...scope, day }, false)
            .count()
            .get()
        ).data().count,
    ),
  );
}
