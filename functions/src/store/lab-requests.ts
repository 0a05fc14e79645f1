import type { LabRequest } from '../api/record';
import { COLLECTIONS } from './collections';
import { typedConverter } from './converter';
import { db } from './firebase';

/** Firestore access for lab requests (labRequests/{id}, docs/record.md): few per patient, sorted in code. */

/** The request as the API answers it, plus who asked and when Firestore's TTL removes it. */
export interface StoredLabRequest extends LabRequest {
  doctorId: string | null;
  requestedBy: { uid: string; role: string };
  expireAt?: string;
}

const converter = typedConverter<StoredLabRequest>(
  (data, id) => ({ ...data, labRequestId: id }) as StoredLabRequest,
  ['requestedAt', 'expireAt'],
);

const labRequests = () => db().collection(COLLECTIONS.labRequests).withConverter(converter);

export const labRequestRef = (id: string) => labRequests().doc(id);
export const newLabRequestRef = () => labRequests().doc();

const newestFirst = (a: StoredLabRequest, b: StoredLabRequest) => b.requestedAt.localeCompare(a.requestedAt);

export async function labRequestsOf(patientId: string): Promise<StoredLabRequest[]> {
  const snap = await labRequests().where('patientId', '==', patientId).get();
  return snap.docs.map((d) => d.data()).sort(newestFirst);
}

export async function labRequestsOfAppointment(appointmentId: string): Promise<StoredLabRequest[]> {
  const snap = await labRequests().where('appointmentId', '==', appointmentId).get();
  return snap.docs.map((d) => d.data()).sort(newestFirst);
}
