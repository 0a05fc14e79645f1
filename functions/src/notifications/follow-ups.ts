import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { publicSiteUrl } from '../config';
import { followUpBookingPath } from '../api/record';
import { appointmentRef, type StoredAppointment } from '../store/appointments';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import { reminderRef } from '../store/reminders';
import { runTransaction } from '../store/transaction';
import { notifyPatient } from './notify';
import { followUpReminder } from './templates';

/**
 * The reminder of a follow-up the doctor suggested at a visit (docs/record.md), sent by the
 * reminders job (index.ts appointmentReminders) once, ever: a transaction creates
 * reminders/{appointmentId}_follow-up and queues the SMS and e-mail together. One query on
 * `followUp.remindAt` (a single-field index) finds what is due; a reminder missed for more
 * than MISSED_AFTER_DAYS is not sent late. The patient's reminder opt-outs apply.
 */

const KIND = 'follow-up';
const MISSED_AFTER_DAYS = 7;
const DAY_MS = 86_400_000;

export interface FollowUpRunResult {
  looked: number;
  sent: number;
  skipped: number;
  failed: number;
}

const dueBetween = (from: Date, to: Date, pageSize: number) =>
  db()
    .collection(COLLECTIONS.appointments)
    .where('followUp.remindAt', '>', Timestamp.fromDate(from))
    .where('followUp.remindAt', '<=', Timestamp.fromDate(to))
    .orderBy('followUp.remindAt')
    .limit(pageSize);

/** A link that opens the booking form for the same service (and doctor). */
export const followUpLink = (a: Pick<StoredAppointment, 'requestedServiceId' | 'doctorId'>) =>
  `${publicSiteUrl()}${followUpBookingPath(a)}`;

async function remindOnce(appointmentId: string, now: Date): Promise<boolean> {
  return runTransaction(async (tx) => {
    const [snap, record] = await Promise.all([tx.get(appointmentRef(appointmentId)), tx.get(reminderRef(appointmentId, KIND))]);
    const a = snap.data();
    if (record.exists || !a?.followUp || new Date(a.followUp.remindAt) > now) return false;
    // An erased account keeps its record under an erased id: nobody is left to remind.
    if (a.patientId.startsWith('erased-')) return false;
    tx.create(record.ref, { appointmentId, kind: KIND, sentAt: Timestamp.fromDate(now), dueDate: a.followUp.dueDate });
    const notice = followUpReminder({ ...a, dueDate: a.followUp.dueDate, note: a.followUp.note, link: followUpLink(a) });
    await notifyPatient(a.patientId, notice, { tx, kind: 'reminder' });
    return true;
  });
}

/** One run: every follow-up reminder due in the last MISSED_AFTER_DAYS and not yet sent, a page at a time, within the deadline. */
export async function sendDueFollowUps({
  now = new Date(),
  deadline = Date.now() + 60_000,
  pageSize = 200,
}: { now?: Date; deadline?: number; pageSize?: number } = {}): Promise<FollowUpRunResult> {
  const result: FollowUpRunResult = { looked: 0, sent: 0, skipped: 0, failed: 0 };
  let query = dueBetween(new Date(now.getTime() - MISSED_AFTER_DAYS * DAY_MS), now, pageSize);
  for (;;) {
    if (Date.now() >= deadline) return result;
    const snap = await query.get();
    result.looked += snap.size;
    for (const doc of snap.docs) {
      if (Date.now() >= deadline) return result;
      try {
        if (await remindOnce(doc.id, now)) result.sent++;
        else result.skipped++;
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        // Another run sent it at the same moment: its record won.
        if (code === 6 || code === 10) result.skipped++;
        else {
          result.failed++;
          logger.error('follow-up reminder failed', { appointmentId: doc.id, error: String(err) });
        }
      }
    }
    if (snap.size < pageSize) return result;
    query = query.startAfter(snap.docs[snap.size - 1]);
  }
}
