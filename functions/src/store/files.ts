import { Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import type { ResultType } from '../api/record';
import { COLLECTIONS } from './collections';
import { db } from './firebase';

/**
 * Firestore access for result files (files/{fileId}): the bytes as a Bytes field, the type
 * the server found in them, and the owner. Read whole only to serve one file; lists of
 * results live on the appointment (`results`), so nothing else ever reads these bytes.
 */

export interface StoredFile {
  fileId: string;
  patientId: string;
  appointmentId: string;
  name: string;
  contentType: ResultType;
  bytes: Buffer;
  sizeBytes: number;
  uploadedAt: string;
  uploadedBy: string;
}

const files = () => db().collection(COLLECTIONS.files);

export const newFileRef = () => files().doc();
export const fileRef = (fileId: string) => files().doc(fileId);

export function createFile(tx: Transaction, ref: ReturnType<typeof newFileRef>, file: Omit<StoredFile, 'fileId'>): void {
  tx.create(ref, { ...file, uploadedAt: Timestamp.fromDate(new Date(file.uploadedAt)) });
}

const fromDoc = (id: string, d: DocumentData): StoredFile => ({
  fileId: id,
  patientId: String(d.patientId),
  appointmentId: String(d.appointmentId),
  name: String(d.name),
  contentType: d.contentType as ResultType,
  bytes: Buffer.from(d.bytes as Uint8Array),
  sizeBytes: Number(d.sizeBytes),
  uploadedAt: d.uploadedAt instanceof Timestamp ? d.uploadedAt.toDate().toISOString() : String(d.uploadedAt),
  uploadedBy: String(d.uploadedBy),
});

export async function getFile(fileId: string): Promise<StoredFile | undefined> {
  const snap = await fileRef(fileId).get();
  return snap.exists ? fromDoc(snap.id, snap.data()!) : undefined;
}

/** The file documents of a patient: their references only (erasure re-keys them without reading the bytes). */
export async function fileRefsOf(patientId: string) {
  const snap = await files().where('patientId', '==', patientId).select('appointmentId').get();
  return snap.docs.map((d) => d.ref);
}
