import type { Transaction } from 'firebase-admin/firestore';
import type { StaffAppointmentRow } from '../../api/staff';
import type { Appointment } from '../../api/types';
import {
  DEFAULT_VISIT_SLOT_MINUTES,
  ROOM_STATES,
  isVirtualVisit,
  visitWindow,
  type StaffVisitMark,
  type Visit,
  type VisitEndedAs,
} from '../../api/visits';
import { scheduleRef } from '../../store/schedules';
import { writeAudit, type AuditRecord } from '../../store/staff';
import { visitRef, visitsOf } from '../../store/visits';

/**
 * The parts of a visit's record that the appointment's other changes need: ending the room
 * when the appointment leaves ROOM_STATES (services/booking/staff-appointments.ts, the patient's cancel
 * in services/booking/cancel-and-delete.ts), moving its window with a reschedule (services/booking/rescheduling.ts),
 * and the state the console shows. Who hosts, and the room following the roster: host.ts.
 * Booking and staff call down into it; nothing here calls up into them.
 */

/**
 * Whether an appointment moving to `state` ends its room (the rules then stop admitting
 * signals and chat, and join answers 409): anything but Accepted and CheckedIn.
 */
export const endsRoom = (state: string): boolean => !ROOM_STATES.includes(state);

export const visitTarget = (appointmentId: string) => `visits/${appointmentId}`;

/** Drops undefined fields (Firestore refuses them); the record's optional fields are absent instead. */
export const compact = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The visit of an appointment inside a transaction (a read: call it before the transaction's writes). */
export const readVisit = async (tx: Transaction, appointmentId: string): Promise<Visit | undefined> =>
  (await tx.get(visitRef(appointmentId))).data();

/** The record once ended: state Ended, endedAt, how, and the duration from its start (none when it never started). */
export function endedVisit(visit: Visit, byUid: string, endedAs: VisitEndedAs, now: Date): Visit {
  const endedAt = now.toISOString();
  const durationSeconds = visit.startedAt
    ? Math.max(0, Math.round((now.getTime() - Date.parse(visit.startedAt)) / 1000))
    : undefined;
  return compact({ ...visit, state: 'Ended', endedAt, durationSeconds, endedBy: byUid, endedAs, waitingSince: undefined });
}

type Actor = Omit<AuditRecord, 'action' | 'target'>;

/** Ends a visit that is not ended yet, in the transaction (after its reads), and logs it. */
export async function endVisit(tx: Transaction, visit: Visit | undefined, actor: Actor, endedAs: VisitEndedAs, now: Date) {
  if (!visit || visit.state === 'Ended') return;
  tx.set(visitRef(visit.appointmentId), endedVisit(visit, actor.actorUid, endedAs, now));
  await writeAudit({ ...actor, action: 'visit.end', target: visitTarget(visit.appointmentId) }, tx);
}

type Timed = Pick<Appointment, 'doctorId' | 'requestedDay' | 'requestedTime'>;

/** When the appointment's room is open: its doctor's slot length (their schedule), else the default, plus the margins. */
export async function roomWindow(a: Timed) {
  const slotMinutes = a.doctorId ? (await scheduleRef(a.doctorId).get()).data()?.slotMinutes : undefined;
  return visitWindow(a, slotMinutes ?? DEFAULT_VISIT_SLOT_MINUTES);
}

/**
 * A rescheduled appointment's room (in the transaction, after its reads): it opens at the new
 * time, and nobody is in it until then (a waiting patient no longer waits; the rules refuse
 * both sides' signals until the new window). What happened so far stays in the record.
 */
export async function moveVisit(tx: Transaction, visit: Visit | undefined, to: Timed, actor: Actor) {
  if (!visit || visit.state === 'Ended') return;
  const window = await roomWindow(to);
  tx.set(
    visitRef(visit.appointmentId),
    compact({
      ...visit,
      state: 'Open' as const,
      waitingSince: undefined,
      opensAt: window.opensAt.toISOString(),
      closesAt: window.closesAt.toISOString(),
    }),
  );
  await writeAudit({ ...actor, action: 'visit.move', target: visitTarget(visit.appointmentId) }, tx);
}

/** What the day list says about a room: its state (null until opened), who waits since when, the mode. */
export const visitMark = (visit: Visit | undefined): StaffVisitMark =>
  visit ? compact({ state: visit.state, waitingSince: visit.waitingSince, mode: visit.mode }) : { state: null };

/** The day list's rows, each virtual one with its room's state (one read for the page's visits). */
export async function withVisitMarks(rows: Appointment[]): Promise<StaffAppointmentRow[]> {
  const virtual = rows.filter(isVirtualVisit).map((a) => a.appointmentId);
  const visits = await visitsOf(virtual);
  return rows.map((a) => (isVirtualVisit(a) ? { ...a, visit: visitMark(visits.get(a.appointmentId)) } : a));
}
