import type { DocumentData, QuerySnapshot } from 'firebase-admin/firestore';
import {
  CODE_EVENTS,
  DELIVERY_LOG_LIMIT,
  HIDDEN_CODE_SUMMARY,
  type Delivery,
  type DeliveryStatus,
} from '../../api/notifications';
import { notFound } from '../../http/errors';
import { plainValue } from '../../store/converter';
import { mailAbout, type MailDelivery } from '../../store/mail';
import { findPatient } from '../../store/patients';
import { smsAbout } from '../../store/sms';

import { auditAs, type Staff } from '../shared/staff-access';
import { visibleAppointment } from '../booking/staff-appointments';

/** The mail sender's delivery.state (store/mail.ts), in the log's words (none yet: Queued). */
const MAIL_STATES: Record<MailDelivery['state'], DeliveryStatus> = {
  RETRY: 'Sending',
  SENT: 'Sent',
  ERROR: 'Failed',
};

/** What staff read of a message: its subject or text, unless it carries a code. */
const summaryOf = (event: string, text: unknown) => (CODE_EVENTS.includes(event) ? HIDDEN_CODE_SUMMARY : String(text ?? ''));

function fromMail(id: string, d: DocumentData): Delivery {
  const delivery = (d.delivery ?? {}) as Partial<MailDelivery>;
  const status = (delivery.state && MAIL_STATES[delivery.state]) || 'Queued';
  return {
    id,
    channel: 'email',
    to: String(d.to ?? ''),
    event: String(d.event ?? 'notice'),
    summary: summaryOf(String(d.event ?? 'notice'), d.message?.subject),
    status,
    ...(status !== 'Sent' && delivery.error ? { failureReason: String(delivery.error) } : {}),
    ...(delivery.attempts ? { attempts: delivery.attempts } : {}),
    createdAt: String(d.createdAt ?? ''),
    ...(d.sentAt ? { sentAt: String(d.sentAt) } : {}),
    ...(d.appointmentId ? { appointmentId: String(d.appointmentId) } : {}),
  };
}

function fromSms(id: string, d: DocumentData): Delivery {
  return {
    id,
    channel: 'sms',
    to: String(d.to ?? ''),
    event: String(d.event ?? 'notice'),
    summary: summaryOf(String(d.event ?? 'notice'), d.body),
    status: d.status as DeliveryStatus,
    ...(d.failureReason ? { failureReason: String(d.failureReason) } : {}),
    attempts: Number(d.attempts ?? 0),
    createdAt: String(d.createdAt ?? ''),
    ...(d.sentAt ? { sentAt: String(d.sentAt) } : {}),
    ...(d.appointmentId ? { appointmentId: String(d.appointmentId) } : {}),
  };
}

const plain = (snap: QuerySnapshot) => snap.docs.map((doc) => ({ id: doc.id, data: plainValue(doc.data()) as DocumentData }));

async function deliveriesAbout(field: 'patientId' | 'appointmentId', id: string): Promise<Delivery[]> {
  const [mails, sms] = await Promise.all([mailAbout(field, id, DELIVERY_LOG_LIMIT), smsAbout(field, id, DELIVERY_LOG_LIMIT)]);
  return [...plain(mails).map((m) => fromMail(m.id, m.data)), ...plain(sms).map((s) => fromSms(s.id, s.data))].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
}

/** GET /staff/appointments/{id}/deliveries: a doctor only for their own appointments. */
export async function appointmentDeliveries(staff: Staff, appointmentId: string): Promise<Delivery[]> {
  const { patientId } = await visibleAppointment(staff, appointmentId);
  await auditAs(staff, {
    action: 'appointment.deliveries.read',
    target: `appointments/${appointmentId}`,
    patientIds: [patientId],
  });
  return deliveriesAbout('appointmentId', appointmentId);
}

/** GET /staff/patients/{id}/deliveries. */
export async function patientDeliveries(staff: Staff, patientId: string): Promise<Delivery[]> {
  if (!(await findPatient(patientId))) throw notFound('We could not find that patient.');
  await auditAs(staff, { action: 'patient.deliveries.read', target: `patients/${patientId}`, patientIds: [patientId] });
  return deliveriesAbout('patientId', patientId);
}
