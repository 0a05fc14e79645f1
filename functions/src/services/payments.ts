import { FieldValue, Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { badGateway, badRequest, conflict, notFound } from '../http/errors';
import type { Checkout, PayableKind } from '../api/types';
import { initiateCheckout, ProviderError, transactionStatus, type TransactionStatus } from '../payments/provider';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import { queueMail } from './mail';

/**
 * Payments of subscriptions, appointments and shop orders. The server alone decides the
 * amount (stored when the record is made) and marks a record Paid, always through
 * markPaid() after the provider's status API said Paid for that reference and amount.
 */

export const PAYMENT_FAILED = 'Something went wrong. Please try again';
export const SUBSCRIPTION_DAYS = 30;

/** A record that can be paid, found by its clientReference. */
export interface Payable {
  kind: PayableKind;
  ref: DocumentReference;
  data: DocumentData;
  clientReference: string;
  patientId: string;
  /** What the provider must confirm, in GHS: decided by the server when the record was made. */
  amount: number;
}

const COLLECTION_OF: Record<PayableKind, string> = {
  subscription: COLLECTIONS.subscriptions,
  appointment: COLLECTIONS.appointments,
  order: COLLECTIONS.orders,
};

/** The amount field of each kind (an appointment's fee is its consultationFee). */
const amountOf = (kind: PayableKind, data: DocumentData): number =>
  Number(kind === 'appointment' ? data.consultationFee : data.amount);

const cents = (amount: number) => Math.round(amount * 100);

function payableFrom(kind: PayableKind, ref: DocumentReference, data: DocumentData): Payable {
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
  const kinds = Object.keys(COLLECTION_OF) as PayableKind[];
  const snaps = await Promise.all(
    kinds.map((kind) => db().collection(COLLECTION_OF[kind]).where('clientReference', '==', clientReference).limit(1).get()),
  );
  for (const [i, snap] of snaps.entries()) {
    const doc = snap.docs[0];
    if (doc) return payableFrom(kinds[i], doc.ref, doc.data());
  }
  return undefined;
}

/** The caller's own record; another patient's reference answers like an unknown one (no leak). */
export async function findOwnPayable(uid: string, clientReference: string): Promise<Payable> {
  const payable = await findPayable(clientReference);
  if (!payable || payable.patientId !== uid) throw notFound('No payment with that clientReference was found for you.');
  return payable;
}

function describe(p: Payable): string {
  switch (p.kind) {
    case 'subscription':
      return `Subscription for ${p.data.packageTitle ?? 'package'}`;
    case 'appointment':
      return `Appointment: ${p.data.requestedService ?? 'consultation'}`;
    case 'order':
      return `Order: ${(p.data.items as { productName: string; quantity: number }[]).map((i) => `${i.quantity} x ${i.productName}`).join(', ')}`;
  }
}

/** Starts the provider's checkout for the caller's record. Nothing is changed when the provider fails. */
export async function initiatePayment(uid: string, clientReference: string): Promise<Checkout> {
  const payable = await findOwnPayable(uid, clientReference);
  if (payable.data.paymentStatus === 'Paid') throw conflict('This has already been paid.');
  if (payable.kind === 'appointment' && payable.data.requiresPayment === false) {
    throw badRequest('This appointment needs no payment.');
  }
  if (payable.kind === 'appointment' && payable.data.appointmentStatus === 'Cancelled') {
    throw conflict('This appointment was cancelled: there is nothing to pay.');
  }
  if (!(payable.amount > 0)) throw badRequest('There is nothing to pay for this record.');
  let checkout: Checkout;
  try {
    checkout = await initiateCheckout({ clientReference, totalAmount: payable.amount, description: describe(payable) });
  } catch (err) {
    if (err instanceof ProviderError) {
      logger.error('payment initiate failed', { clientReference, error: err.message });
      throw badGateway(PAYMENT_FAILED);
    }
    throw err;
  }
  // Remembered so the scheduled re-check finds checkouts whose callback was lost.
  await payable.ref.update({ checkoutId: checkout.checkoutId, checkoutStartedAt: FieldValue.serverTimestamp() });
  return checkout;
}

export type MarkPaidOutcome = 'paid' | 'already-paid' | 'not-paid' | 'wrong-amount';

const formatGhs = (amount: number) => `GHS ${amount.toFixed(2)}`;

function receipt(to: string, what: string, amount: number, clientReference: string, paidAt: Date) {
  const date = paidAt.toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    'Thank you: we have received your payment.',
    '',
    `What: ${what}`,
    `Amount: ${formatGhs(amount)}`,
    `Reference: ${clientReference}`,
    `Date: ${date} (Ghana time)`,
    '',
    'ExpMed Health',
  ];
  const esc = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
  return {
    to,
    message: {
      subject: `Payment received: ${what}`,
      text: lines.join('\n'),
      html: `<p>Thank you: we have received your payment.</p><table>${[
        ['What', what],
        ['Amount', formatGhs(amount)],
        ['Reference', clientReference],
        ['Date', `${date} (Ghana time)`],
      ]
        .map(([k, v]) => `<tr><th align="left">${k}</th><td>${esc(v)}</td></tr>`)
        .join('')}</table><p>ExpMed Health</p>`,
    },
  };
}

