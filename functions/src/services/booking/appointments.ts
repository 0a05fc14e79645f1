import { publicSiteUrl, shortcodeFor } from '../../config';
import type { Transaction } from 'firebase-admin/firestore';
import { appointmentFileRef, appointmentRef, appointmentsOf, newAppointmentRef } from '../../store/appointments';
import { SLOT_TAKEN } from '../../api/scheduling';
import { assertBookable, claimAvailability } from './scheduling';
import { doctorById, labsById } from '../../store/catalog';
import { runTransaction } from '../../store/transaction';
import { conflict, fieldRefused, forbidden, notFound } from '../../http/errors';
import { newClientReference } from '../../provider/client-reference';
import { ghanaTimestamp } from '../../api/format';
import { CURRENCY, DIETARY_VIRTUAL_FEE } from '../../api/prices';
import { prescriptionFileName } from '../../api/prescription';
import { type Appointment, APPOINTMENT_STATUS, type Doctor, type LabTest } from '../../api/types';
import type { FileAnswer } from '../../http/file';
import { isUpcoming } from '../../api/policy';
import { notifyPatient } from '../../notifications/notify';
import { bookingReceived } from '../../notifications/templates';
import { SERVICE_ID, serviceById } from '../../api/service-catalog';
import { todayInGhana, type CreateAppointmentInput } from '../../api/booking-request';
import { parsePrescription, type PrescriptionFile } from '../record/prescription-file';
import { applyBenefits, benefitPlan, countBenefit } from '../packages/benefits';
import { withDependant } from '../packages/dependants';
import { type BookedBy, confirmBookingPath } from '../../api/front-desk';
import { writeAudit } from '../../store/staff';
import { claimCarried } from './carried-records';
import { withoutStaffOnly } from '../../api/record';
import { hasCode } from '../../store/error-codes';

export const DIETARY_VIRTUAL_NAME = 'Dietry Virtual Consultation'; // the original site's spelling, kept in stored data
export { SLOT_TAKEN };

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** The server's prices for the chosen tests; an unknown id is a 400 naming it. */
async function labChoices(ids: string[]): Promise<LabTest[]> {
  const { found, missing } = await labsById([...new Set(ids)]);
  if (missing.length) throw fieldRefused('selectedLabs', `Lab tests: we do not offer ${missing.join(', ')}.`);
  return found.map((l) => ({ id: l.id, itemName: String(l.itemName), itemPrice: Number(l.itemPrice) }));
}

async function doctorOf(doctorId: string): Promise<Doctor> {
  const doctor = await doctorById(doctorId);
  if (!doctor) throw fieldRefused('doctorId', 'Doctor: please choose one of our doctors.');
  return doctor;
}

/** What the booking costs and the parts of the record that depend on the service: decided here, never by the browser. */
async function servicePart(input: CreateAppointmentInput) {
  const id = input.requestedServiceId;
  const none = { doctorId: null, doctorSurName: null, doctorOtherNames: null, doctorSpecialty: null, doctorPicture: null };
  if (id === SERVICE_ID.virtualConsultation) {
    const doctor = await doctorOf(input.doctorId!);
    return {
      fee: Number(doctor.consultationFee),
      doctor: {
        doctorId: input.doctorId!,
        doctorSurName: doctor.surname,
        doctorOtherNames: doctor.otherNames,
        doctorSpecialty: doctor.specialty,
        doctorPicture: doctor.doctorPicture ?? '',
      },
      labs: [] as LabTest[],
    };
  }
  if (id === SERVICE_ID.dietary && input.requestedServiceOption === 'VIRTUAL') {
    return { fee: DIETARY_VIRTUAL_FEE, doctor: { ...none, doctorOtherNames: DIETARY_VIRTUAL_NAME }, labs: [] };
  }
  if (id === SERVICE_ID.labTests) {
    const labs = await labChoices(input.selectedLabs!);
    return { fee: round2(labs.reduce((sum, l) => sum + l.itemPrice, 0)), doctor: none, labs };
  }
  return { fee: 0, doctor: none, labs: [] as LabTest[] };
}

/** Who books: the patient (their account's e-mail), or the clinic's staff for them (docs/front-desk.md). */
export interface BookingOptions {
  /** Where mails about it go: the account's own address; none for a clinic record without one (SMS only). */
  accountEmail?: string;
  /** A staff member booking for the patient: the appointment says so (source CLINIC) and it is audited. */
  bookedBy?: BookedBy;
  /** Booked by staff for an account holder: its notice carries the link by which they confirm it (docs/front-desk.md). */
  confirmByLink?: boolean;
  /** Booked by the patient over USSD (docs/ussd.md): a phone consultation there is held by phone from the start. */
  channel?: 'USSD';
  /**
   * The USSD session whose checkout (AddToCart) pays it: stored with the booking, so the hold
   * counts from now and the status API is asked about that session (services/ussd/caller.ts).
   */
  ussdCheckout?: Appointment['ussdCheckout'];
}

