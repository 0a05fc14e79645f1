import {
  AggregateField,
  FieldPath,
  Filter,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import type { AuditEntry, StaffMember } from '../api/staff';
import { COLLECTIONS } from './collections';
import { plainValue } from './converter';
import { db } from './firebase';

/**
 * Firestore access for the clinic's side: paginated lists (a cursor is the id of a page's
 * last document; no list ever reads a whole collection), count() and sum() aggregations for
 * the overview, the audit log and the staff roster. Every composite index these queries
 * need is in firestore.indexes.json.
 */

const collection = (name: string) => db().collection(name);

export const appointmentsCollection = () => collection(COLLECTIONS.appointments);
export const enquiriesRef = (id: string) => collection(COLLECTIONS.enquiries).doc(id);
export const orderRef = (id: string) => collection(COLLECTIONS.orders).doc(id);
export const refundDocRef = (id: string) => collection(COLLECTIONS.refunds).doc(id);
export const patientRef = (id: string) => collection(COLLECTIONS.patients).doc(id);
export const staffMemberRef = (uid: string) => collection(COLLECTIONS.staffMembers).doc(uid);

/** A cursor that names no document of the list: the caller's page is gone (400, not a silent first page). */
export class StaleCursorError extends Error {}

export interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
}

/** One page of an ordered query; the cursor is the previous page's last document id. */
async function pageOf<T>(
  base: CollectionReference,
  query: Query,
  limit: number,
  cursor: string | undefined,
  map: (id: string, data: DocumentData) => T,
): Promise<PageOf<T>> {
  let q = query.limit(limit);
  if (cursor) {
    const last = await base.doc(cursor).get();
    if (!last.exists) throw new StaleCursorError();
    q = q.startAfter(last);
  }
  const snap = await q.get();
  const items = snap.docs.map((d) => map(d.id, plainValue(d.data()) as DocumentData));
  return { items, nextCursor: snap.size === limit ? snap.docs[snap.size - 1].id : null };
}

// --- appointments ---

export interface AppointmentFilter {
  day?: string;
  /** A range of days (both included; at most a week, api/staff-requests.ts). */
  from?: string;
  to?: string;
  status?: string;
  doctorId?: string;
  serviceId?: number;
  /** The clinician a home visit (or a virtual visit without a doctor) is assigned to. */
  assignedTo?: string;
  needsRebooking?: boolean;
  /** A doctor's own: their doctorId's appointments or those assigned to them (an OR query). */
  mine?: { doctorId: string; uid: string };
}

function filtered(f: AppointmentFilter, withStatus = true): Query {
  let q: Query = appointmentsCollection();
  if (f.mine)
    q = q.where(Filter.or(Filter.where('doctorId', '==', f.mine.doctorId), Filter.where('assignedTo', '==', f.mine.uid)));
  if (f.day) q = q.where('requestedDay', '==', f.day);
  if (f.from && f.to) q = q.where('requestedDay', '>=', f.from).where('requestedDay', '<=', f.to);
  if (withStatus && f.status) q = q.where('appointmentStatus', '==', f.status);
  if (f.doctorId) q = q.where('doctorId', '==', f.doctorId);
  if (f.serviceId !== undefined) q = q.where('requestedServiceId', '==', f.serviceId);
  if (f.assignedTo) q = q.where('assignedTo', '==', f.assignedTo);
  if (f.needsRebooking) q = q.where('needsRebooking', '==', true);
  return q;
}

/** A day's appointments run by time; a week or the rebooking list by day and time; otherwise the newest requests first. */
export function appointmentPage<T>(
  f: AppointmentFilter,
  limit: number,
  cursor: string | undefined,
  map: (id: string, d: DocumentData) => T,
) {
  const q = f.day
    ? filtered(f).orderBy('requestedTime').orderBy('createdAt')
    : f.from || f.needsRebooking
      ? filtered(f).orderBy('requestedDay').orderBy('requestedTime').orderBy('createdAt')
      : filtered(f).orderBy('createdAt', 'desc');
  return pageOf(appointmentsCollection(), q, limit, cursor, map);
}

/** Appointments by exact field (clientReference, a patient's id), for the console's search: at most `limit`. */
export async function appointmentsWhere(field: string, value: unknown, limit: number): Promise<DocumentData[]> {
  const snap = await appointmentsCollection().where(field, '==', value).limit(limit).get();
  return snap.docs.map((d) => ({ ...(plainValue(d.data()) as DocumentData), appointmentId: d.id }));
}

/** The appointments of a day or a week (the filter's day, or from and to), at most `limit`: the desk's search within them. */
export async function appointmentsInDays(
  f: Pick<AppointmentFilter, 'day' | 'from' | 'to'>,
  limit: number,
): Promise<DocumentData[]> {
  const snap = await filtered({ day: f.day, from: f.from, to: f.to }).limit(limit).get();
  return snap.docs.map((d) => ({ ...(plainValue(d.data()) as DocumentData), appointmentId: d.id }));
}

