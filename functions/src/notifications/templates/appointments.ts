import { dayWord, formatGhs } from '../../api/format';
import { appointmentStartsAt, UNPAID_HOLD_MINUTES } from '../../api/policy';
import { ACTION_DONE, type StaffAction } from '../../api/staff';
import { type Appointment, APPOINTMENT_STATUS } from '../../api/types';
import { coveredSentence } from '../../api/subscriptions-contract';
import { VISIT_OPENS_BEFORE_MINUTES, visitDataCost } from '../../api/visits';
import { appointmentInvitation } from '../ics';
import type { Notice } from '../notice';
import { appointmentWhen, appointmentWhenShort } from './when';

/** Notices about appointments: booked, what the clinic did, expired, reminders. */

const SIGNATURE = 'ExpMed Health';

/** The SMS's last words for a booking made over USSD: the code that brings the person back to it. */
const dialAgain = (shortcode: string | undefined, what: string) => (shortcode ? ` Dial ${shortcode} ${what}.` : '');

/**
 * Booking received: to the account, with a calendar invitation (tentative until accepted).
 * `shortcode`: booked over USSD. `confirmLink`: booked by staff for an account holder, the page
 * where they confirm it (docs/front-desk.md), in the SMS before the reference so a cut never loses it.
 */
export function bookingReceived(a: Appointment, shortcode?: string, confirmLink?: string): Notice {
  // A booking the clinic made for someone without an account: no dashboard to pay in.
  const howToPay =
    a.source === 'CLINIC'
      ? 'You can pay at the clinic, or by the payment link we text you.'
      : 'If you have not paid yet, open Appointments in your dashboard and choose Make Payment.';
  // A booking the patient's package covers says so in the words the booking page used.
  const pay = a.coverage
    ? a.coverage.note
    : a.requiresPayment
      ? `The fee is ${formatGhs(a.consultationFee)}. ${howToPay}`
      : 'There is nothing to pay for this service.';
  return {
    event: 'appointment.received',
    appointmentId: a.appointmentId,
    subject: `Appointment request received: ${a.requestedService}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `We have received your request for ${a.requestedService} on ${appointmentWhen(a)} (Ghana time).`,
      pay,
      ...(confirmLink
        ? [
            `Our clinic made this booking for you. Please confirm it is yours here: ${confirmLink} Once you confirm it, pay for it or are checked in, its doctor can read your record for this visit.`,
          ]
        : []),
      `Your reference is ${a.clientReference}. Our team will call you on ${a.contactNumber} to confirm.`,
      SIGNATURE,
    ],
    sms:
      `We received your request for ${a.requestedService} on ${appointmentWhenShort(a)}. ` +
      (a.coverage
        ? `${coveredSentence(a.coverage.packageTitle)}. `
        : a.requiresPayment
          ? `Fee ${formatGhs(a.consultationFee)}: ${shortcode ? 'approve the mobile-money prompt' : a.source === 'CLINIC' ? 'pay at the clinic or by our link' : 'pay in your dashboard'}. `
          : '') +
      (confirmLink ? `Please confirm it: ${confirmLink} ` : '') +
      `Ref ${a.clientReference}.` +
      dialAgain(shortcode, 'to see or cancel it'),
    attachments: [appointmentInvitation(a)],
  };
}

/** Actions after which the patient is told (check-in happens with them at the desk). */
export const NOTIFIED_ACTIONS: readonly StaffAction[] = ['accept', 'decline', 'complete', 'no-show', 'cancel'];

/** What the clinic did: accepted (with the invitation, now confirmed), declined or cancelled (with the reason), completed, no-show. */
export function appointmentStateChanged(a: Appointment, action: StaffAction, reason?: string): Notice {
  const done = ACTION_DONE[action];
  return {
    event: `appointment.${action}`,
    appointmentId: a.appointmentId,
    subject: `Your appointment has been ${done}: ${a.requestedService}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `Your appointment for ${a.requestedService} on ${appointmentWhen(a)} (Ghana time) has been ${done}.`,
      ...(reason ? [`Reason: ${reason}`] : []),
      ...(action === 'complete' ? ['The visit summary is in Appointments in your dashboard.'] : []),
      `Reference: ${a.clientReference}`,
      SIGNATURE,
    ],
    sms:
      `Your ${a.requestedService} on ${appointmentWhenShort(a)} has been ${done}.` +
      (reason ? ` Reason: ${reason}` : '') +
      ` Ref ${a.clientReference}.`,
    ...(action === 'accept'
      ? { attachments: [appointmentInvitation({ ...a, appointmentStatus: APPOINTMENT_STATUS.Accepted })] }
      : {}),
  };
}

