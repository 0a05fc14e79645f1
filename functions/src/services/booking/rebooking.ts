import type { Transaction } from 'firebase-admin/firestore';
import { todayInGhana } from '../../api/booking-request';
import type { AffectedAppointment } from '../../api/front-desk';
import type { DoctorSchedule } from '../../api/scheduling';
import { conflict } from '../../http/errors';
import { notifyPatient } from '../../notifications/notify';
import { needsRebooking } from '../../notifications/templates';
import { appointmentRef, bookedBetween, type StoredAppointment } from '../../store/appointments';
import type { Shown } from '../shared/staff-access';

/**
 * Appointments a closure or a doctor's time off leaves without their time (docs/front-desk.md):
 * found in the transaction that would save the closure or the schedule, answered first as a
 * 409 with data.affected, and, once confirmed, marked needsRebooking with the patient told.
 * The desk's list (GET /staff/appointments?needsRebooking=true) holds them until they are
 * rescheduled (which clears the flag) or ended.
 */

const plusMinutes = (dayTime: string, minutes: number) =>
  new Date(Date.parse(`${dayTime}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

/** Not flagged already, and not over. */
const stillToRebook = (a: StoredAppointment, now: Date) =>
  !a.needsRebooking && `${a.requestedDay}T${a.requestedTime ?? '23:59'}` >= now.toISOString().slice(0, 16);

/** The booked appointments of a day about to close. */
export async function affectedByClosure(tx: Transaction, day: string, now = new Date()): Promise<StoredAppointment[]> {
  const snap = await tx.get(bookedBetween(day, day));
  return snap.docs.map((d) => d.data()).filter((a) => a.appointmentStatus !== 'Deleted' && stillToRebook(a, now));
}

/** The doctor's booked appointments whose slot overlaps the schedule's time off. */
export async function affectedByTimeOff(
  tx: Transaction,
  doctorId: string,
  schedule: DoctorSchedule,
  now = new Date(),
): Promise<StoredAppointment[]> {
  const ahead = schedule.timeOff.filter((off) => off.to > now.toISOString().slice(0, 16));
  if (!ahead.length) return [];
  const today = todayInGhana(now);
  const from = ahead.map((o) => o.from.slice(0, 10)).reduce((a, b) => (a < b ? a : b));
  const to = ahead.map((o) => o.to.slice(0, 10)).reduce((a, b) => (a > b ? a : b));
  const snap = await tx.get(bookedBetween(from < today ? today : from, to, doctorId));
  return snap.docs
    .map((d) => d.data())
    .filter((a) => {
      if (!a.requestedTime || !stillToRebook(a, now)) return false;
      const start = `${a.requestedDay}T${a.requestedTime}`;
      const end = plusMinutes(start, schedule.slotMinutes);
      return ahead.some((off) => start < off.to && end > off.from);
    });
}

/** What the 409 lists of each: enough for the desk to decide (who, when, paid or not). */
export const affectedView = (a: StoredAppointment): AffectedAppointment => ({
  appointmentId: a.appointmentId,
  patientName: `${a.firstName} ${a.lastName}`.trim(),
  requestedService: a.requestedService,
  requestedDay: a.requestedDay,
  requestedTime: a.requestedTime,
  appointmentStatus: a.appointmentStatus,
  paid: a.paymentStatus === 'Paid',
});

/** Unless confirmed: 409 with data.affected, and nothing saved. */
export function refuseUnlessConfirmed(affected: StoredAppointment[], confirm: boolean | undefined, where: string): void {
  if (!affected.length || confirm) return;
  const n = affected.length;
  throw conflict(
    `${n} booked appointment${n === 1 ? ' is' : 's are'} ${where}. Send confirm: true to save anyway: ` +
      `${n === 1 ? 'it is' : 'they are'} then marked for rebooking and the patient${n === 1 ? ' is' : 's are'} told.`,
    { affected: affected.map(affectedView) },
  );
}

/** What the saving change's one audit entry names: the patients and appointments it sent to rebooking. */
export const rebookingShown = (affected: StoredAppointment[]): Shown =>
  affected.length ? { patientIds: affected.map((a) => a.patientId), recordIds: affected.map((a) => a.appointmentId) } : {};

/**
 * In the saving transaction, after its reads: each appointment is marked needsRebooking with
 * why and its patient told (SMS and e-mail: the clinic will call; a paid one keeps its payment
 * or is refunded in full). The closure's or schedule's own audit entry names them (rebookingShown).
 */
export async function flagForRebooking(tx: Transaction, affected: StoredAppointment[], why: string): Promise<void> {
  const at = new Date().toISOString();
  for (const a of affected) {
    tx.update(appointmentRef(a.appointmentId), { needsRebooking: true, needsRebookingReason: why, needsRebookingAt: at });
    await notifyPatient(a.patientId, needsRebooking(a, why), { tx });
  }
}
