import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { todayInGhana } from '../../api/booking-request';
import {
  APPOINTMENT_STATES,
  type AuditEntry,
  type EnquiryStatus,
  type GrantRoleRequest,
  type MarkRefundedRequest,
  MAX_PATIENT_RESULTS,
  ORDER_FLOW,
  ORDER_STATUS,
  type OrderStatus,
  type Page,
  type StaffEnquiry,
  type StaffMember,
  type StaffMessage,
  type StaffOrder,
  type StaffOverview,
  type StaffPatientView,
  type StaffRefund,
} from '../../api/staff';
import {
  APPOINTMENT_STATUS,
  PAYABLE_KIND,
  type PayableKind,
  type Patient,
  PAYMENT_STATUS,
  type Refund,
  REFUND_STATUS,
  type RefundStatus,
} from '../../api/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { doctorById } from '../../store/catalog';
import { COLLECTIONS } from '../../store/collections';
import { plainValue } from '../../store/converter';
import { auth } from '../../store/firebase';
import { appointmentCounts, appointmentRef, appointmentsOf, bookingsPerDay } from '../../store/appointments';
import { countOrdersToDispatch, orderById, orderPage, orderRef, ordersOfPatient } from '../../store/orders';
import { countWhere } from '../../store/pages';
import { patientsById, patientsByPrefix } from '../../store/patients';
import { paidBetween, refundDocRef, refundPage, refundRef } from '../../store/payments';
import { enquiriesRef, enquiryPage, messagePage, messageRef, newsletterSubscribers } from '../../store/public-forms';
import { auditPage, staffMemberRef, staffMembersPage, writeAudit, type AuditRecord } from '../../store/staff';
import { accountEmail, queueMail } from '../../notifications/mail';
import { csvCell } from '../shared/csv';
import { phonePrefixOf } from '../shared/phone-search';
import { scopedFilter } from '../booking/staff-appointments';
import { noticeMail, notifyPatient } from '../../notifications/notify';
import { messageReplyNotice, refundSent } from '../../notifications/templates';
import type { MessageReply, MessageStatus } from '../../api/front-desk';
import { getPatient } from '../patients/patients';
import { createDueRefund } from '../payments/refunds';
import { listQuery, type Shown, type Staff } from '../shared/staff-access';
import { listSubscriptions } from '../packages/subscriptions';
import { ghanaTimestamp } from '../../api/format';
import { runTransaction } from '../../store/transaction';
import { CURRENCY } from '../../api/prices';
import { roomsLeftBy, takeOutHost } from '../booking/visit-record';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** One audit entry: who, what, on which record; for an answer that shows patient data, whose (shown). */
const audit = (staff: Staff, action: string, target: string, shown: Shown = {}): AuditRecord => ({
  actorUid: staff.uid,
  actorRole: staff.role,
  action,
  target,
  ...shown,
});

// --- overview ---

/**
 * GET /staff/overview. A doctor sees their own bookings (and visits assigned to them), a nurse
 * her assigned visits, and neither the clinic's money or inbox.
 */
export async function overview(staff: Staff, now = new Date()): Promise<StaffOverview> {
  const today = todayInGhana(now);
  const scope = scopedFilter(staff, {});
  const clinic = staff.role === 'admin' || staff.role === 'staff';
  const midnight = Date.parse(`${today}T00:00:00Z`);
  const days = Array.from({ length: 29 }, (_, i) => dayOf(midnight + (i - 14) * DAY_MS));
  // ISO weeks start on Monday: the current week's Monday, then 7 weeks back.
  const monday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks = Array.from({ length: 8 }, (_, i) => monday - (7 - i) * 7 * DAY_MS);
  const [todayCounts, perDay, revenue, openEnquiries, refundsDue, ordersToDispatch] = await Promise.all([
    appointmentCounts({ ...scope, day: today }, APPOINTMENT_STATES),
    bookingsPerDay(days, scope),
    clinic ? Promise.all(weeks.map((w) => paidBetween(new Date(w), new Date(w + 7 * DAY_MS)))) : Promise.resolve([]),
    clinic ? countWhere(COLLECTIONS.enquiries, 'status', 'Pending') : 0,
    clinic ? countWhere(COLLECTIONS.refunds, 'status', 'Due') : 0,
    // Only what can go out: Paid and not yet dispatched (the same query as the list's toDispatch).
    clinic ? countOrdersToDispatch() : 0,
  ]);
  return {
    today,
    todayCounts,
    bookingsPerDay: days.map((day, i) => ({ day, count: perDay[i] })),
    revenuePerWeek: revenue.map((amount, i) => ({ weekStart: dayOf(weeks[i]), amount: Math.round(amount * 100) / 100 })),
    openEnquiries,
    refundsDue,
    ordersToDispatch,
  };
}