/** Appointments of several patients (at most 30 ids, Firestore's 'in' limit). */
export async function appointmentsOfPatients(patientIds: string[], limit: number): Promise<DocumentData[]> {
  if (!patientIds.length) return [];
  const snap = await appointmentsCollection().where('patientId', 'in', patientIds.slice(0, 30)).limit(limit).get();
  return snap.docs.map((d) => ({ ...(plainValue(d.data()) as DocumentData), appointmentId: d.id }));
}

/** Appointments whose stored `field` (a name as typed) starts with `prefix`. */
export async function appointmentsByPrefix(field: string, prefix: string, limit: number): Promise<DocumentData[]> {
  const snap = await appointmentsCollection().where(field, '>=', prefix).where(field, '<', `${prefix}\uf8ff`).limit(limit).get();
  return snap.docs.map((d) => ({ ...(plainValue(d.data()) as DocumentData), appointmentId: d.id }));
}

/** How many appointments of each state match the filter (its status aside): one count() each. */
export async function appointmentCounts(f: AppointmentFilter, states: readonly string[]): Promise<Record<string, number>> {
  const counts = await Promise.all(
    states.map(async (s) => (await filtered(f, false).where('appointmentStatus', '==', s).count().get()).data().count),
  );
  return Object.fromEntries(states.map((s, i) => [s, counts[i]]));
}

/** Bookings per appointment day over [from, to], one count() per day, within `scope` (a doctor's or a nurse's own). */
export async function bookingsPerDay(days: string[], scope: AppointmentFilter = {}): Promise<number[]> {
  return Promise.all(
    days.map(
      async (day) =>
        (
          await filtered({ ...scope, day }, false)
            .count()
            .get()
        ).data().count,
    ),
  );
}

/** Sum of the payments ledger's amounts paid in [from, to): one sum() aggregation. */
export async function paidBetween(from: Date, to: Date): Promise<number> {
  const snap = await collection(COLLECTIONS.payments)
    .where('paidAt', '>=', Timestamp.fromDate(from))
    .where('paidAt', '<', Timestamp.fromDate(to))
    .aggregate({ total: AggregateField.sum('amount') })
    .get();
  return Number(snap.data().total ?? 0);
}

export const countWhere = async (name: string, field: string, value: unknown): Promise<number> =>
  (await collection(name).where(field, '==', value).count().get()).data().count;

/** Paid orders not yet dispatched: the overview's count and the orders list's toDispatch filter are the same query. */
const ordersToDispatch = () =>
  collection(COLLECTIONS.orders).where('status', '==', 'Pending').where('paymentStatus', '==', 'Paid');

export const countOrdersToDispatch = async (): Promise<number> => (await ordersToDispatch().count().get()).data().count;

// --- inbox, orders, refunds ---

const byStatus = (name: string, status: string | undefined, orderField: string) => {
  const base = collection(name);
  return status ? base.where('status', '==', status).orderBy(orderField, 'desc') : base.orderBy(orderField, 'desc');
};

/** A page of a collection, newest first, of one status or all. */
const pageByStatus =
  (name: string, orderField: string) =>
  <T>(status: string | undefined, limit: number, cursor: string | undefined, map: (id: string, d: DocumentData) => T) =>
    pageOf(collection(name), byStatus(name, status, orderField), limit, cursor, map);

export const enquiryPage = pageByStatus(COLLECTIONS.enquiries, 'timeOfRequest');

export const messagePage = <T>(limit: number, cursor: string | undefined, map: (id: string, d: DocumentData) => T) =>
  pageOf(collection(COLLECTIONS.feedback), collection(COLLECTIONS.feedback).orderBy('date', 'desc'), limit, cursor, map);

export const orderPage = <T>(
  filter: { status?: string; toDispatch?: boolean },
  limit: number,
  cursor: string | undefined,
  map: (id: string, d: DocumentData) => T,
) =>
  pageOf(
    collection(COLLECTIONS.orders),
    filter.toDispatch
      ? ordersToDispatch().orderBy('createdAt', 'desc')
      : byStatus(COLLECTIONS.orders, filter.status, 'createdAt'),
    limit,
    cursor,
    map,
  );

/** One order, as plain JSON, or undefined. */
export async function orderById(id: string): Promise<DocumentData | undefined> {
  const snap = await orderRef(id).get();
  return snap.exists ? (plainValue(snap.data()) as DocumentData) : undefined;
}

export const messageRef = (id: string) => collection(COLLECTIONS.feedback).doc(id);

