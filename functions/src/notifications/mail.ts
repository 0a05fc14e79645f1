import type { Transaction } from 'firebase-admin/firestore';
import { expiryOf, type RetainedKind } from '../api/retention';
import { storeMail, type Mail } from '../store/mail';
import { findPatient } from '../store/patients';
import { auth } from '../store/firebase';
import { afterCommit } from '../store/transaction';
import { sendMailSoon } from './mail-sender';

export type { Mail } from '../store/mail';

/** Which retention period (api/retention.ts) a mail's copy is kept for. */
export type MailKind = Extract<RetainedKind, 'mail' | 'verificationMail' | 'erasureMail'>;

/**
 * Queues a mail and sends it right after (mail-sender.ts); pass a transaction to queue it only
 * if that transaction commits, and send it after the commit. Every copy carries its `expireAt`
 * (30 days, or shorter for its kind), so none is kept for ever.
 */
export async function queueMail(mail: Mail, tx?: Transaction, kind: MailKind = 'mail'): Promise<void> {
  const { id, written } = storeMail(mail, expiryOf(kind), tx);
  if (tx) {
    // Outside store/transaction.ts runTransaction there is no hook: the sweep sends it within a minute.
    afterCommit(tx, () => sendMailSoon([id]));
  } else {
    await written;
    await sendMailSoon([id]);
  }
}

/**
 * Where mails about a patient's records go: the account's own address (patients/{uid}), else
 * the sign-in e-mail; never an address typed into a booking for someone else.
 */
export async function accountEmail(patientId: string): Promise<string | undefined> {
  const stored = (await findPatient(patientId))?.emailAddress;
  if (stored) return stored;
  const user = await auth()
    .getUser(patientId)
    .catch(() => undefined);
  return user?.email || undefined;
}
