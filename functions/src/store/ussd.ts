import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type { Patient } from '../api/types';
import type { UssdResponse } from '../api/ussd';
import { COLLECTIONS } from './collections';
import { db } from './firebase';

/**
 * The USSD channel's documents (docs/ussd.md): one per session, and the call-back queue.
 * Only the server reads or writes them (firestore.rules).
 */

/**
 * What a booking needs of the caller's record (the name and contact it sends). Kept in the
 * session from the dial (or the name), so the booking reads no record: a change to the record
 * during the few minutes of a session reaches the next session.
 */
export type CallerDetails = Pick<
  Patient,
  'firstName' | 'lastName' | 'gender' | 'emailAddress' | 'contactNumber' | 'patientLocation' | 'accountStatus'
>;

/** ussdSessions/{SessionId}: where the caller is in the menus, and the last screen (a retry gets it again). */
export interface UssdSession {
  mobile: string;
  patientId?: string;
  details?: CallerDetails;
  step: string;
  /** What the caller chose so far (the service, doctor, day, time, the offered lists). */
  data: Record<string, unknown>;
  lastSequence: number;
  lastAnswer: UssdResponse | null;
  /** The Sequence being answered now and since when: a retry meanwhile waits for its answer. */
  working?: number;
  workingAt?: Timestamp;
  /** The caller typed their PIN right (or set it) in this session: later changes need it no more. */
  pinProved?: boolean;
  /** Release or Timeout: nothing more is answered but the last screen. */
  endedAs?: string;
  /** The TTL policy (firestore.indexes.json) deletes it a day later. */
  expireAt: Timestamp;
}

export const USSD_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export const ussdSessionRef = (sessionId: string) => db().collection(COLLECTIONS.ussdSessions).doc(sessionId);

export const sessionExpiry = (now = Date.now()) => Timestamp.fromMillis(now + USSD_SESSION_TTL_MS);

/** The patient records (accounts and clinic records) that hold this number (+233...). */
export async function patientsWithPhone(phone: string): Promise<Patient[]> {
  const snap = await db().collection(COLLECTIONS.patients).where('contactNumber', '==', phone).limit(10).get();
  return snap.docs.map((d) => ({ ...(d.data() as Patient), patientId: d.id }));
}

export const callbacksCollection = () => db().collection(COLLECTIONS.callbacks);
export const callbackRef = (id: string) => callbacksCollection().doc(id);
export const newCallbackRef = () => callbacksCollection().doc();

/** The queue of one status (oldest first), or every request (newest first), a page of 200. */
export async function callbacksWith(status: string): Promise<{ id: string; data: DocumentData }[]> {
  const query =
    status === 'all'
      ? callbacksCollection().orderBy('requestedAt', 'desc')
      : callbacksCollection().where('status', '==', status).orderBy('requestedAt', 'asc');
  const snap = await query.limit(200).get();
  return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
}

/**
 * What the USSD channel holds of a person, for erasing their account (services/patients/erasure.ts):
 * their call-back requests and sessions, by their ids (the account and the clinic records it
 * claimed) and by their number.
 */
export async function ussdRefsOf(patientIds: string[], phone: string | undefined) {
  const queries = [
    ...patientIds.flatMap((id) => [
      callbacksCollection().where('patientId', '==', id),
      db().collection(COLLECTIONS.ussdSessions).where('patientId', '==', id),
    ]),
    ...(phone
      ? [
          callbacksCollection().where('phone', '==', phone),
          db().collection(COLLECTIONS.ussdSessions).where('mobile', '==', phone),
        ]
      : []),
  ];
  const snaps = await Promise.all(queries.map((q) => q.get()));
  const refs = new Map(snaps.flatMap((snap) => snap.docs.map((d) => [d.ref.path, d.ref] as const)));
  return [...refs.values()];
}
