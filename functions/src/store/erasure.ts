import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type QueryDocumentSnapshot,
  type UpdateData,
} from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections';
import { db } from './firebase';

/**
 * Firestore access for erasing an account (services/patients/erasure.ts). Kept here rather than in
 * each collection's module: it touches every record that names a patient, by the fields
 * those records share.
 */

/** The collections whose records name the patient by `patientId` and outlive the account (anonymised, not deleted). */
const KEPT_RECORDS = [
  COLLECTIONS.appointments,
  COLLECTIONS.orders,
  COLLECTIONS.subscriptions,
  COLLECTIONS.subscriptionRenewals,
  COLLECTIONS.subscriptionUsage,
  COLLECTIONS.payments,
  COLLECTIONS.refunds,
  COLLECTIONS.appointmentSlots,
  COLLECTIONS.prescriptions,
  COLLECTIONS.labRequests,
] as const;

export type KeptCollection = (typeof KEPT_RECORDS)[number];

/** What in a kept record says who the patient is, what ails them or where they live: cleared on erasure. */
const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'contactNumber',
  'gender',
  'location',
  'healthProblem',
  'bookFor',
  'appointmentFileName',
  'appointmentFileType',
  'organiztionName',
  'organiztionLocation',
  'expectedPeople',
  // Where a home visit or a delivery went (docs/front-desk.md).
  'address',
  // A prescription's patient as printed (docs/record.md).
  'patientName',
  'patientInitials',
  'patientDateOfBirth',
] as const;

/** The clinical record: kept after erasure for the law's period (api/retention.ts), then deleted by the TTL policy on expireAt. */
const CLINICAL_RECORDS: readonly KeptCollection[] = [
  COLLECTIONS.appointments,
  COLLECTIONS.prescriptions,
  COLLECTIONS.labRequests,
];

export interface KeptRecord {
  collection: KeptCollection;
  snap: QueryDocumentSnapshot;
}

/** Every kept record of a patient. */
export async function keptRecordsOf(uid: string): Promise<KeptRecord[]> {
  const found = await Promise.all(
    KEPT_RECORDS.map(async (collection) => {
      const snap = await db().collection(collection).where('patientId', '==', uid).get();
      return snap.docs.map((doc) => ({ collection, snap: doc }));
    }),
  );
  return found.flat();
}

/**
 * The record with the patient's id replaced by a non-identifying one and their details
 * cleared (an object such as a home visit's address becomes null); a clinical record also gets
 * the day it is deleted (`retainUntil`).
 */
export function anonymised(record: KeptRecord, erasedId: string, retainUntil?: Date): UpdateData<Record<string, unknown>> {
  const cleared = PERSONAL_FIELDS.filter((field) => record.snap.get(field) !== undefined).map((field) => {
    const value: unknown = record.snap.get(field);
    return [field, value === null || typeof value === 'object' ? null : ''];
  });
  const expiry = retainUntil && CLINICAL_RECORDS.includes(record.collection) ? { expireAt: Timestamp.fromDate(retainUntil) } : {};
  return { ...Object.fromEntries(cleared), patientId: erasedId, erasedAt: FieldValue.serverTimestamp(), ...expiry };
}

/** A result file, kept like the rest of the clinical record: re-keyed to the erased id, deleted at `retainUntil`. */
export const erasedFile = (erasedId: string, retainUntil: Date): UpdateData<Record<string, unknown>> => ({
  patientId: erasedId,
  erasedAt: FieldValue.serverTimestamp(),
  expireAt: Timestamp.fromDate(retainUntil),
});

export type ErasureWrite =
  | { ref: DocumentReference; update: UpdateData<Record<string, unknown>> }
  | { ref: DocumentReference; remove: true }
  | { ref: DocumentReference; create: Record<string, unknown> };

/** Firestore's batch limit is 500 writes; each batch is atomic, the whole erasure is idempotent (run again, it ends the same). */
const BATCH_SIZE = 400;

export async function commitErasure(writes: ErasureWrite[]): Promise<void> {
  for (let i = 0; i < writes.length; i += BATCH_SIZE) {
    const batch = db().batch();
    for (const write of writes.slice(i, i + BATCH_SIZE)) {
      if ('update' in write) batch.update(write.ref, write.update);
      else if ('remove' in write) batch.delete(write.ref);
      else batch.create(write.ref, write.create);
    }
    await batch.commit();
  }
}

export const appointmentFileDoc = (appointmentId: string) => db().collection(COLLECTIONS.appointmentFiles).doc(appointmentId);

/**
 * The audit entries that name the patient (among patientIds, as the actor, in the target) stay,
 * for the clinic's accountability, but under the erased id; a staff search's typed words go,
 * since they may be the patient's name or number.
 */
export async function auditErasureWrites(uid: string, erasedId: string): Promise<ErasureWrite[]> {
  const log = db().collection(COLLECTIONS.auditLog);
  const [named, acted] = await Promise.all([
    log.where('patientIds', 'array-contains', uid).get(),
    log.where('actorUid', '==', uid).get(),
  ]);
  const entries = new Map([...named.docs, ...acted.docs].map((d) => [d.id, d]));
  return [...entries.values()].map((d) => {
    const data = d.data();
    const update: UpdateData<Record<string, unknown>> = {};
    if (Array.isArray(data.patientIds)) update.patientIds = data.patientIds.map((id: unknown) => (id === uid ? erasedId : id));
    if (data.actorUid === uid) update.actorUid = erasedId;
    if (typeof data.target === 'string' && data.target.includes(uid)) update.target = data.target.split(uid).join(erasedId);
    if ('query' in data) update.query = FieldValue.delete();
    return { ref: d.ref, update };
  });
}

/** Staff see that an account was erased, never whose: no uid, name or address in the entry. */
export const erasureAuditEntry = () => ({
  ref: db().collection(COLLECTIONS.auditLog).doc(),
  create: { actorUid: 'self', actorRole: 'patient', action: 'patient.erase', target: 'patients/erased', at: Timestamp.now() },
});
