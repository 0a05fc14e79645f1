import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections';
import { db } from './firebase';

/** A mail in the shape of Firebase's Trigger Email extension, which sends it in production. */
export interface Mail {
  to: string;
  message: {
    subject: string;
    text: string;
    html: string;
    /** e.g. an .ics invitation: { filename, content, contentType: 'text/calendar' } */
    attachments?: { filename: string; content: string; contentType: string }[];
  };
  /** Extra header fields; the extension reads them from the top level, not from `message`. */
  headers?: Record<string, string>;
  /** Whom and what it is about, for the staff's delivery log (the extension ignores them). */
  patientId?: string;
  appointmentId?: string;
  event?: string;
}

/** As stored: `expireAt` is what the TTL policy on `mail` (firestore.indexes.json) deletes it by. */
interface StoredMail extends Mail {
  createdAt: FieldValue;
  expireAt: Timestamp;
}

const mailCollection = () => db().collection(COLLECTIONS.mail);

/** Writes a mail for the extension to send; with a transaction, only if that transaction commits. */
export async function storeMail(mail: Mail, expireAt: Date, tx?: Transaction): Promise<void> {
  const ref = mailCollection().doc();
  const doc: StoredMail = { ...mail, createdAt: FieldValue.serverTimestamp(), expireAt: Timestamp.fromDate(expireAt) };
  if (tx) tx.create(ref, doc);
  else await ref.create(doc);
}

/** The mails about a patient or an appointment, newest first (delivery log). */
export const mailAbout = (field: 'patientId' | 'appointmentId', id: string, limit: number) =>
  mailCollection().where(field, '==', id).orderBy('createdAt', 'desc').limit(limit).get();

/** Every queued mail to an address (an erased account's old mails). */
export async function mailRefsTo(address: string) {
  return (await mailCollection().where('to', '==', address).get()).docs.map((d) => d.ref);
}