// --- inbox ---

/** GET /staff/enquiries: one page; the entry names the enquiries shown (they belong to no account). */
export async function listEnquiries(
  staff: Staff,
  status: EnquiryStatus | undefined,
  limit: number,
  cursor?: string,
): Promise<Page<StaffEnquiry>> {
  const page = await enquiryPage(status, limit, cursor, (id, d) => ({ ...d, id }) as StaffEnquiry);
  const shown = { query: listQuery({ status, cursor }), count: page.items.length, recordIds: page.items.map((e) => e.id) };
  await writeAudit(audit(staff, 'enquiry.list', COLLECTIONS.enquiries, shown));
  return page;
}

/** POST /staff/enquiries/{id}/status: the original site's updateBy (who), updatedById, updatedOn. */
export async function setEnquiryStatus(staff: Staff, id: string, status: EnquiryStatus): Promise<StaffEnquiry> {
  const ref = enquiriesRef(id);
  return runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('We could not find that enquiry.');
    const change = { status, updateBy: staff.email ?? staff.uid, updatedById: staff.uid, updatedOn: ghanaTimestamp() };
    tx.update(ref, change);
    await writeAudit(audit(staff, `enquiry.${status.toLowerCase()}`, ref.path, { recordIds: [id] }), tx);
    return { ...(snap.data() as StaffEnquiry), ...change, id };
  });
}

/** A contact message as staff see it: stored before statuses existed, it reads as New with no replies. */
const asMessage = (id: string, d: DocumentData): StaffMessage =>
  ({
    ...d,
    docid: id,
    status: (d.status as MessageStatus | undefined) ?? 'New',
    replies: (d.replies as MessageReply[] | undefined) ?? [],
  }) as StaffMessage;

/** GET /staff/messages: one page of contact messages; the entry names the messages shown. */
export async function listMessages(staff: Staff, limit: number, cursor?: string): Promise<Page<StaffMessage>> {
  const page = await messagePage(limit, cursor, asMessage);
  const shown = { query: listQuery({ cursor }), count: page.items.length, recordIds: page.items.map((m) => String(m.docid)) };
  await writeAudit(audit(staff, 'message.list', COLLECTIONS.feedback, shown));
  return page;
}

/** POST /staff/messages/{id}/status: New, Replied or Closed; who and when; audited. */
export async function setMessageStatus(staff: Staff, id: string, status: MessageStatus): Promise<StaffMessage> {
  const ref = messageRef(id);
  return runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('We could not find that message.');
    const change = { status, statusUpdatedAt: Timestamp.now(), statusUpdatedBy: staff.email ?? staff.uid };
    tx.update(ref, change);
    await writeAudit(audit(staff, `message.${status.toLowerCase()}`, ref.path), tx);
    return asMessage(id, plainValue({ ...snap.data(), ...change }) as DocumentData);
  });
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
    return asMessage(id, plainValue({ ...message, ...change }) as DocumentData);
  });
}

/** GET /staff/newsletter.csv: every subscriber, e-mail and date; the export is audited. */
export async function newsletterCsv(staff: Staff): Promise<string> {
  const rows = ['email,date'];
  for await (const s of newsletterSubscribers()) rows.push(`${csvCell(s.email)},${csvCell(s.date)}`);
  await writeAudit(audit(staff, 'newsletter.export', COLLECTIONS.newsletter, { count: rows.length - 1 }));
  return `${rows.join('\r\n')}\r\n`;
}

// --- orders ---

type OrderRow = Omit<StaffOrder, 'customerName' | 'contactNumber' | 'deliveryAddress'>;

const asOrder = (id: string, d: DocumentData): OrderRow => {
  const { emailAddress: _e, transactionId: _t, ...rest } = d;
  return { ...rest, status: (d.status as OrderStatus | undefined) ?? 'Pending', id } as OrderRow;
};

