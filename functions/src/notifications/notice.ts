/**
 * One notice to a patient, in every form it is sent: an e-mail (subject and paragraphs of
 * plain text, escaped into HTML when sent) and an SMS body. The templates that build notices
 * live in ./templates (one file per area); ./notify.ts sends them.
 */
export interface Notice {
  subject: string;
  /** Plain text paragraphs; user text is escaped when the HTML is made, never here. */
  paragraphs: string[];
  /**
   * At most two GSM-7 parts (306 characters), naming the clinic: ./sms-text.ts smsBody makes it
   * so. A notice without one goes by e-mail only.
   */
  sms?: string;
  /** Calendar invitations and the like, in the Trigger Email shape. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** What happened, for the delivery log and the SMS outbox ('appointment.accepted', 'reminder.24h'...). */
  event?: string;
  /** The appointment the notice is about, so staff find its mails and SMS (delivery log). */
  appointmentId?: string;
}

/** Confirmations are always sent; reminders obey the patient's reminderPreferences. */
export type NoticeKind = 'confirmation' | 'reminder';
