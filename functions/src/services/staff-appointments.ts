import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import {
  ACTION_DONE,
  APPOINTMENT_STATES,
  nextState,
  notAllowedMessage,
  type StaffAction,
  type StaffAppointmentDetail,
  type StaffAppointmentList,
  type StaffRefund,
} from '../api/staff';
import { prescriptionFileName } from '../api/prescription';
import type { Appointment } from '../api/types';
import { conflict, forbidden, notFound } from '../http/errors';
import type { FileAnswer } from '../http/file';
import { appointmentFileRef, appointmentRef } from '../store/appointments';
import { refundRef } from '../store/payments';
import {
  appointmentCounts,
  appointmentPage,
  patientRef,
  refundsOfRecord,
  writeAudit,
  type AppointmentFilter,
} from '../store/staff';
import { CURRENCY, DELETED, heldSlot } from './appointments';
import { releaseBenefit } from './benefits';
import { accountEmail } from './mail';
import { notifyPatient } from '../notifications/notify';
import { appointmentStateChanged, NOTIFIED_ACTIONS } from '../notifications/templates';
import { createDueRefund } from './refunds';
import { releaseAvailability } from './scheduling';
import { listQuery, type Staff } from './staff-access';
import { ghanaTimestamp } from '../api/format';
import { runTransaction } from '../store/transaction';
import { visitRef } from '../store/visits';
import { isVirtualVisit, type VisitEndedAs } from '../api/visits';
import { endsRoom, endVisit, readVisit, withVisitMarks } from './visit-record';
import type { ClinicalNotes, FollowUpRequest } from '../api/record';
import { visitRecord } from './visit-notes';

/** What the action's body carries (decline: reason; complete: visitSummary, notes, follow-up; cancel: an optional reason). */
export interface ActionInput {
  reason?: string;
  visitSummary?: string;
  clinicalNotes?: ClinicalNotes;
  followUp?: FollowUpRequest;
}

const NOT_FOUND = 'We could not find that appointment.';

/**
 * A doctor acts only on their own appointments (design.md): another doctor's is 403. Their
 * own: their doctorId's, or one without a doctor that staff assigned to them (`assignedTo`,
 * e.g. a dietary video visit they host).
 */
function assertMayAct(staff: Staff, a: Pick<Appointment, 'doctorId'> & { assignedTo?: string }) {
  if (staff.role !== 'doctor' || a.doctorId === staff.doctorId) return;
  if (!a.doctorId && a.assignedTo === staff.uid) return;
  throw forbidden("This appointment is another doctor's.");
}

/** Doctors see only their own: a filter naming another doctor is 403, none means their own. */
function scopedFilter(staff: Staff, f: AppointmentFilter): AppointmentFilter {
  if (staff.role !== 'doctor') return f;
  if (f.doctorId && f.doctorId !== staff.doctorId) throw forbidden("Those are another doctor's appointments.");
  return { ...f, doctorId: staff.doctorId ?? '-' };
}

const asAppointment = (id: string, d: DocumentData) => ({ ...d, appointmentId: id }) as Appointment;

/** GET /staff/appointments: one page and the counts per state for the same filter. */
export async function listAppointments(
  staff: Staff,
  filter: AppointmentFilter,
  limit: number,
  cursor?: string,
): Promise<StaffAppointmentList> {
  const f = scopedFilter(staff, filter);
  const [page, counts] = await Promise.all([
    appointmentPage(f, limit, cursor, asAppointment),
    appointmentCounts(f, APPOINTMENT_STATES),
  ]);
  // Tombstones of deleted appointments (kept for late payments) are no booking to anyone.
  const items = await withVisitMarks(page.items.filter((a) => a.appointmentStatus !== DELETED));
  await writeAudit({
    actorUid: staff.uid,
    actorRole: staff.role,
    action: 'appointment.list',
    target: 'appointments',
    query: listQuery({ ...f, cursor }),
    count: items.length,
    patientIds: items.map((a) => a.patientId),
  });
  return { items, nextCursor: page.nextCursor, counts };
}

export async function visibleAppointment(staff: Staff, appointmentId: string): Promise<Appointment> {
  const snap = await appointmentRef(appointmentId).get();
  if (!snap.exists || snap.get('appointmentStatus') === DELETED) throw notFound(NOT_FOUND);
  const a = snap.data()!;
  assertMayAct(staff, a);
  return a;
}