/** Who an order goes to, from the customer's patient record: name, phone, and the address it is delivered to. */
function withCustomer(order: OrderRow, patient: DocumentData | undefined): StaffOrder {
  const name = `${String(patient?.firstName ?? '')} ${String(patient?.lastName ?? '')}`.trim();
  const address = String(patient?.address ?? '').trim();
  const town = String(patient?.patientLocation ?? '').trim();
  return {
    ...order,
    customerName: name,
    contactNumber: String(patient?.contactNumber ?? ''),
    deliveryAddress: [address, town].filter(Boolean).join(', '),
  };
}

/** GET /staff/orders: a page, each order with its customer (one getAll of their records); the entry names whose orders were shown. */
export async function listOrders(
  staff: Staff,
  filter: { status?: OrderStatus; toDispatch?: boolean },
  limit: number,
  cursor?: string,
): Promise<Page<StaffOrder>> {
  const page = await orderPage(filter, limit, cursor, asOrder);
  const customers = await patientsById(page.items.map((o) => o.patientId));
  const shown = {
    query: listQuery({ status: filter.status, toDispatch: filter.toDispatch ? 'true' : undefined, cursor }),
    count: page.items.length,
    patientIds: page.items.map((o) => o.patientId),
  };
  await writeAudit(audit(staff, 'order.list', COLLECTIONS.orders, shown));
  return { ...page, items: page.items.map((o) => withCustomer(o, customers.get(o.patientId))) };
}

/** GET /staff/orders/{id}: one order with its customer; the entry names the customer. */
export async function orderDetail(staff: Staff, id: string): Promise<StaffOrder> {
  const data = await orderById(id);
  if (!data) throw notFound('We could not find that order.');
  const order = asOrder(id, data);
  const customers = await patientsById([order.patientId]);
  await writeAudit(audit(staff, 'order.read', `${COLLECTIONS.orders}/${id}`, { patientIds: [order.patientId] }));
  return withCustomer(order, customers.get(order.patientId));
}

/**
 * POST /staff/orders/{id}/status: Pending -> Dispatched -> Delivered, or Cancelled before it
 * is delivered. Only a paid order goes out; a paid order cancelled gets its refund (Due) and mail.
 */
export async function setOrderStatus(staff: Staff, id: string, status: Exclude<OrderStatus, 'Pending'>): Promise<StaffOrder> {
  const ref = orderRef(id);
  const patientId = (await ref.get()).get('patientId');
  const email = typeof patientId === 'string' ? await accountEmail(patientId) : undefined;
  return runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('We could not find that order.');
    const order = snap.data()!;
    const current = (order.status as OrderStatus | undefined) ?? 'Pending';
    if (!ORDER_FLOW[current].includes(status)) throw conflict(`This order is ${current}: it cannot be marked ${status}.`);
    const paid = order.paymentStatus === PAYMENT_STATUS.Paid;
    if (status === ORDER_STATUS.Dispatched && !paid) throw conflict('This order is not paid yet: it cannot be dispatched.');
    const refund =
      paid && status === ORDER_STATUS.Cancelled
        ? refundRef(String(order.clientReference), String(order.transactionId ?? ''))
        : undefined;
    const refundExists = refund ? (await tx.get(refund)).exists : false;
    const change = { status, statusUpdatedAt: Timestamp.now(), statusUpdatedBy: staff.email ?? staff.uid };
    tx.update(ref, change);
    await writeAudit(audit(staff, `order.${status.toLowerCase()}`, ref.path, { patientIds: [String(order.patientId)] }), tx);
    if (refund && !refundExists) {
      await createDueRefund(
        tx,
        {
          clientReference: String(order.clientReference),
          kind: 'order',
          recordId: id,
          patientId: String(order.patientId),
          amount: Number(order.amount),
          currency: String(order.currencyCode ?? CURRENCY),
          reason: 'cancelled',
          transactionId: String(order.transactionId ?? ''),
          what: 'your order',
        },
        email,
        'The clinic cancelled your order, so nothing is charged.',
      );
    }
    const customer = await patientsById([String(order.patientId)]);
    return withCustomer(asOrder(id, plainValue({ ...order, ...change }) as DocumentData), customer.get(String(order.patientId)));
  });
}

// --- refunds ---

const asRefund = (id: string, d: DocumentData) => ({ ...d, id }) as StaffRefund;

/** Whom staff send the money back to: the name and phone on the patient's record. */
function withPatient(refund: StaffRefund, patient: DocumentData | undefined): StaffRefund {
  const name = `${String(patient?.firstName ?? '')} ${String(patient?.lastName ?? '')}`.trim();
  const phone = String(patient?.contactNumber ?? '');
  return { ...refund, ...(name ? { patientName: name } : {}), ...(phone ? { patientPhone: phone } : {}) };
}

