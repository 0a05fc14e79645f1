import type { Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { cleanText, escapeHtml } from '../api/format';
import { isClinicRecord } from '../api/front-desk';
import { expiryOf } from '../api/retention';
import type { ReminderPreferences } from '../api/types';
import { queueMail, type Mail, type MailKind } from './mail';
import { auth } from '../store/firebase';
import { findPatient } from '../store/patients';
import { storeSms } from '../store/sms';
import { afterCommit } from '../store/transaction';
import type { Notice, NoticeKind } from './notice';
import { sendSmsSoon } from './sms-sender';
import { ghanaPhone, smsBody } from './sms-text';

export type { Notice, NoticeKind } from './notice';

/**
 * The e-mail form of a notice (Trigger Email shape): the one place a notice's text is cleaned
 * of control characters (the subject on one line: a line break there would start a header)
 * and escaped into HTML.
 */
export function noticeMail(to: string, notice: Notice): Mail {
  const paragraphs = notice.paragraphs.map((p) => cleanText(p));
  return {
    to,
    message: {
      subject: cleanText(notice.subject, { singleLine: true }),
      text: paragraphs.join('\n\n'),
      html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      ...(notice.attachments ? { attachments: notice.attachments } : {}),
    },
  };
}

export interface NotifyOptions {
  /** Send only if this transaction commits (the SMS goes out right after the commit). */
  tx?: Transaction;
  /** 'reminder' obeys the patient's reminderPreferences; 'confirmation' (the default) always sends. */
  kind?: NoticeKind;
  /** Addresses the caller knows already (the signed-in e-mail; a registration not stored yet): they win over the stored ones. */
  contact?: { email?: string; phone?: string };
  /** How long the copies are kept (api/retention.ts): the verification code's go within a day. */
  retention?: MailKind;
  /** Only these channels (a phone code goes by SMS alone: a mailbox must not confirm a phone). Both by default. */
  channels?: readonly ('email' | 'sms')[];
  /** The desk's phone code, the one SMS a clinic record's number gets before it is proved (unprovedClinicPhone). */
  provesPhone?: true;
  /** The desk's e-mail code, the one mail a clinic record's typed address gets before it is proved (unprovedClinicEmail). */
  provesEmail?: true;
}

/**
 * A clinic record (added at the desk) whose number nobody has proved yet: a typo would text a
 * stranger, so it gets no SMS (no clinical content, codes or links) but the desk's code that
 * proves it (docs/front-desk.md 'People without an account').
 */
export const unprovedClinicPhone = (patient: { source?: string; phoneVerifiedAt?: string } | undefined): boolean =>
  patient?.source === 'CLINIC' && !patient.phoneVerifiedAt;

/**
 * A clinic record whose typed e-mail address nobody has proved yet: a typo at the desk would
 * mail a stranger results, codes and visit details, so it gets no mail (no clinical content,
 * codes or links) but the desk's code that proves it, like its phone.
 */
export const unprovedClinicEmail = (patient: { source?: string; emailVerifiedAt?: string } | undefined): boolean =>
  isClinicRecord(patient?.source) && !patient?.emailVerifiedAt;

const EVERYTHING: ReminderPreferences = { sms: true, email: true };

/** The account's own address and phone (patients/{uid}, else the sign-in e-mail), and what it wants of reminders. */
async function recipientOf(patientId: string, options: NotifyOptions) {
  const patient = await findPatient(patientId);
  const email =
    options.contact?.email ||
    patient?.emailAddress ||
    // A clinic record has no sign-in to look up (its id is not a uid).
    (patient?.accountStatus === 'Clinic'
      ? undefined
      : await auth()
          .getUser(patientId)
          .then((u) => u.email)
          .catch(() => undefined));
  const phone = options.contact?.phone || patient?.contactNumber;
  return {
    email,
    phone,
    wants: patient?.reminderPreferences ?? EVERYTHING,
    unproved: unprovedClinicPhone(patient),
    unprovedEmail: unprovedClinicEmail(patient),
  };
}

/**
 * Tells a patient about one of their records: e-mail to the account's own address and an SMS
 * to the account's phone (normalised to +233...; an unusable number gets none, logged).
 * Reminders obey the patient's opt-outs; confirmations always go. With a transaction, both
 * are written only if it commits. Reads here are plain reads, so it may be called after the
 * transaction's writes.
 */
export async function notifyPatient(patientId: string, notice: Notice, options: NotifyOptions = {}): Promise<void> {
  const { tx, kind = 'confirmation', retention = 'mail', channels = ['email', 'sms'] } = options;
  const { email, phone, wants, unproved, unprovedEmail } = await recipientOf(patientId, options);
  const wanted = kind === 'reminder' ? wants : EVERYTHING;
  const about = {
    patientId,
    event: notice.event ?? 'notice',
    ...(notice.appointmentId ? { appointmentId: notice.appointmentId } : {}),
  };
  if (email && wanted.email && channels.includes('email')) {
    if (unprovedEmail && !options.provesEmail)
      logger.info('mail held: the clinic record has not proved its e-mail address', { patientId, event: about.event });
    else await queueMail({ ...noticeMail(email, notice), ...about }, tx, retention);
  }
  if (!wanted.sms || !channels.includes('sms') || !notice.sms) return;
  if (unproved && !options.provesPhone) {
    logger.info('sms held: the clinic record has not proved its phone number', { patientId, event: about.event });
    return;
  }
  const to = ghanaPhone(phone);
  if (!to) {
    logger.warn('no usable phone number for an SMS', { patientId, event: about.event });
    return;
  }
  const expireAt = expiryOf(retention === 'mail' ? 'sms' : retention);
  const { id, written } = storeSms({ to, body: smsBody(notice.sms), ...about }, expireAt, tx);
  if (tx) {
    // Outside store/transaction.ts runTransaction there is no hook: the sweep sends it within a minute.
    afterCommit(tx, () => sendSmsSoon([id]));
  } else {
    await written;
    await sendSmsSoon([id]);
  }
}
