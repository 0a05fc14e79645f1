import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections';
import { db } from './firebase';

/**
 * The SMS outbox (docs/notifications.md): one document per text message. Queued until
 * notifications/sms-sender.ts claims it (Sending, under a lease that ends at nextAttemptAt),
 * then Sent with the provider's message id or Failed with the reason; a transient failure puts
 * it back to Queued with a later nextAttemptAt.
 */
export type SmsStatus = 'Queued' | 'Sending' | 'Sent' | 'Failed';

export interface SmsDoc {
  to: string;
  body: string;
  createdAt: Timestamp | FieldValue;
  status: SmsStatus;
  attempts: number;
  /** Queued: when it may be tried (again). Sending: when the holder's lease ends. */
  nextAttemptAt: Timestamp;
  /** The TTL policy on `sms` (firestore.indexes.json) deletes it then (api/retention.ts). */
  expireAt: Timestamp;
  event: string;
  patientId?: string;
  appointmentId?: string;
  providerMessageId?: string;
  failureReason?: string;
  /** Which claim holds it while Sending: a finisher whose lease was taken over changes nothing. */
  leaseId?: string;
  sentAt?: Timestamp;
}

export const smsCollection = () => db().collection(COLLECTIONS.sms);
export const smsRef = (id: string) => smsCollection().doc(id);

/** Queues one SMS; with a transaction, only if that transaction commits. Answers its id. */
export function storeSms(
  fields: Pick<SmsDoc, 'to' | 'body' | 'event' | 'patientId' | 'appointmentId'>,
  expireAt: Date,
  tx?: Transaction,
): { id: string; written: Promise<unknown> } {
  const ref = smsCollection().doc();
  const doc: SmsDoc = {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    to: fields.to,
    body: fields.body,
    event: fields.event,
    createdAt: FieldValue.serverTimestamp(),
    status: 'Queued',
    attempts: 0,
    nextAttemptAt: Timestamp.now(),
    expireAt: Timestamp.fromDate(expireAt),
  };
  if (tx) {
    tx.create(ref, doc);
    return { id: ref.id, written: Promise.resolve() };
  }
  return { id: ref.id, written: ref.create(doc) };
}

/**
 * What the sweep must (re)try: Queued past its nextAttemptAt, or Sending whose lease ended
 * (its sender died). One query, on the composite index (status, nextAttemptAt).
 */
export const dueSmsQuery = (now: Date, limit: number) =>
  smsCollection()
    .where('status', 'in', ['Queued', 'Sending'])
    .where('nextAttemptAt', '<=', Timestamp.fromDate(now))
    .orderBy('nextAttemptAt')
    .limit(limit);

/** The SMS about a patient or an appointment, newest first (delivery log). */
export const smsAbout = (field: 'patientId' | 'appointmentId', id: string, limit: number) =>
  smsCollection().where(field, '==', id).orderBy('createdAt', 'desc').limit(limit).get();

/** A patient's SMS (erasure deletes them with the account). */
export const smsRefsOf = async (patientId: string) =>
  (await smsCollection().where('patientId', '==', patientId).get()).docs.map((d) => d.ref);