/** GET /staff/refunds: one page; the entry names whose refunds were shown. */
export async function listRefunds(
  staff: Staff,
  status: RefundStatus | undefined,
  limit: number,
  cursor?: string,
): Promise<Page<StaffRefund>> {
  const page = await refundPage(status, limit, cursor, asRefund);
  const patients = await patientsById(page.items.map((r) => r.patientId));
  const items = page.items.map((r) => withPatient(r, patients.get(r.patientId)));
  const shown = {
    query: listQuery({ status, cursor }),
    count: page.items.length,
    patientIds: page.items.map((r) => r.patientId),
  };
  await writeAudit(audit(staff, 'refund.list', COLLECTIONS.refunds, shown));
  return { ...page, items };
}

/** What a refund was for, as the patient reads it. */
const REFUNDED_FOR: Record<Exclude<PayableKind, 'appointment'>, string> = {
  order: 'your order',
  subscription: 'your package',
  renewal: 'your package renewal',
};

/**
 * POST /staff/refunds/{id}/refunded: who settled it, when, how and the provider's reference; the
 * patient is told by SMS and e-mail, and a refunded appointment carries what was refunded and
 * when, so the dashboard says "Refunded" instead of Paid (docs/money.md).
 */
export async function markRefunded(staff: Staff, id: string, sent: MarkRefundedRequest): Promise<StaffRefund> {
  const ref = refundDocRef(id);
  return runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('We could not find that refund.');
    if (snap.get('status') === 'Refunded') throw conflict('This refund is already marked refunded.');
    const r = snap.data() as Refund;
    const appointment = r.kind === PAYABLE_KIND.appointment ? await tx.get(appointmentRef(r.recordId)) : undefined;
    const at = Timestamp.now();
    const change = {
      status: REFUND_STATUS.Refunded,
      refundedAt: at,
      refundedBy: staff.email ?? staff.uid,
      providerReference: sent.providerReference,
      method: sent.method,
    };
    tx.update(ref, change);
    if (appointment?.exists)
      tx.update(appointment.ref, { refundedAmount: FieldValue.increment(r.amount), refundedAt: at.toDate().toISOString() });
    await writeAudit(audit(staff, 'refund.refunded', ref.path, { patientIds: [r.patientId] }), tx);
    const what = appointment?.exists
      ? `your ${String(appointment.get('requestedService'))}`
      : REFUNDED_FOR[r.kind as keyof typeof REFUNDED_FOR];
    await notifyPatient(r.patientId, refundSent({ ...r, what, ...sent, refundedAt: at.toDate() }), { tx });
    return asRefund(id, plainValue({ ...snap.data(), ...change }) as DocumentData);
  });
}

// --- patients ---

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/**
 * GET /staff/patients?q=: prefix search on what is stored (e-mail in lower case, phone as
 * +233... whatever form it is typed in, names as typed and title-cased), at most
 * MAX_PATIENT_RESULTS. Clinic records (source CLINIC) are found like accounts; one an account
 * has claimed is that account now, so it is left out.
 */
export async function searchPatients(staff: Staff, q: string): Promise<Patient[]> {
  const tries: [string, string][] = [['emailAddress', q.toLowerCase()]];
  const phone = phonePrefixOf(q);
  if (phone) tries.push(['contactNumber', phone]);
  else for (const name of new Set([q, titleCase(q)])) tries.push(['firstName', name], ['lastName', name]);
  const found = await Promise.all(tries.map(([field, prefix]) => patientsByPrefix(field, prefix, MAX_PATIENT_RESULTS)));
  const byId = new Map<string, Patient>();
  for (const p of found.flat()) {
    // A clinic record someone has claimed is kept only as a pointer to their account: not a person to find.
    if (byId.size >= MAX_PATIENT_RESULTS || p.claimedBy) continue;
    byId.set(String(p.patientId), { ...p, source: (p.source as Patient['source']) ?? 'WEBSITE' } as Patient);
  }
  const patientIds = [...byId.keys()];
  await writeAudit(audit(staff, 'patient.search', COLLECTIONS.patients, { query: q, count: patientIds.length, patientIds }));
  return [...byId.values()];
}

