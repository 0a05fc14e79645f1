import type { Transaction } from 'firebase-admin/firestore';
import type { StaffAppointmentRow } from '../api/staff';
import type { Appointment } from '../api/types';
import { isVirtualVisit, type StaffVisitMark, type Visit } from '../api/visits';
import { writeAudit, type AuditRecord } from '../store/staff';
import { visitRef, visitsOf } from '../store/visits';

/**
 * The parts of a visit's record the staff side needs (services/staff-appointments.ts): ending
 * the room when the appointment is completed, cancelled or marked a no-show, and the state the
 * console shows. Apart from services/visits.ts, which checks appointments in through the staff
 * lifecycle, so neither imports the other in a circle.
 */

/** Actions after which the room closes: the rules stop admitting signals and chat, join answers 409. */
export const ENDS_VISIT = ['complete', 'cancel', 'no-show'] as const;

export const visitTarget = (appointmentId: string) => `visits/${appointmentId}`;

/** Drops undefined fields (Firestore refuses them); the record's optional fields are absent instead. */
export const compact = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The visit of an appointment inside a transaction (a read: call it before the transaction's writes). */
export const readVisit = async (tx: Transaction, appointmentId: string): Promise<Visit | undefined> =>
  (await tx.get(visitRef(appointmentId))).data();

/** The record once ended: state Ended, endedAt, and the duration from its start (none when it never started). */
export function endedVisit(visit: Visit, byUid: string, now: Date): Visit {
  const endedAt = now.toISOString();
  const durationSeconds = visit.startedAt
    ? Math.max(0, Math.round((now.getTime() - Date.parse(visit.startedAt)) / 1000))
    : undefined;
  return compact({ ...visit, state: 'Ended', endedAt, durationSeconds, endedBy: byUid, waitingSince: undefined });
}

/** Ends a visit in the transaction (after its reads) and logs it. */
export async function endVisit(tx: Transaction, visit: Visit, actor: Omit<AuditRecord, 'action' | 'target'>, now: Date) {
  tx.set(visitRef(visit.appointmentId), endedVisit(visit, actor.actorUid, now));
  await writeAudit({ ...actor, action: 'visit.end', target: visitTarget(visit.appointmentId) }, tx);
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
