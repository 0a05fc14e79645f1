import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections';
import { db } from './firebase';

/**
 * A mail in the shape the Trigger Email extension read (kept when our own sender replaced it,
 * docs/notifications.md): notifications/mail-sender.ts sends it over SMTP and records `delivery`.
 */
export interface Mail {
  to: string;
  message: {
    subject: string;
    text: string;
    html: string;
    /** e.g. an .ics invitation: { filename, content, contentType: 'text/calendar' } */
    attachments?: { filename: string; content: string; contentType: string }[];
  };
  /** Extra header fields (read from the top level, not from `message`). */
  headers?: Record<string, string>;
  /** Whom and what it is about, for the staff's delivery log (never sent). */
  patientId?: string;
  appointmentId?: string;
  event?: string;
}

/**
 * What became of a mail (docs/notifications.md), absent until its first
 * attempt. RETRY: not delivered yet, being tried or waiting for its next try; SENT: the mail
 * server took it (messageId is its Message-ID); ERROR: refused for good, or still refused after
 * the last try (error has the server's words).
 */
export interface MailDelivery {
  state: 'SENT' | 'ERROR' | 'RETRY';
  attempts: number;
  messageId?: string;
  error?: string;
}

/**
 * As stored: `expireAt` is what the TTL policy on `mail` (firestore.indexes.json) deletes it by.
 * While it is not delivered, `nextAttemptAt` says when the sender may take it (at once, after a
 * backoff, or when the lease of a send under way ends) and `leaseId` which send holds it; both
 * go once it is SENT or ERROR, so the sweep's query finds only what is left to send.
 */
export interface StoredMail extends Mail {
  createdAt: Timestamp | FieldValue;
  expireAt: Timestamp;
  delivery?: MailDelivery;
  nextAttemptAt?: Timestamp;
  leaseId?: string;
  sentAt?: Timestamp;
}

const mailCollection = () => db().collection(COLLECTIONS.mail);
export const mailRef = (id: string) => mailCollection().doc(id);

/** Writes a mail to be sent; with a transaction, only if that transaction commits. Answers its id. */
export function storeMail(mail: Mail, expireAt: Date, tx?: Transaction): { id: string; written: Promise<unknown> } {
  const ref = mailCollection().doc();
  const doc: StoredMail = {
    ...mail,
    createdAt: FieldValue.serverTimestamp(),
    expireAt: Timestamp.fromDate(expireAt),
    nextAttemptAt: Timestamp.now(),
  };
  if (tx) {
    tx.create(ref, doc);
    return { id: ref.id, written: Promise.resolve() };
  }
  return { id: ref.id, written: ref.create(doc) };
}

/** What the sweep must (re)try: not delivered, past its nextAttemptAt (a single-field index). */
export const dueMailQuery = (now: Date, limit: number) =>
  mailCollection().where('nextAttemptAt', '<=', Timestamp.fromDate(now)).orderBy('nextAttemptAt').limit(limit);

/** The mails about a patient or an appointment, newest first (delivery log). */
export const mailAbout = (field: 'patientId' | 'appointmentId', id: string, limit: number) =>
  mailCollection().where(field, '==', id).orderBy('createdAt', 'desc').limit(limit).get();

/** Every queued mail to an address (an erased account's old mails). */
export async function mailRefsTo(address: string) {
  return (await mailCollection().where('to', '==', address).get()).docs.map((d) => d.ref);
}