/** GET /staff/patients/{patientId}: the record and everything booked, subscribed and ordered; the read is audited. */
export async function patientView(staff: Staff, patientId: string): Promise<StaffPatientView> {
  const patient = await getPatient(patientId);
  const [appointments, subscriptions, orders] = await Promise.all([
    appointmentsOf(patientId),
    listSubscriptions(patientId),
    ordersOfPatient(patientId),
  ]);
  await writeAudit(audit(staff, 'patient.read', `${COLLECTIONS.patients}/${patientId}`, { patientIds: [patientId] }));
  return {
    patient,
    appointments: appointments
      .filter((a) => a.appointmentStatus !== APPOINTMENT_STATUS.Deleted)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    subscriptions,
    orders: orders.map(({ id, data }) => asOrder(id, data)),
  };
}

// --- roles (admin only) ---

export const UNVERIFIED_EMAIL = (email: string) =>
  `${email} has not verified their e-mail address yet: roles go only to verified accounts. ` +
  'Ask them to sign in on the site and enter the code we e-mailed them, then try again.';

/**
 * The roster entry of `uid` set (`member`) or removed (undefined), in one transaction with
 * taking the account out of the video visits it no longer hosts (docs/visits.md): the rules
 * refuse its signals and chat from the same commit on.
 */
async function writeRoster(
  staff: Staff,
  uid: string,
  member: (StaffMember & { grantedBy: string; grantedAt: Timestamp }) | undefined,
) {
  await runTransaction(async (tx) => {
    const rooms = await roomsLeftBy(tx, uid, member);
    if (member) tx.set(staffMemberRef(uid), member);
    else tx.delete(staffMemberRef(uid));
    await takeOutHost(tx, rooms, uid, { actorUid: staff.uid, actorRole: staff.role });
  });
}

/**
 * Sets a role: the roster entry (what requireRole checks on every staff request), then the
 * custom claim (the user's next token carries it). Only to an account whose e-mail is
 * verified, so a role never goes to an address its holder may not own. A changed role (or
 * doctor) also ends the person's sessions: their old token stops at once (requireRole) and
 * the console signs them out; the video visits they no longer host drop them at once.
 */
export async function grantRole(staff: Staff, input: GrantRoleRequest): Promise<StaffMember> {
  const user = await auth()
    .getUserByEmail(input.email)
    .catch(() => undefined);
  if (!user) throw notFound(`No account uses ${input.email}: the person must sign up first.`);
  if (!user.emailVerified) throw conflict(UNVERIFIED_EMAIL(input.email));
  if (input.role === 'doctor' && !(await doctorById(input.doctorId!)))
    throw badRequest(`doctorId: there is no doctor '${input.doctorId}'.`);
  const claims = input.role === 'doctor' ? { role: input.role, doctorId: input.doctorId } : { role: input.role };
  const before = user.customClaims ?? {};
  const changed = Boolean(before.role) && (before.role !== claims.role || before.doctorId !== claims.doctorId);
  if (changed && user.uid === staff.uid) throw conflict('You cannot change your own role: ask another admin.');
  const member: StaffMember = { uid: user.uid, email: input.email, ...claims };
  await writeRoster(staff, user.uid, { ...member, grantedBy: staff.uid, grantedAt: Timestamp.now() });
  await auth().setCustomUserClaims(user.uid, claims);
  if (changed) await auth().revokeRefreshTokens(user.uid);
  await writeAudit(audit(staff, `role.grant.${input.role}`, `users/${user.uid}`));
  return member;
}

/**
 * Removes a staff role, effective on the holder's next request: the roster entry first (which
 * requireRole checks; with it they leave every video visit they host), then the claim, then
 * their refresh tokens (every session ends, the console signs them out). An admin cannot
 * remove their own (the clinic would risk having none).
 */
export async function revokeRole(staff: Staff, uid: string): Promise<void> {
  if (uid === staff.uid) throw conflict('You cannot remove your own role: ask another admin.');
  const user = await auth()
    .getUser(uid)
    .catch(() => undefined);
  if (!user) throw notFound('There is no account with that id.');
  await writeRoster(staff, uid, undefined);
  await auth().setCustomUserClaims(uid, null);
  await auth().revokeRefreshTokens(uid);
  await writeAudit(audit(staff, 'role.revoke', `users/${uid}`));
}

export const listStaff = (limit: number, cursor?: string): Promise<Page<StaffMember>> => staffMembersPage(limit, cursor);

export const listAudit = (limit: number, cursor?: string, patientId?: string): Promise<Page<AuditEntry>> =>
  auditPage(limit, cursor, patientId);