/** Several patient records at once (one getAll), by id; missing ones absent from the map. */
export async function patientsById(ids: string[]): Promise<Map<string, DocumentData>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (!unique.length) return new Map();
  const snaps = await db().getAll(...unique.map((id) => patientRef(id)));
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, plainValue(s.data()) as DocumentData]));
}

export const refundPage = pageByStatus(COLLECTIONS.refunds, 'createdAt');

/** The refunds of one record (an appointment has at most a few). */
export async function refundsOfRecord(recordId: string): Promise<{ id: string; data: DocumentData }[]> {
  const snap = await collection(COLLECTIONS.refunds).where('recordId', '==', recordId).get();
  return snap.docs.map((d) => ({ id: d.id, data: plainValue(d.data()) as DocumentData }));
}

/** Every newsletter subscriber, read in pages of 500 (the CSV export is the one list that wants them all). */
export async function* newsletterSubscribers(): AsyncGenerator<DocumentData> {
  let q = collection(COLLECTIONS.newsletter).orderBy(FieldPath.documentId()).limit(500);
  for (;;) {
    const snap = await q.get();
    for (const d of snap.docs) yield d.data();
    if (snap.size < 500) return;
    q = q.startAfter(snap.docs[snap.size - 1].id);
  }
}

// --- patients ---

/** Patients whose stored `field` starts with `prefix` (a range query), at most `limit`. */
export async function patientsByPrefix(field: string, prefix: string, limit: number): Promise<DocumentData[]> {
  const snap = await collection(COLLECTIONS.patients)
    .where(field, '>=', prefix)
    .where(field, '<', `${prefix}\uf8ff`)
    .limit(limit)
    .get();
  return snap.docs.map((d) => plainValue(d.data()) as DocumentData);
}

export async function ordersOfPatient(patientId: string): Promise<{ id: string; data: DocumentData }[]> {
  const snap = await collection(COLLECTIONS.orders).where('patientId', '==', patientId).get();
  return snap.docs.map((d) => ({ id: d.id, data: plainValue(d.data()) as DocumentData }));
}

// --- audit log ---

export type AuditRecord = Omit<AuditEntry, 'id' | 'at'>;

/**
 * Writes one audit entry (one document per answer, however many rows it showed); in `tx` when
 * given, so it exists exactly when the change does. Patient ids are stored once each, for the
 * audit page's filter (array-contains).
 */
export async function writeAudit(entry: AuditRecord, tx?: Transaction): Promise<void> {
  const ref = collection(COLLECTIONS.auditLog).doc();
  const { patientIds, recordIds, ...rest } = entry;
  const doc = {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...(patientIds ? { patientIds: [...new Set(patientIds.filter(Boolean))] } : {}),
    ...(recordIds ? { recordIds } : {}),
    at: Timestamp.now(),
  };
  if (tx) tx.create(ref, doc);
  else await ref.create(doc);
}

/** The audit log newest first; with a patient, only the entries naming them (index: patientIds + at). */
export function auditPage(limit: number, cursor: string | undefined, patientId?: string) {
  const base = collection(COLLECTIONS.auditLog);
  const query = patientId
    ? base.where('patientIds', 'array-contains', patientId).orderBy('at', 'desc')
    : base.orderBy('at', 'desc');
  return pageOf<AuditEntry>(base, query, limit, cursor, (id, d) => ({
    id,
    actorUid: d.actorUid,
    actorRole: d.actorRole,
    action: d.action,
    target: d.target,
    at: d.at,
    ...(d.patientIds ? { patientIds: d.patientIds } : {}),
    ...(d.query !== undefined ? { query: d.query } : {}),
    ...(d.count !== undefined ? { count: d.count } : {}),
    ...(d.recordIds ? { recordIds: d.recordIds } : {}),
  }));
}

// --- staff roster ---

/**
 * Who the roster says the user is on the clinic's side (requireRole checks every staff request
 * against it; a visit's host too), read in `tx` when given.
 */
export async function staffMemberOf(uid: string, tx?: Transaction): Promise<StaffMember | undefined> {
  const snap = await (tx ? tx.get(staffMemberRef(uid)) : staffMemberRef(uid).get());
  if (!snap.exists) return undefined;
  const d = snap.data()!;
  return { uid, email: d.email, role: d.role, ...(d.doctorId ? { doctorId: d.doctorId } : {}) };
}

export const staffMembersPage = (limit: number, cursor: string | undefined) =>
  pageOf<StaffMember>(
    collection(COLLECTIONS.staffMembers),
    collection(COLLECTIONS.staffMembers).orderBy('email'),
    limit,
    cursor,
    (uid, d) => ({ uid, email: d.email, role: d.role, ...(d.doctorId ? { doctorId: d.doctorId } : {}) }),
  );
