import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { type Appointment, APPOINTMENT_STATUS, PAYMENT_STATUS } from '../api/types';
import { isVirtualVisit, visitPagePath } from '../api/visits';
import { publicSiteUrl } from '../config';
import { appointmentRef, appointmentsStartingBetween, type StoredAppointment } from '../store/appointments';
import { existingReminders, reminderRef } from '../store/reminders';
import { runTransaction } from '../store/transaction';
import { notifyPatient } from './notify';
import { appointmentReminder, type ReminderKind } from './templates';
import { hasCode } from '../store/error-codes';

/**
 * Reminders 24 hours and 2 hours before an accepted (or paid) appointment, and 10 minutes
 * before a video visit that will open (docs/notifications.md; a video visit's reminders
 * carry its join link), run every 5 minutes. One indexed query finds every appointment
 * starting in the next 24 hours; each reminder is sent once, ever: a transaction creates
 * reminders/{appointmentId}_{kind} and queues its notices together, so a second run (or two
 * at once) finds the record and sends nothing. Reminders obey the patient's opt-outs.
 */

const MINUTE_MS = 60_000;
export const REMINDER_MINUTES: Record<ReminderKind, number> = { '24h': 24 * 60, '2h': 2 * 60, '10m': 10 };

/**
 * The reminder due now: the nearest one whose window the appointment is in. The 10-minute one
 * only for a video visit whose room will open (`visit`); others keep their 2-hour one.
 */
export function reminderDue(startsAt: Date, now: Date, { visit = false } = {}): ReminderKind | undefined {
  const ahead = startsAt.getTime() - now.getTime();
  if (ahead <= 0) return undefined;
  if (visit && ahead <= REMINDER_MINUTES['10m'] * MINUTE_MS) return '10m';
  if (ahead <= REMINDER_MINUTES['2h'] * MINUTE_MS) return '2h';
  if (ahead <= REMINDER_MINUTES['24h'] * MINUTE_MS) return '24h';
  return undefined;
}

/** Accepted, or still Pending but paid: the patient is expected. */
export const isRemindable = (a: Pick<Appointment, 'appointmentStatus' | 'paymentStatus'>): boolean =>
  a.appointmentStatus === APPOINTMENT_STATUS.Accepted ||
  (a.appointmentStatus === APPOINTMENT_STATUS.Pending && a.paymentStatus === PAYMENT_STATUS.Paid);

/** A video visit whose room will let the patient in (services/visits/visits.ts): accepted, and paid or covered. */
const visitWillOpen = (a: Appointment): boolean =>
  isVirtualVisit(a) &&
  a.appointmentStatus === APPOINTMENT_STATUS.Accepted &&
  (a.paymentStatus === PAYMENT_STATUS.Paid || Boolean(a.coveredBy));

const dueFor = (a: StoredAppointment, now: Date) => reminderDue(new Date(a.startsAt!), now, { visit: visitWillOpen(a) });

/** The page both sides of a video visit open (the site's /visit/:appointmentId). */
export const visitLink = (appointmentId: string) => `${publicSiteUrl()}${visitPagePath(appointmentId)}`;

export interface ReminderRunOptions {
  now?: Date;
  /** Start no new transaction after this (ms since the epoch). */
  deadline?: number;
  pageSize?: number;
  concurrency?: number;
}

export interface ReminderRunResult {
  looked: number;
  sent: number;
  /** Sent before (the record exists), or no longer due when read again. */
  skipped: number;
  failed: number;
  complete: boolean;
}

/** Sends one reminder if it was never sent and the appointment still wants it, in one transaction. */
async function remindOnce(id: string, kind: ReminderKind, now: Date): Promise<boolean> {
  return runTransaction(async (tx) => {
    const [snap, record] = await Promise.all([tx.get(appointmentRef(id)), tx.get(reminderRef(id, kind))]);
    const a = snap.data() as StoredAppointment | undefined;
    if (record.exists || !a?.startsAt || !isRemindable(a)) return false;
    if (dueFor(a, now) !== kind) return false; // moved (or changed) since the query
    tx.create(record.ref, {
      appointmentId: id,
      kind,
      sentAt: Timestamp.fromDate(now),
      startsAt: Timestamp.fromDate(new Date(a.startsAt)),
    });
    const link = isVirtualVisit(a) ? visitLink(a.appointmentId) : undefined;
    await notifyPatient(a.patientId, appointmentReminder(a, kind, link, now), { tx, kind: 'reminder' });
    return true;
  });
}

/** One run: every due reminder not yet sent, a page (200) at a time, a few transactions at once, within the time budget. */
export async function sendDueReminders(options: ReminderRunOptions = {}): Promise<ReminderRunResult> {
  const { now = new Date(), deadline = Date.now() + 60_000, pageSize = 200, concurrency = 8 } = options;
  const result: ReminderRunResult = { looked: 0, sent: 0, skipped: 0, failed: 0, complete: true };
  const overdue = () => Date.now() >= deadline;
  let query = appointmentsStartingBetween(now, new Date(now.getTime() + REMINDER_MINUTES['24h'] * MINUTE_MS), pageSize);
  for (;;) {
    if (overdue()) return { ...result, complete: false };
    const snap = await query.get();
    result.looked += snap.size;
    const due = snap.docs
      .map((d) => d.data())
      .filter(isRemindable)
      .map((a) => ({ id: a.appointmentId, kind: dueFor(a, now) }))
      .filter((r): r is { id: string; kind: ReminderKind } => r.kind !== undefined);
    // Reminders sent in earlier runs are left out with one read, not a transaction each.
    const sent = await existingReminders(due.map((r) => reminderRef(r.id, r.kind)));
    const todo = due.filter((r) => !sent.has(`${r.id}_${r.kind}`));
    result.skipped += due.length - todo.length;
    for (let i = 0; i < todo.length; i += concurrency) {
      if (overdue()) return { ...result, complete: false };
      await Promise.all(
        todo.slice(i, i + concurrency).map(async ({ id, kind }) => {
          try {
            if (await remindOnce(id, kind, now)) result.sent++;
            else result.skipped++;
          } catch (err) {
            // Another run sent it at the same moment: its record won.
            if (hasCode(err, 'ALREADY_EXISTS', 'ABORTED')) result.skipped++;
            else {
              result.failed++;
              logger.error('reminder failed', { appointmentId: id, kind, error: String(err) });
            }
          }
        }),
      );
    }
    if (snap.size < pageSize) return result;
    query = query.startAfter(snap.docs[snap.size - 1]);
  }
}
