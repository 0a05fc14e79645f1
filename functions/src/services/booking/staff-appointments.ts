import type { Transaction } from 'firebase-admin/firestore';
import {
  ACTION_DONE,
  APPOINTMENT_STATES,
  nextState,
  notAllowedMessage,
  type StaffAction,
  type StaffAppointmentDetail,
  type StaffAppointmentList,
  type StaffRefund,
} from '../../api/staff';
import { prescriptionFileName } from '../../api/prescription';
import { type Appointment, APPOINTMENT_STATUS, PAYMENT_STATUS } from '../../api/types';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { FileAnswer } from '../../http/file';
import { refundRef } from '../../store/payments';
import {
  appointmentCounts,
  appointmentFileRef,
  appointmentPage,
  appointmentRef,
  checkInFields,
  heldSlot,
  type AppointmentFilter,
  type StoredAppointment,
} from '../../store/appointments';
import { patientDocRef } from '../../store/patients';
import { refundsOfRecord } from '../../store/payments';
import { releaseBenefit } from '../packages/benefits';
import { accountEmail } from '../../notifications/mail';
import { notifyPatient } from '../../notifications/notify';
import { appointmentStateChanged, clinicianOnTheWay, NOTIFIED_ACTIONS } from '../../notifications/templates';
import { atHome } from '../../api/booking-request';
import { searchAppointments } from './appointment-search';
import { createDueRefund } from '../payments/refunds';
import { releaseAvailability } from './scheduling';
import { auditAs, assertMaySee, pageShown, type Staff } from '../shared/staff-access';
import { formatDate, formatWhen, ghanaTimestamp } from '../../api/format';
import { tooEarlyToComplete, tooEarlyToSetOff } from '../../api/messages';
import { completableFrom, onVisitDay } from '../../api/policy';
import { todayInGhana } from '../../api/request-fields';
import { runTransaction } from '../../store/transaction';
import { visitRef } from '../../store/visits';
import { isVirtualVisit, type VisitEndedAs } from '../../api/visits';
import { endsRoom, endVisit, readVisit, withVisitMarks } from '../visits/room';
import type { ClinicalNotes, FollowUpRequest } from '../../api/record';
import { visitRecord } from '../record/visit-notes';
import { CURRENCY } from '../../api/prices';

/** What the action's body carries (decline: reason; complete: visitSummary, notes, follow-up; cancel: an optional reason). */
export interface ActionInput {
  reason?: string;
  visitSummary?: string;
  clinicalNotes?: ClinicalNotes;
  followUp?: FollowUpRequest;
}

const NOT_FOUND = 'We could not find that appointment.';

/**
/**
 * What a staff member's list may hold (services/shared/staff-access.ts canSee): a doctor their own and
 * those assigned to them (e.g. a dietary video visit they host; a filter naming another doctor
 * is 403), a nurse those assigned to her.
 */
export function scopedFilter(staff: Staff, f: AppointmentFilter): AppointmentFilter {
  if (staff.role === 'doctor') {
    if (f.doctorId && f.doctorId !== staff.doctorId) throw forbidden("Those are another doctor's appointments.");
    if (f.assignedTo && f.assignedTo !== staff.uid) throw forbidden("Those are another clinician's visits.");
    return f.doctorId || f.assignedTo ? f : { ...f, mine: { doctorId: staff.doctorId ?? '-', uid: staff.uid } };
  }
  if (staff.role === 'nurse') {
    if (f.assignedTo && f.assignedTo !== staff.uid) throw forbidden("Those are another clinician's visits.");
    return { ...f, assignedTo: staff.uid };
  }
  return f;
}

const asAppointment = (id: string, d: StoredAppointment) => ({ ...d, appointmentId: id }) as Appointment;

/** The list's query (api/staff-requests.ts appointmentListQuerySchema) without the page. */
export type AppointmentListQuery = Omit<AppointmentFilter, 'mine'> & { q?: string };

/** A list or search of appointments is audited with its filter, how many came back, and whose they are. */
const auditList = (
  staff: Staff,
  action: string,
  filter: Omit<AppointmentListQuery, 'q'>,
  asked: { q: string } | { cursor?: string },
  items: Pick<Appointment, 'patientId'>[],
) =>
  auditAs(staff, {
    action,
    target: 'appointments',
    ...pageShown(
      { ...filter, needsRebooking: filter.needsRebooking ? 'true' : undefined, ...asked },
      { patientIds: items.map((a) => a.patientId) },
    ),
  });

/**
 * GET /staff/appointments: one page and the counts per state for the same filter; with q, the
 * appointments found by name, phone, reference or id (services/booking/appointment-search.ts), one page.
 */