/** The account's own e-mail: an appointment for someone else stores their address, but mails never go there. */
async function receiptAddress(p: Payable): Promise<string | undefined> {
  const patient = await db().collection(COLLECTIONS.patients).doc(p.patientId).get();
  const email = patient.get('emailAddress');
  return typeof email === 'string' && email ? email : undefined;
}

/**
 * THE one place that marks a record Paid: in one transaction, only from Unpaid, only when
 * the provider's status says Paid with the stored amount. A ledger document keyed by the
 * clientReference is created in the same transaction, so a second transition cannot commit
 * (replays and concurrent callbacks end as 'already-paid'), and exactly one receipt is queued.
 */
export async function markPaid(payable: Payable, status: TransactionStatus): Promise<MarkPaidOutcome> {
  const { clientReference } = payable;
  if (status.status !== 'Paid') return 'not-paid';
  if (cents(status.amount) !== cents(payable.amount)) {
    logger.error('payment amount differs from the stored amount: not marked Paid', {
      clientReference,
      kind: payable.kind,
      expected: payable.amount,
      reported: status.amount,
      transactionId: status.transactionId,
    });
    return 'wrong-amount';
  }
  const email = await receiptAddress(payable);
  const ledgerRef = db().collection(COLLECTIONS.payments).doc(clientReference);
  try {
    return await db().runTransaction(async (tx) => {
      const [snap, ledger] = await Promise.all([tx.get(payable.ref), tx.get(ledgerRef)]);
      if (ledger.exists || snap.get('paymentStatus') === 'Paid') return 'already-paid';
      const now = new Date();
      const provider = {
        paymentStatus: 'Paid',
        paymentDate: Timestamp.fromDate(now),
        paymentResponseCode: '0000',
        transactionId: status.transactionId,
        externalTransactionId: status.externalTransactionId,
        paymentMethod: status.paymentMethod,
        currencyCode: status.currencyCode,
        charges: status.charges,
        amountAfterCharges: status.amountAfterCharges,
      };
      const extra =
        payable.kind === 'subscription'
          ? {
              isActive: true,
              startDate: Timestamp.fromDate(now),
              endDate: Timestamp.fromMillis(now.getTime() + SUBSCRIPTION_DAYS * 86_400_000),
            }
          : {};
      tx.update(payable.ref, { ...provider, ...extra });
      tx.create(ledgerRef, {
        clientReference,
        kind: payable.kind,
        record: payable.ref.path,
        patientId: payable.patientId,
        amount: payable.amount,
        transactionId: status.transactionId,
        paidAt: Timestamp.fromDate(now),
      });
      if (email) await queueMail(receipt(email, describe(payable), payable.amount, clientReference, now), tx);
      else logger.warn('no e-mail address for the receipt', { clientReference });
      return 'paid' as const;
    });
  } catch (err) {
    // gRPC 6 ALREADY_EXISTS: the ledger entry was created by a concurrent transition.
    if ((err as { code?: unknown }).code === 6) return 'already-paid';
    throw err;
  }
}

