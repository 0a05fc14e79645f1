import type { PaymentStatus, SubscriptionView } from '../api/types';
import type { Dependant, SubscriptionStatus } from '../api/subscriptions-contract';
import type { Currency } from '../api/prices';
import { COLLECTIONS } from './collections';
import { typedConverter, typedCollection } from './converter';
import { db } from './firebase';
import { PAYABLE_TIMES, payableStore, type CheckoutFields } from './payments';

/** Firestore access for package subscriptions, their renewals, benefit use, notices and dependants. */

/** A subscription as stored: the answer's fields but the package joined in from the catalog. */
export type StoredSubscription = Omit<
  SubscriptionView,
  | 'id'
  | 'packagePrice'
  | 'packageItems'
  | 'daysLeft'
  | 'benefits'
  | 'usage'
  | 'canRenew'
  | 'renewOpensOn'
  | 'renewalAmount'
  | 'mandate'
> & {
  emailAddress: string;
  createdAt: string;
  status?: SubscriptionStatus;
  cancelledAt?: string;
};

const subscriptions = () => typedCollection<StoredSubscription>(COLLECTIONS.subscriptions, PAYABLE_TIMES);

export const newSubscriptionRef = () => subscriptions().doc();
export const subscriptionRef = (id: string) => subscriptions().doc(id);

/** A subscription as payments reads it. */
export type PayableSubscription = StoredSubscription & CheckoutFields;
export const subscriptionPayables = payableStore<PayableSubscription>(COLLECTIONS.subscriptions);

export const subscriptionsQuery = (patientId: string) => subscriptions().where('patientId', '==', patientId);

/** One patient's subscriptions with their ids: a patient has few. */
export async function subscriptionsOf(patientId: string) {
  const snap = await subscriptionsQuery(patientId).get();
  return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
}

/**
 * Subscriptions in these statuses whose periodEnd is in [from, to): the scheduled job's one
 * query per notice (index status + periodEnd in firestore.indexes.json), oldest end first.
 */
export const subscriptionsEndingBetween = (statuses: readonly SubscriptionStatus[], from: Date, to: Date, limit: number) =>
  subscriptions()
    .where('status', 'in', [...statuses])
    .where('periodEnd', '>=', from)
    .where('periodEnd', '<', to)
    .orderBy('periodEnd')
    .limit(limit);

/** A renewal: the payment for a subscription's next period, paid like any record by its clientReference. */
export interface StoredRenewal {
  subscriptionId: string;
  patientId: string;
  packageId: string;
  packageTitle: string;
  amount: number;
  currencyCode: Currency;
  paymentStatus: Exclude<PaymentStatus, 'Not Applicable'>;
  clientReference: string;
  createdAt: string;
  paymentDate?: string;
  checkoutStartedAt?: string;
  /** The periodEnd the payment set (after it settled). */
  periodEnd?: string;
  /** A direct-debit charge was sent for it (docs/direct-debit.md), and when; cleared when the charge failed. */
  method?: 'direct-debit';
  directDebitAt?: string;
}

const renewals = () => typedCollection<StoredRenewal>(COLLECTIONS.subscriptionRenewals, PAYABLE_TIMES);

/**
 * subscriptionRenewals/{subscriptionId}_{periodEndMillis}: one renewal per period to renew, so
 * two Renew presses at once answer one record (paying it moves periodEnd, and the next is new).
 */
export const renewalRef = (subscriptionId: string, periodEnd: string) =>
  renewals().doc(`${subscriptionId}_${Date.parse(periodEnd)}`);

/** A renewal as payments reads it. */
export type PayableRenewal = StoredRenewal & CheckoutFields;
export const renewalPayables = payableStore<PayableRenewal>(COLLECTIONS.subscriptionRenewals);

/** subscriptionUsage/{subscriptionId}_{windowStartMillis}: benefits used in one allowance window. */
export interface StoredUsage {
  subscriptionId: string;
  patientId: string;
  windowStart: string;
  virtualConsultation?: number;
  homeVisit?: number;
}

const usage = () => typedCollection<StoredUsage>(COLLECTIONS.subscriptionUsage, ['windowStart']);

export const usageId = (subscriptionId: string, windowStart: Date) => `${subscriptionId}_${windowStart.getTime()}`;
export const usageRef = (id: string) => usage().doc(id);

/** subscriptionNotices/{subscriptionId}_{periodEndMillis}_{kind}: created with the notice, so each goes once. */
export const noticeRecordRef = (subscriptionId: string, periodEnd: string, kind: string) =>
  db()
    .collection(COLLECTIONS.subscriptionNotices)
    .doc(`${subscriptionId}_${Date.parse(periodEnd)}_${kind}`);

/** trialClaims/{patientId}: created with the trial, so a patient has one trial ever. */
export const trialClaimRef = (patientId: string) => db().collection(COLLECTIONS.trialClaims).doc(patientId);

export type StoredDependant = Omit<Dependant, 'id'>;

const dependants = () =>
  db()
    .collection(COLLECTIONS.dependants)
    .withConverter(typedConverter<Dependant>((data, id) => ({ ...(data as StoredDependant), id }), ['createdAt']));

export const newDependantRef = () => dependants().doc();
export const dependantRef = (id: string) => dependants().doc(id);
export const dependantsQuery = (patientId: string) => dependants().where('patientId', '==', patientId);

export async function dependantsOf(patientId: string): Promise<Dependant[]> {
  const snap = await dependantsQuery(patientId).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** For erasure: every dependant document of the patient. */
export const dependantRefsOf = async (patientId: string) => (await dependantsQuery(patientId).get()).docs.map((d) => d.ref);