const target = (appointmentId: string) => `appointments/${appointmentId}`;

/** GET /staff/appointments/{id}: the record, the account's contact and its refunds; the read is audited. */
export async function staffAppointment(staff: Staff, appointmentId: string): Promise<StaffAppointmentDetail> {
  const a = await visibleAppointment(staff, appointmentId);
  const [patient, refunds, visit] = await Promise.all([
    patientRef(a.patientId).get(),
    refundsOfRecord(appointmentId),
    isVirtualVisit(a) ? visitRef(appointmentId).get() : undefined,
  ]);
  await writeAudit({
    actorUid: staff.uid,
    actorRole: staff.role,
    action: 'appointment.read',
    target: target(appointmentId),
    patientIds: [a.patientId],
  });
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
  await writeAudit({
    actorUid: staff.uid,
    actorRole: staff.role,
    action: 'appointment.file.read',
    target: target(appointmentId),
    patientIds: [a.patientId],
  });
  const contentType = String(snap.get('contentType'));
  return {
    name: prescriptionFileName(a.appointmentFileName, contentType),
    contentType,
    bytes: Buffer.from(String(snap.get('base64')), 'base64'),
  };
}

/** The fields each action records (the spec's names where it has them). */
function changeFor(action: StaffAction, staff: Staff, input: ActionInput, now: string): Record<string, unknown> {
  switch (action) {
    case 'accept':
      return { acceptbyDoctor: true, acceptedDate: now, acceptedBy: staff.uid };
    case 'decline':
      return { declineByDoctor: true, declineReason: input.reason, declinedDate: now, declinedBy: staff.uid };
    case 'check-in':
      return { checkedInAt: now, checkedInBy: staff.uid };
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
  const email = NOTIFIED_ACTIONS.includes(action) ? await accountEmail(before.patientId) : undefined;
  return runTransaction((tx) => actInTransaction(tx, staff, appointmentId, action, input, email));
}

/**
 * The action inside the caller's transaction (the visit's admit checks the appointment in
 * with the room's own change). It reads before it writes; a caller that reads too must do so
 * before calling it. `email`: the account's address, for the notices of NOTIFIED_ACTIONS.
 */
export async function actInTransaction(
  tx: Transaction,
  staff: Staff,
  appointmentId: string,
  action: StaffAction,
  input: ActionInput,
  email?: string,
): Promise<Appointment> {
  const ref = appointmentRef(appointmentId);
  const snap = await tx.get(ref);
  if (!snap.exists || snap.get('appointmentStatus') === DELETED) throw notFound(NOT_FOUND);
  const a = snap.data()!;
  assertMayAct(staff, a);
  const to = nextState(a.appointmentStatus, action);
  if (!to) throw conflict(notAllowedMessage(a.appointmentStatus, action));
  const ends = action === 'decline' || action === 'cancel';
  const slot = ends ? await heldSlot(tx, a) : undefined;
  const paid = ends && a.paymentStatus === 'Paid' && a.consultationFee > 0;
  const refund = paid ? refundRef(a.clientReference, a.transactionId ?? '') : undefined;
  const refundExists = refund ? (await tx.get(refund)).exists : false;
  const visit = endsRoom(to) ? await readVisit(tx, appointmentId) : undefined;

  const now = new Date();
  const change = { appointmentStatus: to, ...changeFor(action, staff, input, ghanaTimestamp(now)) };
  tx.update(ref, change);
  if (slot) tx.delete(slot);
  if (ends) releaseAvailability(tx, a);
  if (ends) releaseBenefit(tx, a);
  await writeAudit(
    {
      actorUid: staff.uid,
      actorRole: staff.role,
      action: `appointment.${action}`,
      target: target(appointmentId),
      patientIds: [a.patientId],
    },
    tx,
  );
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
      `The clinic ${ACTION_DONE[action]} your appointment (${a.requestedService}, ${a.requestedDay}${a.requestedTime ? ` at ${a.requestedTime}` : ''}), so nothing is charged.`,
    );
  }
  if (NOTIFIED_ACTIONS.includes(action))
    await notifyPatient(a.patientId, appointmentStateChanged({ ...a, ...change } as Appointment, action, input.reason), { tx });
  return { ...a, ...change } as Appointment;
}
