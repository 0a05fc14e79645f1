import { COLLECTIONS } from './collections';
import { db } from './firebase';

/**
 * That one reminder of an appointment was sent, `{ appointmentId, kind, sentAt, startsAt }`
 * (startsAt: the start it announced): its id is `${appointmentId}_${kind}`, so create() admits one, ever.
 */
export const reminderRef = (appointmentId: string, kind: string) =>
  db().collection(COLLECTIONS.reminders).doc(`${appointmentId}_${kind}`);

/** Which of these reminders exist already, in one round trip. */
export async function existingReminders(refs: ReturnType<typeof reminderRef>[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const snaps = await db().getAll(...refs);
  return new Set(snaps.filter((s) => s.exists).map((s) => s.id));
}
