/**
 * For mail tests: mail as delivered, read from the sandbox's SMTP sink (scripts/sandbox/mail.mjs,
 * GET /mail), never from the `mail` documents. Each read first waits for the sends this process
 * started (notifications/send-soon.ts), so a read right after a request sees its mail, and a
 * read that finds none means none was sent. The sink knows each mail's document by its
 * X-Mail-ID header; the labels the document keeps for staff (event, patient, appointment: never
 * sent) are added from it. Each test uses addresses of its own.
 */
import { sendsSettled } from '../notifications/send-soon';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import { SANDBOX } from './payments';

/** One mailbox's copy, as the sink parsed it. */
export interface SinkMail {
  messageId: string;
  mailId: string;
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
  /** Every header as sent (unfolded), by its name as written: List-Unsubscribe, X-Mail-ID... */
  headers: Record<string, string>;
  at: string;
}

/** A delivered mail in the shape the code writes (`to`, `message`), with its document's labels. */
export interface DeliveredMail {
  id: string;
  to: string;
  from: string;
  messageId: string;
  message: Pick<SinkMail, 'subject' | 'text' | 'html' | 'attachments'>;
  headers: Record<string, string>;
  event?: string;
  patientId?: string;
  appointmentId?: string;
}

async function sink(query: Record<string, string>): Promise<SinkMail[]> {
  const res = await fetch(`${SANDBOX}/mail?${new URLSearchParams(query)}`);
  if (!res.ok) throw new Error(`sandbox /mail answered ${res.status}`);
  return ((await res.json()) as { messages: SinkMail[] }).messages;
}

/** What the sink received for one address, oldest first, as it came (no labels). */
export async function sinkMailTo(to: string): Promise<SinkMail[]> {
  await sendsSettled();
  return sink({ to });
}

async function labelled(mails: SinkMail[]): Promise<DeliveredMail[]> {
  const docs = await Promise.all(mails.map((m) => db().collection(COLLECTIONS.mail).doc(m.mailId).get()));
  return mails.map((m, i) => {
    const { event, patientId, appointmentId } = (docs[i].data() ?? {}) as Partial<DeliveredMail>;
    return {
      id: m.mailId,
      to: m.to,
      from: m.from,
      messageId: m.messageId,
      headers: m.headers,
      message: { subject: m.subject, text: m.text, html: m.html, attachments: m.attachments },
      ...(event ? { event } : {}),
      ...(patientId ? { patientId } : {}),
      ...(appointmentId ? { appointmentId } : {}),
    };
  });
}

/** The mails delivered to an address, oldest first. */
export async function mailsTo(to: string): Promise<DeliveredMail[]> {
  return labelled(await sinkMailTo(to));
}

/** The subjects of the mails delivered to an address, oldest first. */
export const subjectsTo = async (to: string): Promise<string[]> => (await sinkMailTo(to)).map((m) => m.subject);

/** The mails delivered about one patient or one appointment: their documents' ids, then each as the sink got it. */
export async function mailsAbout(field: 'patientId' | 'appointmentId', id: string): Promise<DeliveredMail[]> {
  await sendsSettled();
  const ids = (await db().collection(COLLECTIONS.mail).where(field, '==', id).get()).docs.map((d) => d.id);
  const delivered = (await Promise.all(ids.map((mailId) => sink({ mailId })))).flat();
  return labelled(delivered.sort((a, b) => a.at.localeCompare(b.at)));
}

/** The mails delivered about a patient (their account's and the desk's), oldest first. */
export const mailDocsOf = (patientId: string): Promise<DeliveredMail[]> => mailsAbout('patientId', patientId);

/** The next `count` sends to `to` are refused with SMTP `code` (451: for now, retried; 550: for good). */
export async function failNextMail(to: string, count: number, code = 451): Promise<void> {
  const res = await fetch(`${SANDBOX}/__control/mail/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ to, count, code }),
  });
  if (!res.ok) throw new Error(`sandbox /__control/mail/faults answered ${res.status}`);
}
