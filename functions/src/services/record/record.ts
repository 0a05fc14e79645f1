import { todayInGhana } from '../../api/booking-request';
import {
  ageOn,
  LIVE_BOOKING_STATES,
  type LabRequest,
  type Prescription,
  type RecordOpeningAction,
  type RecordThrough,
} from '../../api/record';
import type { AppointmentRecord, PatientRecord, RecordPatient, StaffPrescription } from '../../api/staff-record';
import { formatDate } from '../../api/format';
import { type Appointment, APPOINTMENT_STATUS, type Patient } from '../../api/types';
import { stateInWords } from '../../api/staff';
import { conflict, forbidden, notFound } from '../../http/errors';
import { appointmentRef, appointmentsOf, type StoredAppointment } from '../../store/appointments';
import { getFile, type StoredFile } from '../../store/files';
import { labRequestRef, labRequestsOf, labRequestsOfAppointment, type StoredLabRequest } from '../../store/lab-requests';
import { findPatient } from '../../store/patients';
import { prescriptionRef, prescriptionsOf, prescriptionsOfAppointment, type StoredPrescription } from '../../store/prescriptions';

import { dependantsOf } from '../../store/subscriptions';
import {
  auditAs,
  canSee,
  caresFor,
  inCareWindow,
  isClinicianOf,
  patientTookPart,
  RECORD_OPEN_AFTER_VISIT_MONTHS,
  type Staff,
} from '../shared/staff-access';

/**
 * The patient's record as the clinic reads it (docs/record.md): who may open it, what it
 * holds, and the rules shared by prescriptions, lab requests and results. Admins and staff
 * read any patient's; a doctor only through an appointment of theirs that the patient took part
 * in (services/shared/staff-access.ts caresFor). Every read writes an audit entry naming the
 * patient and the appointment it went through, which the patient's list of openings shows.
 */

export const ANOTHER_DOCTORS = "This appointment is another doctor's.";
const NOT_THEIR_PATIENT = 'You can open the record of a patient you have an appointment with only.';
const NOT_IN_CARE = (states: string[]) =>
  `You can open a patient's record only through an appointment of yours that is accepted, on the way, checked in, paid and upcoming, or completed in the last ${RECORD_OPEN_AFTER_VISIT_MONTHS} months. Yours with this patient: ${states.join(', ')}.`;
/** Why a booking staff made, that the patient has not confirmed, paid or been checked in to, opens no record. */
export const notTakenPartIn = (a: Pick<Appointment, 'requestedService' | 'requestedDay'>) =>
  `The patient has not confirmed or paid the booking the clinic made for them (${a.requestedService}, ${formatDate(a.requestedDay)}) yet: their record opens through it once they confirm it, pay for it or are checked in. Until then you see the booking itself.`;
const NOT_FOUND = 'We could not find that appointment.';

/** The appointment as a record read's audit entry keeps it, for the patient's list of openings. */
const throughOf = (a: Appointment): RecordThrough => ({
  appointmentId: a.appointmentId,
  service: a.requestedService,
  day: a.requestedDay,
});

/** The audit entry of a read of the record: whose, by whom (their e-mail, as the patient's list shows it), through which appointment. */
const auditRead = (staff: Staff, action: RecordOpeningAction, target: string, patientId: string, through?: Appointment) =>
  auditAs(staff, {
    action,
    target,
    patientIds: [patientId],
    actorEmail: staff.email,
    through: through ? throughOf(through) : undefined,
  });

/** An appointment the caller may work on: admins and staff any; a doctor their own or one assigned to them (else 403). */
export async function appointmentForClinic(staff: Staff, appointmentId: string): Promise<StoredAppointment> {
  const a = (await appointmentRef(appointmentId).get()).data();
  if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound(NOT_FOUND);
  if (staff.role === 'doctor' && !isClinicianOf(staff, a)) throw forbidden(ANOTHER_DOCTORS);
  return a;
}