export async function listAppointments(
  staff: Staff,
  { q, ...filter }: AppointmentListQuery,
  limit: number,
  cursor?: string,
): Promise<StaffAppointmentList> {
  if (q) {
    const found = await searchAppointments(staff, q, filter, limit);
    await auditList(staff, 'appointment.search', filter, { q }, found.items);
    return found;
  }
  const f = scopedFilter(staff, filter);
  const [page, counts] = await Promise.all([
    appointmentPage(f, limit, cursor, asAppointment),
    appointmentCounts(f, APPOINTMENT_STATES),
  ]);
  // Tombstones of deleted appointments (kept for late payments) are no booking to anyone.
  const items = await withVisitMarks(page.items.filter((a) => a.appointmentStatus !== APPOINTMENT_STATUS.Deleted));
  await auditList(staff, 'appointment.list', filter, { cursor }, items);
  return { items, nextCursor: page.nextCursor, counts };
}

export async function visibleAppointment(staff: Staff, appointmentId: string): Promise<Appointment> {
  const snap = await appointmentRef(appointmentId).get();
  if (!snap.exists || snap.get('appointmentStatus') === APPOINTMENT_STATUS.Deleted) throw notFound(NOT_FOUND);
  const a = snap.data()!;
  assertMaySee(staff, a);
  return a;
}

const target = (appointmentId: string) => `appointments/${appointmentId}`;

/** GET /staff/appointments/{id}: the record, the account's contact and its refunds; the read is audited. */
export async function staffAppointment(staff: Staff, appointmentId: string): Promise<StaffAppointmentDetail> {
  const a = await visibleAppointment(staff, appointmentId);
  const [patient, refunds, visit] = await Promise.all([
    patientDocRef(a.patientId).get(),
    refundsOfRecord(appointmentId),
    isVirtualVisit(a) ? visitRef(appointmentId).get() : undefined,
  ]);
  await auditAs(staff, { action: 'appointment.read', target: target(appointmentId), patientIds: [a.patientId] });
  const account = patient.exists
    ? {
        name: `${String(patient.get('firstName') ?? '')} ${String(patient.get('lastName') ?? '')}`.trim(),
        emailAddress: String(patient.get('emailAddress') ?? ''),
        contactNumber: String(patient.get('contactNumber') ?? ''),
      }
    : null;
  return {
    ...a,
    account,
    refunds: refunds.map(({ id, data }) => ({ ...data, id }) as StaffRefund),
    ...(visit ? { visit: visit.data() ?? null } : {}),
  };
}

/** GET /staff/appointments/{id}/file: the prescription, opened by staff and logged. */
export async function staffAppointmentFile(staff: Staff, appointmentId: string): Promise<FileAnswer> {
  const a = await visibleAppointment(staff, appointmentId);
  const snap = await appointmentFileRef(appointmentId).get();
  if (!snap.exists) throw notFound('This appointment has no prescription file.');
  await auditAs(staff, { action: 'appointment.file.read', target: target(appointmentId), patientIds: [a.patientId] });
  const contentType = String(snap.get('contentType'));
  return {
    name: prescriptionFileName(a.appointmentFileName, contentType),
    contentType,
    bytes: Buffer.from(String(snap.get('base64')), 'base64'),
  };
}

/** The fields each action records (the original site's field names where it has them). */
function changeFor(action: StaffAction, staff: Staff, input: ActionInput, now: string): Record<string, unknown> {
  switch (action) {
    case 'accept':
      return { acceptbyDoctor: true, acceptedDate: now, acceptedBy: staff.uid };
    case 'decline':
      return { declineByDoctor: true, declineReason: input.reason, declinedDate: now, declinedBy: staff.uid };
    case 'on-the-way':
      return { onTheWayAt: now, onTheWayBy: staff.uid };
    case 'check-in':
      return checkInFields(staff.uid, now);
    case 'complete':
      return { visitSummary: input.visitSummary, completedAt: now, completedBy: staff.uid, ...visitRecord(staff, input) };
    case 'no-show':
      return { noShowAt: now, noShowBy: staff.uid };
    case 'cancel':
      return {
        cancelledByClinic: true,
        declinedDate: now,
        cancelledBy: staff.uid,
        ...(input.reason ? { declineReason: input.reason } : {}),
      };
  }
}

