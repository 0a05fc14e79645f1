import { shortcodeFor } from '../../config';
import type { Transaction } from 'firebase-admin/firestore';
import {
  appointmentFileRef,
  appointmentRef,
  appointmentsOf,
  heldSlot,
  newAppointmentRef,
  type StoredAppointment,
} from '../../store/appointments';
import { SLOT_TAKEN } from '../../api/scheduling';
import { assertBookable, claimAvailability, releaseAvailability } from './scheduling';
import { doctorById, labsById } from '../../store/catalog';
import { storedTime } from '../../store/converter';
import { refundRef } from '../../store/payments';
import { runTransaction } from '../../store/transaction';
import { logger } from 'firebase-functions';
import { badGateway, conflict, fieldRefused, forbidden, notFound } from '../../http/errors';
import { newClientReference } from '../../provider/client-reference';
import { ProviderError } from '../../provider/provider';
import { formatGhs, formatWhen, ghanaTimestamp } from '../../api/format';
import { CURRENCY, DIETARY_VIRTUAL_FEE } from '../../api/prices';
import { prescriptionFileName } from '../../api/prescription';
import {
  type Appointment,
  APPOINTMENT_STATUS,
  type AppointmentCancellation,
  type Doctor,
  type LabTest,
  PAYMENT_STATUS,
} from '../../api/types';
import type { FileAnswer } from '../../http/file';
import {
  CANCELLATION_POLICY,
  cancellationTerms,
  FREE_CANCELLATION_HOURS,
  isUpcoming,
  LATE_CANCELLATION_FEE_PERCENT,
} from '../../api/policy';
import { accountEmail } from '../../notifications/mail';
import { notifyPatient } from '../../notifications/notify';
import { appointmentCancelled, bookingReceived } from '../../notifications/templates';
import { APPOINTMENT_EXPIRED } from '../payments/checkout';
import { paymentBeforeRemoval } from '../payments/recheck';
import { createDueRefund } from '../payments/refunds';
import { SERVICE_ID, serviceById } from '../../api/service-catalog';
import { todayInGhana, type CreateAppointmentInput } from '../../api/booking-request';
import { parsePrescription, type PrescriptionFile } from '../record/prescription-file';
import { applyBenefits, benefitPlan, countBenefit, releaseBenefit } from '../packages/benefits';
import { withDependant } from '../packages/dependants';
import type { BookedBy } from '../../api/front-desk';
import { writeAudit } from '../../store/staff';
import { claimCarried } from './carried-records';
import { withoutStaffOnly } from '../../api/record';
import { hasCode } from '../../store/error-codes';
import { isVirtualVisit } from '../../api/visits';
import { endVisit, readVisit } from '../visits/room';

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
  { accountEmail, bookedBy, channel, ussdCheckout }: BookingOptions,
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
      await notifyPatient(patientId, bookingReceived(booked, shortcodeFor(booked)), { tx, contact: { email: accountEmail } });
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

