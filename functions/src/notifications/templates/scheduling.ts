import { formatWhen } from '../../api/format';
import type { Appointment } from '../../api/types';
import { appointmentInvitation } from '../ics';
import type { Notice } from '../notice';

/** Notices about the time of an appointment (docs/scheduling.md): pure functions, record -> Notice. */

type Moved = Pick<
  Appointment,
  'firstName' | 'lastName' | 'requestedService' | 'requestedDay' | 'requestedTime' | 'clientReference' | 'doctorSurName'
>;

export interface PreviousTime {
  day: string;
  time: string | null;
}

const when = formatWhen;

/**
 * To the patient: their appointment has a new time (they moved it, or the clinic did). The
 * invitation keeps the appointment's UID with a higher SEQUENCE, so calendars move the entry.
 */
export function appointmentRescheduled(a: Appointment, from: PreviousTime, by: 'patient' | 'clinic'): Notice {
  const newWhen = when(a.requestedDay, a.requestedTime);
  const previous = when(from.day, from.time);
  // "has moved from ... to ...": a move, never read as a span of time (docs/notifications.md).
  const byClinic = by === 'clinic' ? ' The clinic moved it.' : '';
  return {
    event: 'appointment.rescheduled',
    appointmentId: a.appointmentId,
    attachments: [appointmentInvitation(a)],
    subject: `Appointment rescheduled: ${a.requestedService}, ${newWhen}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `Your ${a.requestedService} appointment has moved from ${previous} to ${newWhen}.${byClinic}`,
      'If this time does not suit you, open Appointments in your dashboard or call us.',
      `Reference: ${a.clientReference}`,
      'ExpMed Health',
    ],
    sms:
      `ExpMed Health: your ${a.requestedService} appointment has moved from ${previous} to ${newWhen}.${byClinic} ` +
      `Ref ${a.clientReference}.`,
  };
}

/** To the doctor whose appointment moved (their staff account's e-mail). */
export function doctorAppointmentRescheduled(a: Moved, from: PreviousTime): Notice {
  const newWhen = when(a.requestedDay, a.requestedTime);
  return {
    subject: `Appointment moved: ${a.firstName} ${a.lastName}, now ${newWhen}`,
    paragraphs: [
      `Dear Dr ${a.doctorSurName ?? ''},`.replace(' ,', ','),
      `The ${a.requestedService} appointment with ${a.firstName} ${a.lastName} has moved from ${when(from.day, from.time)} to ${newWhen}.`,
      `Reference: ${a.clientReference}. The staff console shows the appointment.`,
      'ExpMed Health',
    ],
    sms: `ExpMed Health: appointment ${a.clientReference} with ${a.firstName} ${a.lastName} moved from ${when(from.day, from.time)} to ${newWhen}.`,
  };
}
