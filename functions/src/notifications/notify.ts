import type { Transaction } from 'firebase-admin/firestore';
import { escapeHtml } from '../api/format';
import { accountEmail, queueMail, type Mail } from '../services/mail';
import type { Notice, NoticeKind } from './notice';

export type { Notice, NoticeKind } from './notice';

/** The e-mail form of a notice (Trigger Email shape). */
export function noticeMail(to: string, notice: Notice): Mail {
  return {
    to,
    message: {
      subject: notice.subject,
      text: notice.paragraphs.join('\n\n'),
      html: notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      ...(notice.attachments ? { attachments: notice.attachments } : {}),
    },
  };
}

/**
 * Tells a patient about one of their records: e-mail to the account's own address (and, once
 * the SMS outbox exists, an SMS to the account's phone). Pass a transaction to send only if
 * it commits. Reads here are plain reads, so it may be called after the transaction's writes.
 */
export async function notifyPatient(
  patientId: string,
  notice: Notice,
  options: { tx?: Transaction; kind?: NoticeKind } = {},
): Promise<void> {
  const email = await accountEmail(patientId);
  if (email) await queueMail(noticeMail(email, notice), options.tx);
}
