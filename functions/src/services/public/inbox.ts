import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import type { MessageReply, MessageStatus } from '../../api/front-desk';
import type { EnquiryStatus, Page, StaffEnquiry, StaffMessage } from '../../api/staff';
import { ghanaTimestamp } from '../../api/format';
import { conflict, notFound } from '../../http/errors';
import { queueMail } from '../../notifications/mail';
import { noticeMail } from '../../notifications/notify';
import { messageReplyNotice } from '../../notifications/templates';
import { COLLECTIONS } from '../../store/collections';
import { plainValue } from '../../store/converter';
import {
  enquiriesRef,
  enquiryPage,
  messagePage,
  messageRef,
  newsletterSubscribers,
  type StoredMessage,
} from '../../store/public-forms';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { csvCell } from '../shared/csv';
import { audit, pageShown, type Shown, type Staff } from '../shared/staff-access';

/** The clinic's inbox: enquiries, contact messages and the newsletter's export (docs/front-desk.md). */

/** GET /staff/enquiries: one page; the entry names the enquiries shown (they belong to no account). */
export async function listEnquiries(
  staff: Staff,
  status: EnquiryStatus | undefined,
  limit: number,
  cursor?: string,
): Promise<Page<StaffEnquiry>> {
  const page = await enquiryPage(status, limit, cursor, (id, d) => ({ ...d, id }) as StaffEnquiry);
  const shown = pageShown({ status, cursor }, { recordIds: page.items.map((e) => e.id) });
  await writeAudit(audit(staff, 'enquiry.list', COLLECTIONS.enquiries, shown));
  return page;
}

/**
 * An enquiry's or a message's new status, with who set it and when (`change`, each in its own
 * stored fields), in one transaction with its audit entry; 404 naming `what` when it is gone.
 * Answers the item as it now stands.
 */
function changeStatus(
  staff: Staff,
  ref: DocumentReference,
  what: 'enquiry' | 'message',
  change: { status: EnquiryStatus | MessageStatus },
  shown?: Shown,
) {
  return runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(`We could not find that ${what}.`);
    tx.update(ref, change);
    await writeAudit(audit(staff, `${what}.${change.status.toLowerCase()}`, ref.path, shown), tx);
    return { ...snap.data(), ...change };
  });
}

/** POST /staff/enquiries/{id}/status: the original site's updateBy (who), updatedById, updatedOn. */
export async function setEnquiryStatus(staff: Staff, id: string, status: EnquiryStatus): Promise<StaffEnquiry> {
  const change = { status, updateBy: staff.email ?? staff.uid, updatedById: staff.uid, updatedOn: ghanaTimestamp() };
  return { ...((await changeStatus(staff, enquiriesRef(id), 'enquiry', change, { recordIds: [id] })) as StaffEnquiry), id };
}

/** A contact message as staff see it: stored before statuses existed, it reads as New with no replies. */
const asMessage = (id: string, d: StoredMessage): StaffMessage =>
  ({
    ...d,
    docid: id,
    status: (d.status as MessageStatus | undefined) ?? 'New',
    replies: (d.replies as MessageReply[] | undefined) ?? [],
  }) as StaffMessage;

/** GET /staff/messages: one page of contact messages; the entry names the messages shown. */
export async function listMessages(staff: Staff, limit: number, cursor?: string): Promise<Page<StaffMessage>> {
  const page = await messagePage(limit, cursor, asMessage);
  const shown = pageShown({ cursor }, { recordIds: page.items.map((m) => String(m.docid)) });
  await writeAudit(audit(staff, 'message.list', COLLECTIONS.feedback, shown));
  return page;
}

/** POST /staff/messages/{id}/status: New, Replied or Closed; who and when; audited. */
export async function setMessageStatus(staff: Staff, id: string, status: MessageStatus): Promise<StaffMessage> {
  const change = { status, statusUpdatedAt: Timestamp.now(), statusUpdatedBy: staff.email ?? staff.uid };
  return asMessage(id, plainValue(await changeStatus(staff, messageRef(id), 'message', change)) as StoredMessage);
}

/**
 * POST /staff/messages/{id}/reply: the text is mailed to the sender's address (the mail
 * collection, Trigger Email shape), kept with the message, and the message is Replied; audited.
 */
export async function replyToMessage(staff: Staff, id: string, text: string): Promise<StaffMessage> {
  const ref = messageRef(id);
  return runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('We could not find that message.');
    const message = snap.data()!;
    const to = String(message.email ?? '');
    if (!to) throw conflict('This message has no e-mail address to reply to. Please call the sender instead.');
    const reply: MessageReply = { text, by: staff.email ?? staff.uid, at: new Date().toISOString() };
    const notice = messageReplyNotice(String(message.fullName ?? ''), String(message.message ?? ''), text);
    await queueMail({ ...noticeMail(to, notice), event: notice.event }, tx);
    const replies = [...((message.replies as MessageReply[] | undefined) ?? []), reply];
    const change = { replies, status: 'Replied', statusUpdatedAt: Timestamp.now(), statusUpdatedBy: reply.by };
    tx.update(ref, change);
    await writeAudit(audit(staff, 'message.reply', ref.path), tx);
    return asMessage(id, plainValue({ ...message, ...change }) as StoredMessage);
  });
}

/** GET /staff/newsletter.csv: every subscriber, e-mail and date; the export is audited. */
export async function newsletterCsv(staff: Staff): Promise<string> {
  const rows = ['email,date'];
  for await (const s of newsletterSubscribers()) rows.push(`${csvCell(s.email)},${csvCell(s.date)}`);
  await writeAudit(audit(staff, 'newsletter.export', COLLECTIONS.newsletter, { count: rows.length - 1 }));
  return `${rows.join('\r\n')}\r\n`;
}