/** The patient cancelled it themselves (a paid one is told through its refund notice instead). */
export function appointmentCancelled(a: Appointment): Notice {
  return {
    event: 'appointment.cancelled-by-patient',
    appointmentId: a.appointmentId,
    subject: `Appointment cancelled: ${a.requestedService}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `As you asked, your appointment for ${a.requestedService} on ${appointmentWhen(a)} (Ghana time) has been cancelled and its time released.`,
      'If you still need care, you can book again from the Book Appointment page.',
      `Reference: ${a.clientReference}`,
      SIGNATURE,
    ],
    sms: `Your ${a.requestedService} on ${appointmentWhenShort(a)} has been cancelled as you asked. Ref ${a.clientReference}.`,
  };
}

/** An unpaid hold lapsed (or a USSD payment failed): the time was released. `shortcode`: booked over USSD. */
export function appointmentExpired(a: Appointment, shortcode?: string): Notice {
  return {
    event: 'appointment.expired',
    appointmentId: a.appointmentId,
    subject: `Appointment request expired: ${a.requestedService}`,
    paragraphs: [
      `Your request for ${a.requestedService} on ${appointmentWhen(a)} has expired, because it was not paid within ${UNPAID_HOLD_MINUTES} minutes, so its time has been released.`,
      'If you still want it, please book again from the Book Appointment page.',
      `Reference: ${a.clientReference}`,
      SIGNATURE,
    ],
    sms: shortcode
      ? `Your request for ${a.requestedService} on ${appointmentWhenShort(a)} was not paid, so its time was released. Ref ${a.clientReference}.${dialAgain(shortcode, 'to book again')}`
      : `Your request for ${a.requestedService} on ${appointmentWhenShort(a)} expired unpaid; the time was released. Please book again if you still need it. Ref ${a.clientReference}.`,
  };
}

export type ReminderKind = '24h' | '2h' | '10m';

/** Minutes as a reminder says them: 'in 8 minutes', 'in 1 hour 30 minutes', 'in 2 hours' (from 15 minutes on, to the nearest 5). */
function inTime(minutes: number): string {
  const m = minutes < 15 ? Math.max(1, minutes) : Math.round(minutes / 5) * 5;
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return `in ${[hours ? part(hours, 'hour') : '', rest ? part(rest, 'minute') : ''].filter(Boolean).join(' ')}`;
}

/**
 * When the appointment is, from the moment the reminder goes: the 24-hour one names the day
 * ('today' when booked late in the day), the nearer ones the time left.
 */
function reminderSoon(a: Appointment, kind: ReminderKind, now: Date): string {
  if (kind === '24h') return dayWord(a.requestedDay, now);
  return inTime(Math.round((appointmentStartsAt(a).getTime() - now.getTime()) / 60_000));
}

/**
 * 24 hours or 2 hours before an accepted or paid appointment, and 10 minutes before a video
 * visit; the patient may turn these off. A video visit's reminders carry `joinLink` (its
 * page, /visit/{appointmentId}), in the SMS before the reference so a cut never loses it.
 * `now`: when it is sent, which the day word and the time left are counted from.
 */
export function appointmentReminder(a: Appointment, kind: ReminderKind, joinLink?: string, now: Date = new Date()): Notice {
  const soon = reminderSoon(a, kind, now);
  const join = joinLink
    ? [
        kind === '10m'
          ? `Your video visit opens now. Join it here: ${joinLink}`
          : `It is a video visit: join it from ${VISIT_OPENS_BEFORE_MINUTES} minutes before the start here: ${joinLink}`,
        'Use a phone or computer with a camera and microphone, and allow them when asked.',
        `${visitDataCost()} Wi-Fi, if you have it, saves your bundle.`,
      ]
    : [];
  return {
    event: `reminder.${kind}`,
    appointmentId: a.appointmentId,
    subject: `Reminder: ${a.requestedService} ${soon}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `This is a reminder: your ${a.requestedService} is ${soon}, ${appointmentWhen(a)} (Ghana time).`,
      ...join,
      'If you cannot come, please cancel or change it in Appointments in your dashboard.',
      `Reference: ${a.clientReference}`,
      'You can turn reminders off in your profile.',
      SIGNATURE,
    ],
    sms:
      `Reminder: your ${a.requestedService} is ${soon}, ${appointmentWhenShort(a)} (Ghana time).` +
      (joinLink ? ` Join the video visit: ${joinLink}` : '') +
      ` Ref ${a.clientReference}.`,
  };
}
