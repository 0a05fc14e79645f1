import { FieldValue, Timestamp, type DocumentData, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { badGateway, badRequest, conflict, notFound } from '../http/errors';
import { APPOINTMENT_STATUS, type Checkout, PAYABLE_KIND, type PayableKind, PAYMENT_STATUS } from '../api/types';
import { initiateCheckout, ProviderError, transactionStatus, type TransactionStatus } from '../payments/provider';
import { PAYMENT_ERROR } from '../api/messages';
import { UNPAID_HOLD_MINUTES } from '../api/policy';
import { doctorSlotRef } from '../store/appointments';
import { storedTime } from '../store/converter';
import {
  ledgerRef,
  PAYABLE_KINDS,
  payableByReference,
  payableRef,
  payablesCheckedOutSince,
  refundRef,
  settlementLeaseRef,
} from '../store/payments';
import { runTransaction } from '../store/transaction';
import { accountEmail } from '../notifications/mail';
import { notifyPatient } from '../notifications/notify';
import { paymentReceived } from '../notifications/templates';
import { createDueRefund, type RefundReason } from './refunds';
import { periodOnPayment } from './subscription-periods';
import { firestoreError, hasCode } from '../store/error-codes';
import { CURRENCY } from '../api/prices';
import type { DeskPaymentMethod } from '../api/front-desk';
import type { StaffRole } from '../api/staff';
import { writeAudit } from '../store/staff';

/**
 * Payments of subscriptions, appointments and shop orders. The server alone decides the
 * amount (stored when the record is made) and marks a record Paid, always through
 * markPaid() after the provider's status API said Paid for that reference and amount.
 */

/** A record that can be paid, found by its clientReference; its data as plain JSON (times as ISO strings). */
export interface Payable {
  kind: PayableKind;
  ref: DocumentReference<DocumentData>;
  data: DocumentData;
  clientReference: string;
  patientId: string;
  /** What the provider must confirm, in GHS: decided by the server when the record was made. */
  amount: number;
}

/** The amount field of each kind (an appointment's fee is its consultationFee). */
const amountOf = (kind: PayableKind, data: DocumentData): number =>
  Number(kind === PAYABLE_KIND.appointment ? data.consultationFee : data.amount);

const cents = (amount: number) => Math.round(amount * 100);

function payableFrom(kind: PayableKind, ref: DocumentReference<DocumentData>, data: DocumentData): Payable {
  return {
    kind,
    ref,
    data,
    clientReference: String(data.clientReference),
    patientId: String(data.patientId),
    amount: amountOf(kind, data),
  };
}

/** The one record with this reference, looked up in the three payable collections. */
export async function findPayable(clientReference: string): Promise<Payable | undefined> {
  const docs = await Promise.all(PAYABLE_KINDS.map((kind) => payableByReference(kind, clientReference)));
  const i = docs.findIndex(Boolean);
  return i < 0 ? undefined : payableFrom(PAYABLE_KINDS[i], docs[i].ref, docs[i].data());
}

/** The caller's own record; another patient's reference answers like an unknown one (no leak). */
export async function findOwnPayable(uid: string, clientReference: string): Promise<Payable> {
  const payable = await findPayable(clientReference);
  const gone = payable?.kind === PAYABLE_KIND.appointment && payable.data.appointmentStatus === APPOINTMENT_STATUS.Deleted;
  if (!payable || payable.patientId !== uid || gone) throw notFound('No payment with that clientReference was found for you.');
  return payable;
}

/** What a payment is for, as the provider's checkout and the receipts say it. */
export function describePayable(p: Payable): string {
  switch (p.kind) {
    case 'subscription':
      return `Subscription for ${p.data.packageTitle ?? 'package'}`;
    case 'renewal':
      return `Renewal of ${p.data.packageTitle ?? 'package'}`;
    case 'appointment':
      return `Appointment: ${p.data.requestedService ?? 'consultation'}`;
    case 'order':
      return `Order: ${(p.data.items as { productName: string; quantity: number }[]).map((i) => `${i.quantity} x ${i.productName}`).join(', ')}`;
  }
}

const millisOf = (v: unknown): number | undefined => (typeof v === 'string' && v ? Date.parse(v) : undefined);

/**
 * How long a checkout is the record's one live checkout: a second initiate meanwhile answers
 * the same checkoutDirectUrl. As long as an unpaid appointment holds its slot.
 */
export const CHECKOUT_LIVE_MS = UNPAID_HOLD_MINUTES * 60 * 1000;
/** Between claiming the record and the provider's answer; a claim older than this was lost (a crash) and lapses. */
const CHECKOUT_OPENING_MS = 30_000;

export const CHECKOUT_OPENING = 'A checkout for this is being opened. Please try again in a moment.';
export const APPOINTMENT_EXPIRED = `This appointment expired because it was not paid within ${UNPAID_HOLD_MINUTES} minutes. Please book again.`;

/** Why this record cannot be paid now, as the HttpError to throw; undefined when it can. */
export function whyNotPayable(p: Payable) {
  if (p.data.paymentStatus === PAYMENT_STATUS.Paid) return conflict('This has already been paid.');
  if (p.kind === PAYABLE_KIND.appointment) {
    if (p.data.requiresPayment === false) return badRequest('This appointment needs no payment.');
    if (p.data.appointmentStatus === APPOINTMENT_STATUS.Cancelled)
      return conflict('This appointment was cancelled: there is nothing to pay.');
    if (p.data.appointmentStatus === APPOINTMENT_STATUS.Expired) return conflict(APPOINTMENT_EXPIRED);
  }
  if (!(p.amount > 0)) return badRequest('There is nothing to pay for this record.');
  return undefined;
}

/** The record's checkout while it is still live, else undefined. */
function liveCheckout(data: DocumentData, now = Date.now()): Checkout | undefined {
  const started = millisOf(data.checkoutStartedAt);
  if (!data.checkoutDirectUrl || started === undefined || now - started >= CHECKOUT_LIVE_MS) return undefined;
  return {
    checkoutUrl: String(data.checkoutUrl ?? ''),
    checkoutDirectUrl: String(data.checkoutDirectUrl),
    checkoutId: String(data.checkoutId),
  };
}

/**
 * Starts the provider's checkout for the caller's record, or answers the one already open:
 * one live checkout per record, so a patient can never pay twice by opening two. Nothing
 * is changed when the provider fails.
 */
export async function initiatePayment(uid: string, clientReference: string): Promise<Checkout> {
  return openCheckout(await findOwnPayable(uid, clientReference));
}

/**
 * The record's one live checkout: the open one, or a new one with the server-held credentials
 * once the provider says the old one is over. For the patient (initiatePayment) and for the
 * desk's payment link (services/desk-payments.ts) alike.
 */
export async function openCheckout(payable: Payable): Promise<Checkout> {
  const { clientReference } = payable;
  const refusal = whyNotPayable(payable);
  if (refusal) throw refusal;
  const live = liveCheckout(payable.data);
  if (live) return live;
  // The previous checkout is over by our clock, but it may have been paid: the provider decides first.
  if (payable.data.checkoutStartedAt) {
    const outcome = await confirmWithProvider(payable).catch((err: unknown) => {
      if (!(err instanceof ProviderError)) throw err;
      logger.error('payment status check before a new checkout failed', { clientReference, error: err.message });
      throw badGateway(PAYMENT_ERROR);
    });
    if (outcome === 'paid' || outcome === 'already-paid') throw conflict('This has already been paid.');
  }
  // Claim the record, so two initiates at once cannot both open a checkout.
  const open = await runTransaction(async (tx) => {
    const snap = await tx.get(payable.ref);
    const fresh = payableFrom(payable.kind, payable.ref, snap.data() ?? {});
    const refusalNow = whyNotPayable(fresh);
    if (refusalNow) throw refusalNow;
    const liveNow = liveCheckout(fresh.data);
    if (liveNow) return liveNow;
    const opening = millisOf(fresh.data.checkoutOpeningAt);
    if (opening !== undefined && Date.now() - opening < CHECKOUT_OPENING_MS) throw conflict(CHECKOUT_OPENING);
    tx.update(payable.ref, { checkoutOpeningAt: storedTime(new Date()) });
    return undefined;
  });
  if (open) return open;
  let checkout: Checkout;
  try {
    checkout = await initiateCheckout({ clientReference, totalAmount: payable.amount, description: describePayable(payable) });
  } catch (err) {
    await payable.ref.update({ checkoutOpeningAt: FieldValue.delete() });
    if (err instanceof ProviderError) {
      logger.error('payment initiate failed', { clientReference, error: err.message });
      throw badGateway(PAYMENT_ERROR);
    }
    throw err;
  }
  // Remembered so a second initiate answers the same checkout and the re-check finds it if its callback is lost.
  await payable.ref.update({
    checkoutId: checkout.checkoutId,
    checkoutUrl: checkout.checkoutUrl,
    checkoutDirectUrl: checkout.checkoutDirectUrl,
    checkoutStartedAt: FieldValue.serverTimestamp(),
    checkoutOpeningAt: FieldValue.delete(),
  });
  return checkout;
}

/**
 * A payment taken at the desk (services/desk-payments.ts), settled like the provider's: who
 * recorded it and how. Its TransactionStatus carries the record's own amount.
 */
export interface DeskSettlement {
  method: DeskPaymentMethod;
  providerReference?: string;
  recordedBy: { uid: string; role: StaffRole; email?: string };
}

/** The desk's payment is audited in the transaction that settles it, so the entry exists exactly when the payment does. */
const auditDesk = (tx: Transaction, desk: DeskSettlement, action: string, target: string, patientId: string) =>
  writeAudit({ actorUid: desk.recordedBy.uid, actorRole: desk.recordedBy.role, action, target, patientIds: [patientId] }, tx);

/** paid: applied to its record now; already-paid: this very payment was applied before; refund-due: recorded as owed back. */
export type MarkPaidOutcome = 'paid' | 'already-paid' | 'not-paid' | 'refund-due';

/**
 * Decides, inside the transaction, what a confirmed payment does: applied (Paid; an Expired
 * appointment whose slot is still free is revived and re-takes it) or a refund Due with the
 * reason it was not applied. The ledger entry (payments/{clientReference}, the applied
 * payment) or the refund is created here, so a replay of the same transactionId finds it.
 */
async function settle(
  tx: Transaction,
  payable: Payable,
  status: TransactionStatus,
  email: string | undefined,
  desk: DeskSettlement | undefined,
): Promise<MarkPaidOutcome> {
  const { clientReference, kind, ref } = payable;
  const ledgerEntry = ledgerRef(clientReference);
  const refund = refundRef(clientReference, status.transactionId);
  const [snap, ledger, refunded] = await Promise.all([tx.get(ref), tx.get(ledgerEntry), tx.get(refund)]);
  if (ledger.data()?.transactionId === status.transactionId) return 'already-paid';
  if (refunded.exists) return 'refund-due';
  // Recorded at the desk twice: the second is a slip at the desk, not money taken twice.
  if (desk && ledger.data()?.source === 'desk')
    throw conflict(
      `This was already recorded as paid at the desk (${String(ledger.data()?.method)}) by ${String(ledger.data()?.recordedBy?.email ?? ledger.data()?.recordedBy?.uid)}.`,
    );
  const data = snap.data() ?? payable.data;
  const record = payableFrom(kind, ref, data);
  const slot =
    kind === PAYABLE_KIND.appointment &&
    data.appointmentStatus === APPOINTMENT_STATUS.Expired &&
    data.doctorId &&
    data.requestedTime
      ? await tx.get(doctorSlotRef(String(data.doctorId), String(data.requestedDay), String(data.requestedTime)))
      : undefined;
  const now = new Date();
  const period = await periodOnPayment(tx, kind, ref.id, data, now);

  const reason = ((): RefundReason | undefined => {
    if (status.currencyCode !== CURRENCY || cents(status.amount) !== cents(record.amount)) return 'amount-mismatch';
    if (!snap.exists || data.appointmentStatus === APPOINTMENT_STATUS.Deleted || period.gone) return 'deleted';
    if (ledger.exists || data.paymentStatus === PAYMENT_STATUS.Paid) return 'duplicate';
    if (kind === PAYABLE_KIND.appointment && data.appointmentStatus === APPOINTMENT_STATUS.Cancelled) return 'cancelled';
    if (kind === PAYABLE_KIND.appointment && data.appointmentStatus === APPOINTMENT_STATUS.Expired && slot?.exists)
      return 'expired';
    return undefined;
  })();
  if (reason) {
    if (desk) await auditDesk(tx, desk, `payment.desk.refund-due`, ref.path, record.patientId);
    await createDueRefund(
      tx,
      {
        clientReference,
        kind,
        recordId: ref.id,
        patientId: record.patientId,
        amount: status.amount,
        currency: status.currencyCode || CURRENCY,
        reason,
        transactionId: status.transactionId,
        what: describePayable(record),
      },
      email,
    );
    return 'refund-due';
  }

  const provider = {
    paymentStatus: PAYMENT_STATUS.Paid,
    paymentDate: storedTime(now),
    paymentResponseCode: '0000',
    transactionId: status.transactionId,
    externalTransactionId: status.externalTransactionId,
    paymentMethod: status.paymentMethod,
    currencyCode: status.currencyCode,
    charges: status.charges,
    amountAfterCharges: status.amountAfterCharges,
    paymentSource: desk ? 'desk' : 'online',
  };
  // A subscription's first period starts, or a renewal moves its subscription's periodEnd on.
  const extra = period.recordUpdate;
  period.apply();
  // A late payment for an Expired appointment whose time is still free: it is booked again.
  const revived = kind === PAYABLE_KIND.appointment && data.appointmentStatus === APPOINTMENT_STATUS.Expired;
  tx.update(ref, {
    ...provider,
    ...extra,
    ...(revived ? { appointmentStatus: APPOINTMENT_STATUS.Pending, expiredAt: FieldValue.delete() } : {}),
  });
  if (revived && slot) tx.create(slot.ref, { appointmentId: ref.id, patientId: record.patientId });
  tx.create(ledgerEntry, {
    clientReference,
    kind,
    record: ref.path,
    patientId: record.patientId,
    amount: record.amount,
    transactionId: status.transactionId,
    paidAt: now.toISOString(),
    // Where the money came in: the provider's checkout, or the desk (who, how, the mobile money reference).
    ...(desk
      ? {
          source: 'desk' as const,
          method: desk.method,
          ...(desk.providerReference ? { providerReference: desk.providerReference } : {}),
          recordedBy: desk.recordedBy,
        }
      : { source: 'online' as const }),
  });
  if (desk) await auditDesk(tx, desk, 'payment.desk.record', ref.path, record.patientId);
  if (!email) logger.warn('no e-mail address for the receipt', { clientReference });
  const what = describePayable(record);
  const appointmentId = kind === PAYABLE_KIND.appointment ? ref.id : undefined;
  await notifyPatient(
    record.patientId,
    paymentReceived({ what, amount: record.amount, clientReference, paidAt: now, appointmentId }),
    { tx },
  );
  return 'paid';
}

/** How long a settlement may hold its lease before another caller takes over (a crashed one). */
const SETTLEMENT_LEASE_MS = 30_000;
/** How long a caller waits for another's settlement of the same payment before answering busy. */
const SETTLEMENT_WAIT_MS = 15_000;

/** What an earlier settlement of this payment decided, if one finished. */
async function settledBefore(payable: Payable, status: TransactionStatus): Promise<MarkPaidOutcome | undefined> {
  const [ledger, refund] = await Promise.all([
    ledgerRef(payable.clientReference).get(),
    refundRef(payable.clientReference, status.transactionId).get(),
  ]);
  if (ledger.exists && ledger.get('transactionId') === status.transactionId) return 'already-paid';
  if (refund.exists) return 'refund-due';
  return undefined;
}

/** Takes the payment's settlement lease: a new one, or one whose holder has been gone too long. */
async function takeLease(lease: ReturnType<typeof settlementLeaseRef>): Promise<boolean> {
  const now = Date.now();
  const fresh = { at: Timestamp.fromMillis(now), expireAt: Timestamp.fromMillis(now + 24 * 60 * 60 * 1000) };
  try {
    await lease.create(fresh);
    return true;
  } catch (err) {
    if (!hasCode(err, 'ALREADY_EXISTS')) throw err;
  }
  const held = await lease.get();
  if (!held.exists || now - held.data()!.at.toMillis() < SETTLEMENT_LEASE_MS) return false;
  // Stale: take it over, unless someone else just did (the precondition fails).
  return lease.update(fresh, { lastUpdateTime: held.updateTime! }).then(
    () => true,
    () => false,
  );
}

/**
 * THE one place that settles a payment the provider confirmed: in one transaction, either
 * marked Paid (with one receipt) or a refund Due (with one refund mail), never neither and
 * never twice (replays and concurrent callbacks of one transactionId change nothing).
 * Concurrent callers of one payment do not contend in that transaction: one takes the
 * settlement lease, the others wait for its outcome (contended transactions on one document
 * abort after long lock waits: 20 at once left 19 answering 503 after ~36 s).
 */
export async function markPaid(payable: Payable, status: TransactionStatus, desk?: DeskSettlement): Promise<MarkPaidOutcome> {
  if (status.status !== 'Paid') return 'not-paid';
  const lease = settlementLeaseRef(payable.clientReference, status.transactionId);
  const giveUpAt = Date.now() + SETTLEMENT_WAIT_MS;
  for (;;) {
    const done = await settledBefore(payable, status);
    if (done) return done;
    if (await takeLease(lease)) break;
    if (Date.now() > giveUpAt) throw firestoreError('payment settlement busy', 'ABORTED');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    const email = await accountEmail(payable.patientId);
    for (let attempt = 1; ; attempt++) {
      try {
        return await runTransaction((tx) => settle(tx, payable, status, email, desk));
      } catch (err) {
        // ALREADY_EXISTS: a settlement that took over a stale lease created the ledger entry or
        // refund first. Settling again reads what it wrote and decides (a replay, or a duplicate).
        if (hasCode(err, 'ALREADY_EXISTS') && attempt < 3) continue;
        throw err;
      }
    }
  } finally {
    await lease.delete().catch((err: unknown) => logger.warn('settlement lease not released', { error: String(err) }));
  }
}

/** Asks the provider about a record and settles what it confirms. */
export async function confirmWithProvider(payable: Payable): Promise<MarkPaidOutcome> {
  const status = await transactionStatus(payable.clientReference);
  if (!status) return 'not-paid';
  return markPaid(payable, status);
}

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
  data: DocumentData,
  checkoutStartedAt: Date,
  now = new Date(),
): Promise<PaymentBeforeRemoval> {
  const payable = payableFrom(kind, payableRef(kind, id), data);
  const status = await transactionStatus(payable.clientReference);
  if (status?.status === 'Paid') {
    const outcome = await markPaid(payable, status);
    return outcome === 'refund-due' ? 'refund-due' : 'paid';
  }
  const recent = now.getTime() - checkoutStartedAt.getTime() < CHECKOUT_IN_PROGRESS_MS;
  return status?.status === 'Unpaid' && recent ? 'in-progress' : 'not-paid';
}

/** POST /payment/check and PUT /subscriptions: the caller's record after asking the provider. */
export async function checkPayment(uid: string, clientReference: string): Promise<{ kind: PayableKind; record: DocumentData }> {
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
  for (const kind of PAYABLE_KINDS) {
    // Newest first (the likeliest to be paid); Paid ones are skipped here.
    let query = payablesCheckedOutSince(kind, since, pageSize);
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

/** Runs fn over items, at most `limit` at a time, starting none once stop() says so. */
export async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  stop: () => boolean,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