/** Like Promise.all, but when several fail, the first in the list's order is the one thrown (a stable answer). */
async function allInOrder<T extends readonly unknown[]>(work: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * Books an appointment for the patient: the one booking path, for the patient's own request
 * and the desk's alike. Doctor consultations claim a slot document in the same transaction,
 * so of two requests for one doctor, day and time exactly one wins.
 */
export async function createAppointment(
  patientId: string,
  request: CreateAppointmentInput,
  { accountEmail, bookedBy, confirmByLink, channel, ussdCheckout }: BookingOptions,
): Promise<Appointment> {
  // A booking for a named dependant takes their name and gender; a running package may cover it.
  const input = await withDependant(patientId, request);
  const service = serviceById(input.requestedServiceId)!;
  const time = input.requestedTime ?? null;
  if (time && input.requestedDay === todayInGhana() && time <= new Date().toISOString().slice(11, 16)) {
    throw fieldRefused('requestedTime', 'Preferred Time has already passed today. Please choose a later time.');
  }
  const file: PrescriptionFile | undefined = input.appointmentFiles ? parsePrescription(input.appointmentFiles) : undefined;
  const now = new Date();
  // The reads before the transaction, at once (the USSD answer has 5 s): the package, the fee,
  // and the clinic open with the doctor's time on the schedule.
  const [plan, { fee, doctor, labs }] = await allInOrder([
    benefitPlan(patientId, input),
    servicePart(input),
    assertBookable({ doctorId: input.doctorId ?? null, requestedDay: input.requestedDay, requestedTime: time }, now),
  ] as const);
  const requiresPayment = fee > 0;
  const ref = newAppointmentRef();
  const appointment: Appointment = {
    appointmentId: ref.id,
    source: bookedBy ? 'CLINIC' : 'WEBSITE',
    ...(bookedBy ? { bookedBy } : {}),
    ...(channel ? { channel } : {}),
    ...(channel === 'USSD' && service.id === SERVICE_ID.virtualConsultation ? { visitMode: 'phone' as const } : {}),
    patientId,
    bookFor: input.bookFor,
    firstName: input.firstName,
    lastName: input.lastName,
    emailAddress: input.emailAddress,
    contactNumber: input.contactNumber,
    gender: input.gender,
    location: input.location,
    healthProblem: input.healthProblem,
    requestedServiceId: service.id,
    requestedService: service.title,
    requestedServiceOption: input.requestedServiceOption ?? null,
    requestedDay: input.requestedDay,
    requestedTime: time,
    ...doctor,
    selectedLabs: labs,
    organiztionName: input.organiztionName ?? null,
    organiztionLocation: input.organiztionLocation ?? null,
    organiztionType: input.organiztionType ?? null,
    organiztionService: input.organiztionService ?? null,
    expectedPeople: input.expectedPeople ?? null,
    address: input.address ?? null,
    appointmentFileName: file ? input.appointmentFileName || 'prescription' : null,
    appointmentFileType: file?.contentType ?? null,
    consultationFee: fee,
    requiresPayment,
    currencyCode: CURRENCY,
    paymentStatus: requiresPayment ? 'Unpaid' : 'Not Applicable',
    clientReference: newClientReference(),
    timeOfRequest: ghanaTimestamp(now),
    createdAt: now.toISOString(),
    appointmentStatus: APPOINTMENT_STATUS.Pending,
    acceptbyDoctor: false,
    declineByPatient: false,
    declineByDoctor: false,
    declinedDate: null,
    ...(input.dependantId ? { dependantId: input.dependantId } : {}),
    ...(input.prescriptionId ? { prescriptionId: input.prescriptionId } : {}),
    ...(input.labRequestId ? { labRequestId: input.labRequestId } : {}),
  };
  let booked = appointment;
  try {
    await runTransaction(async (tx) => {
      // An e-prescription or lab request the booking carries (services/booking/carried-records.ts): it reads.
      const carried = await claimCarried(tx, patientId, input);
      // The package's allowance (services/packages/benefits.ts); first with the slot's claim: both read.
      booked = await applyBenefits(tx, plan, appointment);
      // Still to pay after the package: by the USSD session's checkout, its hold counting from now.
      if (ussdCheckout && booked.requiresPayment) booked = { ...booked, ussdCheckout, checkoutStartedAt: now.toISOString() };
      // The doctor's slot or the day's place (services/booking/scheduling.ts); it may read.
      await claimAvailability(tx, appointment);
      tx.create(ref, booked);
      carried?.(ref.id);
      countBenefit(tx, plan, booked);
      if (file)
        tx.create(appointmentFileRef(ref.id), {
          patientId,
          appointmentId: ref.id,
          contentType: file.contentType,
          base64: file.base64,
          sizeBytes: file.sizeBytes,
        });
      if (bookedBy)
        await writeAudit(
          {
            actorUid: bookedBy.uid,
            actorRole: bookedBy.role,
            action: 'appointment.book',
            target: `appointments/${ref.id}`,
            patientIds: [patientId],
          },
          tx,
        );
      const confirmLink = confirmByLink ? `${publicSiteUrl()}${confirmBookingPath(ref.id)}` : undefined;
      await notifyPatient(patientId, bookingReceived(booked, shortcodeFor(booked), confirmLink), {
        tx,
        contact: { email: accountEmail },
      });
    });
  } catch (err) {
    // ALREADY_EXISTS: another booking holds the slot.
    if (hasCode(err, 'ALREADY_EXISTS')) throw conflict(SLOT_TAKEN);
    throw err;
  }
  return booked;
}

const newestFirst = (a: Appointment, b: Appointment) => b.createdAt.localeCompare(a.createdAt);
const soonestFirst = (a: Appointment, b: Appointment) =>
  `${a.requestedDay} ${a.requestedTime ?? ''}`.localeCompare(`${b.requestedDay} ${b.requestedTime ?? ''}`) || newestFirst(a, b);
const isUpcomingPending = (a: Appointment) =>
  a.appointmentStatus === APPOINTMENT_STATUS.Pending && a.requestedDay >= todayInGhana();
const isShown = (a: Appointment) => a.appointmentStatus !== APPOINTMENT_STATUS.Deleted;

/** The spec's GET /appointments/pending: the caller's Pending appointments from today on, newest request first (without the clinic's notes: api/record.ts). */
export async function pendingAppointments(patientId: string): Promise<Appointment[]> {
  return (await appointmentsOf(patientId))
    .filter((a) => isShown(a) && isUpcomingPending(a))
    .sort(newestFirst)
    .map(withoutStaffOnly);
}

/** The dashboard's Upcoming: Pending, Accepted, on the way or checked in, today or later (api/policy.ts isUpcoming), soonest first, without the clinic's notes. */
export async function upcomingAppointments(patientId: string): Promise<Appointment[]> {
  const today = todayInGhana();
  return (await appointmentsOf(patientId))
    .filter((a) => isShown(a) && isUpcoming(a, today))
    .sort(soonestFirst)
    .map(withoutStaffOnly);
}

/** The caller's history: everything not upcoming (completed, cancelled, declined, expired, no-show, or past), newest first. */
export async function appointmentHistory(patientId: string): Promise<Appointment[]> {
  const today = todayInGhana();
  return (await appointmentsOf(patientId))
    .filter((a) => isShown(a) && !isUpcoming(a, today))
    .sort(newestFirst)
    .map(withoutStaffOnly);
}

export async function ownAppointment(patientId: string, appointmentId: string, tx?: Transaction) {
  const ref = appointmentRef(appointmentId);
  const appointment = (tx ? await tx.get(ref) : await ref.get()).data();
  if (!appointment || appointment.appointmentStatus === APPOINTMENT_STATUS.Deleted)
    throw notFound('We could not find that appointment.');
  if (appointment.patientId !== patientId) throw forbidden();
  return { ref, appointment };
}

export const getAppointment = async (patientId: string, appointmentId: string) =>
  withoutStaffOnly((await ownAppointment(patientId, appointmentId)).appointment);

/** The prescription file of the caller's appointment, as its bytes. */
export async function getAppointmentFile(patientId: string, appointmentId: string): Promise<FileAnswer> {
  const { appointment } = await ownAppointment(patientId, appointmentId);
  const file = (await appointmentFileRef(appointmentId).get()).data();
  if (!file || file.patientId !== patientId) throw notFound('This appointment has no prescription file.');
  return {
    name: prescriptionFileName(appointment.appointmentFileName, file.contentType),
    contentType: file.contentType,
    bytes: Buffer.from(file.base64, 'base64'),
  };
}
