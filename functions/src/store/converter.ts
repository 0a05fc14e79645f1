import { Timestamp, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { db } from './firebase';

/** Timestamps become ISO strings, so callers only ever see plain JSON values. */
export function plainValue(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plainValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValue(v)]));
  }
  return value;
}

/** A time as it is stored: a Timestamp (documents written before kept ISO strings; plainValue reads both). */
export const storedTime = (value: string | Date): Timestamp =>
  Timestamp.fromDate(typeof value === 'string' ? new Date(value) : value);

/** The document with its time fields (ISO strings in the API's types) stored as Timestamps. */
function withStoredTimes(document: DocumentData, timeFields: readonly string[]): DocumentData {
  const times = timeFields.filter((field) => typeof document[field] === 'string' || document[field] instanceof Date);
  if (!times.length) return document;
  return { ...document, ...Object.fromEntries(times.map((field) => [field, storedTime(document[field])])) };
}

/**
 * A converter for documents stored in the shape their type gives: written as they are (but
 * `timeFields`, ISO strings in the type, stored as Timestamps), read back as plain JSON with
 * every time an ISO string. `withId` adds what the document's id stands for, when the stored
 * fields do not carry it (a catalog item's `id`, a doctor's `doctorId`).
 */
export function typedConverter<T extends object>(
  withId: (data: DocumentData, id: string) => T = (data) => data as T,
  timeFields: readonly string[] = [],
): FirestoreDataConverter<T> {
  return {
    toFirestore: (document) => withStoredTimes(document as DocumentData, timeFields),
    fromFirestore: (snapshot: QueryDocumentSnapshot) => withId(plainValue(snapshot.data()) as DocumentData, snapshot.id),
  };
}

/** A collection whose documents are stored in their type's shape (typedConverter), `timeFields` as Timestamps. */
export const typedCollection = <T extends object>(name: string, timeFields: readonly string[] = []) =>
  db().collection(name).withConverter(typedConverter<T>(undefined, timeFields));