/**
 * POST /staff/appointments/{id}/{action}: one transaction moves the appointment along the
 * lifecycle (anything else is 409 naming its state), frees the doctor's slot on decline and
 * cancel, creates the refund of a paid appointment the clinic ends (all of it: the patient
 * did not cancel), closes a video visit's room when the appointment leaves Accepted and
 * CheckedIn (complete, cancel, decline, no-show), queues the
 * patient's mail and writes the audit entry.
 */
export async function actOnAppointment(
  staff: Staff,
  appointmentId: string,
  action: StaffAction,
  input: ActionInput,
): Promise<Appointment> {
  const before = await visibleAppointment(staff, appointmentId);
  assertMaySee(staff, before, action);
  const email = NOTIFIED_ACTIONS.includes(action) ? await accountEmail(before.patientId) : undefined;
  return runTransaction((tx) => actInTransaction(tx, staff, appointmentId, action, input, email));
}

/**
 * The action inside the transaction: it reads before it writes. `email`: the account's
 * address, for the notices of NOTIFIED_ACTIONS. (A video visit's call checks the appointment
 * in through store/appointments.ts checkInAppointment, with the room's own change.)
 */
async function actInTransaction(
  tx: Transaction,
  staff: Staff,
  appointmentId: string,
  action: StaffAction,
  input: ActionInput,
  email?: string,
): Promise<Appointment> {
  const ref = appointmentRef(appointmentId);
  const snap = await tx.get(ref);
  if (!snap.exists || snap.get('appointmentStatus') === APPOINTMENT_STATUS.Deleted) throw notFound(NOT_FOUND);
  const a = snap.data()!;
  assertMaySee(staff, a, action);
  const to = nextState(a.appointmentStatus, action);
  if (!to) throw conflict(notAllowedMessage(a.appointmentStatus, action));
  const now = new Date();
  if (action === 'complete' && now < completableFrom(a))
    throw conflict(tooEarlyToComplete(formatDate(completableFrom(a), { time: true })));
  if (action === 'on-the-way' && !atHome(a.requestedServiceId, a.requestedServiceOption))
    throw conflict("Only a home visit or a delivery can be on the way: this appointment is not at the patient's address.");
  // A clinician sets off for and arrives at a home visit on its day (a clinic visit may be checked in early).
  const setsOff = action === 'on-the-way' || (action === 'check-in' && atHome(a.requestedServiceId, a.requestedServiceOption));
  if (setsOff && !onVisitDay(a, todayInGhana(now))) throw conflict(tooEarlyToSetOff(formatDate(a.requestedDay)));
  const ends = action === 'decline' || action === 'cancel';
  const slot = ends ? await heldSlot(tx, a) : undefined;
  const paid = ends && a.paymentStatus === PAYMENT_STATUS.Paid && a.consultationFee > 0;
  const refund = paid ? refundRef(a.clientReference, a.transactionId ?? '') : undefined;
  const refundExists = refund ? (await tx.get(refund)).exists : false;
  const visit = endsRoom(to) ? await readVisit(tx, appointmentId) : undefined;

  const change = {
    appointmentStatus: to,
    ...changeFor(action, staff, input, ghanaTimestamp(now)),
    // Acted on (ended, or it happened after all): no longer on the desk's rebooking list.
    ...(a.needsRebooking ? { needsRebooking: false } : {}),
  };
  tx.update(ref, change);
  if (slot) tx.delete(slot);
  if (ends) releaseAvailability(tx, a);
  if (ends) releaseBenefit(tx, a);
  await auditAs(staff, { action: `appointment.${action}`, target: target(appointmentId), patientIds: [a.patientId] }, tx);
  await endVisit(tx, visit, { actorUid: staff.uid, actorRole: staff.role }, to as VisitEndedAs, now);
  if (paid && !refundExists) {
    await createDueRefund(
      tx,
      {
        clientReference: a.clientReference,
        kind: 'appointment',
        recordId: a.appointmentId,
        patientId: a.patientId,
        amount: a.consultationFee,
        currency: CURRENCY,
        reason: 'cancelled',
        transactionId: a.transactionId ?? '',
        what: `Appointment: ${a.requestedService}`,
      },
      email,
      `The clinic ${ACTION_DONE[action]} your appointment (${a.requestedService}, ${formatWhen(a.requestedDay, a.requestedTime)}), so nothing is charged.`,
    );
  }
  if (NOTIFIED_ACTIONS.includes(action))
    await notifyPatient(a.patientId, appointmentStateChanged({ ...a, ...change } as Appointment, action, input.reason), { tx });
  if (action === 'on-the-way') await notifyPatient(a.patientId, clinicianOnTheWay({ ...a, ...change } as Appointment), { tx });
  return { ...a, ...change } as Appointment;
}
