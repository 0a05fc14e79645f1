import {
  AggregateField,
  Timestamp,
  type DocumentReference,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { PayableKind, PaymentAlert, Refund } from '../api/types';
import { COLLECTIONS } from './collections';
import { plainValue, typedCollection } from './converter';
import { db } from './firebase';
import { pageByStatus } from './pages';

/**
 * Firestore access for money: the records that can be paid (each kind's collection is named
 * by its own store module through payableStore), the ledger of applied payments, the provider
 * transactions that settled them, the refunds owed back and the alerts staff look at.
 */

/** Times of a payable record: stored as Timestamps, answered as ISO strings. */
export const PAYABLE_TIMES = [
  'createdAt',
  'checkoutStartedAt',
  'checkoutOpeningAt',
  'paymentDate',
  'startDate',
  'endDate',
  'expiredAt',
  'periodStart',
  'periodEnd',
  'cancelledAt',
  'directDebitAt',
];

/** What the checkout (services/payments/checkout.ts) and the settlement write on a record of any kind. */
export interface CheckoutFields {
  checkoutId?: string;
  checkoutUrl?: string;
  checkoutDirectUrl?: string;
  checkoutStartedAt?: string;
  /** A claim while the provider's checkout is being opened (a lost one lapses). */
  checkoutOpeningAt?: string;
  /** Paid through the USSD checkout (docs/ussd.md): the provider knows it by this session, under this account. */
  ussdCheckout?: { sessionId: string; account: string };
  /** Where the money came in, once Paid. */
  paymentSource?: 'online' | 'desk';
}

/** What payments reads of a record of any kind: whose it is, its reference, its payment's fields. */
export interface PayableFields extends CheckoutFields {
  clientReference: string;
  patientId: string;
  paymentStatus?: string;
}

/** The records of one payable kind, in the collection its own store module names (services/payments/payable.ts). */
export interface PayableStore<D extends PayableFields> {
  ref(id: string): DocumentReference<D>;
  /** The record with this reference, if any. */
  byReference(clientReference: string): Promise<QueryDocumentSnapshot<D> | undefined>;
  /** Records whose checkout started since `since`, newest first: one range filter, no composite index. */
  checkedOutSince(since: Date, pageSize: number): Query<D>;
}

/** A payable kind's records in `collection`, read as D (times as ISO strings). */
export function payableStore<D extends PayableFields>(collection: string): PayableStore<D> {
  const records = () => typedCollection<D>(collection, PAYABLE_TIMES);
  return {
    ref: (id) => records().doc(id),
    byReference: async (clientReference) =>
      (await records().where('clientReference', '==', clientReference).limit(1).get()).docs[0],
    checkedOutSince: (since, pageSize) =>
      records().where('checkoutStartedAt', '>=', since).orderBy('checkoutStartedAt', 'desc').limit(pageSize),
  };
}

/** payments/{clientReference}: the payment applied to the record, so a replay of its transactionId finds it. */
export interface LedgerEntry {
  clientReference: string;
  kind: PayableKind;
  /** The record's document path. */
  record: string;
  patientId: string;
  amount: number;
  transactionId: string;
  paidAt: string;
  /** Where the money came in: the provider's checkout ('online'; absent on entries before the desk existed) or the desk. */
  source?: 'online' | 'desk';
  /** A desk payment: cash or mobile money, its reference, and who recorded it (api/front-desk.ts DeskLedgerFields); online: 'direct-debit' for a mandate's charge. */
  method?: 'cash' | 'momo' | 'direct-debit';
  providerReference?: string;
  recordedBy?: { uid: string; role: string; email?: string };
}

export const ledgerRef = (clientReference: string) =>
  typedCollection<LedgerEntry>(COLLECTIONS.payments, ['paidAt']).doc(clientReference);

/** One refund per confirmed payment: its id is made of the clientReference and the provider's transactionId. */
export const refundRef = (clientReference: string, transactionId: string) =>
  typedCollection<Refund>(COLLECTIONS.refunds, ['createdAt', 'refundedAt']).doc(
    `${clientReference}_${transactionId || 'no-transaction'}`,
  );

/** The refunds of one payable record's payments (a few at most). */
export async function refundsOfReference(clientReference: string): Promise<Refund[]> {
  const snap = await typedCollection<Refund>(COLLECTIONS.refunds, ['createdAt', 'refundedAt'])
    .where('clientReference', '==', clientReference)
    .get();
  return snap.docs.map((d) => d.data());
}

/**
 * providerTransactions/{provider}:{transactionId}: the payable a provider transaction (or a mobile
 * money reference the desk recorded) settled, created in the transaction that settles it, so no
 * second payable can be settled by the same money (docs/money.md 'One transaction, one settlement').
 */
export interface ProviderTransaction {
  provider: string;
  transactionId: string;
  clientReference: string;
  kind: PayableKind;
  /** The record's document path. */
  record: string;
  outcome: 'paid' | 'refund-due';
  at: string;
}

export const providerTransactionRef = (provider: string, transactionId: string) =>
  typedCollection<ProviderTransaction>(COLLECTIONS.providerTransactions, ['at']).doc(`${provider}:${transactionId}`);

export const paymentAlertRef = (id: string) =>
  typedCollection<PaymentAlert>(COLLECTIONS.paymentAlerts, ['createdAt', 'resolvedAt']).doc(id);

export const paymentAlertPage = pageByStatus<PaymentAlert>(COLLECTIONS.paymentAlerts, 'createdAt');

/**
 * While one caller settles a confirmed payment (clientReference + transactionId), the lease
 * keeps the others out of its transaction: create() admits exactly one. `expireAt` lets a
 * TTL policy remove leases that a crashed caller left behind.
 */
export interface SettlementLease {
  at: Timestamp;
  expireAt: Timestamp;
}

export const settlementLeaseRef = (clientReference: string, transactionId: string) =>
  db()
    .collection(COLLECTIONS.settlementLeases)
    .doc(`${clientReference}_${transactionId || 'no-transaction'}`) as DocumentReference<SettlementLease>;

/** Sum of the payments ledger's amounts paid in [from, to), of one `method` if given: one sum() aggregation. */
export async function paidBetween(from: Date, to: Date, method?: LedgerEntry['method']): Promise<number> {
  const paid = db()
    .collection(COLLECTIONS.payments)
    .where('paidAt', '>=', Timestamp.fromDate(from))
    .where('paidAt', '<', Timestamp.fromDate(to));
  const snap = await (method ? paid.where('method', '==', method) : paid)
    .aggregate({ total: AggregateField.sum('amount') })
    .get();
  return Number(snap.data().total ?? 0);
}

export const refundDocRef = (id: string) => db().collection(COLLECTIONS.refunds).doc(id);

export const refundPage = pageByStatus<Refund>(COLLECTIONS.refunds, 'createdAt');

/** The refunds of one record (an appointment has at most a few). */
export async function refundsOfRecord(recordId: string): Promise<{ id: string; data: Refund }[]> {
  const snap = await db().collection(COLLECTIONS.refunds).where('recordId', '==', recordId).get();
  return snap.docs.map((d) => ({ id: d.id, data: plainValue(d.data()) as Refund }));
}

/** The refunds of one record, as a query (read in the caller's transaction). */
export const refundsOfRecordQuery = (recordId: string) => db().collection(COLLECTIONS.refunds).where('recordId', '==', recordId);