/** Who may write a prescription or a lab request: the appointment's doctor or assigned clinician, or an admin. */
export function assertMayPrescribe(staff: Staff, a: StoredAppointment): void {
  if (staff.role === 'admin') return;
  if (staff.role !== 'doctor') throw forbidden("Only the appointment's doctor or an admin may prescribe or request lab tests.");
  if (!isClinicianOf(staff, a)) throw forbidden(ANOTHER_DOCTORS);
}

/** Prescriptions and lab requests are written at the visit or after it. */
export function assertAfterVisit(a: Appointment): void {
  if (a.appointmentStatus !== APPOINTMENT_STATUS.CheckedIn && a.appointmentStatus !== APPOINTMENT_STATUS.Completed)
    throw conflict(
      `This appointment is ${stateInWords(a.appointmentStatus)}: prescriptions and lab requests are written once the patient is checked in.`,
    );
}

const newestFirst = (a: Appointment, b: Appointment) =>
  `${b.requestedDay} ${b.requestedTime ?? ''} ${b.createdAt}`.localeCompare(
    `${a.requestedDay} ${a.requestedTime ?? ''} ${a.createdAt}`,
  );

/**
 * The patient's appointments, and for a doctor (or nurse) the one the record is opened through:
 * the latest that puts the patient in their care (caresFor). Without one they are refused (403,
 * saying why) before anything else is read: a booking staff made that the patient has not
 * confirmed, paid or been checked in to is named as the reason.
 */
async function recordAppointments(
  staff: Staff,
  patientId: string,
  now: Date,
): Promise<{ appointments: StoredAppointment[]; through?: StoredAppointment }> {
  const appointments = (await appointmentsOf(patientId)).filter((a) => a.appointmentStatus !== APPOINTMENT_STATUS.Deleted);
  if (staff.role === 'admin' || staff.role === 'staff') return { appointments };
  const today = todayInGhana(now);
  const through = [...appointments].sort(newestFirst).find((a) => caresFor(staff, a, today));
  if (through) return { appointments, through };
  const theirs = appointments.filter((a) => canSee(staff, a));
  if (theirs.length === 0) throw forbidden(NOT_THEIR_PATIENT);
  const unconfirmed = theirs.find((a) => inCareWindow(a, today) && !patientTookPart(a));
  if (unconfirmed) throw forbidden(notTakenPartIn(unconfirmed));
  throw forbidden(
    NOT_IN_CARE([...new Set(theirs.map((a) => `${stateInWords(a.appointmentStatus)} (${formatDate(a.requestedDay)})`))]),
  );
}

export const isLive = (a: Pick<Appointment, 'appointmentStatus'> | undefined): boolean =>
  Boolean(a && LIVE_BOOKING_STATES.includes(a.appointmentStatus));

/** A lab request whose booking lapsed (cancelled, declined, expired) is Requested again: the patient may book it anew. */
export function labRequestView(r: StoredLabRequest, bookings: Map<string, Pick<Appointment, 'appointmentStatus'>>): LabRequest {
  const { expireAt: _e, doctorId: _d, requestedBy: _r, ...view } = r;
  const booked = r.status === 'Booked' && r.bookedAppointmentId && isLive(bookings.get(r.bookedAppointmentId));
  if (booked || r.status !== 'Booked') return view;
  const { bookedAppointmentId: _b, ...requested } = view;
  return { ...requested, status: 'Requested' };
}

/** A prescription as its patient sees it (no prescriber uid, no stored name). */
export function prescriptionView(p: StoredPrescription): Prescription {
  return {
    prescriptionId: p.prescriptionId,
    appointmentId: p.appointmentId,
    patientId: p.patientId,
    doctorId: p.doctorId,
    doctor: p.doctor,
    items: p.items,
    code: p.code,
    status: p.status,
    issuedAt: p.issuedAt,
    ...(p.dispensedAt ? { dispensedAt: p.dispensedAt } : {}),
    ...(p.deliveryAppointmentId ? { deliveryAppointmentId: p.deliveryAppointmentId } : {}),
  };
}

