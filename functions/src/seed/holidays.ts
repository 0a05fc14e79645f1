import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../store/collections';
import { GHANA_HOLIDAYS, HOLIDAY_HORIZON_DAYS, type PublicHoliday } from './ghana-holidays';

const ALREADY_EXISTS = 6;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Closes the public holidays of the next HOLIDAY_HORIZON_DAYS (seed/ghana-holidays.ts), only
 * where the day has no closure yet: running it again keeps what an admin changed. A holiday an
 * admin removed comes back if this runs again (npm start runs it each time locally). Answers how
 * many it created.
 */
export async function seedHolidays(
  db: Firestore,
  now = new Date(),
  holidays: readonly PublicHoliday[] = GHANA_HOLIDAYS,
): Promise<number> {
  const from = dayOf(now.getTime());
  const to = dayOf(now.getTime() + HOLIDAY_HORIZON_DAYS * 86_400_000);
  const due = holidays.filter((h) => h.day >= from && h.day <= to);
  const results = await Promise.allSettled(
    due.map((h) =>
      db
        .collection(COLLECTIONS.closures)
        .doc(h.day)
        .create({ day: h.day, reason: h.name, source: 'holiday', updatedAt: Timestamp.fromDate(now), updatedBy: 'seed' }),
    ),
  );
  const failed = results.find(
    (r): r is PromiseRejectedResult => r.status === 'rejected' && (r.reason as { code?: unknown }).code !== ALREADY_EXISTS,
  );
  if (failed) throw failed.reason;
  return results.filter((r) => r.status === 'fulfilled').length;
}
