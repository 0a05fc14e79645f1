import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { AuditEntry, StaffMember } from '../api/staff';
import { COLLECTIONS } from './collections';
import { pageOf } from './pages';
import { db } from './firebase';

/** Firestore access for the staff roster and the audit log. */

const collection = (name: string) => db().collection(name);

export const staffMemberRef = (uid: string) => collection(COLLECTIONS.staffMembers).doc(uid);

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

/**
 * The entries naming one patient whose action is one of `actions`, newest first (index: patientIds +
 * action + at): the patient's list of openings of their record (api/record.ts RECORD_OPENING_ACTIONS).
 */
export function auditOfPatientPage(patientId: string, actions: readonly string[], limit: number, cursor: string | undefined) {
  const base = collection(COLLECTIONS.auditLog);
  const query = base
    .where('patientIds', 'array-contains', patientId)
    .where('action', 'in', [...actions])
    .orderBy('at', 'desc');
  return pageOf<AuditEntry>(base, query, limit, cursor, (id, d) => ({
    id,
    actorUid: d.actorUid,
    actorRole: d.actorRole,
    action: d.action,
    target: d.target,
    at: d.at,
    ...(d.actorEmail ? { actorEmail: d.actorEmail } : {}),
    ...(d.through ? { through: d.through } : {}),
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

/** The roster's e-mail of each of `uids` that is still on it. */
export async function rosterEmails(uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const snaps = await db().getAll(...uids.map(staffMemberRef));
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, String(s.get('email'))]));
}

export const staffMembersPage = (limit: number, cursor: string | undefined) =>
  pageOf<StaffMember>(
    collection(COLLECTIONS.staffMembers),
    collection(COLLECTIONS.staffMembers).orderBy('email'),
    limit,
    cursor,
    (uid, d) => ({ uid, email: d.email, role: d.role, ...(d.doctorId ? { doctorId: d.doctorId } : {}) }),
  );

/** The roster's accounts holding one of `roles`, at most `limit`. */
export const rosterWithRoles = (roles: readonly string[], limit: number) =>
  collection(COLLECTIONS.staffMembers)
    .where('role', 'in', [...roles])
    .limit(limit)
    .get();

/** The uids of the accounts of one doctor (at most 10). */
export const accountsOfDoctor = async (doctorId: string): Promise<string[]> =>
  (await collection(COLLECTIONS.staffMembers).where('doctorId', '==', doctorId).limit(10).get()).docs.map((d) => d.id);
