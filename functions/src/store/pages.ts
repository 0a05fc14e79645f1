import { FieldPath, type CollectionReference, type DocumentData, type Query } from 'firebase-admin/firestore';
import { plainValue } from './converter';
import { db } from './firebase';

/**
 * Paginated lists (a cursor is the id of a page's last document; no list ever reads a whole
 * collection) and count() aggregations for the clinic's side. Every composite index these
 * queries need is in firestore.indexes.json.
 */

const collection = (name: string) => db().collection(name);

/** A cursor that names no document of the list: the caller's page is gone (400, not a silent first page). */
export class StaleCursorError extends Error {}

export interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
}

/** One page of an ordered query; the cursor is the previous page's last document id. */
export async function pageOf<T, Stored = DocumentData>(
  base: CollectionReference,
  query: Query,
  limit: number,
  cursor: string | undefined,
  map: (id: string, data: Stored) => T,
): Promise<PageOf<T>> {
  let q = query.limit(limit);
  if (cursor) {
    const last = await base.doc(cursor).get();
    if (!last.exists) throw new StaleCursorError();
    q = q.startAfter(last);
  }
  const snap = await q.get();
  const items = snap.docs.map((d) => map(d.id, plainValue(d.data()) as Stored));
  return { items, nextCursor: snap.size === limit ? snap.docs[snap.size - 1].id : null };
}

export const countWhere = async (name: string, field: string, value: unknown): Promise<number> =>
  (await collection(name).where(field, '==', value).count().get()).data().count;

export const byStatus = (name: string, status: string | undefined, orderField: string) => {
  const base = collection(name);
  return status ? base.where('status', '==', status).orderBy(orderField, 'desc') : base.orderBy(orderField, 'desc');
};

/** A page of a collection, newest first, of one status or all. */
export const pageByStatus =
  <Stored>(name: string, orderField: string) =>
  <T>(status: string | undefined, limit: number, cursor: string | undefined, map: (id: string, d: Stored) => T) =>
    pageOf(collection(name), byStatus(name, status, orderField), limit, cursor, map);

/** A whole collection in pages of `pageSize`, by document id (the backfill's walk). */
export const byDocumentId = (name: string, pageSize: number) => collection(name).orderBy(FieldPath.documentId()).limit(pageSize);
