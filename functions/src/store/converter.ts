import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';

/** Timestamps become ISO strings, so callers only ever see plain JSON values. */
export function plainValue(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plainValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValue(v)]));
  }
  return value;
}

/**
 * A converter for documents stored in the shape their type gives: written as they are, read
 * back as plain JSON. `withId` adds what the document's id stands for, when the stored
 * fields do not carry it (a catalog item's `id`, a doctor's `doctorId`).
 */
export function typedConverter<T extends object>(
  withId: (data: DocumentData, id: string) => T = (data) => data as T,
): FirestoreDataConverter<T> {
  return {
    toFirestore: (document) => document as DocumentData,
    fromFirestore: (snapshot: QueryDocumentSnapshot) => withId(plainValue(snapshot.data()) as DocumentData, snapshot.id),
  };
}
