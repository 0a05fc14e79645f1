import { logger } from 'firebase-functions';
import { badGateway } from '../../http/errors';
import { type PayableKind, PAYMENT_STATUS } from '../../api/types';
import { ProviderError } from '../../provider/provider';
import type { PayableFields } from '../../store/payments';
import { eachConcurrently } from './concurrency';
import { findOwnPayable, kindOf, type Payable, payableFrom, payableKinds } from './payable';
import { confirmWithProvider, markPaid, providerStatusOf } from './settlement';

/**
 * How long after a checkout starts the provider's 'Unpaid' may still turn Paid: a
 * mobile-money prompt can wait on the patient's phone for minutes. The re-check's cadence.
 */
export const CHECKOUT_IN_PROGRESS_MS = 15 * 60 * 1000;

/** paid: the record is Paid now; refund-due: the money taken is recorded as owed back, so the record may go. */
export type PaymentBeforeRemoval = 'paid' | 'refund-due' | 'in-progress' | 'not-paid';

/**
 * Before an Unpaid record whose checkout started is removed (deleted, cancelled, expired):
 * asks the provider (as /payment/check does) and settles a Paid answer through markPaid.
 * Throws ProviderError when the provider cannot answer: the caller must then change nothing.
 */
export async function paymentBeforeRemoval(
  kind: PayableKind,
  id: string,
  data: PayableFields,
  checkoutStartedAt: Date,
  now = new Date(),
): Promise<PaymentBeforeRemoval> {
  const payable = payableFrom(kind, kindOf(kind).store.ref(id), data);
  const status = await providerStatusOf(payable);
  if (status?.status === 'Paid') {
    const outcome = await markPaid(payable, status);
    // Refused: that money settled another record (an alert is raised); this one was never paid.
    if (outcome === 'refused') return 'not-paid';
    return outcome === 'refund-due' ? 'refund-due' : 'paid';
  }
  const recent = now.getTime() - checkoutStartedAt.getTime() < CHECKOUT_IN_PROGRESS_MS;
  return status?.status === 'Unpaid' && recent ? 'in-progress' : 'not-paid';
}

/** POST /payment/check and PUT /subscriptions: the caller's record after asking the provider. */
export async function checkPayment(
  uid: string,
  clientReference: string,
): Promise<{ kind: PayableKind; record: Partial<Payable['data']> & { id: string } }> {
  const payable = await findOwnPayable(uid, clientReference);
  try {
    if (payable.data.paymentStatus !== PAYMENT_STATUS.Paid) await confirmWithProvider(payable);
  } catch (err) {
    if (err instanceof ProviderError) {
      logger.error('payment status check failed', { clientReference, error: err.message });
      throw badGateway('We could not confirm the payment with the provider just now. If you paid, it will show as Paid shortly.');
    }
    throw err;
  }
  const fresh = await payable.ref.get();
  return { kind: payable.kind, record: { ...fresh.data(), id: fresh.id } };
}

/** How long after starting a checkout the scheduled re-check keeps asking. */
const RECHECK_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RecheckOptions {
  now?: Date;
  /** Stop starting provider calls after this (the scheduled function's timeout minus a margin). */
  deadline?: number;
  pageSize?: number;
  /** Provider calls at a time. */
  concurrency?: number;
}

export interface RecheckResult {
  checked: number;
  paid: number;
  refunds: number;
  pages: number;
  /** False when the deadline stopped it before every page was read (the next run starts over). */
  complete: boolean;
}

/**
 * Callbacks can be lost: re-asks the provider about every record not Paid (Unpaid,
 * cancelled, expired or deleted) whose checkout started in the last 24 hours, and settles
 * what it confirms. Bounded: pages of `pageSize` by a cursor, `concurrency` provider calls
 * at a time, and no new call after `deadline`.
 */
export async function recheckRecentPayments(options: RecheckOptions = {}): Promise<RecheckResult> {
  const { now = new Date(), deadline = Date.now() + 60_000, pageSize = 200, concurrency = 5 } = options;
  const since = new Date(now.getTime() - RECHECK_WINDOW_MS);
  const result: RecheckResult = { checked: 0, paid: 0, refunds: 0, pages: 0, complete: true };
  const overdue = () => Date.now() >= deadline;
  for (const { kind, store } of payableKinds()) {
    // Newest first (the likeliest to be paid); Paid ones are skipped here.
    let query = store.checkedOutSince(since, pageSize);
    for (;;) {
      if (overdue()) return { ...result, complete: false };
      const snap = await query.get();
      result.pages++;
      const open = snap.docs.filter((d) => d.data().paymentStatus !== PAYMENT_STATUS.Paid);
      await eachConcurrently(open, concurrency, overdue, async (doc) => {
        result.checked++;
        try {
          const outcome = await confirmWithProvider(payableFrom(kind, doc.ref, doc.data()));
          if (outcome === 'paid') result.paid++;
          if (outcome === 'refund-due') result.refunds++;
        } catch (err) {
          logger.error('scheduled payment re-check failed', { clientReference: doc.data().clientReference, error: String(err) });
        }
      });
      if (overdue()) return { ...result, complete: false };
      if (snap.size < pageSize) break;
      query = query.startAfter(snap.docs[snap.size - 1]);
    }
  }
  return result;
}
