import type { Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { publicSiteUrl } from '../../config';
import { RENEWAL_REMINDER_DAYS } from '../../api/policy';
import { daysMs, SUBSCRIPTION_STATUS, type SubscriptionStatus } from '../../api/subscriptions-contract';
import type { Package } from '../../api/types';
import { renewalReminder, subscriptionExpired } from '../../notifications/templates/subscriptions';
import { notifyPatient } from '../../notifications/notify';
import { storedTime } from '../../store/converter';
import { noticeRecordRef, subscriptionRef, subscriptionsEndingBetween, type StoredSubscription } from '../../store/subscriptions';
import { runTransaction } from '../../store/transaction';
import { listPackages } from '../public/catalog';
import { periodOf } from './subscriptions';
import { FREE_PACKAGE_AMOUNT } from '../../api/prices';
import { mandateRef } from '../../store/mandates';
import { stillCharging } from './mandate-view';

/**
 * The scheduled side of packages (docs/packages.md): periods that ended
 * become Expired (the patient is told), and renewal reminders go out RENEWAL_REMINDER_DAYS
 * before periodEnd. Each notice is sent once ever: its record (subscriptionNotices/
 * {subscriptionId}_{periodEnd}_{kind}) is created in the transaction that queues it.
 * One indexed query per kind (status + periodEnd), in bounded batches, stopping at the deadline.
 */

/** Where Renew is: the patient's profile. */
export const renewLink = () => `${publicSiteUrl()}/dashboard/profile`;

const ENDING: readonly SubscriptionStatus[] = ['Trial', 'Active', 'Cancelled'];
/** A cancelled package will not renew: no reminder. */
const RENEWING: readonly SubscriptionStatus[] = ['Trial', 'Active'];

export interface CalendarOptions {
  now?: Date;
  deadline?: number;
  batchSize?: number;
  /**
   * These subscriptions only: tests share one emulator, and a run with its clock moved days on
   * would expire or remind other tests' subscriptions (as runDirectDebits' `only`).
   */
  only?: string[];
}

export interface CalendarResult {
  expired: number;
  reminded: number;
  /** False when the deadline stopped it (the next run goes on). */
  complete: boolean;
}

type Handler = (id: string, data: StoredSubscription) => Promise<boolean>;

/** Every subscription the query finds, a batch at a time, by a cursor (handled ones may drop out of the query). */
async function eachEnding(
  statuses: readonly SubscriptionStatus[],
  from: Date,
  to: Date,
  batchSize: number,
  overdue: () => boolean,
  handle: Handler,
): Promise<{ done: number; complete: boolean }> {
  let done = 0;
  let query = subscriptionsEndingBetween(statuses, from, to, batchSize);
  for (;;) {
    if (overdue()) return { done, complete: false };
    const snap = await query.get();
    for (const doc of snap.docs) {
      if (overdue()) return { done, complete: false };
      try {
        if (await handle(doc.id, doc.data())) done++;
      } catch (err) {
        logger.error('subscription notice failed', { subscriptionId: doc.id, error: String(err) });
      }
    }
    if (snap.size < batchSize) return { done, complete: true };
    query = query.startAfter(snap.docs[snap.size - 1]);
  }
}

/**
 * Runs a notice's step on the subscription read again in a transaction (a renewal paid
 * meanwhile moved periodEnd on); false when the subscription is gone.
 */
const readAgain = (
  id: string,
  step: (
    tx: Transaction,
    ref: ReturnType<typeof subscriptionRef>,
    data: StoredSubscription,
    period: ReturnType<typeof periodOf>,
  ) => Promise<boolean>,
): Promise<boolean> =>
  runTransaction(async (tx) => {
    const ref = subscriptionRef(id);
    const data = (await tx.get(ref)).data();
    return data ? step(tx, ref, data, periodOf(data)) : false;
  });

/** Ended: Expired, isActive false, no renewal; the patient is told once. */
function expire(now: Date): Handler {
  return (id) =>
    readAgain(id, async (tx, ref, data, { status, periodEnd }) => {
      if (!ENDING.includes(status) || !periodEnd || Date.parse(periodEnd) > now.getTime()) return false;
      // A direct debit still charging (a failed charge is retried for a few days) decides first.
      if (stillCharging((await tx.get(mandateRef(id))).data(), periodEnd, now)) return false;
      const record = noticeRecordRef(id, periodEnd, 'expired');
      const told = (await tx.get(record)).exists;
      tx.update(ref, { status: SUBSCRIPTION_STATUS.Expired, isActive: false, renews: false, expiredAt: storedTime(now) });
      if (!told) {
        tx.create(record, { subscriptionId: id, kind: 'expired', periodEnd: storedTime(periodEnd), at: storedTime(now) });
        await notifyPatient(
          data.patientId,
          subscriptionExpired({ packageTitle: data.packageTitle, periodEnd, link: renewLink() }),
          {
            tx,
            kind: 'confirmation',
          },
        );
      }
      return true;
    });
}

/** A reminder `days` before periodEnd, once per subscription and period. */
function remind(days: number, now: Date, packages: Map<string, Package>): Handler {
  const kind = `reminder-${days}d`;
  return (id) =>
    readAgain(id, async (tx, _ref, data, { status, periodEnd }) => {
      if (!RENEWING.includes(status) || data.renews === false || !periodEnd || Date.parse(periodEnd) <= now.getTime())
        return false;
      const record = noticeRecordRef(id, periodEnd, kind);
      if ((await tx.get(record)).exists) return false;
      const price = packages.get(data.packageId)?.packagePrice;
      const amount = data.trial || price === 'Free' ? FREE_PACKAGE_AMOUNT : typeof price === 'number' ? price : undefined;
      tx.create(record, { subscriptionId: id, kind, periodEnd: storedTime(periodEnd), at: storedTime(now) });
      await notifyPatient(
        data.patientId,
        renewalReminder({ packageTitle: data.packageTitle, periodEnd, daysBefore: days, amount, link: renewLink() }),
        { tx, kind: 'reminder' },
      );
      return true;
    });
}

/**
 * One run: expiry first, then each reminder. A reminder's window reaches from the next
 * smaller reminder's to its own (5 days: periodEnd 1 to 5 days ahead), so a late run never
 * sends the 5-day reminder on the last day.
 */
export async function runSubscriptionCalendar(options: CalendarOptions = {}): Promise<CalendarResult> {
  const { now = new Date(), deadline = Date.now() + 60_000, batchSize = 100, only } = options;
  const overdue = () => Date.now() >= deadline;
  const mine = (handle: Handler): Handler =>
    only ? (id, data) => (only.includes(id) ? handle(id, data) : Promise.resolve(false)) : handle;
  const expiry = await eachEnding(ENDING, new Date(0), new Date(now.getTime() + 1), batchSize, overdue, mine(expire(now)));
  const packages = new Map((await listPackages()).map((p) => [p.id, p]));
  const days = [...RENEWAL_REMINDER_DAYS].sort((a, b) => a - b);
  let reminded = 0;
  let complete = expiry.complete;
  for (const [i, d] of days.entries()) {
    const from = new Date(now.getTime() + (i === 0 ? 0 : daysMs(days[i - 1])) + 1);
    const to = new Date(now.getTime() + daysMs(d) + 1);
    const run = await eachEnding(RENEWING, from, to, batchSize, overdue, mine(remind(d, now, packages)));
    reminded += run.done;
    complete &&= run.complete;
  }
  return { expired: expiry.done, reminded, complete };
}
