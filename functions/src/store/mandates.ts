import type { MandatePrice, MandateStatus, MobileNetwork, VerificationType } from '../api/direct-debit';
import { COLLECTIONS } from './collections';
import { typedCollection } from './converter';
import { db } from './firebase';
import type { PhoneCodeRecord } from './patients';

/**
 * mandates/{subscriptionId}: the mobile-money direct debit that renews one package
 * (docs/direct-debit.md). The id makes one mandate per subscription; a new opt-in replaces a
 * Declined or Cancelled one in place.
 */
export interface StoredMandate extends MandatePrice {
  patientId: string;
  /** +233XXXXXXXXX */
  msisdn: string;
  network: MobileNetwork;
  /** The provider's id of the preapproval ('' while it is being asked for). */
  providerId: string;
  /** Our reference for this mandate at the provider (a new one per opt-in). */
  clientReferenceId: string;
  status: MandateStatus;
  verificationType?: VerificationType;
  otpPrefix?: string;
  createdAt: string;
  approvedAt?: string;
  cancelledAt?: string;
  /** Why it ended: 'patient', 'phone-changed', 'erased', 'declined', 'revoked at the network'. */
  endedBecause?: string;
  /** When the next charge is due: the period's end, then a day later after each failure. */
  nextChargeAt: string;
  /** Failed charges in a row for the period being charged. */
  failures: number;
  /** The provider's words on the last failure. */
  lastFailure?: string;
  /** The renewal record a charge was sent for, and when (a charge in flight is not sent twice). */
  chargeReference?: string;
  chargeSentAt?: string;
}

export const MANDATE_TIMES = ['createdAt', 'approvedAt', 'cancelledAt', 'nextChargeAt', 'chargeSentAt', 'priceRiseFrom'];

const mandates = () => typedCollection<StoredMandate>(COLLECTIONS.mandates, MANDATE_TIMES);

export const mandateRef = (subscriptionId: string) => mandates().doc(subscriptionId);

/** A patient's mandates (a patient has few), with their subscription ids. */
export async function mandatesOf(patientId: string) {
  const snap = await mandates().where('patientId', '==', patientId).get();
  return snap.docs.map((d) => ({ subscriptionId: d.id, data: d.data() }));
}

/** The mandate whose preapproval has this reference (the provider's callback names it). */
export async function mandateByReference(clientReferenceId: string) {
  const snap = await mandates().where('clientReferenceId', '==', clientReferenceId).limit(1).get();
  const doc = snap.docs[0];
  return doc ? { subscriptionId: doc.id, data: doc.data() } : undefined;
}

/** Active mandates whose next charge is due before `until`, soonest first (index status + nextChargeAt). */
export const activeMandatesDueBefore = (until: Date, limit: number) =>
  mandates().where('status', '==', 'Active').where('nextChargeAt', '<', until).orderBy('nextChargeAt').limit(limit);

/** The code that proves a mandate's number other than the account's phone (the phone code's shape: a hash bound to the number). */
export const mandateNumberCodeRef = (uid: string) =>
  db()
    .collection(COLLECTIONS.mandateNumberCodes)
    .doc(uid)
    .withConverter({ toFirestore: (c: PhoneCodeRecord) => c, fromFirestore: (s) => s.data() as PhoneCodeRecord });
