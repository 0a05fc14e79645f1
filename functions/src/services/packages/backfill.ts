import { Timestamp, type DocumentData, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../store/collections';
import { plainValue, storedTime } from '../../store/converter';
import { startsAtOf } from '../../store/appointments';
import type { StoredSubscription } from '../../store/subscriptions';
import { byDocumentId } from '../../store/pages';
import { writeBatch } from '../../store/transaction';
import { periodOf } from './subscriptions';

/**
 * One-off upgrade of records written before the scheduled jobs existed (`npm run backfill`):
 * appointments get startsAt (the reminder query's field), subscriptions status, periodStart,
 * periodEnd and renews (the subscription calendar's). Only documents missing a field are
 * written, so a second run changes nothing. Firestore cannot query for a missing field, so
 * each collection is read whole, a page at a time by document id.
 */

export interface BackfillCounts {
  looked: number;
  updated: number;
}

export interface BackfillResult {
  appointments: BackfillCounts;
  subscriptions: BackfillCounts;
}

export interface BackfillOptions {
  now?: Date;
  pageSize?: number;
}

/** The fields a document lacks, or undefined when it has them all (or cannot get them). */
type Missing = (data: DocumentData, now: Date) => DocumentData | undefined;

async function backfillCollection(collection: string, missing: Missing, now: Date, pageSize: number): Promise<BackfillCounts> {
  const counts: BackfillCounts = { looked: 0, updated: 0 };
  const base = byDocumentId(collection, pageSize);
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const snap = await (last ? base.startAfter(last) : base).get();
    counts.looked += snap.size;
    const batch = writeBatch();
    let writes = 0;
    for (const doc of snap.docs) {
      const fields = missing(doc.data(), now);
      if (!fields) continue;
      // Written with the time it was read at: a document changed meanwhile is not overwritten.
      batch.update(doc.ref, fields, { lastUpdateTime: doc.updateTime });
      writes++;
    }
    if (writes) await batch.commit();
    counts.updated += writes;
    if (snap.size < pageSize) return counts;
    last = snap.docs[snap.size - 1];
  }
}

/** startsAt from requestedDay and requestedTime; an appointment without a time gets none (and no reminders). */
const appointmentFields: Missing = (data) => {
  if (data.startsAt) return undefined;
  const startsAt = startsAtOf(data);
  return startsAt ? { startsAt: Timestamp.fromDate(startsAt) } : undefined;
};

/**
 * The period as periodOf reads an older document (status by its payment, startDate/endDate),
 * stored. A paid period already over is written Expired (not left for the calendar job, which
 * would tell the patient about a package that ended long ago).
 */
const subscriptionFields: Missing = (raw, now) => {
  if (raw.status && raw.periodStart && raw.periodEnd && raw.renews !== undefined) return undefined;
  const data = plainValue(raw) as StoredSubscription;
  const { status, periodStart, periodEnd } = periodOf(data);
  const over = status !== 'Pending' && !!periodEnd && Date.parse(periodEnd) <= now.getTime();
  const fields: DocumentData = {};
  if (!raw.status) fields.status = over && status === 'Active' ? 'Expired' : status;
  if (!raw.periodStart && periodStart) fields.periodStart = storedTime(periodStart);
  if (!raw.periodEnd && periodEnd) fields.periodEnd = storedTime(periodEnd);
  if (raw.renews === undefined) fields.renews = fields.status !== 'Expired';
  if (fields.status === 'Expired') Object.assign(fields, { isActive: false, expiredAt: storedTime(periodEnd!) });
  return Object.keys(fields).length ? fields : undefined;
};

/** Runs both backfills and answers what each looked at and changed. */
export async function runBackfill(options: BackfillOptions = {}): Promise<BackfillResult> {
  const { now = new Date(), pageSize = 300 } = options;
  return {
    appointments: await backfillCollection(COLLECTIONS.appointments, appointmentFields, now, pageSize),
    subscriptions: await backfillCollection(COLLECTIONS.subscriptions, subscriptionFields, now, pageSize),
  };
}