async function ownAppointment(patientId: string, appointmentId: string, tx?: Transaction) {
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

export const REFUND_POLICY = `This appointment can no longer be cancelled online. ${CANCELLATION_POLICY} To ask for a refund, call or e-mail us (see Contact Us) with your reference`;

function whyNotCancellable(a: Appointment): string {
  if (a.appointmentStatus === APPOINTMENT_STATUS.Cancelled) return 'This appointment is already cancelled.';
  if (a.appointmentStatus === APPOINTMENT_STATUS.Expired) return APPOINTMENT_EXPIRED;
  return `${REFUND_POLICY} ${a.clientReference}.`;
}

/** Which rule of the cancellation policy applies to this appointment now (api/policy.ts), for the answer and the dashboard. */
export function cancellationOf(a: Appointment, now = new Date()): AppointmentCancellation {
  const terms = cancellationTerms(a, now);
  if (!terms.allowed) return { allowed: false, reason: whyNotCancellable(a), policy: CANCELLATION_POLICY };
  const { rule, refundAmount, feeAmount } = terms;
  return {
    allowed: true,
    rule,
    paid: a.paymentStatus === PAYMENT_STATUS.Paid,
    refundAmount,
    feeAmount,
    currencyCode: CURRENCY,
    policy: CANCELLATION_POLICY,
  };
}

/** GET /appointments/{id}/cancellation: what cancelling would mean, before the patient confirms. */
export const getCancellation = async (patientId: string, appointmentId: string) =>
  cancellationOf((await ownAppointment(patientId, appointmentId)).appointment);

const ghs = formatGhs;

/** The answer's msg: which rule applied and what is refunded. */
export function cancelledMessage(c: AppointmentCancellation): string {
  if (!c.allowed || !c.paid) return 'Your appointment has been cancelled.';
  if (c.rule === 'free')
    return `Your appointment has been cancelled free of charge: ${ghs(c.refundAmount)} will be refunded to you.`;
  return (
    `Your appointment has been cancelled less than ${FREE_CANCELLATION_HOURS} hours before it, so a ${LATE_CANCELLATION_FEE_PERCENT}% ` +
    `late cancellation fee of ${ghs(c.feeAmount)} is kept: ${ghs(c.refundAmount)} will be refunded to you.`
  );
}

export const PAID_NOT_DELETED = 'This appointment has been paid, so it cannot be deleted.';
export const PAYMENT_IN_PROGRESS = 'A payment for this appointment may still be in progress. Please try again in a few minutes.';
export const PAYMENT_NOT_CHECKED =
  'We could not check the payment for this appointment with the payment provider just now, so it has not been deleted. ' +
  'Please try again in a few minutes.';
export const PAYMENT_NOT_CHECKED_CANCEL =
  'We could not check the payment for this appointment with the payment provider just now, so it has not been cancelled. ' +
  'Please try again in a few minutes.';

/**
 * Once a checkout has started, the patient may have paid while the provider's callback is
 * still on its way: the provider is asked first (a Paid answer is settled through markPaid).
 * 502 with `unreachable` when it cannot answer; the caller then changes nothing.
 */
async function paymentBefore(a: StoredAppointment, unreachable: string) {
  if (a.paymentStatus !== PAYMENT_STATUS.Unpaid || !a.checkoutStartedAt) return 'not-paid' as const;
  return paymentBeforeRemoval('appointment', a.appointmentId, a, new Date(a.checkoutStartedAt)).catch((err: unknown) => {
    if (!(err instanceof ProviderError)) throw err;
    logger.error('payment status check before a change failed', { appointmentId: a.appointmentId, error: err.message });
    throw badGateway(unreachable);
  });
}

export type CancelledAppointment = Appointment & { cancellation: AppointmentCancellation };

/**
 * Cancels under the FAQ's policy (api/policy.ts cancellationTerms): the doctor's slot is
 * freed, a video visit's room ends and, when it was paid, the refund the rule gives (all of it 12 hours or more before,
 * the other half later) is created Due in the same transaction, with a mail to the account.
 */
export async function cancelAppointment(
  patientId: string,
  appointmentId: string,
  now = new Date(),
): Promise<CancelledAppointment> {
  const { appointment } = await ownAppointment(patientId, appointmentId);
  const before = cancellationOf(appointment, now);
  if (!before.allowed) throw conflict(before.reason);
  if ((await paymentBefore(appointment, PAYMENT_NOT_CHECKED_CANCEL)) === 'in-progress') throw conflict(PAYMENT_IN_PROGRESS);
  const email = await accountEmail(patientId);
  return runTransaction(async (tx) => {
    // Read again: the provider's answer may have made it Paid, or a callback changed it since.
    const { ref, appointment: a } = await ownAppointment(patientId, appointmentId, tx);
    if (a.checkoutStartedAt !== appointment.checkoutStartedAt) throw conflict(PAYMENT_IN_PROGRESS);
    const cancellation = cancellationOf(a, now);
    if (!cancellation.allowed) throw conflict(cancellation.reason);
    const slot = await heldSlot(tx, a);
    const transactionId = a.transactionId ?? '';
    const owed = cancellation.paid && cancellation.refundAmount > 0;
    if (owed && (await tx.get(refundRef(a.clientReference, transactionId))).exists) throw conflict(whyNotCancellable(a));
    const visit = isVirtualVisit(a) ? await readVisit(tx, appointmentId) : undefined;
    const change = {
      appointmentStatus: APPOINTMENT_STATUS.Cancelled,
      declineByPatient: true,
      declinedDate: ghanaTimestamp(),
      // Off the desk's rebooking list (docs/front-desk.md).
      ...(a.needsRebooking ? { needsRebooking: false } : {}),
    };
    tx.update(ref, change);
    // A video visit's room closes with it: the rules shut both sides out, join answers 409.
    await endVisit(tx, visit, { actorUid: patientId, actorRole: 'patient' }, 'Cancelled', now);
    if (slot) tx.delete(slot);
    releaseAvailability(tx, a);
    releaseBenefit(tx, a);
    if (owed) {
      const what = `Appointment: ${a.requestedService}`;
      const why =
        cancellation.rule === 'free'
          ? `at least ${FREE_CANCELLATION_HOURS} hours before it, so nothing is charged`
          : `less than ${FREE_CANCELLATION_HOURS} hours before it, so a ${LATE_CANCELLATION_FEE_PERCENT}% late cancellation fee of ${ghs(cancellation.feeAmount)} is kept`;
      await createDueRefund(
        tx,
        {
          clientReference: a.clientReference,
          kind: 'appointment',
          recordId: a.appointmentId,
          patientId,
          amount: cancellation.refundAmount,
          currency: CURRENCY,
          reason: 'cancelled',
          transactionId,
          what,
        },
        email,
        `Your appointment (${a.requestedService}, ${formatWhen(a.requestedDay, a.requestedTime)}) was cancelled ${why}.`,
      );
    } else await notifyPatient(patientId, appointmentCancelled({ ...a, ...change }), { tx });
    return { ...withoutStaffOnly(a), ...change, cancellation };
  });
}

/** Why this appointment cannot be deleted, or undefined when it can (only Unpaid ones can). */
function whyNotDeletable(a: Appointment): string | undefined {
  if (a.paymentStatus === PAYMENT_STATUS.Unpaid) return undefined;
  if (a.paymentStatus !== PAYMENT_STATUS.Paid)
    return 'Only an unpaid appointment can be deleted. You can cancel this one instead.';
  return a.appointmentStatus === APPOINTMENT_STATUS.Pending
    ? `${PAID_NOT_DELETED} You can cancel it instead.`
    : `${PAID_NOT_DELETED} ${REFUND_POLICY} ${a.clientReference}.`;
}

/**
 * Deletes an Unpaid appointment with its file and slot; anything paid or free must be
 * cancelled instead. Once a checkout has started the provider is asked first, and the
 * appointment is kept as a tombstone (appointmentStatus 'Deleted', hidden from the patient)
 * so that a payment arriving later still finds it and becomes a refund.
 */
export async function deleteAppointment(patientId: string, appointmentId: string): Promise<void> {
  const { appointment } = await ownAppointment(patientId, appointmentId);
  const refusal = whyNotDeletable(appointment);
  if (refusal) throw conflict(refusal);
  const verdict = await paymentBefore(appointment, PAYMENT_NOT_CHECKED);
  if (verdict === 'paid') throw conflict(whyNotDeletable({ ...appointment, paymentStatus: PAYMENT_STATUS.Paid })!);
  if (verdict === 'in-progress') throw conflict(PAYMENT_IN_PROGRESS);
  await runTransaction(async (tx) => {
    // Read again: a callback may have marked it Paid, or a new checkout started, since the provider answered.
    const { ref, appointment: now } = await ownAppointment(patientId, appointmentId, tx);
    const refusalNow = whyNotDeletable(now);
    if (refusalNow) throw conflict(refusalNow);
    if (now.checkoutStartedAt !== appointment.checkoutStartedAt) throw conflict(PAYMENT_IN_PROGRESS);
    const slot = await heldSlot(tx, now);
    if (now.checkoutStartedAt)
      tx.update(ref, { appointmentStatus: APPOINTMENT_STATUS.Deleted, deletedAt: storedTime(new Date()), needsRebooking: false });
    else tx.delete(ref);
    tx.delete(appointmentFileRef(appointmentId));
    if (slot) tx.delete(slot);
    releaseAvailability(tx, now);
  });
}
