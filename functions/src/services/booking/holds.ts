import { logger } from 'firebase-functions';
import { unpaidHoldEndsAt } from '../../api/policy';
import { appointmentRef, doctorSlotRef, unpaidPendingAppointments, type StoredAppointment } from '../../store/appointments';
import { storedTime } from '../../store/converter';
import { runTransaction } from '../../store/transaction';
import { notifyPatient } from '../../notifications/notify';
import { shortcodeFor } from '../../config';
import { appointmentExpired } from '../../notifications/templates';
import { eachConcurrently } from '../payments/concurrency';
import { paymentBeforeRemoval } from '../payments/recheck';
import { releaseAvailability } from './scheduling';
import { APPOINTMENT_STATUS, PAYMENT_STATUS } from '../../api/types';

/**
 * The hold of an Unpaid appointment of a paid service (docs/scheduling.md): it keeps its
 * doctor's slot for UNPAID_HOLD_MINUTES from booking or from its checkout's start; then it
 * becomes Expired, the slot is freed and the patient is told. Run by the scheduled re-check.
 */

export interface SweepOptions {
  now?: Date;
  /** Start no provider call or expiry after this. */
  deadline?: number;
  pageSize?: number;
  concurrency?: number;
}

export interface SweepResult {
  looked: number;
  expired: number;
  /** Paid at the provider after all: settled instead of expired. */
  paid: number;
  complete: boolean;
}

/** Expires one lapsed hold, unless the provider says it was paid (then it is settled) or cannot answer (next run). */
async function expireOne(a: StoredAppointment, now: Date): Promise<'expired' | 'paid' | 'kept'> {
  if (a.checkoutStartedAt) {
    const verdict = await paymentBeforeRemoval('appointment', a.appointmentId, a, new Date(a.checkoutStartedAt), now);
    if (verdict === 'paid') return 'paid';
    if (verdict === 'in-progress') return 'kept';
  }
  return (await releaseHold(a.appointmentId, a.checkoutStartedAt, now)) ? 'expired' : 'kept';
}

/**
 * Ends an Unpaid, Pending appointment's hold now: Expired, its slot or place freed, the patient
 * told. Also used at once when the provider says a USSD payment failed (docs/ussd.md), after
 * the status API said it is not paid. False when it changed meanwhile (paid, cancelled, a new
 * checkout): not ours to expire.
 */
export async function releaseHold(appointmentId: string, checkoutStartedAt: string | undefined, now = new Date()) {
  return runTransaction(async (tx) => {
    const snap = await tx.get(appointmentRef(appointmentId));
    const fresh = snap.data();
    if (
      !fresh ||
      fresh.paymentStatus !== PAYMENT_STATUS.Unpaid ||
      fresh.appointmentStatus !== APPOINTMENT_STATUS.Pending ||
      fresh.checkoutStartedAt !== checkoutStartedAt
    ) {
      return false;
    }
    const slot =
      fresh.doctorId && fresh.requestedTime
        ? await tx.get(doctorSlotRef(fresh.doctorId, fresh.requestedDay, fresh.requestedTime))
        : undefined;
    tx.update(snap.ref, {
      appointmentStatus: APPOINTMENT_STATUS.Expired,
      expiredAt: storedTime(now),
      ...(fresh.needsRebooking ? { needsRebooking: false } : {}),
    });
    if (slot?.data()?.appointmentId === fresh.appointmentId) tx.delete(slot.ref);
    releaseAvailability(tx, fresh);
    await notifyPatient(fresh.patientId, appointmentExpired(fresh, shortcodeFor(fresh)), { tx });
    return true;
  });
}

/**
 * Finds Unpaid, Pending appointments whose hold has lapsed, page by page (equality filters
 * and the document id as cursor: no composite index), and expires them, a few at a time.
 */
export async function expireLapsedHolds(options: SweepOptions = {}): Promise<SweepResult> {
  const { now = new Date(), deadline = Date.now() + 60_000, pageSize = 200, concurrency = 5 } = options;
  const result: SweepResult = { looked: 0, expired: 0, paid: 0, complete: true };
  const overdue = () => Date.now() >= deadline;
  let query = unpaidPendingAppointments(pageSize);
  for (;;) {
    if (overdue()) return { ...result, complete: false };
    const snap = await query.get();
    result.looked += snap.size;
    const lapsed = snap.docs.map((d) => d.data()).filter((a) => unpaidHoldEndsAt(a).getTime() <= now.getTime());
    await eachConcurrently(lapsed, concurrency, overdue, async (a) => {
      try {
        const outcome = await expireOne(a, now);
        if (outcome === 'expired') result.expired++;
        if (outcome === 'paid') result.paid++;
      } catch (err) {
        logger.error('expiring an unpaid appointment failed', { appointmentId: a.appointmentId, error: String(err) });
      }
    });
    if (overdue()) return { ...result, complete: false };
    if (snap.size < pageSize) return result;
    query = query.startAfter(snap.docs[snap.size - 1]);
  }
}