export const staffPrescription = (p: StoredPrescription): StaffPrescription => ({
  ...prescriptionView(p),
  prescribedBy: p.prescribedBy,
  ...(p.dispensedBy ? { dispensedBy: p.dispensedBy } : {}),
});

function recordPatient(p: Patient, today: string): RecordPatient {
  return {
    patientId: p.patientId,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth ?? '',
    age: ageOn(p.dateOfBirth, today),
    sex: p.gender ?? '',
    contactNumber: p.contactNumber ?? '',
    emailAddress: p.emailAddress ?? '',
    location: p.patientLocation ?? '',
    address: p.address ?? '',
    emergencyContact: p.emergencyContact ?? '',
    nextOfKin: {
      name: p.nameOfNextOfKin ?? '',
      contact: p.nextOfKinContact ?? '',
      relationship: p.nextOfKinRelationship ?? '',
      location: p.nextOfKinLocation ?? '',
    },
  };
}

/** GET /staff/patients/{patientId}/record: the person, their family members, every appointment with its notes, prescriptions and lab requests. */
export async function patientRecord(staff: Staff, patientId: string, now = new Date()): Promise<PatientRecord> {
  const { appointments, through } = await recordAppointments(staff, patientId, now);
  const [patient, dependants, prescriptions, labRequests] = await Promise.all([
    findPatient(patientId),
    dependantsOf(patientId),
    prescriptionsOf(patientId),
    labRequestsOf(patientId),
  ]);
  if (!patient) throw notFound('We could not find that patient.');
  await auditRead(staff, 'patient.record.read', `patients/${patientId}`, patientId, through);
  const bookings = new Map(appointments.map((a) => [a.appointmentId, a]));
  return {
    patient: recordPatient(patient, todayInGhana(now)),
    dependants,
    appointments: appointments.sort(newestFirst),
    prescriptions: prescriptions.map(staffPrescription),
    labRequests: labRequests.map((r) => labRequestView(r, bookings)),
  };
}

/**
 * GET /staff/appointments/{appointmentId}/record: what this visit produced, and the prescription or
 * request a booking carries (from an earlier visit). A doctor reads it only once the patient took
 * part in the booking (patientTookPart; else 403 saying why, nothing read); the booking itself stays theirs to see.
 */
export async function appointmentRecord(staff: Staff, appointmentId: string): Promise<AppointmentRecord> {
  const a = await appointmentForClinic(staff, appointmentId);
  if (staff.role === 'doctor' && !patientTookPart(a)) throw forbidden(notTakenPartIn(a));
  const [prescriptions, labRequests, carriedPrescription, carriedRequest, appointments] = await Promise.all([
    prescriptionsOfAppointment(appointmentId),
    labRequestsOfAppointment(appointmentId),
    a.prescriptionId ? prescriptionRef(a.prescriptionId).get() : undefined,
    a.labRequestId ? labRequestRef(a.labRequestId).get() : undefined,
    appointmentsOf(a.patientId),
  ]);
  await auditRead(staff, 'appointment.record.read', `appointments/${appointmentId}`, a.patientId, a);
  const bookings = new Map(appointments.map((b) => [b.appointmentId, b]));
  const prescription = carriedPrescription?.data();
  const labRequest = carriedRequest?.data();
  return {
    prescriptions: prescriptions.map(staffPrescription),
    labRequests: labRequests.map((r) => labRequestView(r, bookings)),
    carries: {
      ...(prescription ? { prescription: staffPrescription(prescription) } : {}),
      ...(labRequest ? { labRequest: labRequestView(labRequest, bookings) } : {}),
    },
  };
}

/** GET /staff/patients/{patientId}/files/{fileId}: a result file, to whoever may open the record; audited. */
export async function staffResultFile(staff: Staff, patientId: string, fileId: string, now = new Date()): Promise<StoredFile> {
  const { through } = await recordAppointments(staff, patientId, now);
  const file = await getFile(fileId);
  if (!file || file.patientId !== patientId) throw notFound('We could not find that file in this patient’s record.');
  await auditRead(staff, 'patient.file.read', `files/${fileId}`, patientId, through);
  return file;
}
