import type { Appointment } from '../api/types';
import { cleanText } from '../api/format';
import { appointmentStartsAt } from '../api/policy';

/**
 * Calendar invitations (RFC 5545, iTIP METHOD:REQUEST) for appointments, attached to mails in
 * the Trigger Email shape. The UID is the appointment's, so a later invitation (accepted,
 * rescheduled) with a higher SEQUENCE updates the same entry in Google Calendar or Outlook.
 */

export const CLINIC_NAME = 'ExpMed Health';
export const CLINIC_EMAIL = 'care@expmedhealth.com.gh';
/** How long an appointment lasts when nothing else says (a doctor's slot). */
export const DEFAULT_APPOINTMENT_MINUTES = 30;

export interface InvitationOptions {
  /** Rises with every change the patient is sent; by default the appointment's reschedule count. */
  sequence?: number;
  minutes?: number;
  /** DTSTAMP: when this invitation was made. */
  now?: Date;
}

export type Attachment = { filename: string; content: string; contentType: string };

/**
 * TEXT values: cleaned of control characters (api/format.ts cleanText: a bare CR in a typed
 * location would end the line), then backslash, semicolon, comma and line breaks escaped
 * (RFC 5545 3.3.11).
 */
export const icsText = (text: string): string =>
  cleanText(text).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');

/** Lines longer than 75 octets continue on the next line after CRLF and a space, never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261126T093000Z */
const utc = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

/** Every move of the appointment (the scheduling history, patient's and clinic's alike) raises it. */
function sequenceOf(a: Appointment): number {
  const moved = a as { reschedules?: unknown; rescheduleCount?: unknown };
  if (Array.isArray(moved.reschedules)) return moved.reschedules.length;
  return Number(moved.rescheduleCount ?? 0) || 0;
}

function whereOf(a: Appointment): string {
  if (a.requestedServiceOption === 'VIRTUAL' || a.requestedServiceId === 1) return 'Online (virtual consultation)';
  return a.location || CLINIC_NAME;
}

function withWhom(a: Appointment): string {
  const doctor = [a.doctorOtherNames, a.doctorSurName].filter(Boolean).join(' ');
  return doctor ? ` with ${doctor}` : '';
}

/** The .ics text of an appointment's invitation. */
export function appointmentIcs(a: Appointment, options: InvitationOptions = {}): string {
  const { sequence = sequenceOf(a), minutes = DEFAULT_APPOINTMENT_MINUTES, now = new Date() } = options;
  const start = appointmentStartsAt(a);
  const when = a.requestedTime
    ? [`DTSTART:${utc(start)}`, `DTEND:${utc(new Date(start.getTime() + minutes * 60_000))}`]
    : // No time agreed yet (our team calls to agree one): an all-day entry on the day.
      [
        `DTSTART;VALUE=DATE:${a.requestedDay.replace(/-/g, '')}`,
        `DTEND;VALUE=DATE:${new Date(start.getTime() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')}`,
      ];
  const description =
    `${a.requestedService}${withWhom(a)} for ${a.firstName} ${a.lastName}.\n` +
    `Reference: ${a.clientReference}.\nTo change or cancel it, open Appointments in your ${CLINIC_NAME} dashboard.`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${CLINIC_NAME}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${a.appointmentId}@expmed-health`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${utc(now)}`,
    ...when,
    `SUMMARY:${icsText(`${CLINIC_NAME}: ${a.requestedService}${withWhom(a)}`)}`,
    `DESCRIPTION:${icsText(description)}`,
    `LOCATION:${icsText(whereOf(a))}`,
    `ORGANIZER;CN=${CLINIC_NAME}:mailto:${CLINIC_EMAIL}`,
    `STATUS:${a.appointmentStatus === 'Accepted' ? 'CONFIRMED' : 'TENTATIVE'}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-PT1H',
    `DESCRIPTION:${icsText(`${a.requestedService} in 1 hour`)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The invitation as a mail attachment (booking received, accepted, rescheduled). */
export const appointmentInvitation = (a: Appointment, options: InvitationOptions = {}): Attachment => ({
  filename: 'appointment.ics',
  content: appointmentIcs(a, options),
  contentType: 'text/calendar; method=REQUEST',
});
