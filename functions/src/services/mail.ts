import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../store/collections';
import { auth, db } from '../store/firebase';

/** A mail in the shape of Firebase's Trigger Email extension, which sends it in production. */
export interface Mail {
  to: string;
  message: { subject: string; text: string; html: string };
  /** Extra header fields; the extension reads them from the top level, not from `message`. */
  headers?: Record<string, string>;
}

const mailDoc = (mail: Mail) => ({ ...mail, createdAt: FieldValue.serverTimestamp() });

/** Queues a mail; pass a transaction to queue it only if that transaction commits. */
export async function queueMail(mail: Mail, tx?: Transaction): Promise<void> {
  const ref = db().collection(COLLECTIONS.mail).doc();
  if (tx) tx.create(ref, mailDoc(mail));
  else await ref.create(mailDoc(mail));
}

/**
 * Where mails about a patient's records go: the account's own address (patients/{uid}), else
 * the sign-in e-mail; never an address typed into a booking for someone else.
 */
export async function accountEmail(patientId: string): Promise<string | undefined> {
  const stored = (await db().collection(COLLECTIONS.patients).doc(patientId).get()).get('emailAddress');
  if (typeof stored === 'string' && stored) return stored;
  const user = await auth()
    .getUser(patientId)
    .catch(() => undefined);
  return user?.email || undefined;
}
