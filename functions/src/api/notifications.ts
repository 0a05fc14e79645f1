/**
 * The staff's delivery log (GET /api/staff/appointments/{id}/deliveries and
 * /api/staff/patients/{id}/deliveries): every e-mail and SMS about the record, newest first.
 * Pure TypeScript: the console imports it.
 */

/** Queued: waiting to be sent (not tried yet); Sending: being tried, or waiting to be tried again. */
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

/**
 * Messages that carry a code (the e-mail code that activates an account, the SMS code that
 * confirms a phone): staff see that one was sent and how it went, never its text, so nobody at
 * the clinic can verify an address or number they do not own.
 */
export const CODE_EVENTS: readonly string[] = ['account.code', 'account.phone-code'];
export const HIDDEN_CODE_SUMMARY = 'verification code (hidden)';

/** How many of each channel the log shows. */
export const DELIVERY_LOG_LIMIT = 100;