/** Asks the provider about a record and marks it Paid when the provider says so. */
export async function confirmWithProvider(payable: Payable): Promise<MarkPaidOutcome> {
  if (payable.data.paymentStatus === 'Paid') return 'already-paid';
  const status = await transactionStatus(payable.clientReference);
  if (!status) return 'not-paid';
  return markPaid(payable, status);
}

/**
 * How long after a checkout starts the provider's 'Unpaid' may still turn Paid: a
 * mobile-money prompt can wait on the patient's phone for minutes. The re-check's cadence.
 */
export const CHECKOUT_IN_PROGRESS_MS = 15 * 60 * 1000;

export type PaymentBeforeRemoval = 'paid' | 'in-progress' | 'not-paid';

/**
 * Before an Unpaid record whose checkout started is removed: asks the provider (as
 * /payment/check does). Paid is recorded through markPaid, with its one receipt; a Paid
 * answer with another amount still means money was taken, so it is 'paid' too (and logged).
 * Throws ProviderError when the provider cannot answer: the caller must then remove nothing.
 */
export async function paymentBeforeRemoval(
  kind: PayableKind,
  ref: DocumentReference,
  data: DocumentData,
  checkoutStartedAt: Date,
  now = new Date(),
): Promise<PaymentBeforeRemoval> {
  const payable = payableFrom(kind, ref, data);
  const status = await transactionStatus(payable.clientReference);
  if (status?.status === 'Paid') {
    await markPaid(payable, status);
    return 'paid';
  }
  const recent = now.getTime() - checkoutStartedAt.getTime() < CHECKOUT_IN_PROGRESS_MS;
  return status?.status === 'Unpaid' && recent ? 'in-progress' : 'not-paid';
}

/** POST /payment/check and PUT /subscriptions: the caller's record after asking the provider. */
export async function checkPayment(uid: string, clientReference: string): Promise<{ kind: PayableKind; record: DocumentData }> {
  const payable = await findOwnPayable(uid, clientReference);
  try {
    await confirmWithProvider(payable);
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

/**
 * Mobile-money callbacks can be lost: re-asks the provider about every record still Unpaid
 * whose checkout started in the last 24 hours. Returns how many became Paid.
 */
export async function recheckRecentPayments(now = new Date()): Promise<{ checked: number; paid: number }> {
  const since = Timestamp.fromMillis(now.getTime() - RECHECK_WINDOW_MS);
  let checked = 0;
  let paid = 0;
  for (const kind of Object.keys(COLLECTION_OF) as PayableKind[]) {
    // One range filter, no composite index; the Unpaid filter runs here on the few recent ones.
    const snap = await db().collection(COLLECTION_OF[kind]).where('checkoutStartedAt', '>=', since).get();
    for (const doc of snap.docs) {
      if (doc.get('paymentStatus') === 'Paid') continue;
      checked++;
      try {
        if ((await confirmWithProvider(payableFrom(kind, doc.ref, doc.data()))) === 'paid') paid++;
      } catch (err) {
        logger.error('scheduled payment re-check failed', { clientReference: doc.get('clientReference'), error: String(err) });
      }
    }
  }
  return { checked, paid };
}

/** Firestore Timestamps as ISO strings: answers hold plain JSON. */
export function plainRecord(data: DocumentData): Record<string, unknown> {
  const plain = (v: unknown): unknown => {
    if (v instanceof Timestamp) return v.toDate().toISOString();
    if (Array.isArray(v)) return v.map(plain);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
    return v;
  };
  return plain(data) as Record<string, unknown>;
}
