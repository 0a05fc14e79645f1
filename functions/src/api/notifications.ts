/**
 * The staff's delivery log (GET /api/staff/appointments/{id}/deliveries and
 * /api/staff/patients/{id}/deliveries): every e-mail and SMS about the record, newest first.
 * Pure TypeScript: the console imports it.
 */

/** Queued: waiting to be sent (a mail the Trigger Email extension has not picked up yet); Sending: being tried. */
export type DeliveryStatus = 'Queued' | 'Sending' | 'Sent' | 'Failed';

export interface Delivery {
  id: string;
  channel: 'email' | 'sms';
  /** The address or +233 number. */
  to: string;
  /** What happened ('appointment.received', 'reminder.24h'...). */
  event: string;
  /** The mail's subject, or the SMS text. */
  summary: string;
  status: DeliveryStatus;
  /** Why it failed (the provider's or the mail server's words). */
  failureReason?: string;
  attempts?: number;
  /** When it was queued (ISO). */
  createdAt: string;
  /** When it was sent, when known (ISO). */
  sentAt?: string;
  appointmentId?: string;
}

/** How many of each channel the log shows. */
export const DELIVERY_LOG_LIMIT = 100;
