import { formatDate, formatGhs } from '../../api/format';
import { DESK_CODE_MINUTES } from '../../api/front-desk';
import { UNPAID_HOLD_MINUTES } from '../../api/policy';
import type { Appointment } from '../../api/types';
import type { Notice } from '../notice';
import { appointmentWhen, appointmentWhenShort } from './when';

/** Notices of the front desk and the field (docs/front-desk.md): codes, payment links, visits, rebooking, replies. */

const SIGNATURE = 'ExpMed Health';

/** The code the desk sends to prove a phone number: by SMS only (an e-mail would prove nothing about the phone). */
export function deskPhoneCode(p: { firstName: string; code: string }): Notice {
  return {
    event: 'patient.phone-code',
    subject: 'Your ExpMed Health phone code',
    paragraphs: [
      `Hello ${p.firstName},`,
      `Your code is ${p.code}. Give it to the clinic's staff to confirm your phone number. It lasts ${DESK_CODE_MINUTES} minutes.`,
      SIGNATURE,
    ],
    sms: `Your code is ${p.code}. Give it to the clinic's staff to confirm this number. It lasts ${DESK_CODE_MINUTES} minutes.`,
  };
}

/** The code the desk sends to prove a clinic record's typed e-mail address: by e-mail only, and nothing else goes to it before. */
export function deskEmailCode(p: { firstName: string; code: string }): Notice {
  return {
    event: 'patient.email-code',
    subject: 'Your ExpMed Health e-mail code',
    paragraphs: [
      `Hello ${p.firstName},`,
      `Your code is ${p.code}. Give it to the clinic's staff to confirm your e-mail address. It lasts ${DESK_CODE_MINUTES} minutes.`,
      'If you did not ask the clinic for it, ignore this e-mail.',
      SIGNATURE,
    ],
  };
}

export interface PaymentLink {
  what: string;
  amount: number;
  url: string;
  clientReference: string;
  appointmentId?: string;
}

/** The checkout link the desk sends (POST /staff/payments/{clientReference}/link). */
export function paymentLink(p: PaymentLink): Notice {
  const hold = p.appointmentId ? ` Please pay within ${UNPAID_HOLD_MINUTES} minutes to keep your time.` : '';
  return {
    event: 'payment.link',
    ...(p.appointmentId ? { appointmentId: p.appointmentId } : {}),
    subject: `Pay for ${p.what}`,
    paragraphs: [
      `To pay ${formatGhs(p.amount)} for ${p.what} by mobile money or card, open this link: ${p.url}`,
      `Reference: ${p.clientReference}.${hold}`,
      SIGNATURE,
    ],
    sms: `Pay ${formatGhs(p.amount)} for ${p.what}: ${p.url} Ref ${p.clientReference}.${hold}`,
  };
}

const who = (a: Pick<Appointment, 'assignedToName'>) => a.assignedToName || 'Our clinician';
const arrival = (a: Pick<Appointment, 'arrivalWindow'>) =>
  a.arrivalWindow ? `between ${a.arrivalWindow.from} and ${a.arrivalWindow.to}` : '';

/** A home visit (or delivery) has its clinician and arrival window. */
export function visitAssigned(a: Appointment): Notice {
  const where = a.address?.line ? ` at ${a.address.line}` : '';
  return {
    event: 'appointment.assigned',
    appointmentId: a.appointmentId,
    subject: `${a.requestedService} on ${formatDate(a.requestedDay)}: arriving ${arrival(a)}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `${who(a)} will come${where} for your ${a.requestedService} on ${formatDate(a.requestedDay)}, ${arrival(a)} (Ghana time).`,
      'We will send you a text message when they set off.',
      `Reference: ${a.clientReference}`,
      SIGNATURE,
    ],
    sms: `${who(a)} will come for your ${a.requestedService} on ${appointmentWhenShort({ ...a, requestedTime: null })}, ${arrival(a)}. We will text you when they set off. Ref ${a.clientReference}.`,
  };
}

/** A virtual visit without a doctor has its host. */
export function virtualHostAssigned(a: Appointment): Notice {
  return {
    event: 'appointment.assigned',
    appointmentId: a.appointmentId,
    subject: `Your ${a.requestedService}: ${who(a)} will see you`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `${who(a)} will see you for your ${a.requestedService} on ${appointmentWhen(a)} (Ghana time).`,
      `Reference: ${a.clientReference}`,
      SIGNATURE,
    ],
    sms: `${who(a)} will see you for your ${a.requestedService} on ${appointmentWhenShort(a)}. Ref ${a.clientReference}.`,
  };
}

/** The clinician has set off (state OnTheWay). */
export function clinicianOnTheWay(a: Appointment): Notice {
  // The day in words: a patient told "on the way" must know it means today's visit.
  const expected = `today, ${formatDate(a.requestedDay)}${a.arrivalWindow ? `, expected ${arrival(a)}` : ''}`;
  return {
    event: 'appointment.on-the-way',
    appointmentId: a.appointmentId,
    subject: `${who(a)} is on the way: ${a.requestedService}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `${who(a)} is on the way for your ${a.requestedService} ${expected} (Ghana time).`,
      `Reference: ${a.clientReference}`,
      SIGNATURE,
    ],
    sms: `${who(a)} is on the way for your ${a.requestedService} ${expected}. Ref ${a.clientReference}.`,
  };
}

/** A closure or time off left the appointment without its time: the clinic will call to rebook. */
export function needsRebooking(a: Appointment, why: string): Notice {
  const paid = a.paymentStatus === 'Paid' && a.consultationFee > 0;
  const money = paid
    ? `You have paid ${formatGhs(a.consultationFee)}: it is kept for the new time, or refunded in full if you prefer. Tell us when we call.`
    : '';
  return {
    event: 'appointment.needs-rebooking',
    appointmentId: a.appointmentId,
    subject: `Your appointment needs a new time: ${a.requestedService}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `We are sorry: ${why}, so your ${a.requestedService} on ${appointmentWhen(a)} (Ghana time) cannot go ahead then.`,
      `The clinic will call you on ${a.contactNumber} to agree a new time.`,
      ...(money ? [money] : []),
      `Reference: ${a.clientReference}`,
      SIGNATURE,
    ],
    sms:
      `Sorry: ${why}, so your ${a.requestedService} on ${appointmentWhenShort(a)} must move. We will call you to rebook.` +
      (paid ? ' Your payment is kept for the new time or refunded in full, as you choose.' : '') +
      ` Ref ${a.clientReference}.`,
  };
}

/** The clinic's reply to a contact message (mailed to the address the sender gave). */
export function messageReplyNotice(fullName: string, original: string, reply: string): Notice {
  const quoted = original.length > 500 ? `${original.slice(0, 500)}...` : original;
  return {
    event: 'message.reply',
    subject: 'Re: your message to ExpMed Health',
    paragraphs: [`Dear ${fullName || 'friend'},`, reply, `You wrote: "${quoted}"`, SIGNATURE],
    sms: reply,
  };
}
